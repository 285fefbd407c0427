#include <dash/Init.h>

#include <cstdio>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include <dart/dart.h>
#include <dash/Exception.h>
#include <dash/Team.h>

namespace dash {
namespace detail {

std::uint64_t current_epoch = 0;

namespace {
std::uint64_t last_epoch = 0;
bool multithreaded = false;
// Live objects with global resources, by kind (string literals, compared by
// address): only touched at allocation and release, by any thread.
std::vector<std::pair<const char *, long>> live_objects;
std::mutex live_objects_mutex;
Team all_team;
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
  std::lock_guard<std::mutex> hold(live_objects_mutex);
  for (auto &entry : live_objects)
    if (entry.first == what) {
      ++entry.second;
      return current_epoch;
    }
  live_objects.emplace_back(what, 1);
  return current_epoch;
}

bool release_object(const char *what, std::uint64_t epoch) {
  // Objects of an earlier run were already counted out by finalize.
  if (!alive(epoch)) return false;
  std::lock_guard<std::mutex> hold(live_objects_mutex);
  for (auto &entry : live_objects)
    if (entry.first == what && entry.second > 0) --entry.second;
  return true;
}

void throw_null_team() { throw RuntimeError("dash::Team: operation on a null team"); }

}  // namespace detail

void init(int *argc, char ***argv) { init(argc, argv, DART_THREAD_SINGLE); }

void init(int *argc, char ***argv, dart_thread_support_level_t level) {
  if (detail::current_epoch != 0) throw RuntimeError("dash::init: the runtime is already running");
  dart_thread_support_level_t provided = DART_THREAD_SINGLE;
  detail::check(dart_init_thread(argc, argv, level, &provided), "dart_init_thread");
  detail::multithreaded = provided == DART_THREAD_MULTIPLE;
  detail::current_epoch = ++detail::last_epoch;
  detail::all_team = Team(std::make_shared<detail::TeamState>(DART_TEAM_ALL, nullptr));
}

void finalize() {
  detail::require_running("dash::finalize");
  long alive = 0;
  std::string kinds;
  for (auto &entry : detail::live_objects) {
    if (entry.second == 0) continue;
    alive += entry.second;
    kinds += (kinds.empty() ? "" : ", ") + std::to_string(entry.second) + " " + entry.first;
  }
  if (alive > 0)
    std::fprintf(stderr,
                 "dash::finalize (unit %d): %ld object(s) with global memory still alive (%s). "
                 "finalize releases their memory now; destroying them later is harmless, using "
                 "them throws dash::NotInitialized. Destroy containers before dash::finalize "
                 "(e.g. declare dash::InitGuard first in main).\n",
                 int(myid()), alive, kinds.c_str());
  detail::live_objects.clear();
  detail::all_team = Team();
  detail::current_epoch = 0;  // before dart_exit: nothing may touch DART any more
  detail::check(dart_exit(), "dart_exit");
}

bool is_initialized() { return detail::current_epoch != 0; }

bool is_multithreaded() { return is_initialized() && detail::multithreaded; }

global_unit_t myid() { return Team::GlobalUnitID(); }

std::size_t size() { return Team::All().size(); }

void barrier() { Team::All().barrier(); }

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
