#ifndef DASH_HALO_COORDINATEACCESS_H
#define DASH_HALO_COORDINATEACCESS_H

// CoordinateAccess<HaloBlockT>: a unit's block and its halo addressed by
// local coordinates, as DASH's (HaloMatrixWrapper::coordinate_access()):
// access[i][j] or access(i, j), coordinates from -halo width to local
// extent + halo width - 1 along each dimension (the halo as of the last
// completed update). Throws std::out_of_range beyond the halo or where
// there is none (a NONE boundary).

#include <array>
#include <cstddef>
#include <tuple>

#include <dash/halo/Halo.h>
#include <dash/halo/Types.h>

namespace dash::halo {

template <typename HaloBlockT>
class CoordinateAccess {
  static constexpr std::size_t N = HaloBlockT::ndim();

 public:
  using Element_t = typename HaloBlockT::Element_t;
  using Pattern_t = typename HaloBlockT::Pattern_t;
  using index_t = default_index_t;
  using Coords_t = std::array<index_t, N>;
  using halo_type = Halo<Element_t, N, Pattern_t>;

  /// Coordinates fixed in the first D dimensions: [] fixes the next one.
  template <std::size_t D>
  class DataAccess {
   public:
    DataAccess(const CoordinateAccess *access, const Coords_t &coords) : access_(access), coords_(coords) {}
    decltype(auto) operator[](index_t i) const {
      Coords_t c = coords_;
      c[D] = i;
      if constexpr (D + 1 == N)
        return access_->value_at(c);
      else
        return DataAccess<D + 1>(access_, c);
    }

   private:
    const CoordinateAccess *access_;
    Coords_t coords_;
  };

  explicit CoordinateAccess(const halo_type *halo) : halo_(halo) {}

  static constexpr dim_t ndim() { return static_cast<dim_t>(N); }
  static constexpr MemArrange memory_order() { return Pattern_t::memory_order(); }

  decltype(auto) operator[](index_t i) const { return DataAccess<0>(this, Coords_t{})[i]; }
  template <typename... Is, typename = std::enable_if_t<sizeof...(Is) == N>>
  Element_t operator()(Is... coords) const {
    return value_at(Coords_t{static_cast<index_t>(coords)...});
  }
  /// The value at local coordinates (in the block or its halo).
  Element_t value_at(const Coords_t &coords) const {
    return std::apply([&](auto... c) { return (*halo_)(c...); }, coords);
  }

 private:
  const halo_type *halo_;
};

}  // namespace dash::halo

#endif  // DASH_HALO_COORDINATEACCESS_H
