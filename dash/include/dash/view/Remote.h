#ifndef DASH_VIEW_REMOTE_H
#define DASH_VIEW_REMOTE_H

// dash::remote(unit, range), as in DASH: the part of a range a unit holds.
// As DASH's, it answers the calling unit's part (dash::local of a view,
// the local view of a container) whatever `unit` is.

#include <dash/Types.h>
#include <dash/view/Local.h>
#include <dash/view/ViewTraits.h>

namespace dash {

template <typename RangeT>
auto remote(team_unit_t /*unit*/, const RangeT &range) {
  if constexpr (view_traits<RangeT>::is_view::value)
    return dash::local(range);
  else
    return range.local;
}

}  // namespace dash

#endif  // DASH_VIEW_REMOTE_H
