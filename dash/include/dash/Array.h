#ifndef DASH_ARRAY_H
#define DASH_ARRAY_H

// dash::Array<T, IndexType, PatternType, LocalMemSpaceT>: a one-dimensional
// distributed array (the shared part is detail::NArray<T, 1, PatternType>
// in Matrix.h; Matrix.h describes construction, views and the local
// part). Other 1-D pattern types (SeqTilePattern<1>, TilePattern<1>, ...)
// lay it out their way.
//
//   dash::Array<int> arr(100);                   // BLOCKED on Team::All()
//   dash::Array<int> cyc(100, dash::CYCLIC);
//   dash::Array<int> init(4 * dash::size(), {0, 1, 2, 3});  // each unit's part
//   dash::Array<int> later;                      // no memory, no runtime needed
//   later.allocate(100, dash::BLOCKED);          // collective
//
// arr.local is a LocalArrayRef: the calling unit's elements as raw memory
// (arr.local[i], begin()/end() are pointers).

#include <algorithm>
#include <array>
#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <dart/communication.h>
#include <dash/internal/ArrayCore.h>
#include <dash/internal/DirectAccess.h>
#include <dash/Exception.h>
#include <dash/GlobAsyncRef.h>
#include <dash/Init.h>
#include <dash/Matrix.h>
#include <dash/matrix/LocalMatrixRef.h>
#include <dash/memory/MemorySpace.h>
#include <dash/Team.h>
#include <dash/Types.h>
#include <dash/internal/ReadAhead.h>

namespace dash {

class HostSpace;

/// The calling unit's part of an Array (arr.local): raw memory.
template <typename T, typename IndexType = default_index_t, class PatternType = Pattern<1>,
          typename LocalMemSpaceT = HostSpace>
using LocalArrayRef = LocalMatrixRef<T, 1, 1, PatternType, LocalMemSpaceT>;

/// Asynchronous writes to a container (arr.async): arr.async[i] = v starts
/// a put and returns at once; arr.async.flush() (or arr.flush()) completes
/// all of them (visible at the targets). The written values are kept until
/// then, so temporaries may be assigned. Elements reachable by load/store
/// are written directly, as dart_put writes them (visible at the latest
/// after the flush's fence). For a matrix (PatternType of N dimensions)
/// m.async(i, j) addresses by coordinates.
template <typename T, typename IndexType, class PatternType, typename LocalMemSpaceT>
class AsyncArrayRef {
  static constexpr std::size_t N = PatternType::ndim();

 public:
  using value_type = T;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using index_type = IndexType;
  using pattern_type = PatternType;
  using reference = T &;
  using const_reference = const T &;
  using iterator = T *;
  using const_iterator = const T *;
  using pointer = T *;
  using const_pointer = const T *;
  using core_type = detail::ArrayCore<T, N, PatternType>;
  using rank = std::integral_constant<dim_t, 1>;

  static constexpr dim_t ndim() { return 1; }

  /// An element being written asynchronously (GlobAsyncRef.h; it keeps
  /// the written value until completed, so temporaries may be assigned).
  using async_reference = GlobAsyncRef<T>;

  AsyncArrayRef() = default;
  explicit AsyncArrayRef(const core_type *core) : core_(core) {}

  /// The calling unit's elements (raw memory, as arr.local).
  T *begin() const { return core_ ? core_->mem.local() : nullptr; }
  T *end() const { return begin() + (core_ ? core_->pattern.local_size(core_->myid) : 0); }
  /// Elements of the container.
  size_type size() const { return core_ ? core_->pattern.size() : 0; }

  /// Element with linear global index `gindex` (unchecked, unless
  /// DASH_CHECK_BOUNDS: then std::out_of_range past the end).
  async_reference operator[](size_type gindex) const {
    detail::check_alive_access(core_ ? core_->mem.epoch() : 0, "dash::Array::async");
    if constexpr (DASH_CHECK_BOUNDS) check_bounds(gindex, core_->pattern.size(), 0);
    return ref(core_->pattern.local(gindex));
  }
  /// Element at global coordinates (unchecked, unless DASH_CHECK_BOUNDS).
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == N>>
  async_reference operator()(Is... coords) const {
    detail::check_alive_access(core_ ? core_->mem.epoch() : 0, "dash::Array::async");
    std::array<std::size_t, N> c{static_cast<std::size_t>(coords)...};
    if constexpr (DASH_CHECK_BOUNDS)
      for (std::size_t d = 0; d < N; ++d) check_bounds(c[d], core_->pattern.extent(d), d);
    return ref(core_->pattern.local(c));
  }

  /// Completes every asynchronous write of the calling unit to this
  /// container. Not collective. (DASH's flush to one unit and local
  /// completion: the same here, the values are kept until completion.)
  void flush() const {
    detail::check_alive(core_ ? core_->mem.epoch() : 0, "dash::Array::async.flush");
    if (core_->mem.capacity() > 0) detail::check(dart_flush_all(core_->mem.base()), "dart_flush_all");
    detail::read_ahead_invalidate();
  }
  void flush(team_unit_t) const { flush(); }
  void flush_local() const { flush(); }
  void flush_local(team_unit_t) const { flush(); }

