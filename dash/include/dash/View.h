#ifndef DASH_VIEW_H
#define DASH_VIEW_H

// All views, as DASH's View.h: View<T, N, P> (a block of a container in
// global coordinates, view/CartView.h) and the free functions on ranges
// (dash::sub, local, global, index, blocks, block, domain, origin,
// intersect, begin/end) with view_traits.

#include <dash/Range.h>
#include <dash/view/Block.h>
#include <dash/view/CartView.h>
#include <dash/view/Domain.h>
#include <dash/view/Global.h>
#include <dash/view/IndexSet.h>
#include <dash/view/Local.h>
#include <dash/view/Origin.h>
#include <dash/view/SetIntersect.h>
#include <dash/view/Sub.h>
#include <dash/view/ViewBlocksMod.h>
#include <dash/view/ViewMod.h>
#include <dash/view/ViewTraits.h>

#endif  // DASH_VIEW_H
