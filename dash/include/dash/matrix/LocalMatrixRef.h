#ifndef DASH_MATRIX_LOCALMATRIXREF_H
#define DASH_MATRIX_LOCALMATRIXREF_H

// LocalMatrixRef<T, N, CUR, P, M>: the calling unit's part of an
// N-dimensional container (m.local, arr.local), or a part of it with
// N - CUR coordinates fixed (m.local[i], m.local.row(i)), in local
// coordinates as the pattern lays them out.
//
// The whole local part (CUR == N, as m.local) is plain memory: begin()/end()
// are raw pointers in local-index order (tile patterns: tile by tile), so
// any STL algorithm runs on it at the speed of malloc'd memory. A ref with
// fixed coordinates (CUR < N) iterates, as DASH's, with global iterators
// over its elements (it must then be a box in global coordinates too:
// local rows and columns of the unit's block are), so dash::copy and
// dash::local_range take it; lbegin()/lend() are its raw memory.
//
// Like std::span it does not own memory and does not propagate const
// (but LocalMatrixRef<const T, ...> gives const access). Element access is
// unchecked except at(); the memory is found once, when the container is
// made, never per access.

#include <array>
#include <cstddef>
#include <iterator>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <dash/internal/ArrayCore.h>
#include <dash/iterator/internal/ContiguousRange.h>
#include <dash/GlobPtr.h>
#include <dash/Init.h>
#include <dash/matrix/MatrixRef.h>
#include <dash/pattern/BlockPattern.h>
#include <dash/Types.h>

namespace dash {

template <typename T, dim_t NumDimensions, dim_t CUR = NumDimensions, class PatternT = Pattern<NumDimensions>,
          typename LocalMemT = HostSpace>
class LocalMatrixRef {
  static_assert(NumDimensions >= 1 && CUR >= 1 && CUR <= NumDimensions,
                "dash::LocalMatrixRef: 1 <= CUR <= NumDimensions");
  static constexpr std::size_t N = static_cast<std::size_t>(NumDimensions);
  template <typename, dim_t, dim_t, class, typename>
  friend class LocalMatrixRef;

 public:
  using value_type = std::remove_const_t<T>;
  using element_type = T;
  using pattern_type = PatternT;
  using size_type = std::size_t;
  using index_type = typename PatternT::index_type;
  using difference_type = std::ptrdiff_t;
  using reference = T &;
  using const_reference = const T &;
  using pointer = T *;
  using const_pointer = const T *;
  using local_pointer = T *;
  using const_local_pointer = const T *;
  /// The whole local part: raw pointers; a part with fixed coordinates:
  /// global iterators (see above).
  using iterator = std::conditional_t<CUR == NumDimensions, T *, GlobPtr<T, N, PatternT>>;
  using const_iterator = std::conditional_t<CUR == NumDimensions, const T *, GlobPtr<const T, N, PatternT>>;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using extents_type = std::array<size_type, N>;
  using offsets_type = std::array<index_type, N>;
  using local_type = LocalMatrixRef<T, NumDimensions, NumDimensions, PatternT, LocalMemT>;
  using view_type = MatrixRef<T, NumDimensions, NumDimensions, PatternT, LocalMemT>;
  using core_type = detail::ArrayCore<value_type, N, PatternT>;
  using rank = std::integral_constant<dim_t, CUR>;

  static constexpr dim_t ndim() { return CUR; }

  LocalMatrixRef() = default;
  /// The calling unit's part of the container `core`.
  explicit LocalMatrixRef(const core_type *core) : core_(core), data_(core->mem.local()) {
    const PatternT &pattern = core->pattern;
    lextents_ = pattern.local_extents(core->myid);
    lsize_ = 1;
    for (std::size_t k = N; k-- > 0;) {  // untiled Pattern<N, A>: linear in A
      std::size_t d = detail::dim_by_order<PatternT::memory_order(), N>(k);
      strides_[d] = lsize_;
      lsize_ *= lextents_[d];
    }
    if (lsize_ == 0) data_ = nullptr;
    box_.offsets().fill(0);
    box_.extents() = lextents_;
  }
  /// Read-only view of a ref to mutable elements.
  template <typename U, typename = std::enable_if_t<std::is_same_v<T, const U>>>
  LocalMatrixRef(const LocalMatrixRef<U, NumDimensions, CUR, PatternT, LocalMemT> &other)
      : core_(other.core_),
        data_(other.data_),
        lsize_(other.lsize_),
        lextents_(other.lextents_),
        strides_(other.strides_),
        box_(other.box_),
        fixed_(other.fixed_) {}

