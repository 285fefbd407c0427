#ifndef DASH_MATRIX_H
#define DASH_MATRIX_H

// NArray<T, N, Index, PatternType>: an N-dimensional distributed array of
// trivially copyable T over a team, laid out by a pattern of PatternType
// (default Pattern<N>: BLOCKED in the first dimension, NONE in the others;
// also Pattern<N, COL_MAJOR>, TilePattern, ShiftTilePattern,
// SeqTilePattern: any type of the pattern concept in internal/ArrayCore.h).
// dash::Array<T> is NArray<T, 1> and dash::Matrix<T> is NArray<T, 2>, as
// in DASH with the index type and the pattern type as further parameters
// (the index type is accepted; indices are index_type):
//
//   using pattern_t = dash::SeqTilePattern<2>;
//   dash::Matrix<double, 2, dash::default_index_t, pattern_t> a(
//       pattern_t(n, n, dash::TILE(b), dash::TILE(b), teamspec));
//
//   dash::Array<int> arr(100);                   // on Team::All()
//   dash::fill(arr.begin(), arr.end(), 0);       // collective algorithm
//   std::fill(arr.local.begin(), arr.local.end(), dash::myid());
//   arr[42] = 7;                                 // global reference
//   dash::Matrix<double> m({100, 200}, dash::DistributionSpec<2>(dash::NONE, dash::BLOCKED));
//   double x = m(3, 4);
//
// Global view: begin()/end() (GlobPtr: begin()[i] is the element with the
// pattern's global index i), arr[i] (global index), m(i, j) and m[i][j]
// (coordinates) give GlobRefs; m[i], m.row(i), m.sub<D>(...), m.block(b)
// are MatrixRefs (matrix/MatrixRef.h), iterating as GlobPtr.h says. Local
// view: arr.local (LocalMatrixRef, matrix/LocalMatrixRef.h),
// arr.lbegin()/lend() (raw pointers, local-index order; m.local(i, j) and
// m.local[i][j] by local coordinates). Asynchronous writes:
// arr.async[i] = v ... arr.flush().
//
// Construction and destruction are collective over the team (one symmetric
// allocation of the pattern's maximum local size per unit; zero elements
// are allowed). An array made
// empty (before dash::init, say) gets its memory later from allocate(),
// which takes the arguments of any constructor (DASH's delayed allocation):
//
//   dash::Array<int> arr;                        // no memory, no runtime needed
//   arr.allocate(100, dash::CYCLIC);             // collective
//
// Move-only:
// copying a distributed array would be a hidden collective allocation (use
// dash::copy). An array may outlive dash::finalize (as in DASH): finalize
// releases its memory, and destroying it afterwards does nothing.

#include <array>
#include <iomanip>  // DASH's Matrix.h provides it; its examples rely on that
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <dash/internal/ArrayCore.h>
#include <dash/GlobPtr.h>
#include <dash/GlobRef.h>
#include <dash/Init.h>
#include <dash/matrix/LocalMatrixRef.h>
#include <dash/matrix/MatrixRef.h>
#include <dash/matrix/MatrixRefView.h>
#include <dash/Pattern.h>
#include <dash/Dimensional.h>
#include <dash/Team.h>
#include <dash/Types.h>
#include <dash/view/CartView.h>

namespace dash {

class HostSpace;
template <typename T, typename IndexType, class PatternType, typename LocalMemSpaceT>
class AsyncArrayRef;  // Array.h (included at the end)

namespace detail {

// The class behind dash::Matrix / dash::NArray and dash::Array (below),
// which add DASH's index and memory space parameters: everything they
// share. Algorithms that take any container take this (a Matrix or Array
// converts to it).
template <typename T, std::size_t N, typename P = Pattern<N>>
class NArray {
  static_assert(std::is_trivially_copyable_v<T>, "dash::NArray: the element type must be trivially copyable");
  static_assert(P::ndim() == N, "dash::NArray: the pattern type has another number of dimensions");
  using core_type = detail::ArrayCore<T, N, P>;
  static constexpr dim_t D = static_cast<dim_t>(N);

