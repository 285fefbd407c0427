#ifndef DASH_PATTERN_BLOCK_PATTERN_H
#define DASH_PATTERN_BLOCK_PATTERN_H

// Pattern<N>: maps the elements of an N-dimensional global index space to
// units and to offsets in the units' local memory. Pure index arithmetic, no
// runtime: the unit grid is a TeamSpec and the team size a plain number.
//
// Global order is row-major over the global coordinates (the linear global
// index); it is also the order of global iterators. Pattern<N, COL_MAJOR>
// (DASH's memory arrangement) orders everything column-major instead (the
// first dimension varies fastest): global indices, local storage (also
// tiles and the elements inside a tile) and block indices. The unit grid
// (TeamSpec) stays row-major, as in DASH. Containers take both (and the
// other pattern types: internal/ArrayCore.h).
//
// Ownership: along dimension d the extent is cut into blocks (see
// Distribution) and block g goes to unit coordinate g % teamspec.extent(d).
// A unit owns the Cartesian product of its blocks along all dimensions. Its
// local coordinate along d counts its elements along d in global order, so
// local coordinates and local indices are dense: [0, local extent) and
// [0, local_size(unit)).
//
// Local layout (local index of local coordinates):
//  - no TILE dimension: row-major (COL_MAJOR: column-major) over the unit's
//    local extents.
//  - any TILE dimension: tile by tile. A tile is one of the unit's blocks:
//    along each dimension b elements for TILE(b) and BLOCKCYCLIC(b), the
//    BLOCKED block size, or the whole extent for NONE; tiles at the upper
//    edge may be smaller. The unit's tiles are stored in row-major order of
//    its local tile grid, each tile contiguous, packed to its actual extents
//    and row-major inside. Example: 5 x 5 elements, (TILE(2), TILE(2)), one
//    unit: tile (0,0) at local 0..3, (0,1) at 4..7, (0,2) (2 x 1) at 8..9,
//    (1,0) at 10..13, ..., (2,1) (1 x 2) at 22..23, (2,2) (1 x 1) at 24.
//
// Construction as in DASH, from extents, distributions, TeamSpec and Team
// in any order (see pattern/internal/PatternArguments.h):
//
//   dash::Pattern<2> p(rows, cols, dash::BLOCKED, dash::CYCLIC, teamspec);
//
// Every mapping is O(N) arithmetic, with no per-element tables. The mappings
// expect valid arguments; their *_at variants, the local size and block
// queries and for_each_run throw std::out_of_range on invalid ones.
//
// The calling unit: a pattern made with a dash::Team (as DASH's are; a
// container binds its pattern to its team) also answers DASH's queries
// about the calling unit without a unit argument: local_size(),
// local_extents(), local_extent(d), global(lindex), lbegin()/lend(),
// is_local(gindex), local_block(lblock). A pattern made from a unit count
// alone is pure arithmetic; its calling-unit queries use Team::All().

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <dash/pattern/PatternProperties.h>
#include <dash/pattern/internal/PatternArguments.h>
#include <dash/pattern/internal/SignedCoordinates.h>
#include <dash/Cartesian.h>
#include <dash/pattern/internal/DimMapping.h>
#include <dash/Distribution.h>
#include <dash/Dimensional.h>
#include <dash/TeamSpec.h>
#include <dash/Team.h>
#include <dash/Types.h>

namespace dash {

/// Location of a global element: owning unit and index in its local memory.
struct LocalIndex {
  std::size_t unit;
  std::size_t index;

  bool operator==(const LocalIndex &o) const { return unit == o.unit && index == o.index; }
  bool operator!=(const LocalIndex &o) const { return !(*this == o); }
};

/// Consecutive global elements stored contiguously on one unit, at local
/// indices [offset, offset + length).
struct LocalRun {
  std::size_t unit;
  std::size_t offset;
  std::size_t length;

  bool operator==(const LocalRun &o) const {
    return unit == o.unit && offset == o.offset && length == o.length;
  }
  bool operator!=(const LocalRun &o) const { return !(*this == o); }
};

/// A rectangular block of global elements.

/// One dimension of a Block as DASH's ViewSpec::range(d) gives it:
/// [begin, end) in global coordinates.
template <typename IndexType>
struct ViewRange {
  IndexType begin;
  IndexType end;
};

template <std::size_t N>
class Block {
 public:
  using index_type = default_index_t;
  using size_type = std::size_t;
  using offsets_type = std::array<index_type, N>;
  using extents_type = std::array<size_type, N>;

  /// Empty: all offsets and extents 0.
  constexpr Block() : offsets_{}, extents_{} {}
  /// At the origin, with extents `extents`.
  constexpr explicit Block(const extents_type &extents) : offsets_{}, extents_(extents) {}
  /// DASH's ViewSpec(offsets, extents).
  constexpr Block(const offsets_type &offsets, const extents_type &extents)
      : offsets_(offsets), extents_(extents) {}
  /// From unsigned offsets (the library's coordinates).
  template <typename I, typename = std::enable_if_t<std::is_unsigned_v<I>>>
  constexpr Block(const std::array<I, N> &offsets, const extents_type &extents) : extents_(extents) {
    for (std::size_t d = 0; d < N; ++d) offsets_[d] = static_cast<index_type>(offsets[d]);
  }