  // ---- size and shape (local coordinates) ----

  /// Elements of the ref along each of the N dimensions (1 where fixed).
  const extents_type &extents() const { return box_.extents(); }
  size_type extent(dim_t d) const { return box_.extents()[static_cast<std::size_t>(d)]; }
  /// Local coordinates of the ref's first element (as DASH's: signed).
  offsets_type offsets() const;
  index_type offset(dim_t d) const;
  size_type size() const { return box_.size(); }
  bool empty() const { return size() == 0; }
  /// The ref's box in local coordinates.
  const ViewSpec<N> &viewspec() const { return box_; }
  const PatternT &pattern() const { return core_->pattern; }

  // ---- memory ----

  /// The ref's elements as raw memory: the whole local part, or a part
  /// that is contiguous in local memory (throws std::logic_error if not,
  /// e.g. a local column of a row-major pattern).
  T *lbegin() const;
  T *lend() const;
  T *data() const { return lbegin(); }
  /// CUR == N: raw pointers (lbegin/lend); CUR < N: global iterators over
  /// the ref's elements.
  iterator begin() const;
  iterator end() const;

  // ---- element access ----

  /// N == 1: the local element `i`. N > 1 (as DASH): local[i] fixes the
  /// next free coordinate; the last subscript gives the element. Unchecked
  /// (liveness only if DASH_CHECK_LIVENESS).
  decltype(auto) operator[](size_type i) const {
    if constexpr (DASH_CHECK_LIVENESS) check_live();
    if constexpr (NumDimensions == 1) {
      return (data_[box_.offsets()[0] + i]);
    } else if constexpr (CUR == 1) {
      extents_type c = box_.origin();
      c[free_dim(0)] += i;
      return (data_[index_of(c)]);
    } else {
      return fix(free_dim(0), i);
    }
  }
  /// Element at coordinates along the free dimensions, relative to the
  /// ref (unchecked): local(i, j), local[i](j).
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == static_cast<std::size_t>(CUR)>>
  T &operator()(Is... coords) const {
    if constexpr (DASH_CHECK_LIVENESS) check_live();
    return data_[index_of(absolute({static_cast<size_type>(coords)...}))];
  }
  /// As operator(); throws std::out_of_range outside the ref.
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == static_cast<std::size_t>(CUR)>>
  T &at(Is... coords) const {
    check_live();
    std::array<size_type, static_cast<std::size_t>(CUR)> rel{static_cast<size_type>(coords)...};
    for (std::size_t k = 0; k < rel.size(); ++k)
      if (rel[k] >= box_.extents()[free_dim(k)])
        throw std::out_of_range("dash::LocalMatrixRef::at: coordinate " + std::to_string(rel[k]) +
                                " not in [0, " + std::to_string(box_.extents()[free_dim(k)]) + ")");
    return data_[index_of(absolute(rel))];
  }
  /// CUR == N: element `i` in local storage order; throws
  /// std::out_of_range unless i < size().
  template <dim_t C = CUR, typename = std::enable_if_t<C == NumDimensions && (NumDimensions > 1)>>
  T &at(size_type i) const {
    check_live();
    if (i >= lsize_)
      throw std::out_of_range("dash::LocalMatrixRef::at: local index " + std::to_string(i) + " not in [0, " +
                              std::to_string(lsize_) + ")");
    return data_[i];
  }

  // ---- sub-refs (coordinates relative to the ref) ----

  /// Dimension D fixed at `n`.
  template <dim_t D>
  LocalMatrixRef<T, NumDimensions, NumDimensions - 1, PatternT, LocalMemT> sub(size_type n) const;
  /// Local row `n` (dimension 0) / column `n` (dimension 1).
  LocalMatrixRef<T, NumDimensions, NumDimensions - 1, PatternT, LocalMemT> row(size_type n) const;
  LocalMatrixRef<T, NumDimensions, NumDimensions - 1, PatternT, LocalMemT> col(size_type n) const;
  /// Along dimension D the `range` coordinates from `n`.
  template <dim_t D>
  LocalMatrixRef sub(size_type n, size_type range) const;
  LocalMatrixRef rows(size_type n, size_type range) const { return sub<0>(n, range); }
  LocalMatrixRef cols(size_type n, size_type range) const { return sub<1>(n, range); }

  /// The calling unit's block `lblock` (its local block grid, in the
  /// pattern's storage order) as a global view; throws std::out_of_range
  /// unless lblock < the unit's number of blocks.
  view_type block(size_type lblock) const;

