#ifndef DASH_MUTEX_H
#define DASH_MUTEX_H

// Mutex: mutual exclusion among the units of a team, on a DART queue lock
// (FIFO hand-off; a waiting unit spins on local memory only). Meets the
// C++ Lockable requirements, so std::lock_guard and std::unique_lock work.
// Construction and destruction are collective; movable (a moved-from
// Mutex holds no lock), not copyable. With dash::is_multithreaded(), threads of a unit may
// lock it at once: it is held by one thread of one unit, and the thread
// that locked it unlocks it (dart/sync.h).

#include <cstdint>

#include <dart/sync.h>
#include <dash/Team.h>

namespace dash {

class Mutex {
 public:
  /// On Team::All(); declared before dash::init (e.g. a global), it holds
  /// no lock until init() (as DASH's).
  Mutex();
  explicit Mutex(const Team &team);
  ~Mutex();
  Mutex(const Mutex &) = delete;
  Mutex &operator=(const Mutex &) = delete;
  Mutex(Mutex &&other) noexcept;
  Mutex &operator=(Mutex &&other) noexcept;

  /// Makes the lock (collective) if it does not exist yet; false if it
  /// did. Throws dash::NotInitialized outside init/finalize.
  bool init();

  /// Blocks until the calling thread holds the lock.
  void lock();
  /// Takes the lock if it is free; never blocks.
  bool try_lock();
  /// Releases the lock (the calling thread must hold it).
  void unlock();

  const Team &team() const { return team_; }

 private:
  void release() noexcept;

  Team team_;
  dart_lock_t lock_ = DART_LOCK_NULL;
  std::uint64_t epoch_ = 0;
};

}  // namespace dash

#endif  // DASH_MUTEX_H
