#ifndef DASH_UTIL_STATICCONFIG_H
#define DASH_UTIL_STATICCONFIG_H

// DASH's build-time feature table, dash::util::DashConfig: which optional
// libraries and algorithms this build has. dash::summa has its own kernel
// here (no BLAS/MKL needed), so avail_algo_summa is always true.
//
//   if (dash::util::DashConfig.avail_algo_summa) dash::summa(a, b, c);

namespace dash::util {

struct StaticConfig {
  bool avail_papi = false;
  bool avail_hwloc = true;
  bool avail_likwid = false;
  bool avail_numa = false;
  bool avail_plasma = false;
#ifdef DASH_ENABLE_HDF5
  bool avail_hdf5 = true;
#else
  bool avail_hdf5 = false;
#endif
  bool avail_mkl = false;
  bool avail_blas = false;
  bool avail_lapack = false;
  bool avail_scalapack = false;
  bool avail_memkind = false;
  bool avail_algo_summa = true;
};

/// The table of this build.
inline constexpr StaticConfig DashConfig{};

}  // namespace dash::util

#endif  // DASH_UTIL_STATICCONFIG_H