  /// DASH's ViewSpec accessors (the non-const ones let the library adjust
  /// a box in place).
  const offsets_type &offsets() const { return offsets_; }
  offsets_type &offsets() { return offsets_; }
  const extents_type &extents() const { return extents_; }
  extents_type &extents() { return extents_; }
  /// The offsets as the library's unsigned coordinates of the first
  /// element.
  std::array<std::size_t, N> origin() const {
    std::array<std::size_t, N> c;
    for (std::size_t d = 0; d < N; ++d) c[d] = static_cast<std::size_t>(offsets_[d]);
    return c;
  }
  index_type offset(std::size_t d) const { return offsets_[d]; }
  size_type extent(std::size_t d) const { return extents_[d]; }
  /// [offset(d), offset(d) + extent(d)).
  ViewRange<index_type> range(std::size_t d) const {
    return {offsets_[d], offsets_[d] + static_cast<index_type>(extents_[d])};
  }
  static constexpr std::size_t rank() { return N; }
  static constexpr std::size_t ndim() { return N; }

  /// Returns the number of elements in the block.
  size_type size() const {
    size_type n = 1;
    for (size_type extent : extents_) n *= extent;
    return n;
  }
  /// DASH: the number of elements of the dimensions up to `d` (inclusive).
  size_type size(std::size_t d) const {
    size_type n = 1;
    for (std::size_t e = 0; e <= d && e < N; ++e) n *= extents_[e];
    return n;
  }

  bool operator==(const Block &o) const { return offsets_ == o.offsets_ && extents_ == o.extents_; }
  bool operator!=(const Block &o) const { return !(*this == o); }

 private:
  offsets_type offsets_;  ///< global coordinates of the first element
  extents_type extents_;  ///< number of elements along each dimension
};

/// DASH's name for a rectangular block of global elements.
template <std::size_t N>
using ViewSpec = Block<N>;

/// DASH's template arguments: Pattern<1, ROW_MAJOR, long> is Pattern<1>
/// (default_index_t is long); Pattern<N, COL_MAJOR> orders column-major.
template <std::size_t N, MemArrange Arrangement = ROW_MAJOR, typename IndexType = default_index_t>
class BlockPattern : public detail::SignedCoordinates<BlockPattern<N, Arrangement, IndexType>, N, IndexType> {
  using signed_api = detail::SignedCoordinates<BlockPattern, N, IndexType>;

  static_assert(N >= 1, "dash::BlockPattern needs at least one dimension");
  static_assert(Arrangement == ROW_MAJOR || Arrangement == COL_MAJOR,
                "dash::BlockPattern: ROW_MAJOR or COL_MAJOR");

 public:
  /// DASH's name of the pattern type (file names of the visualizer).
  static constexpr const char *PatternName = "BlockPattern";
  /// DASH's pattern properties (pattern/PatternProperties.h).
  using partitioning_properties = pattern_partitioning_properties<pattern_partitioning_tag::rectangular,
                                                                  pattern_partitioning_tag::balanced,
                                                                  pattern_partitioning_tag::unbalanced>;
  using mapping_properties = pattern_mapping_properties<pattern_mapping_tag::unbalanced>;
  using layout_properties =
      pattern_layout_properties<pattern_layout_tag::canonical, pattern_layout_tag::linear>;

  using size_type = std::size_t;
  using index_type = IndexType;
  using local_coords_t = typename signed_api::local_coords_t;
  // DASH's overloads over signed coordinates (internal/SignedCoordinates.h).
  using signed_api::at;
  using signed_api::block_at;
  using signed_api::coords;
  using signed_api::global;
  using signed_api::global_at;
  using signed_api::global_index;
  using signed_api::local;
  using signed_api::local_at;
  using signed_api::local_block_at;
  using signed_api::local_coords;
  using signed_api::local_index;
  using signed_api::unit_at;
  using unit_type = std::size_t;
  using coords_type = std::array<size_type, N>;
  using extents_type = std::array<size_type, N>;
  using local_index_t = LocalIndex;

  /// `extents` distributed BLOCKED in the first dimension over `nunits`.
  BlockPattern(const extents_type &extents, size_type nunits)
      : BlockPattern(extents, DistributionSpec<N>(), nunits) {}

  /// `extents` distributed by `dist` over `nunits` units, all along the first
  /// distributed dimension.
  BlockPattern(const extents_type &extents, const DistributionSpec<N> &dist, size_type nunits)
      : BlockPattern(extents, dist, TeamSpec<N>(dist, nunits), nunits) {}

  /// `extents` distributed by `dist` over the units of `teamspec` (as in
  /// DASH: Pattern<2>(SizeSpec<2>(r, c), dist, teamspec)).
  BlockPattern(const extents_type &extents, const DistributionSpec<N> &dist, const TeamSpec<N> &teamspec)
      : BlockPattern(extents, dist, teamspec, teamspec.size()) {}

