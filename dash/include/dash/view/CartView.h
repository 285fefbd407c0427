#ifndef DASH_VIEW_CARTVIEW_H
#define DASH_VIEW_CARTVIEW_H

// View<T, N, P>: a rectangular block of a container over a pattern of
// type P given in global coordinates (matrix.sub(offsets, extents),
// matrix.rows(first, n)). Its iterators walk the block in the pattern's
// memory_order() (row-major for ROW_MAJOR patterns; see GlobPtr.h); dash::copy and every algorithm take
// them like those of a whole container. A view does not own anything: the
// container must outlive it. Views narrow as in DASH:
// m.rows(7, 4).cols(1, 6), v.sub<1>(first, n), v.row(i), v.col(j).

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <dash/internal/ArrayCore.h>
#include <dash/GlobPtr.h>
#include <dash/Init.h>
#include <dash/Types.h>
#include <dash/view/ViewTraits.h>

namespace dash {

template <typename T, std::size_t N, typename P = Pattern<N>>
class View : public detail::ViewBase {
 public:
  using value_type = std::remove_const_t<T>;
  using size_type = std::size_t;
  using iterator = GlobPtr<T, N, P>;
  using reference = GlobRef<T>;
  using extents_type = std::array<size_type, N>;
  using pattern_type = P;
  using core_type = detail::ArrayCore<value_type, N, P>;
  using index_type = default_index_t;
  using rank = std::integral_constant<dim_t, static_cast<dim_t>(N)>;
  static constexpr bool view_is_local = false;
  static constexpr dim_t view_rank = static_cast<dim_t>(N);
  static constexpr dim_t ndim() { return static_cast<dim_t>(N); }

  View(const core_type *core, const Block<N> &block) : core_(core), block_(block) {}

  iterator begin() const { return iterator(core_, block_, 0); }
  iterator end() const { return iterator(core_, block_, static_cast<std::ptrdiff_t>(block_.size())); }
  size_type size() const { return block_.size(); }
  /// Global coordinates of the first element.
  const auto &offsets() const { return block_.offsets(); }
  const extents_type &extents() const { return block_.extents(); }
  size_type extent(std::size_t d) const { return block_.extents()[d]; }
  template <dim_t D>
  size_type extent() const {
    static_assert(D >= 0 && static_cast<std::size_t>(D) < N, "dash::View::extent: no such dimension");
    return block_.extents()[D];
  }
  size_type offset(std::size_t d) const { return block_.offsets()[d]; }
  /// The extent along dimension d (DASH's size(d)).
  size_type size(std::size_t d) const { return block_.extents()[d]; }
  const P &pattern() const { return core_->pattern; }
  const core_type *core() const { return core_; }
  /// The i-th element in the view's order.
  reference operator[](size_type i) const { return *(begin() + static_cast<std::ptrdiff_t>(i)); }
  const Block<N> &block() const { return block_; }

  /// Element at coordinates relative to the view (unchecked).
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == N>>
  reference operator()(Is... coords) const {
    detail::check_alive_access(core_->mem.epoch(), "dash::View");
    extents_type c{static_cast<size_type>(coords)...};
    for (std::size_t d = 0; d < N; ++d) c[d] += block_.offsets()[d];
    return core_->template ref<T>(c);
  }

  /// Along dimension D the `n` indices from `first` (relative to this
  /// view), all of the others; throws std::out_of_range unless inside.
  template <dim_t D>
  View sub(size_type first, size_type n) const {
    static_assert(D >= 0 && static_cast<std::size_t>(D) < N, "dash::View::sub: no such dimension");
    extents_type offsets{}, extents = block_.extents();
    offsets[D] = first;
    extents[D] = n;
    return sub(offsets, extents);
  }
  View rows(size_type first, size_type n) const { return sub<0>(first, n); }
  View cols(size_type first, size_type n) const { return sub<1>(first, n); }
  View row(size_type i) const { return sub<0>(i, 1); }
  View col(size_type j) const { return sub<1>(j, 1); }

  /// The block at `offsets` (relative to this view) with `extents`; throws
  /// std::out_of_range unless it lies inside this view.
  View sub(const extents_type &offsets, const extents_type &extents) const {
    Block<N> inner;
    for (std::size_t d = 0; d < N; ++d) {
      if (offsets[d] > block_.extents()[d] || extents[d] > block_.extents()[d] - offsets[d])
        throw std::out_of_range("dash::View::sub: dimension " + std::to_string(d) + ": [" +
                                std::to_string(offsets[d]) + ", " + std::to_string(offsets[d] + extents[d]) +
                                ") not in [0, " + std::to_string(block_.extents()[d]) + ")");
      inner.offsets()[d] = block_.offsets()[d] + offsets[d];
      inner.extents()[d] = extents[d];
    }
    return View(core_, inner);
  }

 private:
  const core_type *core_;
  Block<N> block_;
};

}  // namespace dash

#endif  // DASH_VIEW_CARTVIEW_H
