#ifndef DASH_ASYNC_H
#define DASH_ASYNC_H

// Asynchronous element access: arr.async[i] is a GlobAsyncRef<T>
// (GlobAsyncRef.h; for Atomic<T> elements atomic/GlobAtomicAsyncRef.h):
// arr.async[i] = v starts a put and returns at once; arr.async.flush() (or
// arr.flush()) completes all of them (visible at the targets).

#include <cstddef>
#include <type_traits>

#include <dart/communication.h>
#include <dash/detail/array_core.h>
#include <dash/detail/direct_access.h>
#include <dash/Exception.h>
#include <dash/GlobAsyncRef.h>
#include <dash/Init.h>

namespace dash {

template <typename T, std::size_t N, typename P = Pattern<N>>
class AsyncView {
 public:
  using core_type = detail::ArrayCore<T, N, P>;
  AsyncView() = default;
  explicit AsyncView(const core_type *core) : core_(core) {}

  /// Element with linear global index `gindex` (unchecked).
  GlobAsyncRef<T> operator[](std::size_t gindex) const {
    detail::check_alive_access(core_ ? core_->mem.epoch() : 0, "dash::NArray::async");
    return ref(core_->pattern.local(gindex));
  }
  /// Element at global coordinates (unchecked).
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == N>>
  GlobAsyncRef<T> operator()(Is... coords) const {
    detail::check_alive_access(core_ ? core_->mem.epoch() : 0, "dash::NArray::async");
    return ref(core_->pattern.local({static_cast<std::size_t>(coords)...}));
  }

  /// Completes every asynchronous write of the calling unit to this
  /// container. Not collective.
  void flush() const {
    detail::check_alive(core_ ? core_->mem.epoch() : 0, "dash::NArray::async.flush");
    if (core_->mem.capacity() > 0) detail::check(dart_flush_all(core_->mem.base()), "dart_flush_all");
    core_->async_values.clear();
  }

 private:
  GlobAsyncRef<T> ref(LocalIndex li) const {
    T *direct = core_->mem.direct(li.unit);
    return GlobAsyncRef<T>(core_->mem.gptr(li.unit, li.index), direct ? direct + li.index : nullptr);
  }

  const core_type *core_ = nullptr;
};

}  // namespace dash

#endif  // DASH_ASYNC_H