  /// `extents` distributed by `dist` over a team of `nunits` units arranged as
  /// `teamspec`. An extent of 0 gives an empty pattern (as DASH's). Throws
  /// std::invalid_argument if the teamspec does not have `nunits` units. A NONE dimension with several
  /// units along it is one block on unit coordinate 0 (as DASH's).
  BlockPattern(const extents_type &extents, const DistributionSpec<N> &dist, const TeamSpec<N> &teamspec,
               size_type nunits)
      : extents_(extents), dist_(dist), teamspec_(teamspec), nunits_(nunits), tiled_(dist.is_tiled()) {
    if (teamspec.size() != nunits)
      throw std::invalid_argument("dash::BlockPattern: TeamSpec has " + std::to_string(teamspec.size()) +
                                  " units, the team " + std::to_string(nunits));
    check_size(extents);
    for (std::size_t d = 0; d < N; ++d) {
      size_type units = teamspec.extent(d);
      // An extent of 0 (DASH's empty containers): no blocks, block size 1.
      dims_[d] =
          detail::DimMapping(extents[d], units, extents[d] == 0 ? 1 : dist[d].blocksize(extents[d], units));
      size_ *= extents[d];
    }
    // Consecutive global indices are contiguous in local memory at least up
    // to the end of their block along run_dim_: the innermost dimension whose
    // local and global coordinates may differ (if tiled: that has more than
    // one tile). The dimensions inside it hold run_chunk_ elements.
    for (std::size_t k = N; k-- > 0 && run_dim_ == N;) {
      std::size_t d = detail::dim_by_order<Arrangement, N>(k);
      bool whole = tiled_ ? dims_[d].nblocks == 1 : dims_[d].is_whole();
      if (whole)
        run_chunk_ *= extents[d];
      else
        run_dim_ = d;
    }
  }

  /// As DASH: `extents` distributed by `dist` over the units of `team`
  /// arranged as `teamspec`; throws like the constructor above.
  BlockPattern(const extents_type &extents, const DistributionSpec<N> &dist, const TeamSpec<N> &teamspec,
               const Team &team)
      : BlockPattern(extents, dist, teamspec, team.size()) {
    team_ = team;
  }
  /// As DASH: `extents` distributed by `dist` over all units of `team`,
  /// along the first distributed dimension.
  BlockPattern(const extents_type &extents, const DistributionSpec<N> &dist, const Team &team)
      : BlockPattern(extents, dist, TeamSpec<N>(dist, team.size()), team) {}
  /// As DASH: `extents` distributed by `dist` over Team::All().
  BlockPattern(const extents_type &extents, const DistributionSpec<N> &dist)
      : BlockPattern(extents, dist, Team::All()) {}
  /// As DASH: `extents` BLOCKED in the first dimension over Team::All().
  explicit BlockPattern(const extents_type &extents)
      : BlockPattern(extents, DistributionSpec<N>(), Team::All()) {}
  /// As DASH: `extents` BLOCKED in the first dimension over `team`.
  BlockPattern(const extents_type &extents, const Team &team)
      : BlockPattern(extents, DistributionSpec<N>(), team) {}
  /// The mapping of `other` for the units of `team` (a container binds its
  /// pattern to its team so). Throws std::invalid_argument unless team has
  /// other.nunits() units.
  BlockPattern(const BlockPattern &other, const Team &team) : BlockPattern(other) {
    if (team.size() != nunits_)
      throw std::invalid_argument("dash::BlockPattern: the pattern is for " + std::to_string(nunits_) +
                                  " units, the team has " + std::to_string(team.size()));
    team_ = team;
  }

  /// As DASH's variadic constructor: the N extents, then in any order N
  /// Distributions or one DistributionSpec (default: BLOCKED in the first
  /// dimension), optionally a TeamSpec and a Team (see pattern/internal/PatternArguments.h):
  /// Pattern<2>(rows, cols, BLOCKED, CYCLIC, teamspec). Without a TeamSpec
  /// the units of the team (default: all units) go along the distributed
  /// dimensions, balanced; with a TeamSpec but no Team the pattern is for
  /// the teamspec's units (bound to a container's team when used).
  /// Throws like the constructors above.
  template <typename... Args, typename = std::enable_if_t<detail::is_pattern_arguments_v<N, Args...>>>
  explicit BlockPattern(size_type extent0, const Args &...args)
      : BlockPattern(detail::PatternArguments<N>(extent0, args...)) {}

  /// 1-D, as in DASH: `n` elements distributed by `dist` over all units
  /// (the runtime must be running).
  template <std::size_t M = N, typename = std::enable_if_t<M == 1>>
  explicit BlockPattern(size_type n, const Distribution &dist = BLOCKED)
      : BlockPattern(extents_type{n}, DistributionSpec<1>(dist), Team::All()) {}
  /// 1-D, as in DASH: over the units of `team`.
  template <std::size_t M = N, typename = std::enable_if_t<M == 1>>
  BlockPattern(size_type n, const Distribution &dist, const Team &team)
      : BlockPattern(extents_type{n}, DistributionSpec<1>(dist), team) {}

