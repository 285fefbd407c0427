#ifndef DASH_ASYNC_H
#define DASH_ASYNC_H

// Asynchronous element writes: arr.async[i] = v starts a put and returns at
// once; arr.async.flush() (or arr.flush()) completes all of them (visible at
// the targets). The written values are kept until then, so temporaries may
// be assigned. Elements reachable by load/store are written directly, as
// dart_put writes them (visible at the latest after the flush's fence).

#include <cstddef>
#include <type_traits>

#include <dart/communication.h>
#include <dash/detail/array_core.h>
#include <dash/detail/direct_access.h>
#include <dash/Exception.h>
#include <dash/Init.h>

namespace dash {

template <typename T, std::size_t N, typename P>
class AsyncRef {
 public:
  using core_type = detail::ArrayCore<T, N, P>;
  AsyncRef(const core_type *core, LocalIndex li) : core_(core), li_(li) {}

  /// Starts writing `value`; complete at the next flush().
  const AsyncRef &operator=(const T &value) const {
    if (T *direct = core_->mem.direct(li_.unit)) {
      detail::direct_store_unfenced(direct + li_.index, value);
      return *this;
    }
    core_->async_values.push_back(value);
    detail::check(dart_put(core_->mem.gptr(li_.unit, li_.index), &core_->async_values.back(), sizeof(T),
                           DART_TYPE_BYTE, DART_TYPE_BYTE),
                  "dart_put");
    return *this;
  }

 private:
  const core_type *core_;
  LocalIndex li_;
};

template <typename T, std::size_t N, typename P = Pattern<N>>
class AsyncView {
 public:
  using core_type = detail::ArrayCore<T, N, P>;
  AsyncView() = default;
  explicit AsyncView(const core_type *core) : core_(core) {}

  /// Element with linear global index `gindex` (unchecked).
  AsyncRef<T, N, P> operator[](std::size_t gindex) const {
    detail::check_alive_access(core_ ? core_->mem.epoch() : 0, "dash::NArray::async");
    return AsyncRef<T, N, P>(core_, core_->pattern.local(gindex));
  }
  /// Element at global coordinates (unchecked).
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == N>>
  AsyncRef<T, N, P> operator()(Is... coords) const {
    detail::check_alive_access(core_ ? core_->mem.epoch() : 0, "dash::NArray::async");
    return AsyncRef<T, N, P>(core_, core_->pattern.local({static_cast<std::size_t>(coords)...}));
  }

  /// Completes every asynchronous write of the calling unit to this
  /// container. Not collective.
  void flush() const {
    detail::check_alive(core_ ? core_->mem.epoch() : 0, "dash::NArray::async.flush");
    if (core_->mem.capacity() > 0) detail::check(dart_flush_all(core_->mem.base()), "dart_flush_all");
    core_->async_values.clear();
  }

 private:
  const core_type *core_ = nullptr;
};

}  // namespace dash

#endif  // DASH_ASYNC_H
