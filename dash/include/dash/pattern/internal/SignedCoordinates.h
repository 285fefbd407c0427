#ifndef DASH_PATTERN_INTERNAL_SIGNED_COORDINATES_H
#define DASH_PATTERN_INTERNAL_SIGNED_COORDINATES_H

// DASH's pattern members over signed coordinates (std::array<IndexType,
// N>), shared by every pattern type: the library's own members take and
// return unsigned coordinates (std::array<std::size_t, N>); DASH programs
// pass and compare signed ones. SignedCoordinates<Derived, N, IndexType>
// (CRTP) provides DASH's overloads in terms of Derived's unsigned members:
//
//   owner(coords), local(coords) -> LocalIndex, local_coords(coords),
//   local_index(unit, lcoords), global(unit, lcoords), ucoords(gindex),
//   global_index(coords), block_at(coords), myid()
//
// A derived class brings them into its overload set with using-declarations
// (its own unsigned overloads would hide them otherwise).
//
// The overloads are templates over the signed element type, so braced
// lists ({1, 2}) still choose the library's unsigned overloads, except for
// global_at(gcoords) and coords(gindex), which have no unsigned twin.
//
// Differences in meaning that follow DASH: with signed coordinates,
// local(gcoords) returns the owner and the local coordinates
// (local_coords_t) and local_at(lcoords) the calling unit's local index of
// its local coordinates; with unsigned ones they are the library's
// (owner and local index; checked global coordinates).

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <dash/Types.h>

namespace dash {
template <std::size_t N>
class Block;
}  // namespace dash

namespace dash::detail {

template <typename Derived, std::size_t N, typename IndexType>
class SignedCoordinates {
 public:
  using index_type = IndexType;
  using signed_coords_type = std::array<IndexType, N>;
  /// DASH's name of the type of a pattern's blocks and views.
  using viewspec_type = Block<N>;

  /// Owner and local coordinates of global coordinates (DASH's
  /// local_coords_t).
  struct local_coords_t {
    team_unit_t unit;
    std::array<IndexType, N> coords{};
  };

  /// The global coordinates of linear global index `gindex` (in the
  /// pattern's global order).
  signed_coords_type coords(index_type gindex) const {
    return to_signed(self().ucoords(static_cast<std::size_t>(gindex)));
  }

