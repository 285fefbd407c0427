#ifndef DASH_MATRIX_MATRIXREF_H
#define DASH_MATRIX_MATRIXREF_H

// MatrixRef<T, N, CUR, P, M>: a view of an N-dimensional container in
// global coordinates with CUR free dimensions (as DASH's): m[i] and
// m.row(i) fix one coordinate (CUR = N - 1), m.rows(first, n),
// m.sub<D>(first, n) and m.block(b) narrow a dimension (CUR = N); the last
// subscript of m[i][j]... gives the element's GlobRef. Extents, offsets
// and the viewspec are over all N dimensions (1 where fixed).
//
// Its iterators walk the view's box in the pattern's memory_order() (see
// GlobPtr.h; a view of the whole container in the pattern's global
// order); dash::copy and every algorithm take them. A view does not own
// anything: the container must outlive it. Coordinates passed to a view
// are relative to it; views that reach outside throw std::out_of_range.

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <dash/internal/ArrayCore.h>
#include <dash/iterator/internal/ContiguousRange.h>
#include <dash/GlobPtr.h>
#include <dash/GlobRef.h>
#include <dash/Init.h>
#include <dash/matrix/MatrixRefView.h>
#include <dash/pattern/BlockPattern.h>
#include <dash/Team.h>
#include <dash/Types.h>
#include <dash/view/CartView.h>

namespace dash {

template <typename T, dim_t NumDimensions, dim_t CUR, class PatternT, typename LocalMemT>
class LocalMatrixRef;

template <typename T, dim_t NumDimensions, dim_t CUR = NumDimensions, class PatternT = Pattern<NumDimensions>,
          typename LocalMemT = HostSpace>
class MatrixRef {
  static_assert(NumDimensions >= 1 && CUR >= 1 && CUR <= NumDimensions,
                "dash::MatrixRef: 1 <= CUR <= NumDimensions");
  static constexpr std::size_t N = static_cast<std::size_t>(NumDimensions);
  template <typename, dim_t, dim_t, class, typename>
  friend class MatrixRef;

 public:
  using value_type = std::remove_const_t<T>;
  using pattern_type = PatternT;
  using index_type = typename PatternT::index_type;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using iterator = GlobPtr<T, N, PatternT>;
  using const_iterator = GlobPtr<const T, N, PatternT>;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using reference = GlobRef<T>;
  using const_reference = GlobRef<const T>;
  using pointer = iterator;
  using const_pointer = const_iterator;
  using local_type = LocalMatrixRef<T, NumDimensions, NumDimensions, PatternT, LocalMemT>;
  using const_local_type = LocalMatrixRef<const T, NumDimensions, NumDimensions, PatternT, LocalMemT>;
  using local_reference_type = local_type;
  using const_local_reference_type = const_local_type;
  using extents_type = std::array<size_type, N>;
  using offsets_type = std::array<index_type, N>;
  using view_type = MatrixRefView<T, NumDimensions, PatternT, LocalMemT>;
  using core_type = detail::ArrayCore<value_type, N, PatternT>;
  using rank = std::integral_constant<dim_t, CUR>;

  static constexpr dim_t ndim() { return CUR; }

  MatrixRef() = default;
  /// The box `viewspec` (global coordinates) of the container `core`.
  MatrixRef(const core_type *core, const Block<N> &viewspec) : ref_(core, viewspec) {}
  explicit MatrixRef(const view_type &refview) : ref_(refview) {}
  /// Read-only view of a view of mutable elements.
  template <typename U, typename = std::enable_if_t<std::is_same_v<T, const U>>>
  MatrixRef(const MatrixRef<U, NumDimensions, CUR, PatternT, LocalMemT> &other)
      : ref_(other.ref_.core(), other.ref_.viewspec()) {
    for (std::size_t d = 0; d < N; ++d)
      if (other.ref_.is_fixed(d)) ref_.fix(d, other.ref_.viewspec().offsets()[d]);
  }

  // ---- shape ----

  const Team &team() const { return core().mem.team(); }
  size_type size() const { return ref_.viewspec().size(); }
  bool empty() const { return size() == 0; }
  size_type extent(dim_t d) const { return ref_.viewspec().extents()[static_cast<std::size_t>(d)]; }
  const extents_type &extents() const { return ref_.viewspec().extents(); }
  /// Global coordinates of the first element (as DASH's: signed).
  index_type offset(dim_t d) const;
  offsets_type offsets() const;
  /// The view's box in global coordinates (DASH's ViewSpec).
  const ViewSpec<N> &viewspec() const { return ref_.viewspec(); }
  const PatternT &pattern() const { return core().pattern; }
  void barrier() const { team().barrier(); }

  /// The calling unit's elements in the view / the most it could hold.
  size_type local_size() const;
  size_type local_capacity() const { return core().pattern.local_capacity(); }

  // ---- iteration ----

  iterator begin() const { return iterator(&live_core(), ref_.viewspec(), 0); }
  iterator end() const { return begin() + static_cast<difference_type>(size()); }
  const_iterator cbegin() const { return begin(); }
  const_iterator cend() const { return end(); }
  pointer data() const { return begin(); }

