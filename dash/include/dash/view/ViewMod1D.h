#ifndef DASH_VIEW_VIEWMOD1D_H
#define DASH_VIEW_VIEWMOD1D_H

// The views of one-dimensional containers:
//   ViewSubMod<D>    elements gbegin() .. gend() of D's container (global
//                    indices), global iterators (the container's)
//   ViewLocalMod<D>  the calling unit's elements of D: local indices
//                    lbegin_index() .. lend_index() in its memory, plain
//                    pointers as iterators
//   LocalOrigin<C>   dash::local(container): all of the unit's elements
//                    (an origin, not a view, as in DASH)
// For a one-dimensional pattern the unit's elements of a global index
// range are contiguous in its memory (local order follows global order),
// so every local view is one range of local memory.

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>

#include <dash/algorithm/LocalRange.h>
#include <dash/Iterator.h>
#include <dash/Matrix.h>
#include <dash/Types.h>
#include <dash/view/IndexSet.h>
#include <dash/view/ViewMod.h>
#include <dash/view/ViewTraits.h>

namespace dash {

template <typename DomainT>
class ViewLocalMod;

/// The elements [gbegin, gend) (global indices) of a one-dimensional
/// container, as a sub-range of DomainT (the container or a global view).
template <typename DomainT, dim_t SubDim = 0, dim_t NDim = 1>
class ViewSubMod : public detail::ViewBase {
 public:
  using domain_type = DomainT;
  using origin_type = typename detail::origin_type_of<DomainT>::type;
  using pattern_type = typename std::remove_cv_t<origin_type>::pattern_type;
  using value_type = typename std::remove_cv_t<origin_type>::value_type;
  using index_type = default_index_t;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using iterator = decltype(std::declval<origin_type &>().begin());
  using const_iterator = iterator;
  using reference = decltype(*std::declval<iterator>());
  using index_set_type = IndexSetSub<ViewSubMod>;
  using local_type = ViewLocalMod<ViewSubMod>;
  using global_type = ViewSubMod;
  static constexpr bool view_is_local = false;
  static constexpr dim_t view_rank = NDim;
  static constexpr dim_t ndim() { return NDim; }
  static constexpr dim_t rank() { return NDim; }

  /// The elements [begin, end) of `domain` (indices relative to it).
  template <typename X>
  ViewSubMod(X &domain, index_type begin, index_type end)
      : domain_(domain), gbegin_(detail::gbegin_of(domain) + begin), gend_(detail::gbegin_of(domain) + end) {
    detail::check_sub(static_cast<std::size_t>(begin), static_cast<std::size_t>(end),
                      static_cast<std::size_t>(detail::gend_of(domain) - detail::gbegin_of(domain)));
  }

  decltype(auto) domain() const { return domain_.get(); }
  origin_type &origin() const { return detail::origin_of(domain_.get()); }
  const pattern_type &pattern() const { return origin().pattern(); }

  /// Global indices of the first element and one past the last.
  index_type gbegin() const { return gbegin_; }
  index_type gend() const { return gend_; }

  iterator begin() const { return origin().begin() + gbegin_; }
  iterator end() const { return origin().begin() + gend_; }
  size_type size() const { return static_cast<size_type>(gend_ - gbegin_); }
  bool empty() const { return gbegin_ == gend_; }
  reference operator[](size_type i) const { return *(begin() + static_cast<difference_type>(i)); }
  size_type extent(dim_t) const { return size(); }

  index_set_type index_set() const { return index_set_type(*this); }
  auto domain_index_set() const { return detail::global_index_set(domain()); }
  local_type local() const { return local_type(*this); }

 private:
  detail::DomainHolder<DomainT> domain_;
  index_type gbegin_, gend_;
};

/// dash::local(container): the calling unit's elements of a
/// one-dimensional container as plain memory (an origin, as DASH's).
template <typename ContainerT>
class LocalOrigin : public detail::ViewBase {
 public:
  using origin_type = ContainerT;
  using domain_type = ContainerT;
  using pattern_type = typename std::remove_cv_t<ContainerT>::pattern_type;
  using value_type = typename std::remove_cv_t<ContainerT>::value_type;
  using element_type = std::conditional_t<std::is_const_v<ContainerT>, const value_type, value_type>;
  using index_type = default_index_t;
  using size_type = std::size_t;
  using iterator = element_type *;
  using const_iterator = const value_type *;
  using reference = element_type &;
  using index_set_type = IndexSetLocal<LocalOrigin>;
  using local_type = LocalOrigin;
  static constexpr bool view_is_local = true;
  static constexpr bool view_is_origin = true;
  static constexpr dim_t view_rank = 1;

