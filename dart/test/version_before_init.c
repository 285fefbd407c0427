/* The version queries work before dart_init (and MPI_Init), from C. Exits
 * non-zero, naming the check, if one fails. */
#include <dart/dart.h>
#include <stdio.h>
#include <string.h>

#define CHECK(cond)                                              \
  do {                                                           \
    if (!(cond)) {                                               \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond); \
      return 1;                                                  \
    }                                                            \
  } while (0)

int main(int argc, char **argv) {
  int major = -1, minor = -1, patch = -1;
  CHECK(dart_version(&major, &minor, &patch) == DART_OK);
  CHECK(major == DART_VERSION_MAJOR && minor == DART_VERSION_MINOR && patch == DART_VERSION_PATCH);
  char built[64] = "", running[256] = "";
  CHECK(dart_mpi_library_version(built, sizeof built, running, sizeof running) == DART_OK);
  CHECK(strlen(built) > 4 && strlen(running) > 4);
  int flag = 1;
  CHECK(dart_initialized(&flag) == DART_OK && flag == 0);
  CHECK(dart_init(&argc, &argv) == DART_OK);
  char again[256] = "";
  CHECK(dart_mpi_library_version(NULL, 0, again, sizeof again) == DART_OK);
  CHECK(strcmp(running, again) == 0);
  CHECK(dart_exit() == DART_OK);
  return 0;
}