  /// 1-D with irregular local sizes (DASH's CSRPattern): unit u of `team`
  /// owns the next local_sizes[u] elements (any, also 0). Throws
  /// std::invalid_argument unless there is one size per unit and their sum
  /// is not 0.
  template <std::size_t M = N, typename = std::enable_if_t<M == 1>>
  explicit BlockPattern(const std::vector<size_type> &local_sizes, const Team &team = Team::All())
      : BlockPattern(extents_type{checked_total(local_sizes, team.size())}, DistributionSpec<1>(BLOCKED),
                     team) {
    dims_[0] = detail::DimMapping(local_sizes);
    run_dim_ = nunits_ > 1 ? 0 : N;
  }
  /// As above, for local sizes of another unsigned type (DASH takes the
  /// unsigned type of IndexType).
  template <
      typename SizeT, std::size_t M = N,
      typename = std::enable_if_t<M == 1 && std::is_unsigned_v<SizeT> && !std::is_same_v<SizeT, size_type>>>
  explicit BlockPattern(const std::vector<SizeT> &local_sizes, const Team &team = Team::All())
      : BlockPattern(std::vector<size_type>(local_sizes.begin(), local_sizes.end()), team) {}

  /// Returns the number of dimensions.
  static constexpr std::size_t ndim() { return N; }
  /// Returns the order of global indices, local storage and blocks.
  static constexpr MemArrange memory_order() { return Arrangement; }
  /// Returns the total number of elements.
  size_type size() const { return size_; }
  /// Returns the global extents.
  const extents_type &extents() const { return extents_; }
  /// Returns the global extent of dimension `d` (unchecked).
  size_type extent(std::size_t d) const { return extents_[d]; }
  /// Returns the number of units.
  size_type nunits() const { return nunits_; }
  /// Returns the distribution of each dimension.
  const DistributionSpec<N> &distspec() const { return dist_; }
  /// Returns the unit grid.
  const TeamSpec<N> &teamspec() const { return teamspec_; }
  /// Returns true if local memory is stored tile by tile (a TILE dimension).
  bool is_tiled() const { return tiled_; }
  /// Returns the block (tile) size along dimension `d` (unchecked).
  size_type blocksize(std::size_t d) const { return dims_[d].block; }
  /// Appends to `out` the intervals [from, to) of global coordinates along
  /// dimension `d` in [lo, hi) owned by unit coordinate `ucoord`, in
  /// increasing order (unchecked).
  template <typename Intervals>
  void unit_intervals(std::size_t d, size_type ucoord, size_type lo, size_type hi, Intervals &out) const {
    dims_[d].unit_intervals(ucoord, lo, hi, out);
  }
  /// Returns how many elements the last block along dimension `d` lacks
  /// compared to a full one (0 if the extent is a multiple of the block
  /// size; unchecked).
  size_type underfilled_blocksize(std::size_t d) const {
    size_type overflow = extents_[d] % dims_[d].block;
    return overflow == 0 ? 0 : dims_[d].block - overflow;
  }
  /// Returns the number of elements of a full block.
  size_type max_blocksize() const {
    size_type n = 1;
    for (const auto &dim : dims_) n *= dim.block;
    return n;
  }
  /// DASH's names: the global extents as a SizeSpec, the number of units,
  /// the number of elements.
  SizeSpec<N> sizespec() const { return SizeSpec<N>(extents_); }
  size_type num_units() const { return nunits_; }
  size_type capacity() const { return size_; }

  // ---- the calling unit ----

  /// Returns the team the pattern is for: the one it was made or bound
  /// with, else Team::All() (the runtime must be running).
  const Team &team() const { return team_.is_null() ? Team::All() : team_; }
  /// Returns the calling unit's id in team(); throws std::logic_error if
  /// the pattern is for another number of units than team() has.
  team_unit_t myid() const {
    const Team &t = team();
    if (t.size() != nunits_)
      throw std::logic_error("dash::BlockPattern: the pattern is for " + std::to_string(nunits_) +
                             " units, not bound to a team of that size");
    return t.myid();
  }
  /// Returns the calling unit's number of elements.
  size_type local_size() const { return local_size(unit_of_me()); }
  /// Returns the calling unit's local extents.
  extents_type local_extents() const { return local_extents(unit_of_me()); }
  /// Returns the calling unit's local extent along dimension `d` (unchecked).
  size_type local_extent(std::size_t d) const {
    return dims_[d].local_extent(teamspec_.unit_coords(unit_of_me())[d]);
  }
  /// Returns the linear global index of the calling unit's local index
  /// `lindex`.
  size_type global(size_type lindex) const { return global_of_local(unit_of_me(), lindex); }
  /// 1-D, as DASH's Array pattern (CSRPattern<1>): the global index of
  /// local index `lindex` of `unit`.
  template <std::size_t M = N, typename = std::enable_if_t<M == 1>>
  index_type global(team_unit_t unit, index_type lindex) const {
    return static_cast<index_type>(
        global_of_local(static_cast<unit_type>(unit.id), static_cast<size_type>(lindex)));
  }
  /// Returns the global coordinates of the calling unit's local coordinates.
  coords_type global(const coords_type &lcoords) const { return global(unit_of_me(), lcoords); }
  /// Returns true if the calling unit owns linear global index `gindex`.
  bool is_local(size_type gindex) const { return owner(gindex) == unit_of_me(); }
  /// Returns true if `unit` owns linear global index `gindex`.
  bool is_local(size_type gindex, team_unit_t unit) const {
    return owner(gindex) == static_cast<unit_type>(unit.id);
  }
  /// Global index of the calling unit's first element, and one past its
  /// last (DASH's 1-D local range; for BLOCKED patterns all between are
  /// local). Both 0 if the unit has no elements.
  size_type lbegin() const {
    size_type n = local_size();
    return n == 0 ? 0 : global(size_type{0});
  }
  size_type lend() const {
    size_type n = local_size();
    return n == 0 ? 0 : global(n - 1) + 1;
  }
  /// The calling unit's local block grid and its block `lblock`.
  CartesianIndexSpace<N, Arrangement, IndexType> local_blockspec() const {
    return local_blockspec(unit_of_me());
  }
  Block<N> local_block(size_type lblock) const { return local_block(unit_of_me(), lblock); }