  template <typename... Args>
  static constexpr bool is_pattern_args() {
    if constexpr (N == 1 || sizeof...(Args) <= N) {
      return false;
    } else {
      return std::is_constructible_v<P, Args...>;
    }
  }

 public:
  using value_type = T;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using index_type = default_index_t;
  using iterator = GlobPtr<T, N, P>;
  using const_iterator = GlobPtr<const T, N, P>;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using reference = GlobRef<T>;
  using const_reference = GlobRef<const T>;
  using pointer = iterator;
  using const_pointer = const_iterator;
  using local_pointer = T *;
  using const_local_pointer = const T *;
  using extents_type = std::array<size_type, N>;
  using offsets_type = std::array<index_type, N>;
  using distribution_spec = DistributionSpec<N>;
  using size_spec = SizeSpec<N>;
  using team_spec = TeamSpec<N>;
  using pattern_type = P;
  using memory_type = detail::GlobalMemory<T>;
  /// Views of the matrix with CUR free dimensions (DASH's names).
  template <dim_t CUR = D>
  using view_type = MatrixRef<T, D, CUR, P, HostSpace>;
  template <dim_t CUR = D>
  using const_view_type = MatrixRef<const T, D, CUR, P, HostSpace>;
  using local_type = LocalMatrixRef<T, D, D, P, HostSpace>;
  using const_local_type = LocalMatrixRef<const T, D, D, P, HostSpace>;
  using local_reference_type = local_type;
  using const_local_reference_type = const_local_type;
  using rank = std::integral_constant<dim_t, D>;
  using async_type = AsyncArrayRef<T, default_index_t, P, HostSpace>;

  static constexpr dim_t ndim() { return D; }

  /// An empty array without memory; allocate() or assign a real one to use
  /// it.
  NArray() = default;

  /// extents... elements (N of them) on Team::All(), default distribution.
  template <typename... Sizes,
            typename = std::enable_if_t<sizeof...(Sizes) == N && (std::is_integral_v<Sizes> && ...)>>
  explicit NArray(Sizes... extents) : NArray(extents_type{static_cast<size_type>(extents)...}, Team::All()) {}

  /// DASH's variadic constructor: the N extents, then distributions, a
  /// TeamSpec and a Team as P's variadic constructor takes them
  /// (pattern/internal/PatternArguments.h): Matrix<int, 2>(rows, cols,
  /// BLOCKED, BLOCKCYCLIC(3)), NArray(n, m, TILE(4), TILE(4), teamspec)
  /// for any pattern type constructible from them. Lives on the Team
  /// given, else Team::All().
  template <typename... Args, typename = std::enable_if_t<is_pattern_args<size_type, Args...>()>>
  NArray(size_type extent0, const Args &...args)
      : NArray(P(extent0, args...), detail::PatternArguments<N>::team_of(args...)) {}

  /// Default distribution on `team` (BLOCKED in the first dimension).
  explicit NArray(const extents_type &extents, const Team &team = Team::All())
      : NArray(extents, DistributionSpec<N>(), team) {}

  /// Distribution `dist`, all units along its first distributed dimension.
  NArray(const extents_type &extents, const DistributionSpec<N> &dist, const Team &team = Team::All())
      : NArray(extents, dist, team, TeamSpec<N>(dist, team.size())) {}

  /// Distribution `dist` over the units of `team` arranged as `teamspec`
  /// (DASH's order of arguments). Throws what P's constructor throws.
  NArray(const extents_type &extents, const DistributionSpec<N> &dist, const Team &team,
         const TeamSpec<N> &teamspec)
      : NArray(P(extents, dist, teamspec, team), team) {}
  /// The same, the order of DASH's allocate().
  NArray(const extents_type &extents, const DistributionSpec<N> &dist, const TeamSpec<N> &teamspec,
         const Team &team = Team::All())
      : NArray(extents, dist, team, teamspec) {}