  /// The unit owning global coordinates `gcoords`.
  template <typename I, typename = std::enable_if_t<std::is_integral_v<I> && std::is_signed_v<I>>>
  team_unit_t unit_at(const std::array<I, N> &gcoords) const {
    return team_unit_t(self().owner(to_unsigned(gcoords)));
  }
  /// The local index of `gcoords` in its owner's memory (also with one
  /// coordinate per dimension: at(x, y)).
  template <typename I, typename = std::enable_if_t<std::is_integral_v<I> && std::is_signed_v<I>>>
  index_type at(const std::array<I, N> &gcoords) const {
    return static_cast<index_type>(self().local(to_unsigned(gcoords)).index);
  }
  template <typename... Is,
            typename = std::enable_if_t<sizeof...(Is) == N && (std::is_integral_v<Is> && ...)>>
  index_type at(Is... gcoords) const {
    return at(signed_coords_type{{static_cast<IndexType>(gcoords)...}});
  }
  /// The index of the block containing `gcoords` in blockspec().
  template <typename I, typename = std::enable_if_t<std::is_integral_v<I> && std::is_signed_v<I>>>
  index_type block_at(const std::array<I, N> &gcoords) const {
    return static_cast<index_type>(self().block_at(to_unsigned(gcoords)));
  }
  /// The owner of `gcoords` and the index of their block among its local
  /// blocks.
  template <typename I, typename = std::enable_if_t<std::is_integral_v<I> && std::is_signed_v<I>>>
  auto local_block_at(const std::array<I, N> &gcoords) const {
    return self().local_block_at(to_unsigned(gcoords));
  }
  /// The owner and local coordinates of `gcoords` (DASH's local()).
  template <typename I, typename = std::enable_if_t<std::is_integral_v<I> && std::is_signed_v<I>>>
  local_coords_t local(const std::array<I, N> &gcoords) const {
    auto g = to_unsigned(gcoords);
    return {team_unit_t(self().owner(g)), to_signed(self().local_coords(g))};
  }
  /// The owner and local index of `gcoords`.
  template <typename I, typename = std::enable_if_t<std::is_integral_v<I> && std::is_signed_v<I>>>
  auto local_index(const std::array<I, N> &gcoords) const {
    return self().local(to_unsigned(gcoords));
  }
  /// The local coordinates of `gcoords` in its owner.
  template <typename I, typename = std::enable_if_t<std::is_integral_v<I> && std::is_signed_v<I>>>
  std::array<I, N> local_coords(const std::array<I, N> &gcoords) const {
    return to_signed<I>(self().local_coords(to_unsigned(gcoords)));
  }
  /// The calling unit's local index of its local coordinates `lcoords`.
  template <typename I, typename = std::enable_if_t<std::is_integral_v<I> && std::is_signed_v<I>>>
  index_type local_at(const std::array<I, N> &lcoords) const {
    return static_cast<index_type>(
        self().local_index(static_cast<std::size_t>(self().myid().id), to_unsigned(lcoords)));
  }
  /// The global coordinates of local coordinates `lcoords` of `unit` (of
  /// the calling unit).
  template <typename I, typename = std::enable_if_t<std::is_integral_v<I> && std::is_signed_v<I>>>
  std::array<I, N> global(team_unit_t unit, const std::array<I, N> &lcoords) const {
    return to_signed<I>(self().global(static_cast<std::size_t>(unit.id), to_unsigned(lcoords)));
  }
  template <
      typename U, typename I,
      typename = std::enable_if_t<std::is_integral_v<U> && std::is_integral_v<I> && std::is_signed_v<I>>>
  std::array<I, N> global(U unit, const std::array<I, N> &lcoords) const {
    return global(team_unit_t(unit), lcoords);
  }
  template <typename I, typename = std::enable_if_t<std::is_integral_v<I> && std::is_signed_v<I>>>
  std::array<I, N> global(const std::array<I, N> &lcoords) const {
    return global(self().myid(), lcoords);
  }
  /// The linear global index of global coordinates `gcoords`; throws
  /// std::out_of_range if a coordinate is outside its extent.
  index_type global_at(const signed_coords_type &gcoords) const {
    for (std::size_t d = 0; d < N; ++d)
      if (gcoords[d] < 0 || static_cast<std::size_t>(gcoords[d]) >= self().extent(d))
        throw std::out_of_range("dash pattern: coordinate " + std::to_string(gcoords[d]) + " of dimension " +
                                std::to_string(d) + " out of range");
    return static_cast<index_type>(self().global_index(to_unsigned(gcoords)));
  }
  /// As global_at(gcoords), for unsigned coordinates.
  template <typename I, typename = std::enable_if_t<std::is_integral_v<I> && std::is_unsigned_v<I>>>
  index_type global_at(const std::array<I, N> &gcoords) const {
    return global_at(to_signed(to_unsigned(gcoords)));
  }
  /// DASH: the linear global index of `coords` relative to the offsets of
  /// `view` (a ViewSpec).
  template <typename I, typename ViewSpecT,
            typename = std::enable_if_t<std::is_integral_v<I> && !std::is_integral_v<ViewSpecT>>>
  index_type global_at(const std::array<I, N> &coords, const ViewSpecT &view) const {
    return global_at(to_signed(offset_by(coords, view)));
  }
  /// DASH: the unit owning `coords` relative to the offsets of `view`.
  template <typename I, typename ViewSpecT,
            typename = std::enable_if_t<std::is_integral_v<I> && !std::is_integral_v<ViewSpecT>>>
  team_unit_t unit_at(const std::array<I, N> &coords, const ViewSpecT &view) const {
    return team_unit_t(self().owner(offset_by(coords, view)));
  }
  /// The linear global index of local coordinates `lcoords` of `unit`
  /// (also as a braced list: global_index(unit, {{0}})).
  index_type global_index(team_unit_t unit, const signed_coords_type &lcoords) const {
    return global_index<IndexType>(unit, lcoords);
  }
  /// The unit as a number, as in DASH before team_unit_t (dash-apps'
  /// LULESH, branch bench-lulesh: `global_index(rank, {offs})`).
  template <typename U, typename = std::enable_if_t<std::is_integral_v<U>>>
  index_type global_index(U unit, const signed_coords_type &lcoords) const {
    return global_index(team_unit_t(unit), lcoords);
  }
  template <typename I, typename = std::enable_if_t<std::is_integral_v<I> && std::is_signed_v<I>>>
  index_type global_index(team_unit_t unit, const std::array<I, N> &lcoords) const {
    return static_cast<index_type>(
        self().global_index(self().global(static_cast<std::size_t>(unit.id), to_unsigned(lcoords))));
  }

