#ifndef DASH_HVIEW_H
#define DASH_HVIEW_H

// HView<Container, LEVEL>: a container's elements at a level of its team,
// as DASH's hierarchical view: level -1 is the calling unit's elements
// (local memory, lbegin() .. lend()), level 0 the container's whole team
// (its global iterators). Deeper levels (sub-teams) are not supported: a
// compile error.

#include <dash/Matrix.h>

namespace dash {

template <typename ContainerT, int LEVEL>
class HView {
  static_assert(LEVEL == 0, "dash::HView: levels 0 (the container's team) and -1 (the calling unit) only");

 public:
  using iterator = typename ContainerT::iterator;
  using value_type = typename ContainerT::value_type;

  explicit HView(ContainerT &container) : container_(container) {}
  iterator begin() { return container_.begin(); }
  iterator end() { return container_.end(); }

 private:
  ContainerT &container_;
};

template <typename ContainerT>
class HView<ContainerT, -1> {
 public:
  using value_type = typename ContainerT::value_type;
  using iterator = value_type *;

  explicit HView(ContainerT &container) : container_(container) {}
  value_type *begin() { return container_.lbegin(); }
  value_type *end() { return container_.lend(); }

 private:
  ContainerT &container_;
};

}  // namespace dash

#endif  // DASH_HVIEW_H