  /// Any pattern; throws std::invalid_argument unless it is for team.size()
  /// units.
  explicit NArray(const P &pattern, const Team &team) : core_(make_core(pattern, team)) {
    local = local_type(core_.get());
    async = async_type(core_.get());
  }
  /// Any pattern, on its team.
  explicit NArray(const P &pattern) : NArray(pattern, pattern.team()) {}

  /// 1-D: n elements on `team`.
  template <std::size_t M = N, typename = std::enable_if_t<M == 1>>
  NArray(size_type n, const Team &team) : NArray(extents_type{n}, team) {}
  /// 1-D: n elements distributed by `dist` on `team`.
  template <std::size_t M = N, typename = std::enable_if_t<M == 1>>
  NArray(size_type n, const Distribution &dist, const Team &team = Team::All())
      : NArray(extents_type{n}, DistributionSpec<1>(dist), team) {}
  /// 1-D: n elements distributed by `dist` on `team` (DASH's form).
  template <std::size_t M = N, typename = std::enable_if_t<M == 1>>
  NArray(size_type n, const DistributionSpec<1> &dist, const Team &team = Team::All())
      : NArray(extents_type{n}, dist, team) {}

  NArray(NArray &&other) noexcept { *this = std::move(other); }
  NArray &operator=(NArray &&other) noexcept {
    if (this != &other) {
      core_ = std::move(other.core_);
      local = std::exchange(other.local, local_type());
      async = std::exchange(other.async, async_type());
    }
    return *this;
  }
  NArray(const NArray &) = delete;
  NArray &operator=(const NArray &) = delete;

  /// Gives an array its memory after the fact: the same as assigning
  /// NArray(args...), so it takes the arguments of any constructor and
  /// first releases memory the array had. Collective. Returns true (as
  /// DASH's allocate).
  template <typename... Args>
  bool allocate(Args &&...args);
  /// Releases the memory (collective); the array is empty again.
  void deallocate() { *this = NArray(); }
  /// True once the array has memory (constructed with a size or allocated).
  bool is_allocated() const { return core_ != nullptr; }

  // ---- size and distribution ----

  /// Elements (0 for an array without memory).
  size_type size() const { return core_ ? core_->pattern.size() : 0; }
  size_type capacity() const { return size(); }
  bool empty() const { return size() == 0; }
  const extents_type &extents() const { return core().pattern.extents(); }
  size_type extent(dim_t d) const { return core().pattern.extent(static_cast<std::size_t>(d)); }
  /// Global coordinates of the first element: 0 (a view has others).
  offsets_type offsets() const { return offsets_type{}; }
  index_type offset(dim_t) const { return 0; }
  const P &pattern() const { return core().pattern; }
  const Team &team() const { return core().mem.team(); }
  /// The global memory.
  const memory_type &globmem() const { return core().mem; }

  // ---- global view ----

  iterator begin() { return iterator(&live_core(), core_->whole(), 0); }
  iterator end() { return begin() + static_cast<difference_type>(size()); }
  const_iterator begin() const { return const_iterator(&live_core(), core_->whole(), 0); }
  const_iterator end() const { return begin() + static_cast<difference_type>(size()); }
  const_iterator cbegin() const { return begin(); }
  const_iterator cend() const { return end(); }
  pointer data() { return begin(); }
  const_pointer data() const { return begin(); }

  /// 1-D: the element with global index `i`. N > 1 (as in DASH): m[i] is
  /// the view with the first coordinate fixed at i, m[i][j] the element at
  /// (i, j). Unchecked, unless DASH_CHECK_BOUNDS (Init.h): then
  /// std::out_of_range outside the array.
  decltype(auto) operator[](size_type i) { return subscript<T>(i); }
  decltype(auto) operator[](size_type i) const { return subscript<const T>(i); }
  /// The element with global index `gindex`; throws std::out_of_range
  /// unless gindex < size().
  reference at(size_type gindex) { return element<T>(checked(gindex)); }
  const_reference at(size_type gindex) const { return element<const T>(checked(gindex)); }