  /// DASH: true if `unit` owns an element whose coordinate in dimension
  /// `dim` is `dim_offset` (relative to the offsets of `viewspec`). Walks
  /// the unit's blocks: a query for setting up views, not for element
  /// access.
  template <typename ViewSpecT>
  bool has_local_elements(dim_t dim, index_type dim_offset, team_unit_t unit,
                          const ViewSpecT &viewspec) const {
    const auto d = static_cast<std::size_t>(dim);
    if (d >= N) throw std::out_of_range("dash pattern: has_local_elements: dimension " + std::to_string(dim));
    const index_type x = dim_offset + static_cast<index_type>(viewspec.offset(d));
    if (x < 0 || static_cast<std::size_t>(x) >= self().extent(d)) return false;
    const auto u = static_cast<std::size_t>(unit.id);
    for (std::size_t lb = 0, n = self().local_nblocks(u); lb < n; ++lb) {
      auto block = self().local_block(u, lb);
      index_type lo = static_cast<index_type>(block.offset(d));
      if (lo <= x && x < lo + static_cast<index_type>(block.extent(d))) return true;
    }
    return false;
  }
  /// DASH: the calling unit's local block `lblock` in local coordinates
  /// (offsets where the block starts in the unit's local index space).
  auto local_block_local(index_type lblock) const {
    auto block = self().local_block(static_cast<std::size_t>(lblock));
    if (block.size() == 0) return block;
    auto lcoords = self().local_coords(block.origin());
    decltype(block) local(lcoords, block.extents());
    return local;
  }

 protected:
  template <typename I>
  static std::array<std::size_t, N> to_unsigned(const std::array<I, N> &c) {
    std::array<std::size_t, N> r;
    for (std::size_t d = 0; d < N; ++d) r[d] = static_cast<std::size_t>(c[d]);
    return r;
  }
  template <typename I, typename ViewSpecT>
  static std::array<std::size_t, N> offset_by(const std::array<I, N> &c, const ViewSpecT &view) {
    std::array<std::size_t, N> r;
    for (std::size_t d = 0; d < N; ++d)
      r[d] = static_cast<std::size_t>(static_cast<IndexType>(c[d]) + static_cast<IndexType>(view.offset(d)));
    return r;
  }
  template <typename I = IndexType>
  static std::array<I, N> to_signed(const std::array<std::size_t, N> &c) {
    std::array<I, N> r;
    for (std::size_t d = 0; d < N; ++d) r[d] = static_cast<I>(c[d]);
    return r;
  }

 private:
  const Derived &self() const { return static_cast<const Derived &>(*this); }
};

}  // namespace dash::detail

#endif  // DASH_PATTERN_INTERNAL_SIGNED_COORDINATES_H
