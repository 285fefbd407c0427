#ifndef DASH_IO_HDF5_INTERNAL_PATTERN_ATTRIBUTE_H
#define DASH_IO_HDF5_INTERNAL_PATTERN_ATTRIBUTE_H

// A container's distribution stored with its dataset, so that loading it
// into an unallocated container restores the same distribution.
//
// The attribute (named by hdf5_options::pattern_metadata_key, default
// "DASH_PATTERN") is an array of 64-bit integers: a format version (1), the
// number of dimensions N, then per dimension the distribution type
// (0 NONE, 1 BLOCKED, 2 BLOCKCYCLIC, 3 TILE), its block size and the number
// of units along it. Other tools see an ordinary integer attribute.

#include <hdf5.h>

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include <dash/Pattern.h>
#include <dash/io/hdf5/internal/handle.h>

namespace dash::io::hdf5::internal {

inline constexpr std::int64_t pattern_attribute_version = 1;

/// Attaches the distribution of `pattern` to dataset `dset` as attribute
/// `key` (replacing one of that name). Collective.
template <class PatternT>
void store_pattern(hid_t dset, const PatternT &pattern, const std::string &key) {
  constexpr std::size_t N = PatternT::ndim();
  std::vector<std::int64_t> words{pattern_attribute_version, static_cast<std::int64_t>(N)};
  for (std::size_t d = 0; d < N; ++d) {
    const Distribution &dist = pattern.distspec()[d];
    words.push_back(static_cast<std::int64_t>(dist.type));
    words.push_back(static_cast<std::int64_t>(dist.blocksz));
    words.push_back(static_cast<std::int64_t>(pattern.teamspec().extent(d)));
  }
  if (H5Aexists(dset, key.c_str()) > 0) check(H5Adelete(dset, key.c_str()), "H5Adelete " + key);
  hsize_t n = words.size();
  Handle space = checked(H5Screate_simple(1, &n, nullptr), H5Sclose, "H5Screate_simple");
  Handle attr = checked(H5Acreate2(dset, key.c_str(), H5T_STD_I64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT),
                        H5Aclose, "H5Acreate2 " + key);
  check(H5Awrite(attr.get(), H5T_NATIVE_INT64, words.data()), "H5Awrite " + key);
}

/// The pattern of a dataset of `extents` for `nunits` units: as stored in
/// attribute `key` when there is a readable one (on the stored unit grid if
/// it has `nunits` units, else on the default grid for that distribution),
/// else the default distribution. Collective.
template <class PatternT>
PatternT restore_pattern(hid_t dset, const typename PatternT::extents_type &extents, std::size_t nunits,
                         const std::string &key, bool use_attribute) {
  constexpr std::size_t N = PatternT::ndim();
  // Pattern<N> has a default distribution; tile patterns need the stored one.
  constexpr bool has_default =
      std::is_constructible_v<PatternT, typename PatternT::extents_type, std::size_t>;
  auto fallback = [&]() -> PatternT {
    if constexpr (has_default)
      return PatternT(extents, nunits);
    else
      throw std::invalid_argument("dash::io::hdf5: dataset without a readable distribution attribute '" +
                                  key + "': allocate the container before reading it");
  };
  if (!use_attribute || H5Aexists(dset, key.c_str()) <= 0) return fallback();
  Handle attr = checked(H5Aopen(dset, key.c_str(), H5P_DEFAULT), H5Aclose, "H5Aopen " + key);
  Handle space = checked(H5Aget_space(attr.get()), H5Sclose, "H5Aget_space");
  hssize_t n = H5Sget_simple_extent_npoints(space.get());
  std::vector<std::int64_t> words(n > 0 ? static_cast<std::size_t>(n) : 0);
  if (words.size() != 2 + 3 * N) return fallback();
  check(H5Aread(attr.get(), H5T_NATIVE_INT64, words.data()), "H5Aread " + key);
  if (words[0] != pattern_attribute_version || words[1] != static_cast<std::int64_t>(N)) return fallback();
  std::array<Distribution, N> dists;
  typename TeamSpec<N>::extents_type grid;
  std::size_t grid_units = 1;
  for (std::size_t d = 0; d < N; ++d) {
    const std::int64_t *w = &words[2 + 3 * d];
    if (w[0] < 0 || w[0] > static_cast<std::int64_t>(DistributionType::Tile) || w[1] < 0 || w[2] < 1)
      return fallback();
    dists[d] = Distribution(static_cast<DistributionType>(w[0]), static_cast<std::size_t>(w[1]));
    grid[d] = static_cast<std::size_t>(w[2]);
    grid_units *= grid[d];
  }
  DistributionSpec<N> dist = std::apply([](auto... ds) { return DistributionSpec<N>(ds...); }, dists);
  if constexpr (has_default) {
    if (grid_units == nunits) return PatternT(extents, dist, TeamSpec<N>(grid), nunits);
    return PatternT(extents, dist, nunits);
  } else {
    if (grid_units == nunits) return PatternT(extents, dist, TeamSpec<N>(grid));
    return PatternT(extents, dist, TeamSpec<N>(dist, nunits));
  }
}

}  // namespace dash::io::hdf5::internal

#endif  // DASH_IO_HDF5_INTERNAL_PATTERN_ATTRIBUTE_H
