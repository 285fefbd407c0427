#ifndef DASH_INTERNAL_DIRECT_ACCESS_H
#define DASH_INTERNAL_DIRECT_ACCESS_H

// Element access to memory reachable by load/store (the calling unit's part
// and, on the shared-memory path, those of units on its node) with the
// ordering of DART's shared-memory path (dart/src/rma.c): a blocking put is
// the store and then a seq_cst fence, a get an acquire fence and then the
// load. Another unit may access the element at the same time, so elements of
// 1, 2, 4 or 8 naturally aligned bytes are relaxed atomics: the compiler may
// neither keep a load out of a polling loop nor tear the access. Other sizes
// are copied between the fences, as DART copies them.

#include <atomic>
#include <cstring>
#include <type_traits>

namespace dash::detail {

/// Whether T is accessed as one lock-free relaxed atomic.
template <typename T>
inline constexpr bool direct_atomic_v = (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 ||
                                         sizeof(T) == 8) &&
                                        alignof(T) == sizeof(T);

/// Reads *p as dart_get_blocking does.
template <typename T>
std::remove_const_t<T> direct_load(const T *p) {
  std::remove_const_t<T> value;
  std::atomic_thread_fence(std::memory_order_acquire);
  if constexpr (direct_atomic_v<T>)
    __atomic_load(p, &value, __ATOMIC_RELAXED);
  else
    std::memcpy(&value, p, sizeof value);
  return value;
}

/// Writes *p as dart_put does: visible to others at the latest after the
/// next fence (dart_flush).
template <typename T>
void direct_store_unfenced(T *p, T value) {
  if constexpr (direct_atomic_v<T>)
    __atomic_store(p, &value, __ATOMIC_RELAXED);
  else
    std::memcpy(p, &value, sizeof value);
}

/// Writes *p as dart_put_blocking does.
template <typename T>
void direct_store(T *p, T value) {
  direct_store_unfenced(p, value);
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

}  // namespace dash::detail

#endif  // DASH_INTERNAL_DIRECT_ACCESS_H
