#ifndef DASH_MATRIX_H
#define DASH_MATRIX_H

// NArray<T, N, Index, PatternType>: an N-dimensional distributed array of
// trivially copyable T over a team, laid out by a pattern of PatternType
// (default Pattern<N>: BLOCKED in the first dimension, NONE in the others;
// also Pattern<N, COL_MAJOR>, TilePattern, ShiftTilePattern,
// SeqTilePattern: any type of the pattern concept in detail/array_core.h).
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
// (coordinates) give GlobRefs; views iterate as GlobPtr.h says. Local
// view: arr.local, arr.lbegin()/lend() (raw pointers, local-index order;
// arr.local(i, j) by local coordinates). Asynchronous writes:
// arr.async[i] = v ... arr.flush().
//
// Construction and destruction are collective over the team (one symmetric
// allocation of the pattern's maximum local size per unit). An array made
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

#include <dash/async.h>
#include <dash/detail/array_core.h>
#include <dash/detail/subscript.h>
#include <dash/GlobPtr.h>
#include <dash/GlobRef.h>
#include <dash/Init.h>
#include <dash/local_view.h>
#include <dash/Pattern.h>
#include <dash/Dimensional.h>
#include <dash/Team.h>
#include <dash/Types.h>
#include <dash/View.h>

namespace dash {

namespace detail {

// The class behind dash::NArray (below), which adds DASH's index type
// parameter.
template <typename T, std::size_t N, typename P = Pattern<N>>
class NArray {
  static_assert(std::is_trivially_copyable_v<T>, "dash::NArray: the element type must be trivially copyable");
  static_assert(P::ndim() == N, "dash::NArray: the pattern type has another number of dimensions");
  using core_type = detail::ArrayCore<T, N, P>;

 public:
  using value_type = T;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using index_type = default_index_t;
  using iterator = GlobPtr<T, N, P>;
  using const_iterator = GlobPtr<const T, N, P>;
  using reference = GlobRef<T>;
  using const_reference = GlobRef<const T>;
  using extents_type = std::array<size_type, N>;
  using pattern_type = P;
  using view_type = View<T, N, P>;
  using const_view_type = View<const T, N, P>;
  using local_type = LocalView<T, N, P>;

  /// An empty array without memory; assign a real one to use it.
  NArray() = default;

  /// extents... elements (N of them) on Team::All(), default distribution.
  template <typename... Sizes,
            typename = std::enable_if_t<sizeof...(Sizes) == N && (std::is_integral_v<Sizes> && ...)>>
  explicit NArray(Sizes... extents) : NArray(extents_type{static_cast<size_type>(extents)...}, Team::All()) {}

  /// DASH's variadic constructor: the N extents, then distributions, a
  /// TeamSpec and a Team as P's variadic constructor takes them
  /// (pattern/internal/PatternArguments.h): Matrix<int, 2>(rows, cols,
  /// BLOCKED, BLOCKCYCLIC(3)). Lives on the Team given, else Team::All().
  template <typename... Args, std::size_t M = N,
            typename = std::enable_if_t<(M > 1) && (sizeof...(Args) > M - 1) &&
                                        detail::is_pattern_arguments_v<M, Args...>>>
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

  /// Any pattern; throws std::invalid_argument unless it is for team.size()
  /// units.
  explicit NArray(const P &pattern, const Team &team = Team::All()) : core_(make_core(pattern, team)) {
    local = local_type(core_.get());
    async = AsyncView<T, N, P>(core_.get());
  }

  /// 1-D: n elements on `team`.
  template <std::size_t M = N, typename = std::enable_if_t<M == 1>>
  NArray(size_type n, const Team &team) : NArray(extents_type{n}, team) {}
  /// 1-D: n elements distributed by `dist` on `team`.
  template <std::size_t M = N, typename = std::enable_if_t<M == 1>>
  NArray(size_type n, const Distribution &dist, const Team &team = Team::All())
      : NArray(extents_type{n}, DistributionSpec<1>(dist), team) {}

