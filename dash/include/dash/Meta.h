#ifndef DASH_META_H
#define DASH_META_H

// Type-level helpers under DASH's names: DASH__META__DEFINE_TRAIT__HAS_TYPE
// (a has_type_<name><T> trait: does T declare the member type <name>?),
// dash::conjunction, the has_type_ traits DASH defines for the container
// member types, and dash::functional::closure_traits (arity, result and
// argument types of a lambda or function object).

#include <cstddef>
#include <functional>
#include <tuple>
#include <type_traits>

#include <dash/Types.h>
#include <dash/meta/TypeInfo.h>

/// Defines `has_type_DepType<T>`, whose `value` is true if T has a member type DepType.
#define DASH__META__DEFINE_TRAIT__HAS_TYPE(DepType) \
  template <typename T, typename = void>            \
  struct has_type_##DepType : std::false_type {};   \
  template <typename T>                             \
  struct has_type_##DepType<T, std::void_t<typename T::DepType>> : std::true_type {};

namespace dash {

template <class... Conds>
using conjunction = std::conjunction<Conds...>;

DASH__META__DEFINE_TRAIT__HAS_TYPE(iterator)
DASH__META__DEFINE_TRAIT__HAS_TYPE(const_iterator)
DASH__META__DEFINE_TRAIT__HAS_TYPE(reference)
DASH__META__DEFINE_TRAIT__HAS_TYPE(const_reference)
DASH__META__DEFINE_TRAIT__HAS_TYPE(value_type)

/// The reference types of an iterator-like type I (Ranges TS names).
template <class I>
using reference_t = std::add_lvalue_reference_t<I>;
template <class I>
using rvalue_reference_t = decltype(std::move(std::declval<reference_t<I>>()));

/// Passes a value into std::bind by move: std::bind(f,
/// dash::make_adv(std::move(v)))() calls f with v as an rvalue.
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

/// `arity`, `is_variadic`, `is_const`, `result_type` and `arg<i>` of a
/// callable object's `operator()` (not overloaded, not a template).
/// \cond
// (hidden from Doxygen: it takes the base, a specialisation, for this class)
template <typename T>
struct closure_traits : closure_traits<decltype(&T::operator())> {};
/// \endcond

namespace detail {
template <bool Const, bool Variadic, typename R, typename... Args>
struct closure_signature {
  using arity = std::integral_constant<std::size_t, sizeof...(Args)>;
  using is_variadic = std::bool_constant<Variadic>;
  using is_const = std::bool_constant<Const>;
  using result_type = R;
  template <std::size_t I>
  using arg = std::tuple_element_t<I, std::tuple<Args...>>;
};
}  // namespace detail

template <typename C, typename R, typename... Args>
struct closure_traits<R (C::*)(Args...) const> : detail::closure_signature<true, false, R, Args...> {};
template <typename C, typename R, typename... Args>
struct closure_traits<R (C::*)(Args...)> : detail::closure_signature<false, false, R, Args...> {};
template <typename C, typename R, typename... Args>
struct closure_traits<R (C::*)(Args..., ...) const> : detail::closure_signature<true, true, R, Args...> {};
template <typename C, typename R, typename... Args>
struct closure_traits<R (C::*)(Args..., ...)> : detail::closure_signature<false, true, R, Args...> {};

}  // namespace functional
}  // namespace dash

namespace std {
template <typename T>
struct is_bind_expression<dash::adv<T>> : std::true_type {};
}  // namespace std

#endif  // DASH_META_H
