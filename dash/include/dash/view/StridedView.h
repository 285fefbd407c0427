#ifndef DASH_VIEW_STRIDEDVIEW_H
#define DASH_VIEW_STRIDEDVIEW_H

// StridedView<NDim>: DASH's name for a composition of (NDim - 1)-dimensional
// MultiViews; as in DASH, a CompositeView of them without further members.

#include <dash/Types.h>
#include <dash/view/MultiView.h>
#include <dash/view/SetUnion.h>

namespace dash {

template <dim_t NDim>
class StridedView : public CompositeView<MultiView<NDim - 1>> {
  static_assert(NDim > 0, "dash::StridedView: at least one dimension");

 public:
  using CompositeView<MultiView<NDim - 1>>::CompositeView;
};

}  // namespace dash

#endif  // DASH_VIEW_STRIDEDVIEW_H
