#ifndef DASH_ALGORITHM_SUMMA_H
#define DASH_ALGORITHM_SUMMA_H

// Distributed matrix multiplication C = A * B (DASH's dash::summa, also
// named dash::mmult there), for matrices of any patterns and teams:
// every unit computes its own blocks of C. For each of them it fetches the
// matching rows of A and columns of B in panels of at most 256 along the
// inner dimension (one-sided bulk copies) and multiplies them locally.
// Collective over C's team; A and B must be fully written before the call
// on every unit, and C is complete on return.
//
// DASH's version needs BLAS or MKL (its fallback kernel throws outside
// debug builds and indexes B wrongly for non-square blocks); this one has
// its own kernel and no such restriction. dash::make_pattern with the
// summa_pattern_* constraints gives patterns that suit it (tiled, several
// blocks per unit), as in DASH.

#include <algorithm>
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <dash/algorithm/Copy.h>
#include <dash/Matrix.h>
#include <dash/pattern/MakePattern.h>
#include <dash/Exception.h>
#include <dash/Future.h>
#include <dash/Pattern.h>
#include <dash/Types.h>
#include <dash/util/StaticConfig.h>
#include <dash/util/Trace.h>

namespace dash {

/// DASH's constraints on the patterns of dash::summa's operands.
using summa_pattern_partitioning_constraints =
    pattern_partitioning_properties<pattern_partitioning_tag::rectangular, pattern_partitioning_tag::balanced,
                                    pattern_partitioning_tag::ndimensional>;
using summa_pattern_mapping_constraints =
    pattern_mapping_properties<pattern_mapping_tag::multiple, pattern_mapping_tag::unbalanced>;
using summa_pattern_layout_constraints =
    pattern_layout_properties<pattern_layout_tag::blocked, pattern_layout_tag::linear>;

/// C = A * B, for A of n x m, B of m x p and C of n x p elements, over
/// any ROW_MAJOR pattern types (Pattern<2>, TilePattern<2>,
/// SeqTilePattern<2>, ShiftTilePattern<2>, each its own): each unit
/// computes its local blocks of C. Throws std::invalid_argument if the
/// extents do not fit.
template <typename T, typename PA, typename PB, typename PC>
void summa(const detail::NArray<T, 2, PA> &A, const detail::NArray<T, 2, PB> &B,
           detail::NArray<T, 2, PC> &C) {
  static_assert(
      PA::memory_order() == ROW_MAJOR && PB::memory_order() == ROW_MAJOR && PC::memory_order() == ROW_MAJOR,
      "dash::summa: the matrices' patterns must be ROW_MAJOR (their blocks are read and written "
      "row by row)");
  const std::size_t n = A.extent(0), m = A.extent(1), p = B.extent(1);
  if (B.extent(0) != m || C.extent(0) != n || C.extent(1) != p)
    throw std::invalid_argument("dash::summa: extents " + std::to_string(n) + "x" + std::to_string(m) +
                                " * " + std::to_string(B.extent(0)) + "x" + std::to_string(p) + " -> " +
                                std::to_string(C.extent(0)) + "x" + std::to_string(C.extent(1)));
  const auto &pattern = C.pattern();
  const std::size_t me = static_cast<std::size_t>(C.team().myid().id);
  const std::size_t panel = std::min<std::size_t>(m, 256);
  C.barrier();  // A and B are written everywhere
  std::vector<T> a, b, c;
  for (std::size_t lb = 0, nb = pattern.local_nblocks(me); lb < nb; ++lb) {
    Block<2> blk = pattern.local_block(me, lb);
    const std::size_t r0 = blk.offsets()[0], c0 = blk.offsets()[1], h = blk.extents()[0],
                      w = blk.extents()[1];
    c.assign(h * w, T{});
    for (std::size_t k0 = 0; k0 < m; k0 += panel) {
      const std::size_t kk = std::min(panel, m - k0);
      a.resize(h * kk);
      b.resize(kk * w);
      auto arows = A.sub({r0, k0}, {h, kk});
      auto bcols = B.sub({k0, c0}, {kk, w});
      dash::copy(arows.begin(), arows.end(), a.data());
      dash::copy(bcols.begin(), bcols.end(), b.data());
      // i-k-j: the inner loop runs along rows of b and c.
      for (std::size_t i = 0; i < h; ++i) {
        T *ci = c.data() + i * w;
        for (std::size_t k = 0; k < kk; ++k) {
          const T aik = a[i * kk + k];
          const T *bk = b.data() + k * w;
          for (std::size_t j = 0; j < w; ++j) ci[j] += aik * bk[j];
        }
      }
    }
    auto cblock = C.sub({r0, c0}, {h, w});
    dash::copy(static_cast<const T *>(c.data()), c.data() + c.size(), cblock.begin());
  }
  C.barrier();  // C is complete everywhere
}

/// DASH's other name for summa.
template <typename T, typename PA, typename PB, typename PC>
void mmult(const detail::NArray<T, 2, PA> &A, const detail::NArray<T, 2, PB> &B,
           detail::NArray<T, 2, PC> &C) {
  summa(A, B, C);
}

}  // namespace dash

#endif  // DASH_ALGORITHM_SUMMA_H
