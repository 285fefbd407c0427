#ifndef DASH_PAIR_H
#define DASH_PAIR_H

// dash::Pair<T1, T2>: a pair that is trivially copyable whenever T1 and T2
// are (std::pair is not: its assignment is user-provided), so it can be the
// element of a container. Compares lexicographically; make_pair as std's.

#include <functional>
#include <ostream>
#include <sstream>
#include <type_traits>
#include <utility>

#include <dash/meta/TypeInfo.h>

namespace dash {

template <class T1, class T2>
struct Pair {
  using first_type = T1;
  using second_type = T2;

  T1 first;
  T2 second;

  constexpr Pair() : first(), second() {}
  constexpr Pair(const T1 &a, const T2 &b) : first(a), second(b) {}
  template <class U1, class U2,
            class = std::enable_if_t<std::is_convertible_v<const U1 &, T1> &&
                                     std::is_convertible_v<const U2 &, T2>>>
  constexpr Pair(const Pair<U1, U2> &p) : first(p.first), second(p.second) {}
  template <class U1, class U2,
            class = std::enable_if_t<std::is_convertible_v<U1, T1> && std::is_convertible_v<U2, T2>>>
  constexpr Pair(Pair<U1, U2> &&p) : first(std::forward<U1>(p.first)), second(std::forward<U2>(p.second)) {}
  template <class U1, class = std::enable_if_t<std::is_convertible_v<U1, T1>>>
  constexpr Pair(U1 &&x, const T2 &y) : first(std::forward<U1>(x)), second(y) {}
  template <class U2, class = std::enable_if_t<std::is_convertible_v<U2, T2>>>
  constexpr Pair(const T1 &x, U2 &&y) : first(x), second(std::forward<U2>(y)) {}
  template <class U1, class U2,
            class = std::enable_if_t<std::is_convertible_v<U1, T1> && std::is_convertible_v<U2, T2>>>
  constexpr Pair(U1 &&x, U2 &&y) : first(std::forward<U1>(x)), second(std::forward<U2>(y)) {}
  constexpr Pair(const Pair &) = default;
  constexpr Pair(Pair &&) = default;

  Pair &operator=(const Pair &) = default;
  Pair &operator=(Pair &&) = default;
  template <class U1, class U2>
  Pair &operator=(const Pair<U1, U2> &p) {
    first = p.first;
    second = p.second;
    return *this;
  }
  template <class U1, class U2>
  Pair &operator=(Pair<U1, U2> &&p) {
    first = std::forward<U1>(p.first);
    second = std::forward<U2>(p.second);
    return *this;
  }

  void swap(Pair &p) {
    using std::swap;
    swap(first, p.first);
    swap(second, p.second);
  }
};

template <class T1, class T2>
constexpr bool operator==(const Pair<T1, T2> &x, const Pair<T1, T2> &y) {
  return x.first == y.first && x.second == y.second;
}
template <class T1, class T2>
constexpr bool operator!=(const Pair<T1, T2> &x, const Pair<T1, T2> &y) {
  return !(x == y);
}
template <class T1, class T2>
constexpr bool operator<(const Pair<T1, T2> &x, const Pair<T1, T2> &y) {
  return x.first < y.first || (!(y.first < x.first) && x.second < y.second);
}
template <class T1, class T2>
constexpr bool operator>(const Pair<T1, T2> &x, const Pair<T1, T2> &y) {
  return y < x;
}
template <class T1, class T2>
constexpr bool operator<=(const Pair<T1, T2> &x, const Pair<T1, T2> &y) {
  return !(y < x);
}
template <class T1, class T2>
constexpr bool operator>=(const Pair<T1, T2> &x, const Pair<T1, T2> &y) {
  return !(x < y);
}

template <class T1, class T2>
void swap(Pair<T1, T2> &x, Pair<T1, T2> &y) {
  x.swap(y);
}

namespace internal {
/// std::reference_wrapper<T> becomes T& (as std::make_pair does).
template <class T>
struct strip {
  using type = T;
};
template <class T>
struct strip<std::reference_wrapper<T>> {
  using type = T &;
};
template <class T>
struct decay_and_strip {
  using type = typename strip<std::decay_t<T>>::type;
};
}  // namespace internal

template <class T1, class T2>
constexpr Pair<typename internal::decay_and_strip<T1>::type, typename internal::decay_and_strip<T2>::type>
make_pair(T1 &&x, T2 &&y) {
  return {std::forward<T1>(x), std::forward<T2>(y)};
}

/// Prints "dash::Pair<T1, T2> { first , second }".
template <class T1, class T2>
std::ostream &operator<<(std::ostream &os, const Pair<T1, T2> &pair) {
  std::ostringstream ss;
  ss << dash::typestr(pair) << " { " << pair.first << " , " << pair.second << " } ";
  return os << ss.str();
}

}  // namespace dash

#endif  // DASH_PAIR_H