  // ---- DASH's names for owner and local position ----

  /// Returns the unit owning global coordinates `gcoords` (as owner()).
  team_unit_t unit_at(const coords_type &gcoords) const { return team_unit_t(owner(gcoords)); }
  /// Returns the unit owning linear global index `gindex` (as owner()).
  team_unit_t unit_at(size_type gindex) const { return team_unit_t(owner(gindex)); }
  /// Returns the owner and local index of `gcoords` (as local()).
  LocalIndex local_index(const coords_type &gcoords) const { return local(gcoords); }
  /// Returns the local index of `gcoords` in its owner's memory.
  size_type at(const coords_type &gcoords) const { return local(gcoords).index; }
  /// Returns the index of the global block containing `gcoords` (in
  /// memory_order() over blockspec()).
  size_type block_at(const coords_type &gcoords) const {
    coords_type bcoords;
    for (std::size_t d = 0; d < N; ++d) bcoords[d] = dims_[d].block_of(gcoords[d]);
    return detail::linear_index<Arrangement>(bcoords, blockspec().extents());
  }

  /// DASH: the owner of `gcoords` and the index of the block containing
  /// them among the owner's local blocks (see local_block(unit, lblock)).
  LocalIndex local_block_at(const coords_type &gcoords) const {
    unit_type unit = owner(gcoords);
    coords_type lbcoords;
    for (std::size_t d = 0; d < N; ++d) lbcoords[d] = dims_[d].block_of(gcoords[d]) / dims_[d].units;
    return {unit, detail::linear_index<Arrangement>(lbcoords, local_block_grid(unit))};
  }

  /// Patterns are equal if they map every element identically.
  bool operator==(const BlockPattern &other) const {
    return extents_ == other.extents_ && dist_ == other.dist_ && teamspec_ == other.teamspec_ &&
           dims_ == other.dims_;
  }
  bool operator!=(const BlockPattern &other) const { return !(*this == other); }

  // ---- global index <-> global coordinates (memory_order()) ----

  /// Returns the global coordinates of linear global index `gindex`.
  coords_type ucoords(size_type gindex) const { return detail::linear_coords<Arrangement>(gindex, extents_); }

  /// Returns the linear global index of global coordinates `gcoords`.
  size_type global_index(const coords_type &gcoords) const {
    return detail::linear_index<Arrangement>(gcoords, extents_);
  }

  // ---- global -> local ----

  /// Returns the unit owning global coordinates `gcoords`.
  unit_type owner(const coords_type &gcoords) const {
    unit_type unit = 0;
    for (std::size_t d = 0; d < N; ++d) unit = unit * dims_[d].units + dims_[d].unit_of(gcoords[d]);
    return unit;
  }

  /// Returns the unit owning linear global index `gindex`.
  unit_type owner(size_type gindex) const { return owner(ucoords(gindex)); }

  /// Returns the owner and local index of global coordinates `gcoords`.
  LocalIndex local(const coords_type &gcoords) const {
    coords_type ucoords, lcoords;
    for (std::size_t d = 0; d < N; ++d) {
      ucoords[d] = dims_[d].unit_of(gcoords[d]);
      lcoords[d] = dims_[d].local_of(gcoords[d]);
    }
    return {teamspec_.unit(ucoords), offset(ucoords, lcoords)};
  }

  /// Returns the owner and local index of linear global index `gindex`.
  LocalIndex local(size_type gindex) const { return local(ucoords(gindex)); }

  /// DASH: the calling unit's local index of its local coordinates
  /// `lcoords`; throws std::out_of_range outside its local extents.
  size_type local_at(const coords_type &lcoords) const {
    auto unit = static_cast<unit_type>(this->myid().id);
    auto lext = local_extents(unit);
    for (std::size_t d = 0; d < N; ++d)
      if (lcoords[d] >= lext[d])
        throw std::out_of_range("dash::BlockPattern::local_at: local coordinate " +
                                std::to_string(lcoords[d]) + " of dimension " + std::to_string(d) +
                                " not in [0, " + std::to_string(lext[d]) + ")");
    return local_index(unit, lcoords);
  }

