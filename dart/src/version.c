/* The library's version and the MPI library it was built with and runs
 * with; dart_init stops when they are different MPIs, or when another MPI's
 * launcher started the process (every process then runs alone). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "state.h"

int dart__mpi_foreign;

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

/* The MPI family: 1 MPICH (and the MPIs that keep its ABI), 2 Open MPI, 0 unknown. */
enum { FAMILY_UNKNOWN, FAMILY_MPICH, FAMILY_OPEN_MPI };
static int family_of(const char *version) {
  if (strstr(version, "Open MPI")) return FAMILY_OPEN_MPI;
  if (strstr(version, "MPICH") || strstr(version, "MVAPICH") || strstr(version, "Intel(R) MPI"))
    return FAMILY_MPICH;
  return FAMILY_UNKNOWN;
}

/* Mixing MPIs links without a word when the program's compiler wrapper is
 * another MPI's (DART's pkg-config line names no MPI library, the wrapper
 * adds its own), and then crashes at the first MPI handle. The check uses
 * MPI_Get_library_version only, which takes no handle and works before
 * MPI_Init. Families differ, or Open MPI's major version (its ABI) does. */
dart_ret_t dart__check_mpi_library(void) {
  char built[64], running[256];
  if (dart_mpi_library_version(built, sizeof built, running, sizeof running) != DART_OK) return DART_OK;
  int fb = family_of(built), fr = family_of(running);
  int other = fb && fr && fb != fr;
#ifdef OMPI_MAJOR_VERSION
  const char *v = strstr(running, "Open MPI v");
  if (!other && v && atoi(v + strlen("Open MPI v")) != OMPI_MAJOR_VERSION) other = 1;
#endif
  if (!other) return DART_OK;
  running[strcspn(running, ",")] = '\0'; /* "Open MPI v4.1.4, package: ..." */
  dart__mpi_foreign = 1;                 /* the abort must not pass MPI a handle */
  return dart__error(
      DART_ERR_OTHER,
      "dart_init: DART was built for %s but runs with %s: the program was compiled or linked with "
      "another MPI; build it with the compiler wrapper of the MPI DART was built for (dart.pc names "
      "it)",
      built, running);
}

/* Launchers' variables that give the number of processes they started. */
static const struct {
  const char *var, *launcher;
} launcher_vars[] = {
    {"PMI_SIZE", "a PMI launcher (MPICH's mpiexec, Hydra)"},
    {"OMPI_COMM_WORLD_SIZE", "Open MPI's mpiexec"},
};

/* A process started by a launcher its MPI does not speak to starts as a
 * singleton: MPI_COMM_WORLD of one process, while the launcher's variables
 * say it started several. Each would run the whole program alone. */
dart_ret_t dart__check_launcher(int world_size) {
  if (world_size != 1) return DART_OK;
  for (size_t i = 0; i < sizeof launcher_vars / sizeof *launcher_vars; i++) {
    const char *n = getenv(launcher_vars[i].var);
    if (!n || atoi(n) <= 1) continue;
    char running[256] = "";
    dart_mpi_library_version(NULL, 0, running, sizeof running);
    running[strcspn(running, ",")] = '\0';
    return dart__error(
        DART_ERR_OTHER,
        "dart_init: this process runs alone (MPI_COMM_WORLD has 1 process), but %s started %s of "
        "them (%s=%s): the program's MPI (%s) does not work with that launcher, so every process "
        "would run alone; start the program with its own MPI's mpiexec",
        launcher_vars[i].launcher, n, launcher_vars[i].var, n, running);
  }
  return DART_OK;
}
