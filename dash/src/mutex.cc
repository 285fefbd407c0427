#include <dash/Mutex.h>

#include <cstdio>
#include <utility>

#include <dart/dart.h>
#include <dash/Exception.h>
#include <dash/Init.h>

namespace dash {

namespace {
constexpr const char *kWhat = "dash::Mutex";
}

Mutex::Mutex() {
  if (is_initialized()) init();
}

Mutex::Mutex(const Team &team) : team_(team) { init(); }

bool Mutex::init() {
  if (!is_initialized()) throw NotInitialized("dash::Mutex::init: dash is not initialized");
  if (detail::alive(epoch_)) return false;
  if (team_.is_null()) team_ = Team::All();
  epoch_ = detail::register_object(kWhat);
  dart_ret_t status = dart_team_lock_init(team_.dart_id(), &lock_);
  if (status != DART_OK) {
    detail::release_object(kWhat, epoch_);
    epoch_ = 0;
    detail::check(status, "dart_team_lock_init");
  }
  return true;
}

Mutex::~Mutex() { release(); }

Mutex::Mutex(Mutex &&other) noexcept
    : team_(other.team_),
      lock_(std::exchange(other.lock_, DART_LOCK_NULL)),
      epoch_(std::exchange(other.epoch_, 0)) {}

Mutex &Mutex::operator=(Mutex &&other) noexcept {
  if (this != &other) {
    release();
    team_ = other.team_;
    lock_ = std::exchange(other.lock_, DART_LOCK_NULL);
    epoch_ = std::exchange(other.epoch_, 0);
  }
  return *this;
}

void Mutex::release() noexcept {
  if (epoch_ == 0) return;
  const std::uint64_t epoch = std::exchange(epoch_, 0);
  if (!detail::release_object(kWhat, epoch)) return;
  dart_ret_t status = dart_team_lock_destroy(&lock_);
  if (status != DART_OK)
    std::fprintf(stderr, "dash::Mutex: dart_team_lock_destroy failed: %s (%s)\n", dart_strerror(status),
                 dart_last_error());
}

void Mutex::lock() {
  detail::check_alive(epoch_, kWhat);
  detail::check(dart_lock_acquire(lock_), "dart_lock_acquire");
}

bool Mutex::try_lock() {
  detail::check_alive(epoch_, kWhat);
  int32_t acquired = 0;
  detail::check(dart_lock_try_acquire(lock_, &acquired), "dart_lock_try_acquire");
  return acquired != 0;
}

void Mutex::unlock() {
  detail::check_alive(epoch_, kWhat);
  detail::check(dart_lock_release(lock_), "dart_lock_release");
}

}  // namespace dash
