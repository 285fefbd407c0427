#ifndef DASH_ITERATOR_INTERNAL_GLOBREFBASE_H
#define DASH_ITERATOR_INTERNAL_GLOBREFBASE_H

// What global references share: the constness rules of their conversions
// (constness is added implicitly, removed only explicitly) and the type of a
// referenced member (const if the reference is).

#include <type_traits>

namespace dash::internal {

/// TargetT with ReferenceT's constness: the type of a member TargetT of a
/// referenced ReferenceT.
template <typename ReferenceT, typename TargetT>
struct add_const_from_type {
  using type = std::conditional_t<std::is_const_v<ReferenceT>, std::add_const_t<TargetT>, TargetT>;
};

/// A reference to From converts to one to To implicitly if only constness
/// is added, explicitly if it is removed.
template <typename To, typename From>
inline constexpr bool is_implicit_ref_conversion_v =
    std::is_same_v<std::remove_const_t<To>, std::remove_const_t<From>> &&std::is_const_v<To> &&
    !std::is_const_v<From>;
template <typename To, typename From>
inline constexpr bool is_explicit_ref_conversion_v =
    std::is_same_v<std::remove_const_t<To>, std::remove_const_t<From>> && !std::is_const_v<To> &&
    std::is_const_v<From>;

/// DASH's names of the same rules, as SFINAE defaults of constructor
/// templates (`int = enable_implicit_copy_ctor<L, R>::value`).
template <class...>
struct null_v : std::integral_constant<int, 0> {};
template <class LHS, class RHS>
using common_condition = std::is_same<std::remove_cv_t<LHS>, std::remove_cv_t<RHS>>;
template <class LHS, class RHS>
using enable_explicit_copy_ctor = null_v<std::enable_if_t<is_explicit_ref_conversion_v<LHS, RHS>, LHS>>;
template <class LHS, class RHS>
using enable_implicit_copy_ctor =
    null_v<std::enable_if_t<std::is_same_v<LHS, RHS> || is_implicit_ref_conversion_v<LHS, RHS>, LHS>>;

}  // namespace dash::internal

#endif  // DASH_ITERATOR_INTERNAL_GLOBREFBASE_H
