#ifndef DASH_ATOMIC_OPERATION_H
#define DASH_ATOMIC_OPERATION_H

// DASH's free-function forms of the atomic operations on a global reference
// to an atomic element: dash::atomic::load(arr[i]), store, exchange,
// compare_exchange, op, fetch_op, and for integer types add, sub, multiply,
// fetch_add, fetch_sub. Each is the member of GlobRef<Atomic<T>> of the
// same name (atomic/GlobAtomicRef.h).

#include <type_traits>

#include <dash/atomic/GlobAtomicRef.h>

namespace dash::atomic {

template <typename T>
T load(const GlobRef<Atomic<T>> &ref) {
  return ref.load();
}
template <typename T>
void store(const GlobRef<Atomic<T>> &ref, const T &value) {
  ref.store(value);
}
template <typename T>
T exchange(const GlobRef<Atomic<T>> &ref, const T &value) {
  return ref.exchange(value);
}
template <typename T>
bool compare_exchange(const GlobRef<Atomic<T>> &ref, const T &expected, const T &desired) {
  return ref.compare_exchange(expected, desired);
}
template <typename T, typename BinaryOp>
void op(const GlobRef<Atomic<T>> &ref, const BinaryOp binary_op, const T &value) {
  ref.op(binary_op, value);
}
template <typename T, typename BinaryOp>
T fetch_op(const GlobRef<Atomic<T>> &ref, const BinaryOp binary_op, const T &value) {
  return ref.fetch_op(binary_op, value);
}
template <typename T>
std::enable_if_t<std::is_integral_v<T>> add(const GlobRef<Atomic<T>> &ref, const T &value) {
  ref.add(value);
}
template <typename T>
std::enable_if_t<std::is_integral_v<T>> sub(const GlobRef<Atomic<T>> &ref, const T &value) {
  ref.sub(value);
}
template <typename T>
std::enable_if_t<std::is_integral_v<T>> multiply(const GlobRef<Atomic<T>> &ref, const T &value) {
  ref.multiply(value);
}
template <typename T>
std::enable_if_t<std::is_integral_v<T>, T> fetch_add(const GlobRef<Atomic<T>> &ref, const T &value) {
  return ref.fetch_add(value);
}
template <typename T>
std::enable_if_t<std::is_integral_v<T>, T> fetch_sub(const GlobRef<Atomic<T>> &ref, const T &value) {
  return ref.fetch_sub(value);
}

}  // namespace dash::atomic

#endif  // DASH_ATOMIC_OPERATION_H
