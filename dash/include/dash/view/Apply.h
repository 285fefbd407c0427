#ifndef DASH_VIEW_APPLY_H
#define DASH_VIEW_APPLY_H

// dash::apply, as in DASH: a view applied to another (view_a.apply(view_b))
// or to its domain (view.apply()), for the views that define apply.

namespace dash {

template <typename ViewA, typename ViewB>
constexpr auto apply(ViewA &view_a, ViewB &view_b) -> decltype(view_a.apply(view_b)) {
  return view_a.apply(view_b);
}

template <typename ViewT>
constexpr auto apply(const ViewT &view) -> decltype(view.apply()) {
  return view.apply();
}

}  // namespace dash

#endif  // DASH_VIEW_APPLY_H
