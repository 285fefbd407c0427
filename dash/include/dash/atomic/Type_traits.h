#ifndef DASH_ATOMIC_TYPE_TRAITS_H
#define DASH_ATOMIC_TYPE_TRAITS_H

// DASH's traits of atomic element types: is_atomic<T> (true for
// dash::Atomic<U>, also const), remove_atomic<T> (Atomic<U> to U), and our
// variable template is_atomic_v.

#include <type_traits>

namespace dash {

template <typename T>
class Atomic;

template <typename T>
struct is_atomic : std::false_type {};
template <typename T>
struct is_atomic<Atomic<T>> : std::true_type {};
template <typename T>
struct is_atomic<const Atomic<T>> : std::true_type {};

template <typename T>
inline constexpr bool is_atomic_v = is_atomic<T>::value;

template <typename T>
struct remove_atomic {
  using type = T;
};
template <typename T>
struct remove_atomic<Atomic<T>> {
  using type = T;
};
template <typename T>
struct remove_atomic<const Atomic<T>> {
  using type = const T;
};

}  // namespace dash

#endif  // DASH_ATOMIC_TYPE_TRAITS_H
