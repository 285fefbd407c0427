#ifndef DASH_PATTERN_SIZE_SPEC_H
#define DASH_PATTERN_SIZE_SPEC_H

// SizeSpec<N>: the global extents of an N-dimensional index space, DASH's
// way of passing them:
//
//   dash::Matrix<int> m(dash::SizeSpec<2>(rows, cols),
//                       dash::DistributionSpec<2>(dash::BLOCKED, dash::NONE));
//
// The library itself takes extents as std::array<std::size_t, N>; a
// SizeSpec converts to that, so it goes wherever extents do.

#include <array>
#include <cstddef>
#include <type_traits>

#include <dash/Distribution.h>

namespace dash {

/// SizeType is accepted for DASH source compatibility; extents are size_t.
template <std::size_t N, typename SizeType = std::size_t>
class SizeSpec {
  static_assert(N >= 1, "dash::SizeSpec needs at least one dimension");

 public:
  using size_type = std::size_t;
  using extents_type = std::array<size_type, N>;

  /// One extent per dimension: SizeSpec<2>(rows, cols).
  template <typename... Es,
            typename = std::enable_if_t<sizeof...(Es) == N && (std::is_integral_v<Es> && ...)>>
  constexpr SizeSpec(Es... extents) : extents_{{static_cast<size_type>(extents)...}} {}
  constexpr SizeSpec(const extents_type &extents) : extents_(extents) {}

  static constexpr std::size_t ndim() { return N; }
  constexpr const extents_type &extents() const { return extents_; }
  constexpr size_type extent(std::size_t d) const { return extents_[d]; }
  /// The number of elements.
  constexpr size_type size() const {
    size_type n = 1;
    for (size_type e : extents_) n *= e;
    return n;
  }

  constexpr operator const extents_type &() const { return extents_; }

 private:
  extents_type extents_;
};

}  // namespace dash

#endif  // DASH_PATTERN_SIZE_SPEC_H