  /// Element at global coordinates, unchecked (unless DASH_CHECK_BOUNDS):
  /// matrix(i, j).
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == N && (N > 1)>>
  reference operator()(Is... coords) {
    return element<T>(access_local(extents_type{static_cast<size_type>(coords)...}));
  }
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == N && (N > 1)>>
  const_reference operator()(Is... coords) const {
    return element<const T>(access_local(extents_type{static_cast<size_type>(coords)...}));
  }
  /// As operator(); throws std::out_of_range if a coordinate is outside its
  /// extent.
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == N && (N > 1)>>
  reference at(Is... coords) {
    return element<T>(checked(extents_type{static_cast<size_type>(coords)...}));
  }
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == N && (N > 1)>>
  const_reference at(Is... coords) const {
    return element<const T>(checked(extents_type{static_cast<size_type>(coords)...}));
  }

  /// The block of `extents` elements at global coordinates `offsets`;
  /// throws std::out_of_range unless it lies inside the array.
  view_type<> sub(const extents_type &offsets, const extents_type &extents);
  const_view_type<> sub(const extents_type &offsets, const extents_type &extents) const;
  /// DASH's views of a matrix: along dimension SD the `n` indices from
  /// `first` (sub<SD>(first, n)), dimension SD fixed at `n` (sub<SD>(n)),
  /// rows/cols (SD = 0/1), one row or column, and global block `gblock`.
  /// Throw std::out_of_range unless inside the array.
  template <dim_t SD>
  view_type<> sub(size_type first, size_type n);
  template <dim_t SD>
  const_view_type<> sub(size_type first, size_type n) const;
  template <dim_t SD>
  view_type<D - 1> sub(size_type n);
  template <dim_t SD>
  const_view_type<D - 1> sub(size_type n) const;
  view_type<> rows(size_type first, size_type n) { return sub<0>(first, n); }
  const_view_type<> rows(size_type first, size_type n) const { return sub<0>(first, n); }
  view_type<> cols(size_type first, size_type n) { return sub<1>(first, n); }
  const_view_type<> cols(size_type first, size_type n) const { return sub<1>(first, n); }
  view_type<D - 1> row(size_type i) { return sub<0>(i); }
  const_view_type<D - 1> row(size_type i) const { return sub<0>(i); }
  view_type<D - 1> col(size_type j) { return sub<1>(j); }
  const_view_type<D - 1> col(size_type j) const { return sub<1>(j); }
  view_type<> block(size_type gblock) { return view_type<>(&live_core(), core_->pattern.block(gblock)); }
  const_view_type<> block(size_type gblock) const;
  /// The block at block coordinates `bcoords` of the pattern's block grid.
  view_type<> block(const std::array<index_type, N> &bcoords) { return block(block_index(bcoords)); }
  const_view_type<> block(const std::array<index_type, N> &bcoords) const;

  /// True if the element with global index `gindex` is the calling unit's.
  bool is_local(index_type gindex) const;
  /// True if coordinate `n` of dimension SD holds elements of the calling
  /// unit.
  template <dim_t SD>
  bool is_local(index_type n) const;

  // ---- local view ----

  /// The calling unit's elements: contiguous raw memory.
  local_type local;
  T *lbegin() const { return local.lbegin(); }
  T *lend() const { return local.lend(); }
  /// The number of the calling unit's elements (DASH has both names) and
  /// the most any unit holds.
  size_type lsize() const { return local.size(); }
  size_type local_size() const { return local.size(); }
  /// The number of elements local memory holds (DASH: the pattern's
  /// local_capacity()).
  size_type lcapacity() const { return core_ ? core_->pattern.local_capacity() : 0; }
  size_type local_capacity() const { return lcapacity(); }
  /// The calling unit's part (as `local`).
  local_type sub_local() const { return local; }

