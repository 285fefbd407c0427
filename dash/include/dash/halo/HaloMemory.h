#ifndef DASH_HALO_HALOMEMORY_H
#define DASH_HALO_HALOMEMORY_H

// HaloMemory<HaloBlockT>: the halo elements of a unit by region, as DASH's
// (HaloMatrixWrapper::halo_memory()). The elements are the engine's
// (dash::Halo's) halo buffer as of the last completed update: region r
// (RegionCoords index) is a box of halo_extent elements along each of its
// off-centre dimensions and the local extent elsewhere, in the matrix's
// memory order. Valid until the next update starts.

#include <array>
#include <cstddef>
#include <utility>

#include <dash/halo/Halo.h>
#include <dash/halo/Region.h>
#include <dash/halo/Types.h>

namespace dash::halo {

template <typename HaloBlockT>
class HaloMemory {
  static constexpr std::size_t N = HaloBlockT::ndim();

 public:
  using Element_t = typename HaloBlockT::Element_t;
  using Pattern_t = typename HaloBlockT::Pattern_t;
  using ElementCoords_t = std::array<typename Pattern_t::index_type, N>;
  using halo_type = Halo<Element_t, N, Pattern_t>;
  using const_iterator = const Element_t *;
  using MemRange_t = std::pair<const_iterator, const_iterator>;

  explicit HaloMemory(const halo_type &halo) : halo_(&halo) {}

  /// The first element of region `index`; nullptr if the unit has no halo
  /// there (or for the centre).
  const Element_t *first_element_at(region_index_t index) const {
    if (index == RegionCoords<N>::center_index() || index >= NumRegionsMax<N>) return nullptr;
    return halo_->region(direction(index));
  }
  /// The number of elements of region `index` (0 if there is no halo).
  std::size_t size_at(region_index_t index) const {
    if (first_element_at(index) == nullptr) return 0;
    auto c = RegionCoords<N>::coords(index);
    const auto &w = halo_->widths();
    std::size_t n = 1;
    for (std::size_t d = 0; d < N; ++d) n *= c[d] == 1 ? halo_->extents()[d] : c[d] == 0 ? w.lo[d] : w.hi[d];
    return n;
  }
  /// The elements of region `index` (begin, end).
  MemRange_t range_at(region_index_t index) const {
    const Element_t *first = first_element_at(index);
    return {first, first + size_at(index)};
  }

 private:
  static std::array<int, N> direction(region_index_t index) {
    auto c = RegionCoords<N>::coords(index);
    std::array<int, N> dir{};
    for (std::size_t d = 0; d < N; ++d) dir[d] = static_cast<int>(c[d]) - 1;
    return dir;
  }

  const halo_type *halo_;
};

}  // namespace dash::halo

#endif  // DASH_HALO_HALOMEMORY_H
