#ifndef DASH_HALO_REGION_H
#define DASH_HALO_REGION_H

// Regions around a unit's box, with DASH's names. RegionCoords<N> names a
// region by one coordinate per dimension, 0 (below the box), 1 (level with
// it) or 2 (above); its index() numbers the 3^N regions row-major (the
// centre, all 1, is NumRegionsMax<N> / 2). RegionSpec<N> is a region with
// an extent: how far the halo reaches into it.
//
//   RegionCoords<2> west(1, 0);                 // index 3
//   RegionSpec<2> spec(west, 2);                // two columns of halo

#include <array>
#include <cstddef>
#include <ostream>
#include <type_traits>
#include <utility>
#include <vector>

#include <dash/halo/Types.h>

namespace dash::halo {

template <std::size_t N>
class RegionCoords {
 public:
  using Coords_t = std::array<region_coord_t, N>;
  using CoordsVec_t = std::vector<RegionCoords>;
  using RegIndDepVec_t = std::vector<region_index_t>;
  using RegIndexDim_t = std::pair<region_index_t, region_index_t>;

  /// The centre.
  RegionCoords() { coords_.fill(1); }
  /// One coordinate (0, 1 or 2) per dimension.
  template <typename... Values, typename = std::enable_if_t<sizeof...(Values) + 1 == N>>
  RegionCoords(region_coord_t first, Values... rest) : coords_{first, static_cast<region_coord_t>(rest)...} {}
  /// The region with this index.
  RegionCoords(region_index_t index) : coords_(coords(index)) {}

  static constexpr std::size_t ndim() { return N; }
  static constexpr region_index_t center_index() { return NumRegionsMax<N> / 2; }
  static Coords_t center_coords() {
    Coords_t c;
    c.fill(1);
    return c;
  }

  region_index_t index() const { return index(coords_); }
  const Coords_t &values() const { return coords_; }
  region_coord_t operator[](std::size_t d) const { return coords_[d]; }
  region_coord_t &operator[](std::size_t d) { return coords_[d]; }

  /// The indices of the two regions next to the box along dimension `dim`
  /// (below, above).
  static RegIndexDim_t index(dim_t dim) { return {index(dim, RegionPos::PRE), index(dim, RegionPos::POST)}; }
  /// The index of the region next to the box along `dim` on side `pos`.
  static region_index_t index(dim_t dim, RegionPos pos) {
    Coords_t c = center_coords();
    c[static_cast<std::size_t>(dim)] = pos == RegionPos::PRE ? 0 : 2;
    return index(c);
  }
  /// The index of the region a stencil point (signed distances) points into.
  template <typename StencilPointT, typename = decltype(std::declval<const StencilPointT &>()[0] < 0)>
  static region_index_t index(const StencilPointT &point) {
    region_index_t r = 0;
    for (std::size_t d = 0; d < N; ++d)
      r = r * REGION_INDEX_BASE + (point[d] < 0 ? 0 : point[d] == 0 ? 1 : 2);
    return r;
  }
  static region_index_t index(const Coords_t &c) {
    region_index_t r = 0;
    for (std::size_t d = 0; d < N; ++d) r = r * REGION_INDEX_BASE + c[d];
    return r;
  }
  static Coords_t coords(region_index_t index) {
    Coords_t c{};
    for (std::size_t d = N; d-- > 0;) {
      c[d] = static_cast<region_coord_t>(index % REGION_INDEX_BASE);
      index /= REGION_INDEX_BASE;
    }
    return c;
  }

  /// One past the last dimension whose coordinate is not 1 (at least 1).
  static dim_t relevant_dim(const Coords_t &c) {
    dim_t dim = 1;
    for (std::size_t d = 1; d < N; ++d)
      if (c[d] != 1) dim = static_cast<dim_t>(d + 1);
    return dim;
  }
  /// The number of dimensions whose coordinate is not 1: 0 for the centre,
  /// 1 for a face, 2 for an edge, ...
  static dim_t level(const Coords_t &c) {
    dim_t n = 0;
    for (region_coord_t v : c) n += v != 1;
    return n;
  }
  dim_t level() const { return level(coords_); }

  /// The regions whose halo an element of boundary region `index` may
  /// read: the region itself and every region obtained by moving some of
  /// its off-centre coordinates to the centre (not the centre itself).
  /// In DASH's order: depth-first, lower dimensions first.
  static RegIndDepVec_t boundary_dependencies(region_index_t index) {
    RegIndDepVec_t deps;
    if (index >= NumRegionsMax<N>) return deps;
    RegionCoords start(index);
    if (start.level() == 0) return deps;
    collect(0, start, deps);
    return deps;
  }

  bool operator==(const RegionCoords &o) const { return coords_ == o.coords_; }
  bool operator!=(const RegionCoords &o) const { return !(*this == o); }

 private:
  static void collect(std::size_t from, const RegionCoords &c, RegIndDepVec_t &deps) {
    deps.push_back(c.index());
    for (std::size_t d = from; d < N; ++d) {
      if (c[d] == 1) continue;
      RegionCoords next = c;
      next[d] = 1;
      if (next.level() > 0) collect(d + 1, next, deps);
    }
  }

  Coords_t coords_;
};

template <std::size_t N>
std::ostream &operator<<(std::ostream &os, const RegionCoords<N> &c) {
  os << "dash::halo::RegionCoords<" << N << ">(";
  for (std::size_t d = 0; d < N; ++d) os << (d > 0 ? "," : "") << unsigned(c[d]);
  return os << ")";
}

template <std::size_t N>
class RegionSpec {
 public:
  using RegionCoords_t = RegionCoords<N>;
  using region_extent_t = std::uint16_t;

  /// The centre with extent 0.
  RegionSpec() : RegionSpec(RegionCoords_t(), 0) {}
  RegionSpec(const RegionCoords_t &coords, region_extent_t extent)
      : coords_(coords), index_(coords.index()), extent_(extent) {}
  RegionSpec(region_index_t index, region_extent_t extent) : RegionSpec(RegionCoords_t(index), extent) {}

  /// The index of the region a stencil point points into.
  template <typename StencilPointT>
  static region_index_t index(const StencilPointT &point) {
    return RegionCoords_t::index(point);
  }

  region_index_t index() const { return index_; }
  const RegionCoords_t &coords() const { return coords_; }
  region_extent_t extent() const { return extent_; }
  region_coord_t operator[](std::size_t d) const { return coords_[d]; }
  dim_t relevant_dim() const { return RegionCoords_t::relevant_dim(coords_.values()); }
  dim_t level() const { return RegionCoords_t::level(coords_.values()); }

  bool operator==(const RegionSpec &o) const { return index_ == o.index_ && extent_ == o.extent_; }
  bool operator!=(const RegionSpec &o) const { return !(*this == o); }

 private:
  RegionCoords_t coords_;
  region_index_t index_;
  region_extent_t extent_;
};

template <std::size_t N>
std::ostream &operator<<(std::ostream &os, const RegionSpec<N> &rs) {
  os << "dash::halo::RegionSpec<" << N << ">(";
  for (std::size_t d = 0; d < N; ++d) os << (d > 0 ? "," : "") << unsigned(rs[d]);
  return os << "; extent: " << rs.extent() << ")";
}

}  // namespace dash::halo

#endif  // DASH_HALO_REGION_H
