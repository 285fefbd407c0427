/* The library's version and the MPI library it was built with and runs with. */
#include <mpi.h>
#include <stdio.h>
#include "state.h"

dart_ret_t dart_version(int *major, int *minor, int *patch) {
  if (major) *major = DART_VERSION_MAJOR;
  if (minor) *minor = DART_VERSION_MINOR;
  if (patch) *patch = DART_VERSION_PATCH;
  return DART_OK;
}

/* Copies s into buf, truncated to len bytes, runs of blanks made one space
 * and nothing from the first newline on. */
static void copy_line(char *buf, size_t len, const char *s) {
  size_t n = 0;
  for (; *s && *s != '\n' && n + 1 < len; ++s) {
    int blank = *s == ' ' || *s == '\t';
    if (blank && (n == 0 || buf[n - 1] == ' ')) continue;
    buf[n++] = blank ? ' ' : *s;
  }
  while (n > 0 && buf[n - 1] == ' ') --n;
  buf[n] = '\0';
}

dart_ret_t dart_mpi_library_version(char *built, size_t built_len, char *running, size_t running_len) {
  if ((built && !built_len) || (running && !running_len))
    return dart__error(DART_ERR_INVAL, "dart_mpi_library_version: a buffer of length 0");
  if (built) {
    char s[64];
#if defined(MPICH_VERSION)
    snprintf(s, sizeof s, "MPICH %s", MPICH_VERSION);
#elif defined(OMPI_MAJOR_VERSION)
    snprintf(s, sizeof s, "Open MPI %d.%d.%d", OMPI_MAJOR_VERSION, OMPI_MINOR_VERSION, OMPI_RELEASE_VERSION);
#else
    snprintf(s, sizeof s, "MPI %d.%d", MPI_VERSION, MPI_SUBVERSION);
#endif
    copy_line(built, built_len, s);
  }
  if (running) {
    char s[MPI_MAX_LIBRARY_VERSION_STRING];
    int n = 0;
    int rc = MPI_Get_library_version(s, &n); /* allowed before MPI_Init */
    if (rc != MPI_SUCCESS) return dart__mpi_error(rc, "MPI_Get_library_version");
    copy_line(running, running_len, s);
  }
  return DART_OK;
}

void dart__print_versions(FILE *out) {
  char built[64], running[256];
  dart_mpi_library_version(built, sizeof built, running, sizeof running);
  fprintf(out, "DART %s, built with %s, running with %s\n", DART_VERSION_STRING, built, running);
}