  /// As local(gindex); throws std::out_of_range unless gindex < size().
  LocalIndex local_at(size_type gindex) const {
    if (gindex >= size_)
      throw std::out_of_range("dash::BlockPattern::local_at: global index " + std::to_string(gindex) +
                              " not in [0, " + std::to_string(size_) + ")");
    return local(gindex);
  }

  /// Returns the local coordinates of global coordinates `gcoords` in their
  /// owner.
  coords_type local_coords(const coords_type &gcoords) const {
    coords_type lcoords;
    for (std::size_t d = 0; d < N; ++d) lcoords[d] = dims_[d].local_of(gcoords[d]);
    return lcoords;
  }

  // ---- local -> global ----

  /// Returns the global coordinates of local coordinates `lcoords` of `unit`.
  coords_type global(unit_type unit, const coords_type &lcoords) const {
    coords_type ucoords = teamspec_.unit_coords(unit), gcoords;
    for (std::size_t d = 0; d < N; ++d) gcoords[d] = dims_[d].global_of(ucoords[d], lcoords[d]);
    return gcoords;
  }

  /// Returns the global coordinates of local index `lindex` of `unit`.
  coords_type global_coords(unit_type unit, size_type lindex) const {
    return global(unit, local_coords(unit, lindex));
  }

  /// Returns the linear global index of local index `lindex` of `unit`.
  /// Not an overload of global_index: DASH has only global_index(unit,
  /// local coordinates), which programs call with a braced list
  /// (`global_index(unit, {i})`, ambiguous beside a (unit, index) form).
  size_type global_of_local(unit_type unit, size_type lindex) const {
    return global_index(global_coords(unit, lindex));
  }

  /// As global_of_local(unit, lindex); throws std::out_of_range unless
  /// unit < nunits() and lindex < local_size(unit).
  size_type global_at(unit_type unit, size_type lindex) const {
    size_type n = local_size(unit);
    if (lindex >= n)
      throw std::out_of_range("dash::BlockPattern::global_at: local index " + std::to_string(lindex) +
                              " of unit " + std::to_string(unit) + " not in [0, " + std::to_string(n) + ")");
    return global_of_local(unit, lindex);
  }

  // ---- local index <-> local coordinates ----

  /// Returns the local index of local coordinates `lcoords` of `unit`.
  size_type local_index(unit_type unit, const coords_type &lcoords) const {
    return offset(teamspec_.unit_coords(unit), lcoords);
  }

  /// Returns the local coordinates of local index `lindex` of `unit`.
  coords_type local_coords(unit_type unit, size_type lindex) const {
    coords_type ucoords = teamspec_.unit_coords(unit), lcoords;
    extents_type lextents = local_extents_of(ucoords);
    if (!tiled_) return detail::linear_coords<Arrangement>(lindex, lextents);
    // Inverse of offset(): find the tile dimension by dimension, then the
    // position inside it.
    extents_type inner = inner_products(lextents), tile;
    size_type outer = 1;
    for (std::size_t k = 0; k < N; ++k) {
      std::size_t d = detail::dim_by_order<Arrangement, N>(k);
      size_type b = dims_[d].block, slab = outer * b * inner[d], t = lindex / slab;
      lindex -= t * slab;
      lcoords[d] = t * b;
      tile[d] = std::min(b, lextents[d] - t * b);
      outer *= tile[d];
    }
    coords_type in_tile = detail::linear_coords<Arrangement>(lindex, tile);
    for (std::size_t d = 0; d < N; ++d) lcoords[d] += in_tile[d];
    return lcoords;
  }

  // ---- local sizes ----

  /// Returns the local extents of `unit`; throws std::out_of_range unless
  /// unit < nunits().
  extents_type local_extents(unit_type unit) const {
    check_unit(unit, "local_extents");
    return local_extents_of(teamspec_.unit_coords(unit));
  }

  /// Returns the number of elements of `unit`; throws std::out_of_range
  /// unless unit < nunits().
  size_type local_size(unit_type unit) const { return product(local_extents(unit)); }

  /// Returns the maximum local size over all units, the capacity each unit
  /// allocates for symmetric memory. (Regular dimensions: unit 0 owns the
  /// most.)
  size_type local_capacity() const {
    size_type n = 1;
    for (const auto &dim : dims_)
      n *=
          dim.is_irregular() ? dim.max_local_extent() : (dim.nblocks + dim.units - 1) / dim.units * dim.block;
    return n;
  }

  // ---- blocks ----

  /// Returns the global block grid: the number of blocks along each
  /// dimension, ordered as memory_order() (DASH's blockspec).
  CartesianIndexSpace<N, Arrangement> blockspec() const {
    extents_type nblocks;
    for (std::size_t d = 0; d < N; ++d) nblocks[d] = dims_[d].nblocks;
    return CartesianIndexSpace<N, Arrangement>(nblocks);
  }

