#ifndef DASH_DOMAIN_H
#define DASH_DOMAIN_H

// dash::Domain<N, Index>: an N-dimensional box of indices, as offsets and
// extents per dimension (DASH's Domain), with in-place translation and
// growth that return the domain for chaining:
//
//   dash::Domain<3, int> dom({{0, 10}, {10, 20}, {5, 10}});  // [begin, end) per dimension
//   dom.translate({0, 3, 0}).expand({0, 0, 10});             // offsets {0, 13, 5}, extents {10, 10, 15}

#include <array>
#include <cstddef>
#include <initializer_list>
#include <ostream>
#include <stdexcept>

#include <dash/Types.h>

namespace dash {

template <dim_t NumDim, typename IndexType = dash::default_index_t>
class Domain {
 public:
  using index_type = IndexType;

  /// One {begin, end} pair per dimension. Throws std::invalid_argument
  /// unless there are NumDim of them.
  Domain(std::initializer_list<std::array<IndexType, 2>> ranges) {
    if (ranges.size() != static_cast<std::size_t>(NumDim))
      throw std::invalid_argument("dash::Domain: one range per dimension expected");
    dim_t d = 0;
    for (const auto &range : ranges) {
      offsets_[d] = range[0];
      extents_[d] = range[1] - range[0];
      ++d;
    }
  }

  /// Moves the domain by `offs` (added to the offsets).
  Domain &translate(const std::array<IndexType, NumDim> &offs) {
    for (dim_t d = 0; d < NumDim; ++d) offsets_[d] += offs[d];
    return *this;
  }
  /// Sets the extents.
  Domain &resize(const std::array<IndexType, NumDim> &extents) {
    extents_ = extents;
    return *this;
  }
  /// Grows the extents by `ext`.
  Domain &expand(const std::array<IndexType, NumDim> &ext) {
    for (dim_t d = 0; d < NumDim; ++d) extents_[d] += ext[d];
    return *this;
  }

  IndexType offset(dim_t d) const { return offsets_[d]; }
  std::array<IndexType, NumDim> offsets() const { return offsets_; }
  IndexType extent(dim_t d) const { return extents_[d]; }
  std::array<IndexType, NumDim> extents() const { return extents_; }

 private:
  std::array<IndexType, NumDim> offsets_{};
  std::array<IndexType, NumDim> extents_{};
};

template <dim_t NumDim, typename IndexType>
std::ostream &operator<<(std::ostream &os, const Domain<NumDim, IndexType> &dom) {
  os << "dash::Domain { extents(";
  for (dim_t d = 0; d < NumDim; ++d) os << (d ? "," : "") << dom.extent(d);
  os << "), offsets(";
  for (dim_t d = 0; d < NumDim; ++d) os << (d ? "," : "") << dom.offset(d);
  return os << ") }";
}

}  // namespace dash

#endif  // DASH_DOMAIN_H
