#ifndef DASH_PATTERN_INTERNAL_TILE_PLACEMENT_H
#define DASH_PATTERN_INTERNAL_TILE_PLACEMENT_H

// TilePlacementPattern<Placement, N, Arrangement>: the part shared by
// DASH's ShiftTilePattern and SeqTilePattern, patterns of equal, full
// tiles whose owners follow a rule other than Pattern's per-dimension
// round robin. The rule (Placement, a CRTP derived class) says which unit
// owns global tile (block) coordinates and where the tile goes in that
// unit's local tile grid:
//
//   size_type block_unit(const coords_type &bcoords) const;
//   coords_type local_block_coords(const coords_type &bcoords) const;
//   coords_type global_block_coords(size_type unit, const coords_type &lbcoords) const;
//   extents_type local_tile_grid(size_type unit) const;
//
// Everything else is here. Tiles: along dimension d, blocks of the
// distribution's block size (TILE(b), BLOCKCYCLIC(b): b; BLOCKED: the
// extent over the teamspec's units along d; NONE: the extent); every
// extent must be a multiple of its block size. Local memory: the unit's
// tiles in Arrangement order of its local tile grid, each tile contiguous
// and in Arrangement order inside. Local coordinates: local tile
// coordinates times the block size plus the position in the tile. Global
// indices: tile by tile, the tiles in Arrangement order of the global
// tile grid, Arrangement order inside each (DASH's TilePattern and
// ShiftTilePattern; DASH's SeqTilePattern converts indices to coordinates
// in plain Arrangement order but back tile by tile, so its coords() and
// global_at() disagree: here all three patterns use one order). Pure
// index arithmetic; made with a dash::Team, the pattern also answers the
// calling-unit queries (local_size(), global(lindex), ...).

#include <algorithm>
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <dash/pattern/internal/PatternArguments.h>
#include <dash/pattern/internal/SignedCoordinates.h>
#include <dash/Cartesian.h>
#include <dash/Distribution.h>
#include <dash/pattern/BlockPattern.h>
#include <dash/Dimensional.h>
#include <dash/TeamSpec.h>
#include <dash/Team.h>
#include <dash/Types.h>