  /// Returns the total number of blocks.
  size_type nblocks() const { return blockspec().size(); }

  /// Returns block `gblock` of the global block grid (in memory_order());
  /// throws std::out_of_range unless gblock < nblocks().
  Block<N> block(size_type gblock) const {
    size_type n = nblocks();
    if (gblock >= n)
      throw std::out_of_range("dash::BlockPattern::block: block " + std::to_string(gblock) + " not in [0, " +
                              std::to_string(n) + ")");
    coords_type bcoords = detail::linear_coords<Arrangement>(gblock, blockspec().extents());
    Block<N> blk;
    for (std::size_t d = 0; d < N; ++d) {
      blk.offsets()[d] = dims_[d].block_start(bcoords[d]);
      blk.extents()[d] = dims_[d].block_extent(bcoords[d]);
    }
    return blk;
  }

  /// Returns the number of blocks of `unit` along each dimension (its local
  /// block grid); throws std::out_of_range unless unit < nunits().
  CartesianIndexSpace<N, Arrangement, IndexType> local_blockspec(unit_type unit) const {
    return CartesianIndexSpace<N, Arrangement, IndexType>(local_block_grid(unit));
  }
  /// The same as extents.
  extents_type local_block_grid(unit_type unit) const {
    check_unit(unit, "local_blockspec");
    coords_type ucoords = teamspec_.unit_coords(unit);
    extents_type nblocks;
    for (std::size_t d = 0; d < N; ++d) nblocks[d] = dims_[d].local_blocks(ucoords[d]);
    return nblocks;
  }

  /// Returns the number of blocks of `unit`: at most 1 for BLOCKED/NONE
  /// patterns, 0 if the unit has no elements. Throws std::out_of_range
  /// unless unit < nunits().
  size_type local_nblocks(unit_type unit) const { return product(local_block_grid(unit)); }

  /// Returns block `lblock` of `unit`, counted in memory_order() in its local
  /// block grid (the storage order of tiles); throws std::out_of_range unless
  /// unit < nunits() and lblock < local_nblocks(unit).
  Block<N> local_block(unit_type unit, size_type lblock) const {
    extents_type nblocks = local_block_grid(unit);
    size_type n = product(nblocks);
    if (lblock >= n)
      throw std::out_of_range("dash::BlockPattern::local_block: block " + std::to_string(lblock) +
                              " of unit " + std::to_string(unit) + " not in [0, " + std::to_string(n) + ")");
    coords_type ucoords = teamspec_.unit_coords(unit);
    coords_type lbcoords = detail::linear_coords<Arrangement>(lblock, nblocks);
    Block<N> blk;
    for (std::size_t d = 0; d < N; ++d) {
      size_type g = lbcoords[d] * dims_[d].units + ucoords[d];
      blk.offsets()[d] = dims_[d].block_start(g);
      blk.extents()[d] = dims_[d].block_extent(g);
    }
    return blk;
  }

  // ---- contiguous runs ----

  /// Calls `visit(const LocalRun&)` for each maximal run of consecutive
  /// global indices in [first, last) stored contiguously on one unit, in
  /// global order; the runs cover the range exactly once (1-D BLOCKED: one
  /// run per unit). O(N) per block piece. Throws std::out_of_range unless
  /// first <= last <= size().
  template <typename F>
  void for_each_run(size_type first, size_type last, F &&visit) const {
    if (first > last || last > size_)
      throw std::out_of_range("dash::BlockPattern::for_each_run: range [" + std::to_string(first) + ", " +
                              std::to_string(last) + ") not in [0, " + std::to_string(size_) + ")");
    LocalRun run{0, 0, 0};
    for (size_type gindex = first; gindex < last;) {
      coords_type gcoords = ucoords(gindex);
      LocalIndex pos = local(gcoords);
      size_type len = std::min<size_type>(piece_length(gindex, gcoords), last - gindex);
      if (run.length > 0 && pos.unit == run.unit && pos.index == run.offset + run.length) {
        run.length += len;  // continues the run in the same unit's memory
      } else {
        if (run.length > 0) visit(run);
        run = {pos.unit, pos.index, len};
      }
      gindex += len;
    }
    if (run.length > 0) visit(run);
  }

  /// Returns the runs of for_each_run(first, last, ...) as a vector.
  std::vector<LocalRun> runs(size_type first, size_type last) const {
    std::vector<LocalRun> result;
    for_each_run(first, last, [&result](const LocalRun &run) { result.push_back(run); });
    return result;
  }

 private:
  explicit BlockPattern(const detail::PatternArguments<N> &args)
      : BlockPattern(args.extents, args.dist, args.teamspec,
                     args.team ? args.team->size() : args.teamspec.size()) {
    if (args.team) team_ = *args.team;
  }

  template <typename I>
  static coords_type unsigned_coords(const std::array<I, N> &c) {
    coords_type r;
    for (std::size_t d = 0; d < N; ++d) r[d] = static_cast<size_type>(c[d]);
    return r;
  }
  template <typename I>
  static std::array<I, N> signed_coords(const coords_type &c) {
    std::array<I, N> r;
    for (std::size_t d = 0; d < N; ++d) r[d] = static_cast<I>(c[d]);
    return r;
  }

