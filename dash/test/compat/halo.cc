// A halo stencil as DASH's halo examples write one: NArray spelled with
// its index and pattern types, a balanced TeamSpec, HaloMatrixWrapper
// with the default (NONE) boundary, update_async/wait around a hand-written
// loop over the local inner elements, then the stencil operator's boundary
// iteration (whole, or by dimension and side with iterator_at(dim, pos)). A blur of unsigned char pixels (double arithmetic, truncated),
// several sweeps swapping two matrices; the gathered result equals a
// serial computation of every element at least one away from the global
// edge (the edge itself is in neither iteration space and keeps its value).
#include <libdash.h>

#include <vector>

#include "check.h"

using element_t = unsigned char;
using Pattern_t = dash::Pattern<2>;
using index_t = typename Pattern_t::index_type;
using Array_t = dash::NArray<element_t, 2, index_t, Pattern_t>;
using StencilP_t = dash::halo::StencilPoint<2>;
using StencilSpec_t = dash::halo::StencilSpec<StencilP_t, 4>;
using HaloWrapper_t = dash::halo::HaloMatrixWrapper<Array_t>;

static element_t pixel(long x, long y) { return element_t((x * 37 + y * 11) % 7 == 0 ? 1 : 255); }

static element_t blur(double c, double n, double s, double w, double e) {
  return element_t(0.40 * c + 0.15 * n + 0.15 * s + 0.15 * w + 0.15 * e);
}

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    const long size = 23, sweeps = 6;
    dash::TeamSpec<2> ts;
    ts.balance_extents();
    Pattern_t pattern(dash::SizeSpec<2>(size, size), dash::DistributionSpec<2>(dash::BLOCKED, dash::BLOCKED),
                      ts);
    Array_t a(pattern), b(pattern);
    StencilSpec_t spec(StencilP_t(-1, 0), StencilP_t(1, 0), StencilP_t(0, -1), StencilP_t(0, 1));
    HaloWrapper_t ha(a, spec), hb(b, spec);
    auto opa = ha.stencil_operator(spec);
    auto opb = hb.stencil_operator(spec);
    for (long x = 0; x < size; ++x)
      for (long y = 0; y < size; ++y)
        if (a.at(x, y).is_local()) a.at(x, y) = b.at(x, y) = pixel(x, y);
    dash::barrier();

    HaloWrapper_t *hold = &ha, *hnew = &hb;
    auto *oold = &opa, *onew = &opb;
    const long lx = long(pattern.local_extent(0)), ly = long(pattern.local_extent(1));
    for (long s = 0; s < sweeps; ++s) {
      const element_t *o = hold->matrix().lbegin();
      element_t *n = hnew->matrix().lbegin();
      hold->update_async();
      for (long x = 1; x < lx - 1; ++x)
        for (long y = 1; y < ly - 1; ++y)
          n[x * ly + y] = blur(o[x * ly + y], o[(x - 1) * ly + y], o[(x + 1) * ly + y], o[x * ly + y - 1],
                               o[x * ly + y + 1]);
      hold->wait();
      if (s % 2 == 0) {
        for (auto it = oold->boundary.begin(); it != oold->boundary.end(); ++it)
          n[it.lpos()] = blur(*it, it.value_at(0), it.value_at(1), it.value_at(2), it.value_at(3));
      } else {  // by dimension and side, as DASH's astro tutorial: each element once
        std::size_t visited = 0;
        for (dash::dim_t d = 0; d < 2; ++d)
          for (auto pos : {dash::halo::RegionPos::PRE, dash::halo::RegionPos::POST}) {
            auto range = oold->boundary.iterator_at(d, pos);
            for (auto it = range.first; it != range.second; ++it, ++visited)
              n[it.lpos()] = blur(*it, it.value_at(0), it.value_at(1), it.value_at(2), it.value_at(3));
          }
        CHECK(visited == oold->boundary.size());
      }
      std::swap(hold, hnew);
      std::swap(oold, onew);
      dash::barrier();
    }

    std::vector<element_t> ref(size * size), next;
    for (long x = 0; x < size; ++x)
      for (long y = 0; y < size; ++y) ref[x * size + y] = pixel(x, y);
    for (long s = 0; s < sweeps; ++s) {
      next = ref;
      for (long x = 1; x < size - 1; ++x)
        for (long y = 1; y < size - 1; ++y)
          next[x * size + y] = blur(ref[x * size + y], ref[(x - 1) * size + y], ref[(x + 1) * size + y],
                                    ref[x * size + y - 1], ref[x * size + y + 1]);
      ref = next;
    }
    std::vector<element_t> got(size * size);
    dash::copy(hold->matrix().begin(), hold->matrix().end(), got.data());
    long wrong = 0;
    for (long i = 0; i < size * size; ++i) wrong += got[i] != ref[i];
    CHECK(wrong == 0);
    long changed = 0;
    for (long x = 0; x < size; ++x)
      for (long y = 0; y < size; ++y) changed += ref[x * size + y] != pixel(x, y);
    CHECK(changed > size * size / 2);  // the blur did something
    dash::barrier();
  }
  dash::finalize();
  return compat::result();
}