  // ---- asynchronous writes and synchronization ----

  /// arr.async[i] = v: a write completed by flush().
  async_type async;
  /// Completes the calling unit's asynchronous writes to this array (DASH:
  /// flush to one unit, local completion: all the same here).
  void flush() const { async.flush(); }
  void flush(team_unit_t) const { async.flush(); }
  void flush_local() const { async.flush(); }
  void flush_local(team_unit_t) const { async.flush(); }
  /// Barrier over the array's team.
  void barrier() const { team().barrier(); }

 private:
  static std::unique_ptr<core_type> make_core(const P &pattern, const Team &team) {
    if (pattern.nunits() != team.size())
      throw std::invalid_argument("dash::NArray: the pattern is for " + std::to_string(pattern.nunits()) +
                                  " units, the team has " + std::to_string(team.size()));
    return std::make_unique<core_type>(pattern, team, "dash::NArray");
  }
  const core_type &core() const;
  const core_type &live_core() const;
  // Per element: live_core() only if DASH_CHECK_LIVENESS.
  const core_type &access_core() const { return DASH_CHECK_LIVENESS ? live_core() : *core_; }
  template <typename U>
  MatrixRef<U, D, D, P, HostSpace> whole() const;
  // Per element: bounds checked only if DASH_CHECK_BOUNDS.
  template <typename Index>
  LocalIndex access_local(const Index &i, const char *what = "operator()") const {
    if constexpr (DASH_CHECK_BOUNDS)
      return checked(i, what);
    else
      return access_core().pattern.local(i);
  }
  template <typename U>
  decltype(auto) subscript(size_type i) const {
    if constexpr (N == 1)
      return element<U>(access_local(i, "operator[]"));
    else
      return whole<U>()[i];
  }
  template <typename U>
  GlobRef<U> element(const LocalIndex &li) const;
  size_type block_index(const std::array<index_type, N> &bcoords) const;
  LocalIndex checked(size_type gindex, const char *what = "at") const;
  LocalIndex checked(const extents_type &c, const char *what = "at") const;

  std::unique_ptr<core_type> core_;
};

}  // namespace detail

/// An N-dimensional distributed matrix over a pattern of PatternT (DASH's
/// index type is accepted; indices are index_type). All of it is in
/// detail::NArray; this adds DASH's template parameters, so that they can
/// be deduced from it.
template <typename T, dim_t NumDimensions = 2, typename IndexT = default_index_t,
          class PatternT = Pattern<static_cast<std::size_t>(NumDimensions), ROW_MAJOR, IndexT>,
          typename LocalMemSpaceT = HostSpace>
class Matrix : public detail::NArray<T, static_cast<std::size_t>(NumDimensions), PatternT> {
  using base = detail::NArray<T, static_cast<std::size_t>(NumDimensions), PatternT>;

 public:
  using base::base;
  using index_type = IndexT;
  using local_memory_space = LocalMemSpaceT;

  Matrix() = default;
  /// No memory yet (DASH's delayed allocation; allocate() takes the team).
  explicit Matrix(const Team &) {}

  /// The whole container, with the interface that the algorithms taking
  /// any container use.
  base &narray() { return *this; }
  const base &narray() const { return *this; }
};

/// DASH's name for a Matrix of any number of dimensions.
template <typename T, dim_t NumDimensions, typename IndexT = default_index_t,
          class PatternT = Pattern<static_cast<std::size_t>(NumDimensions), ROW_MAJOR, IndexT>,
          typename LocalMemSpaceT = HostSpace>
using NArray = Matrix<T, NumDimensions, IndexT, PatternT, LocalMemSpaceT>;

}  // namespace dash

// AsyncArrayRef, the type of every container's `async`.
#include <dash/Array.h>

#include <dash/matrix/internal/Matrix-inl.h>

#endif  // DASH_MATRIX_H