  /// The calling unit's elements of the view as raw memory, if they are
  /// contiguous there (a local block, a local row of a row-major
  /// pattern); an empty range if it has none. Throws std::logic_error if
  /// they are in several pieces.
  T *lbegin() const { return local_piece("lbegin").first; }
  T *lend() const;
  /// The calling unit's part of the container.
  local_type sub_local() const { return local_type(&live_core()); }

  // ---- element access (coordinates relative to the view) ----

  /// Fixes the next free coordinate at `n`; the last subscript gives the
  /// element. Throws std::out_of_range outside the view (the last
  /// subscript only if DASH_CHECK_BOUNDS).
  decltype(auto) operator[](size_type n) const {
    if constexpr (CUR == 1) {
      if constexpr (DASH_CHECK_BOUNDS) check_inside("operator[]", ref_.free_dim(0), n, 1);
      extents_type c = ref_.viewspec().origin();
      c[ref_.free_dim(0)] += n;
      return access_core().template ref<T>(c);
    } else {
      return fix(ref_.free_dim(0), n);
    }
  }
  /// Element at coordinates along the free dimensions (unchecked, unless
  /// DASH_CHECK_BOUNDS).
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == static_cast<std::size_t>(CUR)>>
  reference operator()(Is... coords) const {
    std::array<size_type, static_cast<std::size_t>(CUR)> rel{static_cast<size_type>(coords)...};
    if constexpr (DASH_CHECK_BOUNDS)
      for (std::size_t k = 0; k < rel.size(); ++k) check_inside("operator()", ref_.free_dim(k), rel[k], 1);
    return access_core().template ref<T>(absolute(rel));
  }
  /// As operator(); throws std::out_of_range outside the view.
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == static_cast<std::size_t>(CUR)>>
  reference at(Is... coords) const {
    std::array<size_type, static_cast<std::size_t>(CUR)> rel{static_cast<size_type>(coords)...};
    for (std::size_t k = 0; k < rel.size(); ++k) check_inside("at", ref_.free_dim(k), rel[k], 1);
    return live_core().template ref<T>(absolute(rel));
  }
  /// Element at coordinates over all N dimensions, relative to the view;
  /// throws std::out_of_range outside it.
  reference at(const std::array<index_type, N> &coords) const;

  // ---- sub-views ----

  /// Dimension D fixed at `n`.
  template <dim_t D>
  MatrixRef<T, NumDimensions, NumDimensions - 1, PatternT, LocalMemT> sub(size_type n) const;
  MatrixRef<T, NumDimensions, NumDimensions - 1, PatternT, LocalMemT> row(size_type n) const;
  MatrixRef<T, NumDimensions, NumDimensions - 1, PatternT, LocalMemT> col(size_type n) const;
  /// Along dimension D the `range` coordinates from `n`.
  template <dim_t D>
  MatrixRef sub(size_type n, size_type range) const;
  MatrixRef rows(size_type n, size_type range) const { return sub<0>(n, range); }
  MatrixRef cols(size_type n, size_type range) const { return sub<1>(n, range); }
  /// The box at `offsets` (relative to the view) with `extents`.
  MatrixRef sub(const extents_type &offsets, const extents_type &extents) const;

  /// True if the element at position `n` of the view is the calling
  /// unit's.
  bool is_local(index_type n) const { return (begin() + n).is_local(); }
  /// True if the slice at coordinate `n` of dimension D (relative to the
  /// view) holds elements of the calling unit.
  template <dim_t D>
  bool is_local(index_type n) const;

  const view_type &refview() const { return ref_; }
  /// As a View of its box (the views of dash::sub, dash::local).
  operator View<T, N, PatternT>() const { return View<T, N, PatternT>(ref_.core(), ref_.viewspec()); }

 private:
  const core_type &core() const;
  const core_type &live_core() const;
  const core_type &access_core() const;
  extents_type absolute(const std::array<size_type, static_cast<std::size_t>(CUR)> &rel) const;
  void check_inside(const char *what, std::size_t d, size_type n, size_type range) const;
  template <dim_t C = CUR>
  MatrixRef<T, NumDimensions, C - 1, PatternT, LocalMemT> fix(std::size_t d, size_type n) const {
    check_inside("sub", d, n, 1);
    MatrixRef<T, NumDimensions, C - 1, PatternT, LocalMemT> r;
    r.ref_ = ref_;
    r.ref_.fix(d, ref_.viewspec().offsets()[d] + n);
    return r;
  }
  template <typename F>
  void for_each_local(F &&f) const;
  // The calling unit's elements of the view as one range of local memory
  // (pieces that continue each other in local memory).
  std::pair<T *, size_type> local_piece(const char *what) const;

  view_type ref_;
};

}  // namespace dash

#include <dash/matrix/internal/MatrixRef-inl.h>

#endif  // DASH_MATRIX_MATRIXREF_H
