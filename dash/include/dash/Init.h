#ifndef DASH_INIT_H
#define DASH_INIT_H

// Starting and stopping the runtime, and the calling unit's place in it.
//
//   int main(int argc, char** argv) {
//     dash::InitGuard guard(&argc, &argv);   // dash::init ... dash::finalize
//     dash::Array<int> arr(100);             // destroyed before the guard
//   }
//
// Every container, team and synchronization object records the run it was
// made in (an epoch). After dash::finalize its global memory is gone:
// using it throws dash::NotInitialized, and destroying it only releases
// local bookkeeping. Objects still alive at finalize are normal (DASH
// programs declare containers in main): finalize says nothing about them.

#include <cstddef>
#include <cstdint>

#include <dart/types.h>
#include <dash/Types.h>
// DASH_CHECK_LIVENESS: whether element access (arr[i], m(i, j), *it,
// view(i, j), arr.async[i], Shared::get/set) checks that its container is
// alive: not empty or moved from (std::logic_error) and made in the current
// run (dash::NotInitialized). The check is 2-5 % of a local element access
// (dash/README.md), so it follows assert: on unless NDEBUG; define it to 0 or 1 to
// choose. Unaffected: at() (always checked), and every call that is not per
// element (begin(), algorithms, flush, teams, locks, atomics).
#ifndef DASH_CHECK_LIVENESS
#ifdef NDEBUG
#define DASH_CHECK_LIVENESS 0
#else
#define DASH_CHECK_LIVENESS 1
#endif
#endif
// DASH_CHECK_BOUNDS: whether unchecked element access by global index or
// coordinates (arr[i], m(i, j), m[i][j], view(i, j), arr.async[i], *it)
// throws std::out_of_range outside the container or view instead of
// reaching another element (a[113] of 100 elements would otherwise be an
// element of the pattern's wrap-around). The same policy as
// DASH_CHECK_LIVENESS: on unless NDEBUG, define it to 0 or 1 to choose;
// at() always checks.
#ifndef DASH_CHECK_BOUNDS
#ifdef NDEBUG
#define DASH_CHECK_BOUNDS 0
#else
#define DASH_CHECK_BOUNDS 1
#endif
#endif

namespace dash {

/// Starts the runtime (dart_init; initializes MPI unless the program did).
/// Collective over all processes. Throws dash::RuntimeError if already
/// running or if DART fails. If the program initialized MPI at
/// MPI_THREAD_MULTIPLE, this is init(argc, argv, DART_THREAD_MULTIPLE), as
/// in DASH.
void init(int *argc, char ***argv);

/// As init, asking DART for thread support (dart_init_thread): with
/// DART_THREAD_MULTIPLE, if MPI provides MPI_THREAD_MULTIPLE (see
/// is_multithreaded), threads of a unit (e.g. OpenMP) may use element
/// access, dash::copy, Atomic and Mutex at once; containers, teams and other
/// collective objects are made and destroyed by one thread at a time.
void init(int *argc, char ***argv, dart_thread_support_level_t level);

/// True if the runtime runs with DART_THREAD_MULTIPLE (DASH's name).
bool is_multithreaded();

/// Stops the runtime (dart_exit): frees all teams and global memory.
/// Collective. As in DASH, containers, teams and locks may still be alive
/// (declared in main's scope, say): finalize releases their memory
/// silently; destroying them afterwards does nothing, and using them
/// throws dash::NotInitialized. Throws dash::NotInitialized if the runtime
/// is not running.
void finalize();

/// True between dash::init and dash::finalize.
bool is_initialized();

/// The calling unit's id in Team::All(); outside a run, as DASH: -1 before
/// the first dash::init, the last run's id after dash::finalize.
global_unit_t myid();

/// The number of units in Team::All(); outside a run 0 before the first
/// dash::init, the last run's size after dash::finalize.
std::size_t size();

/// Barrier over Team::All().
void barrier();

/// RAII: dash::init in the constructor, dash::finalize in the destructor.
/// Declare it first in main so that every container is destroyed before.
class InitGuard {
 public:
  InitGuard(int *argc, char ***argv) { init(argc, argv); }
  InitGuard(int *argc, char ***argv, dart_thread_support_level_t level) { init(argc, argv, level); }
  ~InitGuard();
  InitGuard(const InitGuard &) = delete;
  InitGuard &operator=(const InitGuard &) = delete;
};

namespace detail {

/// Epoch of the current run: 0 when the runtime is not running.
extern std::uint64_t current_epoch;

/// Throws dash::NotInitialized, naming `what`, unless the runtime is running.
void require_running(const char *what);

/// True if an object made in `epoch` may still use global memory.
inline bool alive(std::uint64_t epoch) { return epoch != 0 && epoch == current_epoch; }

/// Throws dash::NotInitialized unless alive(epoch): `what` names the object.
[[noreturn]] void throw_dead(const char *what);
inline void check_alive(std::uint64_t epoch, const char *what) {
  if (__builtin_expect(!alive(epoch), 0)) throw_dead(what);
}
/// check_alive for element access: only if DASH_CHECK_LIVENESS.
inline void check_alive_access(std::uint64_t epoch, const char *what) {
  if constexpr (DASH_CHECK_LIVENESS) check_alive(epoch, what);
}

/// Registers an object holding global resources of kind `what` (a string
/// literal, named in errors); returns the epoch. Throws
/// dash::NotInitialized if not running.
std::uint64_t register_object(const char *what);
/// Unregisters it. Returns true if its resources must be freed now (the
/// run it was made in is still going), false if finalize already did.
bool release_object(const char *what, std::uint64_t epoch);

}  // namespace detail
}  // namespace dash

#endif  // DASH_INIT_H