  static size_type product(const extents_type &extents) {
    size_type n = 1;
    for (size_type extent : extents) n *= extent;
    return n;
  }

  // result[d] = product of the extents of the dimensions faster than d in
  // memory_order().
  static extents_type inner_products(const extents_type &extents) {
    extents_type result;
    size_type n = 1;
    for (std::size_t k = N; k-- > 0;) {
      std::size_t d = detail::dim_by_order<Arrangement, N>(k);
      result[d] = n;
      n *= extents[d];
    }
    return result;
  }

  /// The most elements a pattern holds: global indices and iterator
  /// differences are signed (std::ptrdiff_t, DASH's index_type).
  static constexpr size_type max_size() { return static_cast<size_type>(PTRDIFF_MAX); }
  /// Throws std::length_error if the elements of `extents` are more than
  /// max_size() (block sizes and block counts would overflow).
  static void check_size(const extents_type &extents) {
    size_type total = 1;
    for (std::size_t d = 0; d < N; ++d) {
      if (extents[d] == 0) return;  // empty
      if (extents[d] > max_size() / total) {
        std::string shape;
        for (std::size_t e = 0; e < N; ++e) shape += (e ? " x " : "") + std::to_string(extents[e]);
        throw std::length_error("dash::BlockPattern: " + shape + " elements are more than the " +
                                std::to_string(max_size()) + " a pattern can index");
      }
      total *= extents[d];
    }
  }

  static size_type checked_total(const std::vector<size_type> &sizes, size_type nunits) {
    if (sizes.size() != nunits)
      throw std::invalid_argument("dash::BlockPattern: " + std::to_string(sizes.size()) +
                                  " local sizes for " + std::to_string(nunits) + " units");
    size_type total = 0;
    for (size_type n : sizes) {
      if (n > max_size() - total)
        throw std::length_error("dash::BlockPattern: the local sizes sum to more than " +
                                std::to_string(max_size()) + " elements");
      total += n;
    }
    if (total == 0) throw std::invalid_argument("dash::BlockPattern: the local sizes sum to 0");
    return total;
  }

  unit_type unit_of_me() const { return static_cast<unit_type>(myid().id); }

  void check_unit(unit_type unit, const char *caller) const {
    if (unit >= nunits_)
      throw std::out_of_range(std::string("dash::BlockPattern::") + caller + ": unit " +
                              std::to_string(unit) + " not in [0, " + std::to_string(nunits_) + ")");
  }

  extents_type local_extents_of(const coords_type &ucoords) const {
    extents_type lextents;
    for (std::size_t d = 0; d < N; ++d) lextents[d] = dims_[d].local_extent(ucoords[d]);
    return lextents;
  }

  // Local index of local coordinates `lcoords` of the unit at `ucoords`.
  size_type offset(const coords_type &ucoords, const coords_type &lcoords) const {
    extents_type lextents = local_extents_of(ucoords);
    if (!tiled_) return detail::linear_index<Arrangement>(lcoords, lextents);
    // Tiles before ours in tile order: along each dimension d (slowest
    // first), the t full tile slabs before ours, spanning the extents of
    // our tile in the slower dimensions and the whole local extents in the
    // faster ones. Then the position inside our tile.
    extents_type inner = inner_products(lextents);
    size_type index = 0, outer = 1, in_tile = 0;
    for (std::size_t k = 0; k < N; ++k) {
      std::size_t d = detail::dim_by_order<Arrangement, N>(k);
      size_type b = dims_[d].block, t = lcoords[d] / b, tile = std::min(b, lextents[d] - t * b);
      index += outer * t * b * inner[d];
      outer *= tile;
      in_tile = in_tile * tile + lcoords[d] % b;
    }
    return index + in_tile;
  }

  // Number of global indices from `gindex` on that are certainly contiguous
  // in local memory: up to the end of the block in run_dim_.
  size_type piece_length(size_type gindex, const coords_type &gcoords) const {
    if (run_dim_ == N) return size_ - gindex;
    size_type x = gcoords[run_dim_];
    return (dims_[run_dim_].block_end(x) - x) * run_chunk_ - gindex % run_chunk_;
  }

  extents_type extents_;
  DistributionSpec<N> dist_;
  TeamSpec<N> teamspec_;
  size_type nunits_;
  bool tiled_;
  std::array<detail::DimMapping, N> dims_;
  size_type size_ = 1;
  std::size_t run_dim_ = N;  // innermost dimension not wholly local; N if none
  size_type run_chunk_ = 1;  // elements of the dimensions inside run_dim_
  Team team_;                // the null team if made from a unit count
};

/// DASH's name for BlockPattern (dash/Pattern.h in DASH): the pattern
/// containers use by default.
template <std::size_t N, MemArrange Arrangement = ROW_MAJOR, typename IndexType = default_index_t>
using Pattern = BlockPattern<N, Arrangement, IndexType>;

}  // namespace dash

#endif  // DASH_PATTERN_BLOCK_PATTERN_H