  NArray(NArray &&other) noexcept { *this = std::move(other); }
  NArray &operator=(NArray &&other) noexcept {
    if (this != &other) {
      core_ = std::move(other.core_);
      local = std::exchange(other.local, local_type());
      async = std::exchange(other.async, AsyncView<T, N, P>());
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
  bool allocate(Args &&...args) {
    *this = NArray(std::forward<Args>(args)...);
    return true;
  }
  /// Releases the memory (collective); the array is empty again.
  void deallocate() { *this = NArray(); }
  /// True once the array has memory (constructed with a size or allocated).
  bool is_allocated() const { return core_ != nullptr; }

  // ---- size and distribution ----

  size_type size() const { return core().pattern.size(); }
  const extents_type &extents() const { return core().pattern.extents(); }
  size_type extent(std::size_t d) const { return core().pattern.extent(d); }
  const P &pattern() const { return core().pattern; }
  const Team &team() const { return core().mem.team(); }

  // ---- global view ----

  iterator begin() { return iterator(&live_core(), core_->whole(), 0); }
  iterator end() { return begin() + static_cast<difference_type>(size()); }
  const_iterator begin() const { return const_iterator(&live_core(), core_->whole(), 0); }
  const_iterator end() const { return begin() + static_cast<difference_type>(size()); }
  const_iterator cbegin() const { return begin(); }
  const_iterator cend() const { return end(); }

  /// 1-D: the element with global index `i`. N > 1 (as in DASH): m[i] is
  /// row i, m[i][j] the element at (i, j). Unchecked.
  decltype(auto) operator[](size_type i) { return subscript<T>(i); }
  decltype(auto) operator[](size_type i) const { return subscript<const T>(i); }
  /// As operator[]; throws std::out_of_range unless gindex < size().
  reference at(size_type gindex) { return element<T>(checked(gindex)); }
  const_reference at(size_type gindex) const { return element<const T>(checked(gindex)); }

  /// Element at global coordinates, unchecked: matrix(i, j).
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == N && (N > 1)>>
  reference operator()(Is... coords) {
    return element<T>(access_core().pattern.local(extents_type{static_cast<size_type>(coords)...}));
  }
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == N && (N > 1)>>
  const_reference operator()(Is... coords) const {
    return element<const T>(access_core().pattern.local(extents_type{static_cast<size_type>(coords)...}));
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
  view_type sub(const extents_type &offsets, const extents_type &extents) {
    return view_type(&live_core(), core_->whole()).sub(offsets, extents);
  }
  const_view_type sub(const extents_type &offsets, const extents_type &extents) const {
    return const_view_type(&live_core(), core_->whole()).sub(offsets, extents);
  }
  /// DASH's views of a matrix: along dimension D the `n` indices from
  /// `first` (sub<D>), rows/cols (D = 0/1), one row or column, and global
  /// block `gblock`. Throw std::out_of_range unless inside the array.
  template <dim_t D>
  view_type sub(size_type first, size_type n) {
    return view_type(&live_core(), core_->whole()).template sub<D>(first, n);
  }
  template <dim_t D>
  const_view_type sub(size_type first, size_type n) const {
    return const_view_type(&live_core(), core_->whole()).template sub<D>(first, n);
  }
  view_type rows(size_type first, size_type n) { return sub<0>(first, n); }
  const_view_type rows(size_type first, size_type n) const { return sub<0>(first, n); }
  view_type cols(size_type first, size_type n) { return sub<1>(first, n); }
  const_view_type cols(size_type first, size_type n) const { return sub<1>(first, n); }
  view_type row(size_type i) { return sub<0>(i, 1); }
  const_view_type row(size_type i) const { return sub<0>(i, 1); }
  view_type col(size_type j) { return sub<1>(j, 1); }
  const_view_type col(size_type j) const { return sub<1>(j, 1); }
  view_type block(size_type gblock) { return view_type(&live_core(), core_->pattern.block(gblock)); }
  const_view_type block(size_type gblock) const {
    return const_view_type(&live_core(), core_->pattern.block(gblock));
  }

  // ---- local view ----

  /// The calling unit's elements: contiguous raw memory.
  local_type local;
  T *lbegin() const { return local.begin(); }
  T *lend() const { return local.end(); }
  /// The number of the calling unit's elements (DASH has both names).
  size_type lsize() const { return local.size(); }
  /// The number of elements local memory holds (DASH: the pattern's
  /// local_capacity()).
  size_type lcapacity() const { return pattern().local_capacity(); }
  size_type local_size() const { return local.size(); }

  // ---- asynchronous writes and synchronization ----

  /// arr.async[i] = v: a write completed by flush().
  AsyncView<T, N, P> async;
  /// Completes the calling unit's asynchronous writes to this array.
  void flush() const { async.flush(); }
  /// Barrier over the array's team.
  void barrier() const { team().barrier(); }

 private:
  static std::unique_ptr<core_type> make_core(const P &pattern, const Team &team) {
    if (pattern.nunits() != team.size())
      throw std::invalid_argument("dash::NArray: the pattern is for " + std::to_string(pattern.nunits()) +
                                  " units, the team has " + std::to_string(team.size()));
    return std::make_unique<core_type>(pattern, team, "dash::NArray");
  }
  const core_type &core() const {
    if (!core_)
      throw std::logic_error("dash::NArray: the array is empty (default-constructed or moved from)");
    return *core_;
  }
  const core_type &live_core() const {
    const core_type &c = core();
    detail::check_alive(c.mem.epoch(), "dash::NArray");
    return c;
  }
  // Per element: live_core() only if DASH_CHECK_LIVENESS.
  const core_type &access_core() const { return DASH_CHECK_LIVENESS ? live_core() : *core_; }
  template <typename U>
  decltype(auto) subscript(size_type i) const {
    if constexpr (N == 1) {
      return element<U>(access_core().pattern.local(i));
    } else {
      extents_type coords{};
      coords[0] = i;
      return detail::Subscript<T, U, N, 1, P>(&live_core(), coords);
    }
  }
  template <typename U>
  GlobRef<U> element(const LocalIndex &li) const {
    return core_->template ref<U>(li.unit, li.index);
  }
  LocalIndex checked(size_type gindex) const {
    if (gindex >= size())
      throw std::out_of_range("dash::NArray::at: index " + std::to_string(gindex) + " not in [0, " +
                              std::to_string(size()) + ")");
    return live_core().pattern.local(gindex);
  }
  LocalIndex checked(const extents_type &c) const {
    for (std::size_t d = 0; d < N; ++d)
      if (c[d] >= extent(d))
        throw std::out_of_range("dash::NArray::at: coordinate " + std::to_string(c[d]) + " of dimension " +
                                std::to_string(d) + " not in [0, " + std::to_string(extent(d)) + ")");
    return live_core().pattern.local(c);
  }

  std::unique_ptr<core_type> core_;
};

}  // namespace detail

/// An N-dimensional distributed array over a pattern of PatternType; DASH's
/// index type parameter is accepted (indices are index_type).
template <typename T, std::size_t N, typename IndexType = default_index_t, typename PatternType = Pattern<N>>
using NArray = detail::NArray<T, N, PatternType>;

/// A distributed matrix (two-dimensional by default).
template <typename T, std::size_t N = 2, typename IndexType = default_index_t,
          typename PatternType = Pattern<N>>
using Matrix = NArray<T, N, IndexType, PatternType>;

}  // namespace dash

#endif  // DASH_MATRIX_H
