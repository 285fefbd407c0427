#ifndef DASH_VIEW_VIEWMOD_H
#define DASH_VIEW_VIEWMOD_H

// The views behind DASH's free functions (dash::sub, dash::local,
// dash::blocks, dash::intersect, ...). A view is an index set over a domain
// (a container or another view) and refers to its container: the
// container must outlive it. Views nest by value (sub(1, 3, sub(0, 10, a))
// holds the inner view), so temporaries compose. This header: what all
// views share (DomainHolder, the origin and index range of a range) and
// LocalBoxView, the unit's part of a box of an N-dimensional container;
// ViewMod1D.h: the views of one-dimensional containers.

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
    return IndexRange<>(0, static_cast<default_index_t>(range.size()));
  else
    return range.index_set();
}

inline void check_sub(std::size_t first, std::size_t last, std::size_t size) {
  if (first > last || last > size)
    throw std::out_of_range("dash::sub: [" + std::to_string(first) + ", " + std::to_string(last) +
                            ") not in [0, " + std::to_string(size) + ")");
}

}  // namespace detail

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
        if (g >= gbox.origin()[d] && g < gbox.origin()[d] + gbox.extents()[d]) {
          lo = std::min(lo, l);
          hi = l + 1;
        }
      }
      box_.offsets()[d] = lo == lext[d] ? 0 : lo;
      box_.extents()[d] = lo == lext[d] ? 0 : hi - lo;
    }
  }
  LocalBoxView(const LocalView<T, N, P> &local, const P *pattern, const Block<N> &lbox)
      : local_(local), pattern_(pattern), box_(lbox) {}

  size_type size() const { return box_.size(); }
  size_type size(std::size_t d) const { return box_.extents()[d]; }
  const extents_type &extents() const { return box_.extents(); }
  size_type extent(std::size_t d) const { return box_.extents()[d]; }
  template <dim_t D>
  size_type extent() const {
    return box_.extents()[D];
  }
  /// Local coordinates of the first element.
  const auto &offsets() const { return box_.offsets(); }
  index_type offset(std::size_t d) const { return box_.offsets()[d]; }

  iterator begin() const { return iterator(this, 0); }
  iterator end() const { return iterator(this, static_cast<std::ptrdiff_t>(size())); }
  /// The i-th element, row-major in the box.
  reference operator[](size_type i) const {
    extents_type c{};
    for (std::size_t d = N; d-- > 0;) {
      c[d] = box_.offsets()[d] + i % box_.extents()[d];
      i /= box_.extents()[d];
    }
    return local_.begin()[local_.index_of(c)];
  }

  /// The local coordinates [first, last) along D of this box.
  template <dim_t D>
  LocalBoxView sub(size_type first, size_type last) const {
    detail::check_sub(first, last, box_.extents()[D]);
    Block<N> b = box_;
    b.offsets()[D] += first;
    b.extents()[D] = last - first;
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

// The one-dimensional views (ViewSubMod, ViewLocalMod, LocalOrigin).
#include <dash/view/ViewMod1D.h>

#endif  // DASH_VIEW_VIEWMOD_H
