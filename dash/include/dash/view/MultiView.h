#ifndef DASH_VIEW_MULTIVIEW_H
#define DASH_VIEW_MULTIVIEW_H

// MultiView<NDim>: DASH's name for a view of NDim dimensions over several
// index spaces. DASH declares it without members (a concept in progress);
// so does this library: the N-dimensional views are View (CartView.h)
// and LocalBoxView (ViewMod.h).

#include <dash/Types.h>

namespace dash {

template <dim_t NDim>
class MultiView {
 public:
  static constexpr dim_t ndim() { return NDim; }
};

}  // namespace dash

#endif  // DASH_VIEW_MULTIVIEW_H
