#ifndef DASH_UTIL_STATICCONFIG_H
#define DASH_UTIL_STATICCONFIG_H

// Which optional parts this build of the library has (DASH's names).

namespace dash::util {

struct StaticConfig {
  bool avail_papi = false;
  bool avail_hwloc = true;  // DART's locality comes from hwloc
  bool avail_likwid = false;
  bool avail_numa = false;
#ifdef DASH_ENABLE_HDF5
  bool avail_hdf5 = true;
#else
  bool avail_hdf5 = false;
#endif
  bool avail_plasma = false;
  bool avail_mkl = false;
  bool avail_blas = false;
  bool avail_lapack = false;
  bool avail_scalapack = false;
  bool avail_memkind = false;
  /// dash::summa needs no BLAS here: it multiplies local blocks itself.
  bool avail_algo_summa = true;
};

inline constexpr StaticConfig DashConfig{};

}  // namespace dash::util

#endif  // DASH_UTIL_STATICCONFIG_H
