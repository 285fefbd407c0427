/* What a failing DART call does (DART_ERRORS, dart_set_error_mode;
 * dart/src/error.c). Unit 1 (unit 0 alone at 1 unit) does what argv[1]
 * says, the other units wait in a barrier for it:
 *   put        a put through the null global pointer: in abort mode its
 *              line names the unit and the call and the job fails; in
 *              return mode the call returns DART_ERR_INVAL with the message
 *   set_return dart_set_error_mode(DART_ERRORS_RETURN) before dart_init,
 *              then the put: the call wins over DART_ERRORS=abort
 *   before     dart_myid before dart_init (no unit yet: "[dart unit -]")
 *   bad_env    dart_init with DART_ERRORS set to a bad value: abort mode
 * Exits 0 when a call returned its error as the mode says, non-zero with a
 * line naming the check otherwise. cmake registers the abort cases under
 * cmake/expect_failure.sh. */
#include <stdio.h>
#include <string.h>

#include <dart/dart.h>

#define CHECK(cond)                                              \
  do {                                                           \
    if (!(cond)) {                                               \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond); \
      return 1;                                                  \
    }                                                            \
  } while (0)

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "";
  if (!strcmp(what, "before")) {
    dart_unit_t me;
    dart_myid(&me);
    fprintf(stderr, "error_mode: dart_myid before dart_init returned\n");
    return 1;
  }
  if (!strcmp(what, "set_return")) CHECK(dart_set_error_mode(DART_ERRORS_RETURN) == DART_OK);
  CHECK(dart_init(&argc, &argv) == DART_OK);
  dart_unit_t me;
  size_t size;
  CHECK(dart_myid(&me) == DART_OK && dart_size(&size) == DART_OK);
  dart_error_mode_t mode;
  CHECK(dart_get_error_mode(&mode) == DART_OK);
  dart_config_t cfg;
  CHECK(dart_config_get(&cfg) == DART_OK && cfg.errors == (int)mode);
  if (me == (size > 1 ? 1 : 0)) {
    int x = 1;
    dart_ret_t r = dart_put_blocking(DART_GPTR_NULL, &x, 1, DART_TYPE_INT, DART_TYPE_INT);
    /* Only in return mode does the call come back. */
    CHECK(mode == DART_ERRORS_RETURN);
    CHECK(r == DART_ERR_INVAL);
    CHECK(strncmp(dart_last_error(), "dart_put_blocking", 17) == 0);
    printf("unit %d: dart_put_blocking returned %d: %s\n", (int)me, (int)r, dart_last_error());
  }
  CHECK(dart_barrier(DART_TEAM_ALL) == DART_OK);
  CHECK(dart_exit() == DART_OK);
  return 0;
}