 private:
  static void check_bounds(std::size_t i, std::size_t extent, std::size_t d) {
    if (i >= extent)
      throw std::out_of_range("dash::Array::async: index " + std::to_string(i) + " of dimension " +
                              std::to_string(d) + " not in [0, " + std::to_string(extent) + ")");
  }
  async_reference ref(LocalIndex li) const {
    T *direct = core_->mem.direct(li.unit);
    return async_reference(core_->mem.gptr(li.unit, li.index), direct ? direct + li.index : nullptr);
  }

  const core_type *core_ = nullptr;
};

/// A one-dimensional distributed array.
template <typename T, typename IndexType = default_index_t,
          class PatternType = Pattern<1, ROW_MAJOR, IndexType>, typename LocalMemSpaceT = HostSpace>
class Array : public detail::NArray<T, 1, PatternType> {
  using base = detail::NArray<T, 1, PatternType>;

 public:
  using index_type = IndexType;
  using local_memory_space = LocalMemSpaceT;
  using typename base::size_type;
  using typename base::value_type;
  using view_type = typename base::template view_type<1>;
  using const_view_type = typename base::template const_view_type<1>;

  /// No memory yet; allocate() without a team puts it on `team`.
  Array() = default;
  explicit Array(const Team &team) : team_(&team) {}

  /// nelem elements distributed by `dist` over `team`.
  Array(size_type nelem, const DistributionSpec<1> &dist, const Team &team = Team::All())
      : base(typename base::extents_type{nelem}, dist, team), team_(&team) {}
  Array(size_type nelem, const Distribution &dist, const Team &team = Team::All())
      : Array(nelem, DistributionSpec<1>(dist), team) {}
  /// nelem elements, BLOCKED over `team`.
  explicit Array(size_type nelem, const Team &team = Team::All())
      : Array(nelem, DistributionSpec<1>(), team) {}
  /// nelem elements; each unit's local part starts with `local_elements`
  /// (collective; every unit passes its own).
  Array(size_type nelem, std::initializer_list<T> local_elements, const DistributionSpec<1> &dist,
        const Team &team = Team::All())
      : Array(nelem, dist, team) {
    fill_local(local_elements);
  }
  Array(size_type nelem, std::initializer_list<T> local_elements, const Distribution &dist,
        const Team &team = Team::All())
      : Array(nelem, local_elements, DistributionSpec<1>(dist), team) {}
  Array(size_type nelem, std::initializer_list<T> local_elements, const Team &team = Team::All())
      : Array(nelem, local_elements, DistributionSpec<1>(), team) {}
  /// Laid out by `pattern`, on its team.
  explicit Array(const PatternType &pattern) : base(pattern), team_(&pattern.team()) {}
  Array(const PatternType &pattern, const Team &team) : base(pattern, team), team_(&team) {}

  // ---- delayed allocation (collective; releases memory held before) ----

  bool allocate(size_type nelem, const DistributionSpec<1> &dist, const Team &team) {
    *this = Array(nelem, dist, team);
    return true;
  }
  bool allocate(size_type nelem, const DistributionSpec<1> &dist) {
    return allocate(nelem, dist, alloc_team());
  }
  bool allocate(size_type nelem, const Distribution &dist, const Team &team) {
    return allocate(nelem, DistributionSpec<1>(dist), team);
  }
  bool allocate(size_type nelem, const Distribution &dist) {
    return allocate(nelem, DistributionSpec<1>(dist));
  }
  bool allocate(size_type nelem, const Team &team) { return allocate(nelem, DistributionSpec<1>(), team); }
  bool allocate(size_type nelem) { return allocate(nelem, DistributionSpec<1>()); }
  bool allocate(size_type nelem, std::initializer_list<T> local_elements, const DistributionSpec<1> &dist,
                const Team &team) {
    *this = Array(nelem, local_elements, dist, team);
    return true;
  }
  bool allocate(size_type nelem, std::initializer_list<T> local_elements, const DistributionSpec<1> &dist) {
    return allocate(nelem, local_elements, dist, alloc_team());
  }
  bool allocate(size_type nelem, std::initializer_list<T> local_elements, const Team &team) {
    return allocate(nelem, local_elements, DistributionSpec<1>(), team);
  }
  bool allocate(size_type nelem, std::initializer_list<T> local_elements) {
    return allocate(nelem, local_elements, DistributionSpec<1>());
  }
  /// Every unit contributes `local_elements`: size() is their number times
  /// the team's size, BLOCKED, each unit's part is its list.
  bool allocate(std::initializer_list<T> local_elements) {
    return allocate(local_elements.size() * alloc_team().size(), local_elements);
  }
  bool allocate(const PatternType &pattern) {
    *this = Array(pattern);
    return true;
  }
  bool allocate(const PatternType &pattern, const Team &team) {
    *this = Array(pattern, team);
    return true;
  }

 private:
  void fill_local(std::initializer_list<T> local_elements) {
    std::copy_n(local_elements.begin(), std::min(local_elements.size(), this->lsize()), this->lbegin());
    this->barrier();
  }

  const Team &alloc_team() const { return team_ ? *team_ : Team::All(); }

  const Team *team_ = nullptr;  // where allocate() without a team puts it
};

}  // namespace dash

#endif  // DASH_ARRAY_H