  explicit LocalOrigin(ContainerT &container) : container_(&container) {}

  ContainerT &domain() const { return *container_; }
  ContainerT &origin() const { return *container_; }
  const pattern_type &pattern() const { return container_->pattern(); }
  index_type lbegin_index() const { return 0; }
  index_type lend_index() const { return static_cast<index_type>(size()); }

  iterator begin() const { return container_->lbegin(); }
  iterator end() const { return begin() + size(); }
  size_type size() const { return pattern().local_size(); }
  bool empty() const { return size() == 0; }
  reference operator[](size_type i) const { return begin()[i]; }

  index_set_type index_set() const { return index_set_type(*this); }
  auto domain_index_set() const { return detail::global_index_set(*container_); }
  const LocalOrigin &local() const { return *this; }
  ContainerT &global() const { return *container_; }

 private:
  ContainerT *container_;
};

/// The calling unit's elements of DomainT (a global view, or a container
/// for sub-ranges of dash::local(container)): local indices
/// [lbegin_index, lend_index) of its memory.
template <typename DomainT>
class ViewLocalMod : public detail::ViewBase {
 public:
  using domain_type = DomainT;
  using origin_type = typename detail::origin_type_of<DomainT>::type;
  using pattern_type = typename std::remove_cv_t<origin_type>::pattern_type;
  using value_type = typename std::remove_cv_t<origin_type>::value_type;
  using element_type = std::conditional_t<std::is_const_v<origin_type>, const value_type, value_type>;
  using index_type = default_index_t;
  using size_type = std::size_t;
  using iterator = element_type *;
  using const_iterator = const value_type *;
  using reference = element_type &;
  using index_set_type = IndexSetLocal<ViewLocalMod>;
  using local_type = ViewLocalMod;
  using global_type = DomainT;
  static constexpr bool view_is_local = true;
  static constexpr dim_t view_rank = 1;

  /// The unit's elements of the global range `domain`.
  explicit ViewLocalMod(const DomainT &domain) : ViewLocalMod(domain, find(domain)) {}
  /// The local indices [lbegin, lend) (of the unit's memory), in `domain`.
  template <typename X>
  ViewLocalMod(X &domain, index_type lbegin, index_type lend)
      : domain_(domain), lbegin_(lbegin), lend_(std::max(lbegin, lend)) {}

  decltype(auto) domain() const { return domain_.get(); }
  origin_type &origin() const { return detail::origin_of(domain_.get()); }
  const pattern_type &pattern() const { return origin().pattern(); }
  index_type lbegin_index() const { return lbegin_; }
  index_type lend_index() const { return lend_; }

  iterator begin() const { return origin().lbegin() + lbegin_; }
  iterator end() const { return origin().lbegin() + lend_; }
  size_type size() const { return static_cast<size_type>(lend_ - lbegin_); }
  bool empty() const { return lbegin_ == lend_; }
  reference operator[](size_type i) const { return begin()[i]; }

  index_set_type index_set() const { return index_set_type(*this); }
  auto domain_index_set() const { return detail::global_index_set(domain()); }
  const ViewLocalMod &local() const { return *this; }
  decltype(auto) global() const { return domain(); }

 private:
  struct Found {
    const DomainT *domain;
    index_type lbegin, lend;
  };
  static Found find(const DomainT &d) {
    auto &o = detail::origin_of(d);
    default_index_t gb = detail::gbegin_of(d), ge = detail::gend_of(d);
    if (gb >= ge) return {&d, 0, 0};
    auto r = local_index_range(o.begin() + gb, o.begin() + ge);
    return {&d, static_cast<index_type>(r.begin), static_cast<index_type>(r.end)};
  }
  ViewLocalMod(const DomainT &, const Found &f) : ViewLocalMod(*f.domain, f.lbegin, f.lend) {}

  detail::DomainHolder<DomainT> domain_;
  index_type lbegin_, lend_;
};

}  // namespace dash

#endif  // DASH_VIEW_VIEWMOD1D_H
