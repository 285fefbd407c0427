#include <dash/Init.h>

#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <mutex>
#include <string>

// Only MPI's C interface (Open MPI's mpi.h would also declare its C++
// bindings, which libdash does not link).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <dart/dart.h>
#include <dash/Exception.h>
#include <dash/Team.h>
#include <dash/internal/Settings.h>

namespace dash {
namespace detail {

std::uint64_t current_epoch = 0;
void release_kept_parts();  // team.cc

namespace {
std::uint64_t last_epoch = 0;
bool multithreaded = false;
Team all_team;
// What dash::myid() and dash::size() answer outside a run, as in DASH
// (whose test harness logs the unit id before init and after finalize):
// -1 and 0 before the first init, the last run's values after finalize.
global_unit_t last_myid{-1};
std::size_t last_size = 0;
}  // namespace

void require_running(const char *what) {
  if (current_epoch == 0)
    throw NotInitialized(std::string(what) +
                         ": the runtime is not running (call dash::init first; "
                         "nothing may be used after dash::finalize)");
}

void throw_dead(const char *what) {
  throw NotInitialized(std::string(what) +
                       " used after dash::finalize (or made in an earlier run): its global memory "
                       "was released by finalize");
}

std::uint64_t register_object(const char *what) {
  require_running(what);
  return current_epoch;
}

bool release_object(const char * /*what*/, std::uint64_t epoch) {
  // Objects of an earlier run: finalize already released their memory.
  return alive(epoch);
}

void throw_null_team() { throw RuntimeError("dash::Team: operation on a null team"); }

}  // namespace detail

void init(int *argc, char ***argv) {
  // As DASH: a program that initialized MPI with MPI_THREAD_MULTIPLE (DASH's
  // thread-support build does) gets a multithreaded runtime.
  int mpi_ready = 0, mpi_level = MPI_THREAD_SINGLE;
  MPI_Initialized(&mpi_ready);
  if (mpi_ready) MPI_Query_thread(&mpi_level);
  init(argc, argv, mpi_level == MPI_THREAD_MULTIPLE ? DART_THREAD_MULTIPLE : DART_THREAD_SINGLE);
}

void init(int *argc, char ***argv, dart_thread_support_level_t level) {
  if (detail::current_epoch != 0) throw RuntimeError("dash::init: the runtime is already running");
  // Every DART call of the library goes through detail::check, which turns
  // a failure into an exception (uncaught, it ends the program with the
  // message): DART returns its errors to it, unless DART_ERRORS says otherwise.
  if (!std::getenv("DART_ERRORS")) dart_set_error_mode(DART_ERRORS_RETURN);
  dart_thread_support_level_t provided = DART_THREAD_SINGLE;
  detail::check(dart_init_thread(argc, argv, level, &provided), "dart_init_thread");
  // Standard output line-buffered also when it is a pipe (as under
  // mpiexec), so that each unit's lines reach the launcher in one write and
  // lines of different units interleave without cutting each other. MPICH's
  // initialization makes stdout unbuffered: every `<<` of std::cout becomes
  // a write of its own. The buffer must be given: glibc keeps the one-byte
  // buffer of an unbuffered stream when setvbuf gets none.
  if (!isatty(STDOUT_FILENO)) {
    static char line_buffer[BUFSIZ];
    std::fflush(stdout);
    std::setvbuf(stdout, line_buffer, _IOLBF, sizeof line_buffer);
  }
  // A program that returns from main without dash::finalize: when every
  // unit does, DART finalizes at exit (dart/src/crash.c), after this
  // handler (atexit runs in reverse order); the objects destroyed after it
  // then see a finished run and leave DART alone.
  static bool exit_hook = false;
  if (!exit_hook) exit_hook = std::atexit([] { detail::current_epoch = 0; }) == 0;
  (void)detail::settings();  // the DASH_* variables are read once, here
  detail::multithreaded = provided == DART_THREAD_MULTIPLE;
  detail::current_epoch = ++detail::last_epoch;
  detail::all_team = Team(std::make_shared<detail::TeamState>(DART_TEAM_ALL, nullptr));
  detail::last_myid = global_unit_t(detail::all_team.myid().id);
  detail::last_size = detail::all_team.size();
}

void finalize() {
  detail::require_running("dash::finalize");
  // Objects still alive (DASH programs declare containers in main, next to
  // dash::finalize) are fine: dart_exit releases their memory, and their
  // destructors, seeing an earlier epoch, do nothing.
  detail::all_team = Team();
  detail::current_epoch = 0;     // before dart_exit: nothing may touch DART any more
  detail::release_kept_parts();  // sub-teams whose handles only the library held
  detail::check(dart_exit(), "dart_exit");
}

bool is_initialized() { return detail::current_epoch != 0; }

bool is_multithreaded() { return is_initialized() && detail::multithreaded; }

global_unit_t myid() { return detail::last_myid; }

std::size_t size() { return detail::last_size; }

void barrier() { Team::All().barrier(); }

global_unit_t Team::GlobalUnitID() { return detail::last_myid; }

InitGuard::~InitGuard() {
  try {
    if (is_initialized()) finalize();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "dash::InitGuard: %s\n", e.what());
  }
}

Team &Team::All() {
  detail::require_running("dash::Team::All");
  return detail::all_team;
}

}  // namespace dash
