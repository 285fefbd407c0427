#ifndef DASH_VIEW_VIEWMOD_H
#define DASH_VIEW_VIEWMOD_H

// The views of one-dimensional containers behind DASH's free functions
// (dash::sub, dash::local, dash::blocks, dash::intersect, ...). A view is
// an index set over a domain (a container or another view) and refers to
// its container: the container must outlive it. Views nest by value
// (sub(1, 3, sub(0, 10, a)) holds the inner view), so temporaries compose.
//
//   ViewSubMod<D>    elements gbegin() .. gend() of D's container (global
//                    indices), global iterators (the container's)
//   ViewLocalMod<D>  the calling unit's elements of D: local indices
//                    lbegin_index() .. lend_index() in its memory, plain
//                    pointers as iterators
//   LocalOrigin<C>   dash::local(container): all of the unit's elements
//                    (an origin, not a view, as in DASH)
//
// For a one-dimensional pattern the unit's elements of a global index
// range are contiguous in its memory (local order follows global order),
// so every local view is one range of local memory.

#include <algorithm>
#include <array>
#include <cstddef>
#include <iterator>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <dash/algorithm/LocalRange.h>
#include <dash/Matrix.h>
#include <dash/Types.h>
#include <dash/view/IndexSet.h>
#include <dash/view/ViewIterator.h>
#include <dash/view/ViewTraits.h>

namespace dash {

template <typename DomainT>
class ViewLocalMod;

namespace detail {

/// A view's domain: a container by pointer (it outlives the view), any
/// other range by value.
template <typename D>
class DomainHolder {
  static constexpr bool by_pointer = is_container<D>::value;
  using store_type = std::conditional_t<by_pointer, D *, D>;

 public:
  template <typename X, typename = std::enable_if_t<!std::is_same_v<std::remove_cv_t<X>, DomainHolder>>>
  explicit DomainHolder(X &domain) : store_(make(domain)) {}
  decltype(auto) get() const {
    if constexpr (by_pointer)
      return static_cast<D &>(*store_);
    else
      return static_cast<const D &>(store_);
  }

 private:
  template <typename X>
  static store_type make(X &domain) {
    if constexpr (by_pointer)
      return &domain;
    else
      return domain;
  }
  store_type store_;
};

/// The container of a range (itself for a container).
template <typename R>
decltype(auto) origin_of(R &range) {
  if constexpr (is_container<std::remove_cv_t<R>>::value)
    return static_cast<R &>(range);
  else
    return range.origin();
}

template <typename R>
struct origin_type_of {
  using type = std::remove_reference_t<decltype(origin_of(std::declval<R &>()))>;
};

/// The global index range [first, last) of a global range.
template <typename R>
default_index_t gbegin_of(const R &range) {
  if constexpr (is_container<std::remove_cv_t<R>>::value)
    return 0;
  else
    return range.gbegin();
}
template <typename R>
default_index_t gend_of(const R &range) {
  if constexpr (is_container<std::remove_cv_t<R>>::value)
    return static_cast<default_index_t>(range.size());
  else
    return range.gend();
}

/// The global index set of a global range.
template <typename R>
auto global_index_set(const R &range) {
  if constexpr (is_container<std::remove_cv_t<R>>::value)
    return IndexRange(0, static_cast<default_index_t>(range.size()));
  else
    return range.index_set();
}

inline void check_sub(std::size_t first, std::size_t last, std::size_t size) {
  if (first > last || last > size)
    throw std::out_of_range("dash::sub: [" + std::to_string(first) + ", " + std::to_string(last) +
                            ") not in [0, " + std::to_string(size) + ")");
}

}  // namespace detail

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

/// The calling unit's elements of a box of an N-dimensional container
/// (dash::local of a matrix view): a box of local coordinates (offsets(),
/// extents()) of the unit's memory, walked row-major; elements are plain
/// references. Along each dimension the unit's local coordinates map to
/// increasing global ones, so the unit's part of a box is a box.
template <typename T, std::size_t N, typename P>
class LocalBoxView : public detail::ViewBase {
 public:
  using value_type = std::remove_const_t<T>;
  using element_type = T;
  using pattern_type = P;
  using index_type = default_index_t;
  using size_type = std::size_t;
  using extents_type = std::array<size_type, N>;
  using reference = T &;
  using iterator = ViewIndexIterator<LocalBoxView>;
  using const_iterator = iterator;
  using local_type = LocalBoxView;
  using index_set_type = IndexSetBox<N, P>;
  using core_type = detail::ArrayCore<value_type, N, P>;
  using rank = std::integral_constant<dim_t, static_cast<dim_t>(N)>;
  static constexpr bool view_is_local = true;
  static constexpr dim_t view_rank = static_cast<dim_t>(N);
  static constexpr dim_t ndim() { return static_cast<dim_t>(N); }

  /// The unit's elements of the global box `gbox` of `core`'s container.
  LocalBoxView(const core_type *core, const Block<N> &gbox) : local_(core), pattern_(&core->pattern) {
    const P &pat = core->pattern;
    auto lext = pat.local_extents(core->myid);
    for (std::size_t d = 0; d < N; ++d) {
      std::size_t lo = lext[d], hi = lext[d];
      for (std::size_t l = 0; l < lext[d]; ++l) {
        extents_type lc{};
        lc[d] = l;
        std::size_t g = pat.global(core->myid, lc)[d];
        if (g >= gbox.offsets[d] && g < gbox.offsets[d] + gbox.extents[d]) {
          lo = std::min(lo, l);
          hi = l + 1;
        }
      }
      box_.offsets[d] = lo == lext[d] ? 0 : lo;
      box_.extents[d] = lo == lext[d] ? 0 : hi - lo;
    }
  }
  LocalBoxView(const LocalView<T, N, P> &local, const P *pattern, const Block<N> &lbox)
      : local_(local), pattern_(pattern), box_(lbox) {}

  size_type size() const { return box_.size(); }
  size_type size(std::size_t d) const { return box_.extents[d]; }
  const extents_type &extents() const { return box_.extents; }
  size_type extent(std::size_t d) const { return box_.extents[d]; }
  template <dim_t D>
  size_type extent() const {
    return box_.extents[D];
  }
  /// Local coordinates of the first element.
  const extents_type &offsets() const { return box_.offsets; }
  size_type offset(std::size_t d) const { return box_.offsets[d]; }

  iterator begin() const { return iterator(this, 0); }
  iterator end() const { return iterator(this, static_cast<std::ptrdiff_t>(size())); }
  /// The i-th element, row-major in the box.
  reference operator[](size_type i) const {
    extents_type c{};
    for (std::size_t d = N; d-- > 0;) {
      c[d] = box_.offsets[d] + i % box_.extents[d];
      i /= box_.extents[d];
    }
    return local_.begin()[local_.index_of(c)];
  }

  /// The local coordinates [first, last) along D of this box.
  template <dim_t D>
  LocalBoxView sub(size_type first, size_type last) const {
    detail::check_sub(first, last, box_.extents[D]);
    Block<N> b = box_;
    b.offsets[D] += first;
    b.extents[D] = last - first;
    return LocalBoxView(local_, pattern_, b);
  }

  /// Local (row-major linear) indices in the unit's local extents.
  index_set_type index_set() const { return index_set_type(&pattern(), box_, local_.extents()); }
  const P &pattern() const { return *pattern_; }
  const LocalBoxView &local() const { return *this; }

 private:
  LocalView<T, N, P> local_;
  const P *pattern_;
  Block<N> box_{};
};

}  // namespace dash

#endif  // DASH_VIEW_VIEWMOD_H
