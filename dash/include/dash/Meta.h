#ifndef DASH_META_H
#define DASH_META_H

// DASH's type utilities: dash::conjunction, has_type_<member> traits
// (iterator, const_iterator, reference, const_reference, value_type),
// reference_t / rvalue_reference_t, adv / make_adv (a bind argument that
// forwards a moved value), functional::closure_traits (arity, result and
// argument types of a lambda or function object), and typestr
// (meta/TypeInfo.h).

#include <cstddef>
#include <functional>
#include <tuple>
#include <type_traits>
#include <utility>

#include <dash/meta/TypeInfo.h>
#include <dash/Types.h>

namespace dash {

/// std::conjunction under DASH's name.
template <class... Conds>
struct conjunction : std::conjunction<Conds...> {};

#define DASH_META_HAS_TYPE_(member)              \
  template <typename T, typename = void>         \
  struct has_type_##member : std::false_type {}; \
  template <typename T>                          \
  struct has_type_##member<T, std::void_t<typename T::member>> : std::true_type {};

DASH_META_HAS_TYPE_(iterator)
DASH_META_HAS_TYPE_(const_iterator)
DASH_META_HAS_TYPE_(reference)
DASH_META_HAS_TYPE_(const_reference)
DASH_META_HAS_TYPE_(value_type)

#undef DASH_META_HAS_TYPE_

template <class I>
using reference_t = std::add_lvalue_reference_t<I>;

template <class I>
using rvalue_reference_t = decltype(std::move(std::declval<reference_t<I>>()));

/// A std::bind argument that hands its (moved-in) value on as an rvalue
/// whatever the call's arguments.
template <typename T>
struct adv {
  T _value;
  explicit adv(T &&value) : _value(std::forward<T>(value)) {}
  template <typename... U>
  T &&operator()(U &&...) {
    return std::forward<T>(_value);
  }
};

template <typename T>
adv<T> make_adv(T &&value) {
  return adv<T>{std::forward<T>(value)};
}

namespace functional {

/// Arity, variadicity, constness, result_type and arg<i> of a lambda or
/// function object (its operator()).
template <typename T>
struct closure_traits : closure_traits<decltype(&T::operator())> {};

template <typename C, typename R, bool Const, bool Variadic, typename... Args>
struct closure_traits_base {
  using arity = std::integral_constant<std::size_t, sizeof...(Args)>;
  using is_variadic = std::integral_constant<bool, Variadic>;
  using is_const = std::integral_constant<bool, Const>;
  using result_type = R;
  template <std::size_t i>
  using arg = std::tuple_element_t<i, std::tuple<Args...>>;
};

template <typename C, typename R, typename... Args>
struct closure_traits<R (C::*)(Args...) const> : closure_traits_base<C, R, true, false, Args...> {};
template <typename C, typename R, typename... Args>
struct closure_traits<R (C::*)(Args..., ...) const> : closure_traits_base<C, R, true, true, Args...> {};
template <typename C, typename R, typename... Args>
struct closure_traits<R (C::*)(Args...)> : closure_traits_base<C, R, false, false, Args...> {};
template <typename C, typename R, typename... Args>
struct closure_traits<R (C::*)(Args..., ...)> : closure_traits_base<C, R, false, true, Args...> {};

}  // namespace functional

}  // namespace dash

namespace std {
template <typename T>
struct is_bind_expression<dash::adv<T>> : std::true_type {};
}  // namespace std

#endif  // DASH_META_H
