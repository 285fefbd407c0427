#ifndef DASH_VIEW_SETUNION_H
#define DASH_VIEW_SETUNION_H

// dash::set_union({a, b, ...}), as in DASH: views of one type composed
// into one (CompositeView): its components in order, size() the number of
// their elements together.

#include <cstddef>
#include <initializer_list>
#include <vector>

namespace dash {

template <typename ComponentViewT>
class CompositeView {
 public:
  using component_type = ComponentViewT;

  CompositeView(std::initializer_list<ComponentViewT> views) : views_(views) {}
  explicit CompositeView(const std::vector<ComponentViewT> &views) : views_(views) {}

  /// The components.
  const std::vector<ComponentViewT> &views() const { return views_; }
  std::size_t num_views() const { return views_.size(); }
  /// The elements of all components.
  std::size_t size() const {
    std::size_t n = 0;
    for (const ComponentViewT &v : views_) n += v.size();
    return n;
  }

 private:
  std::vector<ComponentViewT> views_;
};

template <typename ComponentViewT>
CompositeView<ComponentViewT> set_union(const std::vector<ComponentViewT> &views) {
  return CompositeView<ComponentViewT>(views);
}

template <typename ComponentViewT>
CompositeView<ComponentViewT> set_union(std::initializer_list<ComponentViewT> views) {
  return CompositeView<ComponentViewT>(views);
}

}  // namespace dash

#endif  // DASH_VIEW_SETUNION_H
