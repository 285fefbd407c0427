#ifndef DASH_HALO_TYPES_H
#define DASH_HALO_TYPES_H

// DASH's names for global boundary conditions of a halo:
// BoundaryProp::{NONE, CYCLIC, CUSTOM} per dimension, collected in a
// GlobalBoundarySpec<N> (all NONE by default), as in DASH's halo/Types.h.

#include <array>
#include <cstddef>
#include <cstdint>

#include <dash/halo/Halo.h>

namespace dash::halo {

enum class BoundaryProp : std::uint8_t {
  NONE,    ///< no halo beyond the global index space
  CYCLIC,  ///< periodic: the halo wraps around
  CUSTOM,  ///< values set by HaloMatrixWrapper::set_custom_halos()
};

template <std::size_t N>
class GlobalBoundarySpec {
 public:
  /// NONE along every dimension.
  GlobalBoundarySpec() { props_.fill(BoundaryProp::NONE); }
  /// One property per dimension.
  template <typename... Props, typename = std::enable_if_t<sizeof...(Props) == N>>
  explicit GlobalBoundarySpec(Props... props) : props_{props...} {}

  BoundaryProp operator[](std::size_t d) const { return props_[d]; }

  /// The same conditions in Halo's terms.
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

}  // namespace dash::halo

#endif  // DASH_HALO_TYPES_H
