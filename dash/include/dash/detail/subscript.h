#ifndef DASH_DETAIL_SUBSCRIPT_H
#define DASH_DETAIL_SUBSCRIPT_H

// m[i][j]: subscripting an N-dimensional container one dimension at a time
// (as in DASH). Each subscript but the last yields a Subscript holding the
// coordinates so far; the last yields the element's GlobRef. Unchecked,
// like operator[] of the container.

#include <array>
#include <cstddef>

#include <dash/detail/array_core.h>

namespace dash::detail {

/// The first K of N coordinates into the container of `core`; U is the
/// element type of the reference (T or const T).
template <typename T, typename U, std::size_t N, std::size_t K, typename P>
class Subscript {
 public:
  Subscript(const ArrayCore<T, N, P> *core, const std::array<std::size_t, N> &coords)
      : core_(core), coords_(coords) {}

  decltype(auto) operator[](std::size_t i) const {
    std::array<std::size_t, N> coords = coords_;
    coords[K] = i;
    if constexpr (K + 1 == N)
      return core_->template ref<U>(coords);
    else
      return Subscript<T, U, N, K + 1, P>(core_, coords);
  }

 private:
  const ArrayCore<T, N, P> *core_;
  std::array<std::size_t, N> coords_;
};

}  // namespace dash::detail

#endif  // DASH_DETAIL_SUBSCRIPT_H
