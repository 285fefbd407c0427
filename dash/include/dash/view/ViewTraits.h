#ifndef DASH_VIEW_VIEWTRAITS_H
#define DASH_VIEW_VIEWTRAITS_H

// What a range is, as DASH's view_traits<R> tell it:
//   is_origin  R owns (or is) the elements' index space: a container, the
//              calling unit's part of one (dash::local(array)), an index set
//   is_view    R is a view: an index set over a domain (dash::sub,
//              dash::local(view), dash::blocks, a block of them, ...)
//   is_local   R's elements are the calling unit's, as plain memory
//   rank       the number of dimensions
// Views of this library derive from detail::ViewBase and declare
// view_is_local / view_rank; containers are recognised by their members
// (pattern(), team(), lbegin()). is_view<R>, is_range<R> (has begin() and
// end()) and detail::has_type_domain_type<R> as in DASH.

#include <cstddef>
#include <iterator>
#include <tuple>
#include <type_traits>
#include <utility>

#include <dash/Types.h>

namespace dash {

namespace detail {

/// Base of the view types (an empty tag).
struct ViewBase {};

template <typename T, typename = void>
struct has_type_domain_type : std::false_type {};
template <typename T>
struct has_type_domain_type<T, std::void_t<typename T::domain_type>> : std::true_type {};

/// A distributed container: pattern(), team(), lbegin() and global begin().
template <typename C, typename = void>
struct is_container : std::false_type {};
template <typename C>
struct is_container<
    C, std::void_t<decltype(std::declval<C &>().pattern()), decltype(std::declval<C &>().team()),
                   decltype(std::declval<C &>().lbegin()), decltype(std::declval<C &>().begin())>>
    : std::bool_constant<!std::is_base_of_v<ViewBase, std::remove_cv_t<C>>> {};

/// A one-dimensional container.
template <typename C, typename = void>
struct is_container_1d : std::false_type {};
template <typename C>
struct is_container_1d<C, std::enable_if_t<is_container<C>::value>>
    : std::bool_constant<std::tuple_size<typename std::remove_cv_t<C>::extents_type>::value == 1> {};

template <typename R>
constexpr bool is_view_type = std::is_base_of_v<ViewBase, std::remove_cv_t<std::remove_reference_t<R>>>;

template <typename R, typename = void>
struct view_local_flag : std::false_type {};
template <typename R>
struct view_local_flag<R, std::void_t<decltype(R::view_is_local)>> : std::bool_constant<R::view_is_local> {};

template <typename R, typename = void>
struct view_origin_flag : std::false_type {};
template <typename R>
struct view_origin_flag<R, std::void_t<decltype(R::view_is_origin)>> : std::bool_constant<R::view_is_origin> {
};

template <typename R, typename = void>
struct extents_rank : std::integral_constant<dim_t, 1> {};
template <typename R>
struct extents_rank<R, std::void_t<typename R::extents_type>>
    : std::integral_constant<dim_t, static_cast<dim_t>(std::tuple_size<typename R::extents_type>::value)> {};
template <typename R, typename = void>
struct range_rank : extents_rank<R> {};
template <typename R>
struct range_rank<R, std::void_t<decltype(R::view_rank)>> : std::integral_constant<dim_t, R::view_rank> {};

}  // namespace detail

/// DASH's view traits of a range type R.
template <typename R>
struct view_traits {
 private:
  using type = std::remove_cv_t<std::remove_reference_t<R>>;
  static constexpr bool view = detail::is_view_type<type>;

 public:
  using is_view = std::bool_constant<view && !detail::view_origin_flag<type>::value>;
  using is_origin = std::bool_constant<!is_view::value>;
  using is_local = std::bool_constant<detail::view_local_flag<type>::value>;
  using is_projection = std::false_type;
  using rank = detail::range_rank<type>;
};

template <typename R>
struct is_view : view_traits<R>::is_view {};

template <typename R, typename = void>
struct is_range : std::false_type {};
template <typename R>
struct is_range<R, std::void_t<decltype(std::declval<R &>().begin()), decltype(std::declval<R &>().end())>>
    : std::true_type {};

}  // namespace dash

#endif  // DASH_VIEW_VIEWTRAITS_H