namespace dash::detail {

template <typename Placement, std::size_t N, MemArrange Arrangement>
class TilePlacementPattern
    : public SignedCoordinates<TilePlacementPattern<Placement, N, Arrangement>, N, default_index_t> {
  using signed_api = SignedCoordinates<TilePlacementPattern, N, default_index_t>;

  static_assert(N >= 1, "a pattern needs at least one dimension");
  static_assert(Arrangement == ROW_MAJOR || Arrangement == COL_MAJOR, "ROW_MAJOR or COL_MAJOR");

 public:
  using size_type = std::size_t;
  using index_type = default_index_t;
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

  static constexpr std::size_t ndim() { return N; }
  static constexpr MemArrange memory_order() { return Arrangement; }
  size_type size() const { return size_; }
  size_type capacity() const { return size_; }
  const extents_type &extents() const { return extents_; }
  size_type extent(std::size_t d) const { return extents_[d]; }
  SizeSpec<N> sizespec() const { return SizeSpec<N>(extents_); }
  size_type nunits() const { return nunits_; }
  size_type num_units() const { return nunits_; }
  const TeamSpec<N> &teamspec() const { return teamspec_; }
  const DistributionSpec<N> &distspec() const { return dist_; }
  /// Tiles are stored contiguously.
  static constexpr bool is_tiled() { return true; }
  /// Block (tile) extent along dimension `d` (unchecked).
  size_type blocksize(std::size_t d) const { return block_[d]; }
  /// Tiles are full: no block is underfilled.
  static constexpr size_type underfilled_blocksize(std::size_t) { return 0; }
  /// Number of elements of a tile.
  size_type max_blocksize() const { return tile_size_; }

  // ---- global index <-> global coordinates ----

  /// Global indices run tile by tile (DASH's order): gindex / tile size is
  /// the tile in blockspec() order, gindex % tile size the position in the
  /// tile in Arrangement order.
  coords_type ucoords(size_type gindex) const {
    coords_type bc = linear_coords<Arrangement>(gindex / tile_size_, nblocks_);
    coords_type phase = linear_coords<Arrangement>(gindex % tile_size_, block_), gcoords;
    for (std::size_t d = 0; d < N; ++d) gcoords[d] = bc[d] * block_[d] + phase[d];
    return gcoords;
  }
  size_type global_index(const coords_type &gcoords) const {
    coords_type phase;
    for (std::size_t d = 0; d < N; ++d) phase[d] = gcoords[d] % block_[d];
    return linear_index<Arrangement>(block_coords(gcoords), nblocks_) * tile_size_ +
           linear_index<Arrangement>(phase, block_);
  }

  // ---- global -> local ----

  /// Unit owning global coordinates `gcoords` / linear global index `gindex`.
  unit_type owner(const coords_type &gcoords) const { return placement().block_unit(block_coords(gcoords)); }
  unit_type owner(size_type gindex) const { return owner(ucoords(gindex)); }
  team_unit_t unit_at(const coords_type &gcoords) const { return team_unit_t(owner(gcoords)); }
  team_unit_t unit_at(size_type gindex) const { return team_unit_t(owner(gindex)); }

  /// Local coordinates of global coordinates `gcoords` in their owner.
  coords_type local_coords(const coords_type &gcoords) const {
    coords_type lbc = placement().local_block_coords(block_coords(gcoords)), lcoords;
    for (std::size_t d = 0; d < N; ++d) lcoords[d] = lbc[d] * block_[d] + gcoords[d] % block_[d];
    return lcoords;
  }
  /// Owner and local index of `gcoords` / of linear global index `gindex`.
  LocalIndex local(const coords_type &gcoords) const {
    unit_type unit = owner(gcoords);
    return {unit, local_index(unit, local_coords(gcoords))};
  }
  LocalIndex local(size_type gindex) const { return local(ucoords(gindex)); }
  LocalIndex local_index(const coords_type &gcoords) const { return local(gcoords); }
  /// Local index of `gcoords` in its owner's memory.
  size_type at(const coords_type &gcoords) const { return local(gcoords).index; }
  /// local_at(lcoords): DASH's, the calling unit's local index of its local
  /// coordinates; local_at(gindex): as local(gindex). Both throw
  /// std::out_of_range on arguments out of range.
  size_type local_at(const coords_type &lcoords) const {
    auto unit = static_cast<unit_type>(this->myid().id);
    auto lext = local_extents(unit);
    for (std::size_t d = 0; d < N; ++d)
      if (lcoords[d] >= lext[d])
        throw std::out_of_range(std::string(Placement::PatternName) + "::local_at: local coordinate " +
                                std::to_string(lcoords[d]) + " of dimension " + std::to_string(d) +
                                " not in [0, " + std::to_string(lext[d]) + ")");
    return local_index(unit, lcoords);
  }
  LocalIndex local_at(size_type gindex) const {
    if (gindex >= size_)
      throw std::out_of_range(std::string(Placement::PatternName) + "::local_at: global index " +
                              std::to_string(gindex) + " not in [0, " + std::to_string(size_) + ")");
    return local(gindex);
  }

  // ---- local -> global ----

  /// Global coordinates of local coordinates `lcoords` of `unit`.
  coords_type global(unit_type unit, const coords_type &lcoords) const {
    coords_type lbc, gcoords;
    for (std::size_t d = 0; d < N; ++d) lbc[d] = lcoords[d] / block_[d];
    coords_type bc = placement().global_block_coords(unit, lbc);
    for (std::size_t d = 0; d < N; ++d) gcoords[d] = bc[d] * block_[d] + lcoords[d] % block_[d];
    return gcoords;
  }
  coords_type global_coords(unit_type unit, size_type lindex) const {
    return global(unit, local_coords(unit, lindex));
  }
  /// Not global_index: see BlockPattern::global_of_local.
  size_type global_of_local(unit_type unit, size_type lindex) const {
    return global_index(global_coords(unit, lindex));
  }
  /// As global_of_local(unit, lindex); throws std::out_of_range unless
  /// unit < nunits() and lindex < local_size(unit).
  size_type global_at(unit_type unit, size_type lindex) const {
    size_type n = local_size(unit);
    if (lindex >= n)
      throw std::out_of_range(std::string(Placement::PatternName) + "::global_at: local index " +
                              std::to_string(lindex) + " of unit " + std::to_string(unit) + " not in [0, " +
                              std::to_string(n) + ")");
    return global_of_local(unit, lindex);
  }

  // ---- local index <-> local coordinates ----

  size_type local_index(unit_type unit, const coords_type &lcoords) const {
    coords_type lbc, phase;
    for (std::size_t d = 0; d < N; ++d) {
      lbc[d] = lcoords[d] / block_[d];
      phase[d] = lcoords[d] % block_[d];
    }
    return linear_index<Arrangement>(lbc, placement().local_tile_grid(unit)) * tile_size_ +
           linear_index<Arrangement>(phase, block_);
  }
  coords_type local_coords(unit_type unit, size_type lindex) const {
    coords_type lbc = linear_coords<Arrangement>(lindex / tile_size_, placement().local_tile_grid(unit));
    coords_type phase = linear_coords<Arrangement>(lindex % tile_size_, block_), lcoords;
    for (std::size_t d = 0; d < N; ++d) lcoords[d] = lbc[d] * block_[d] + phase[d];
    return lcoords;
  }

  // ---- local sizes ----

  /// Local extents of `unit`: its local tile grid times the tile extents.
  /// Throws std::out_of_range unless unit < nunits().
  extents_type local_extents(unit_type unit) const {
    extents_type lext = local_block_grid(unit);
    for (std::size_t d = 0; d < N; ++d) lext[d] *= block_[d];
    return lext;
  }
  size_type local_size(unit_type unit) const { return local_nblocks(unit) * tile_size_; }
  /// The most elements any unit owns.
  size_type local_capacity() const {
    size_type n = 0;
    for (unit_type u = 0; u < nunits_; ++u) n = std::max(n, local_size(u));
    return n;
  }

  // ---- blocks (tiles) ----

  /// The global tile grid, ordered as memory_order().
  CartesianIndexSpace<N, Arrangement> blockspec() const {
    return CartesianIndexSpace<N, Arrangement>(nblocks_);
  }
  size_type nblocks() const { return blockspec().size(); }
  /// Index of the tile containing `gcoords` in blockspec().
  size_type block_at(const coords_type &gcoords) const {
    return linear_index<Arrangement>(block_coords(gcoords), nblocks_);
  }
  /// DASH: the owner of `gcoords` and the index of its tile among the
  /// owner's tiles (see local_block(unit, lblock)).
  LocalIndex local_block_at(const coords_type &gcoords) const {
    unit_type unit = owner(gcoords);
    coords_type lbc = placement().local_block_coords(block_coords(gcoords));
    return {unit, linear_index<Arrangement>(lbc, placement().local_tile_grid(unit))};
  }
  /// Tile `gblock` of blockspec(); throws std::out_of_range unless
  /// gblock < nblocks().
  Block<N> block(size_type gblock) const {
    if (gblock >= nblocks())
      throw std::out_of_range(std::string(Placement::PatternName) + "::block: block " +
                              std::to_string(gblock) + " not in [0, " + std::to_string(nblocks()) + ")");
    return tile(linear_coords<Arrangement>(gblock, nblocks_));
  }
  /// The local tile grid of `unit`; throws std::out_of_range unless
  /// unit < nunits().
  CartesianIndexSpace<N, Arrangement, index_type> local_blockspec(unit_type unit) const {
    return CartesianIndexSpace<N, Arrangement, index_type>(local_block_grid(unit));
  }
  /// The calling unit's local tile grid.
  CartesianIndexSpace<N, Arrangement, index_type> local_blockspec() const { return local_blockspec(me()); }
  /// The local tile grid of `unit` as extents; throws like local_blockspec.
  extents_type local_block_grid(unit_type unit) const {
    if (unit >= nunits_)
      throw std::out_of_range(std::string(Placement::PatternName) + ": unit " + std::to_string(unit) +
                              " not in [0, " + std::to_string(nunits_) + ")");
    return placement().local_tile_grid(unit);
  }
  size_type local_nblocks(unit_type unit) const {
    extents_type lb = local_block_grid(unit);
    size_type n = 1;
    for (size_type e : lb) n *= e;
    return n;
  }
  /// Tile `lblock` of `unit` (in its storage order); throws
  /// std::out_of_range unless unit < nunits() and lblock < local_nblocks(unit).
  Block<N> local_block(unit_type unit, size_type lblock) const {
    size_type n = local_nblocks(unit);
    if (lblock >= n)
      throw std::out_of_range(std::string(Placement::PatternName) + "::local_block: block " +
                              std::to_string(lblock) + " of unit " + std::to_string(unit) + " not in [0, " +
                              std::to_string(n) + ")");
    coords_type lbc = linear_coords<Arrangement>(lblock, placement().local_tile_grid(unit));
    return tile(placement().global_block_coords(unit, lbc));
  }

  // ---- the calling unit (team() as Pattern's) ----

  const Team &team() const { return team_.is_null() ? Team::All() : team_; }
  team_unit_t myid() const {
    const Team &t = team();
    if (t.size() != nunits_)
      throw std::logic_error(std::string(Placement::PatternName) + ": the pattern is for " +
                             std::to_string(nunits_) + " units, not bound to a team of that size");
    return t.myid();
  }
  size_type local_size() const { return local_size(me()); }
  extents_type local_extents() const { return local_extents(me()); }
  size_type local_extent(std::size_t d) const { return local_extents()[d]; }
  /// Linear global index of the calling unit's local index `lindex`.
  size_type global(size_type lindex) const { return global_of_local(me(), lindex); }
  /// Global coordinates of the calling unit's local coordinates.
  coords_type global(const coords_type &lcoords) const { return global(me(), lcoords); }
  bool is_local(size_type gindex) const { return owner(gindex) == me(); }
  Block<N> local_block(size_type lblock) const { return local_block(me(), lblock); }
  /// Global index of the calling unit's first element, and one past its
  /// last (0 and 0 if it has none).
  size_type lbegin() const { return local_size() == 0 ? 0 : global(size_type{0}); }
  size_type lend() const { return local_size() == 0 ? 0 : global(local_size() - 1) + 1; }

  bool operator==(const TilePlacementPattern &o) const {
    return extents_ == o.extents_ && block_ == o.block_ && nunits_ == o.nunits_ && teamspec_ == o.teamspec_;
  }
  bool operator!=(const TilePlacementPattern &o) const { return !(*this == o); }

 protected:
  /// Binds the pattern to `team` (the derived classes' constructor
  /// P(const P&, const Team&)); throws std::invalid_argument unless team
  /// has nunits() units.
  void bind(const Team &team) {
    if (team.size() != nunits_)
      throw std::invalid_argument(std::string(Placement::PatternName) + ": the pattern is for " +
                                  std::to_string(nunits_) + " units, the team has " +
                                  std::to_string(team.size()));
    team_ = team;
  }

  /// Throws std::invalid_argument if an extent is 0 or not a multiple of
  /// its block size, or if a team of `nunits` is not the teamspec's.
  TilePlacementPattern(const extents_type &extents, const DistributionSpec<N> &dist,
                       const TeamSpec<N> &teamspec, size_type nunits, const Team *team)
      : extents_(extents), dist_(dist), teamspec_(teamspec), nunits_(nunits) {
    const char *name = Placement::PatternName;
    if (teamspec.size() != nunits)
      throw std::invalid_argument(std::string(name) + ": TeamSpec has " + std::to_string(teamspec.size()) +
                                  " units, the team " + std::to_string(nunits));
    for (std::size_t d = 0; d < N; ++d) {
      if (extents[d] == 0)
        throw std::invalid_argument(std::string(name) + ": extent of dimension " + std::to_string(d) +
                                    " is 0");
      block_[d] = dist[d].blocksize(extents[d], teamspec.extent(d));
      if (extents[d] % block_[d] != 0)
        throw std::invalid_argument(std::string(name) + ": extent " + std::to_string(extents[d]) +
                                    " of dimension " + std::to_string(d) +
                                    " is not a multiple of the block size " + std::to_string(block_[d]));
      nblocks_[d] = extents[d] / block_[d];
      size_ *= extents[d];
      tile_size_ *= block_[d];
    }
    if (team) team_ = *team;
  }
  explicit TilePlacementPattern(const PatternArguments<N> &args)
      : TilePlacementPattern(args.extents, args.dist, args.teamspec,
                             args.team ? args.team->size() : args.teamspec.size(), args.team) {}

  const extents_type &tile_grid() const { return nblocks_; }

 private:
  const Placement &placement() const { return static_cast<const Placement &>(*this); }
  unit_type me() const { return static_cast<unit_type>(myid().id); }
  coords_type block_coords(const coords_type &gcoords) const {
    coords_type bc;
    for (std::size_t d = 0; d < N; ++d) bc[d] = gcoords[d] / block_[d];
    return bc;
  }
  Block<N> tile(const coords_type &bc) const {
    Block<N> blk;
    for (std::size_t d = 0; d < N; ++d) {
      blk.offsets()[d] = bc[d] * block_[d];
      blk.extents()[d] = block_[d];
    }
    return blk;
  }
  template <typename I>
  static coords_type unsigned_coords(const std::array<I, N> &c) {
    coords_type r;
    for (std::size_t d = 0; d < N; ++d) r[d] = static_cast<size_type>(c[d]);
    return r;
  }

  extents_type extents_;
  DistributionSpec<N> dist_;
  TeamSpec<N> teamspec_;
  size_type nunits_;
  extents_type block_{}, nblocks_{};
  size_type size_ = 1, tile_size_ = 1;
  Team team_;  // the null team if made without one
};

}  // namespace dash::detail

#endif  // DASH_PATTERN_INTERNAL_TILE_PLACEMENT_H
