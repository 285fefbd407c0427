#ifndef DASH_HALO_TYPES_H
#define DASH_HALO_TYPES_H

// The vocabulary of halos, with DASH's names where DASH has them:
//  - dash::HaloBoundary and dash::HaloWidths<N>: what dash::Halo (the
//    engine) takes: a boundary condition per dimension and the halo
//    widths below (lo) and above (hi) the unit's box;
//  - dash::halo::BoundaryProp::{NONE, CYCLIC, CUSTOM} per dimension,
//    collected in a GlobalBoundarySpec<N> (all NONE by default);
//  - region numbering: the 3^N regions around a unit's box (the centre
//    included) are numbered row-major over per-dimension coordinates
//    0 (below), 1 (level with the box), 2 (above): NumRegionsMax<N> = 3^N,
//    region_index_t, region_coord_t, region_extent_t (a region's width);
//  - StencilViewScope, RegionPos, SignalReady: DASH's enumerations.

#include <array>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <type_traits>

#include <dash/Types.h>

namespace dash {

/// What a halo holds beyond the global index space, per dimension.
enum class HaloBoundary {
  None,    ///< nothing (no halo there)
  Cyclic,  ///< the elements at the other end (periodic)
  Custom,  ///< values set by Halo::set_custom_halos()
};

/// Halo widths per dimension: lo[d] elements below the box, hi[d] above.
template <std::size_t N>
struct HaloWidths {
  std::array<std::size_t, N> lo{}, hi{};
  /// The same width on every side.
  static HaloWidths uniform(std::size_t w) {
    HaloWidths h;
    h.lo.fill(w);
    h.hi.fill(w);
    return h;
  }
};

namespace halo {

namespace internal {

/// A stencil point's distance along one dimension (signed) and its size.
using spoint_value_t = std::int16_t;
using spoint_distance_t = std::make_unsigned_t<spoint_value_t>;

/// A region's coordinate along one dimension: 0, 1 or 2.
using region_coord_t = std::uint8_t;
using region_index_t = std::uint32_t;
using region_size_t = region_index_t;
using region_extent_t = spoint_distance_t;

/// Regions per dimension: below, level with and above the box.
static constexpr region_index_t REGION_INDEX_BASE = 3;

constexpr region_index_t region_pow(std::size_t n) {
  return n == 0 ? 1 : REGION_INDEX_BASE * region_pow(n - 1);
}

/// The number of regions around an N-dimensional box, the centre included.
template <std::size_t N>
static constexpr region_index_t NumRegionsMax = region_pow(N);

/// Which elements a stencil iteration visits.
enum class StencilViewScope : std::uint8_t {
  INNER,     ///< elements whose stencil stays in the unit's block
  BOUNDARY,  ///< the others (their stencil reads the halo)
  ALL,       ///< both
};

inline std::ostream &operator<<(std::ostream &os, StencilViewScope scope) {
  return os << (scope == StencilViewScope::INNER      ? "INNER"
                : scope == StencilViewScope::BOUNDARY ? "BOUNDARY"
                                                      : "ALL");
}

}  // namespace internal

using namespace internal;

/// Global boundary condition of one dimension.
enum class BoundaryProp : std::uint8_t {
  NONE,    ///< no halo beyond the global index space
  CYCLIC,  ///< periodic: the halo wraps around
  CUSTOM,  ///< values set by HaloMatrixWrapper::set_custom_halos()
};

inline std::ostream &operator<<(std::ostream &os, BoundaryProp prop) {
  return os << (prop == BoundaryProp::NONE ? "NONE" : prop == BoundaryProp::CYCLIC ? "CYCLIC" : "CUSTOM");
}

/// A region's side along one dimension: below (PRE) or above (POST).
enum class RegionPos : bool { PRE, POST };

inline std::ostream &operator<<(std::ostream &os, RegionPos pos) {
  return os << (pos == RegionPos::PRE ? "PRE" : "POST");
}

/// Whether a halo update signals its neighbours when the data is ready.
enum class SignalReady : bool { ON, OFF };

inline std::ostream &operator<<(std::ostream &os, SignalReady s) {
  return os << (s == SignalReady::ON ? "ON" : "OFF");
}

/// The global boundary condition of every dimension.
template <std::size_t N>
class GlobalBoundarySpec {
 public:
  /// NONE along every dimension.
  GlobalBoundarySpec() { props_.fill(BoundaryProp::NONE); }
  /// One property per dimension.
  template <typename... Props, typename = std::enable_if_t<sizeof...(Props) + 1 == N>>
  constexpr GlobalBoundarySpec(BoundaryProp first, Props... rest) : props_{first, rest...} {}

  static constexpr std::size_t ndim() { return N; }
  constexpr BoundaryProp operator[](std::size_t d) const { return props_[d]; }
  const std::array<BoundaryProp, N> &values() const { return props_; }

  bool operator==(const GlobalBoundarySpec &o) const { return props_ == o.props_; }
  bool operator!=(const GlobalBoundarySpec &o) const { return !(*this == o); }

  /// The same conditions in the engine's terms.
  std::array<HaloBoundary, N> conditions() const {
    std::array<HaloBoundary, N> c;
    for (std::size_t d = 0; d < N; ++d)
      c[d] = props_[d] == BoundaryProp::CYCLIC   ? HaloBoundary::Cyclic
             : props_[d] == BoundaryProp::CUSTOM ? HaloBoundary::Custom
                                                 : HaloBoundary::None;
    return c;
  }

 private:
  std::array<BoundaryProp, N> props_;
};

template <std::size_t N>
std::ostream &operator<<(std::ostream &os, const GlobalBoundarySpec<N> &spec) {
  os << "dash::halo::GlobalBoundarySpec<" << N << ">(";
  for (std::size_t d = 0; d < N; ++d) os << (d > 0 ? "," : "") << spec[d];
  return os << ")";
}

}  // namespace halo
}  // namespace dash

#endif  // DASH_HALO_TYPES_H