  /// DASH: element `pos` of the calling unit's whole local part (in local
  /// storage order, whatever the ref's box); throws std::out_of_range
  /// unless pos < local_size().
  T &local_at(size_type pos) const {
    if (pos >= lsize_)
      throw std::out_of_range("dash::LocalMatrixRef::local_at: local index " + std::to_string(pos) +
                              " not in [0, " + std::to_string(lsize_) + ")");
    return data_[pos];
  }
  /// DASH: the number of elements in the calling unit's whole local part.
  size_type local_size() const { return lsize_; }
  /// DASH: the local capacity of the container (elements every unit
  /// reserves: the largest local part).
  size_type local_capacity() const { return core_->pattern.local_capacity(); }
  /// The container's team.
  const Team &team() const { return core_->mem.team(); }

  /// True: a local ref's elements are local (`n` < size()).
  bool is_local(index_type n) const { return n >= 0 && static_cast<size_type>(n) < size(); }

  // ---- index conversions (the whole local part) ----

  /// Local index (offset in local memory) of local coordinates.
  size_type index_of(const extents_type &lcoords) const;
  /// Global coordinates of local coordinates.
  std::array<size_type, N> global_coords(const extents_type &lcoords) const;
  /// Linear global index of local index `i`.
  size_type global_index(size_type i) const { return core_->pattern.global_of_local(core_->myid, i); }

 private:
  // The local memory is released by dash::finalize: dash::NotInitialized
  // after it (a ref of no container, as an empty array's, has none).
  void check_live() const {
    if (core_) detail::check_alive(core_->mem.epoch(), "dash::Array::local");
  }
  bool whole() const;
  // The k-th dimension that is not fixed.
  std::size_t free_dim(std::size_t k) const;
  extents_type absolute(const std::array<size_type, static_cast<std::size_t>(CUR)> &rel) const;
  void check_inside(const char *what, std::size_t d, size_type n, size_type range) const;
  template <dim_t C = CUR>
  LocalMatrixRef<T, NumDimensions, C - 1, PatternT, LocalMemT> fix(std::size_t d, size_type n) const {
    {
      check_inside("sub", d, n, 1);
      LocalMatrixRef<T, NumDimensions, CUR - 1, PatternT, LocalMemT> r;
      r.core_ = core_;
      r.data_ = data_;
      r.lsize_ = lsize_;
      r.lextents_ = lextents_;
      r.strides_ = strides_;
      r.box_ = box_;
      r.box_.offsets()[d] += n;
      r.box_.extents()[d] = 1;
      r.fixed_ = fixed_;
      r.fixed_[d] = true;
      return r;
    }
  }
  T *contiguous_first(const char *what) const;
  // The ref's box in global coordinates; throws std::logic_error unless
  // its elements form one there.
  Block<N> global_box() const;

  const core_type *core_ = nullptr;
  T *data_ = nullptr;
  size_type lsize_ = 0;
  extents_type lextents_{};
  extents_type strides_{};
  Block<N> box_{};
  std::array<bool, N> fixed_{};
};

/// A contiguous part of the calling unit's memory of a container (dash::local
/// of a 1-D view, dash::sub of a local range): raw pointers, and the local
/// index of its first element.
template <typename T>
class LocalSpan {
 public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T *;

  LocalSpan() = default;
  LocalSpan(T *first, T *last, size_type first_index = 0)
      : first_(first), last_(last), first_index_(first_index) {}
  T *begin() const { return first_; }
  T *end() const { return last_; }
  T *lbegin() const { return first_; }
  T *lend() const { return last_; }
  size_type size() const { return static_cast<size_type>(last_ - first_); }
  bool empty() const { return first_ == last_; }
  T &operator[](size_type i) const { return first_[i]; }
  /// Local index (in the container's local memory) of begin().
  size_type first_index() const { return first_index_; }

 private:
  T *first_ = nullptr;
  T *last_ = nullptr;
  size_type first_index_ = 0;
};

/// The calling unit's part of a container with N dimensions (our earlier
/// name).
template <typename T, std::size_t N, typename P = Pattern<N>>
using LocalView = LocalMatrixRef<T, static_cast<dim_t>(N), static_cast<dim_t>(N), P, HostSpace>;

}  // namespace dash

#include <dash/matrix/internal/LocalMatrixRef-inl.h>

#endif  // DASH_MATRIX_LOCALMATRIXREF_H
