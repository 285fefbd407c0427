#ifndef DASH_COARRAY_UTILS_H
#define DASH_COARRAY_UTILS_H

// Fortran's image intrinsics and collectives for dash::Coarray (DASH's
// dash::coarray namespace): this_image, num_images, sync_all,
// sync_images, cobroadcast, coreduce.

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <sys/types.h>
#include <type_traits>
#include <vector>

#include <dart/dart.h>
#include <dash/algorithm/Operation.h>
#include <dash/internal/DartType.h>
#include <dash/Exception.h>
#include <dash/Init.h>
#include <dash/Team.h>
#include <dash/Types.h>

namespace dash {

template <typename T, typename IndexType, MemArrange Arrangement, typename LocalMemSpaceT>
class Coarray;

namespace coarray {

namespace detail {

/// DASH's sync images over `team`: a unit listed in `ids` (team-relative)
/// returns once every other listed unit has called sync_images with it in
/// its list; a unit not listed returns at once. One message each way per
/// pair, exchanged in ascending order of partners, which cannot deadlock:
/// the smallest pending pair is always the current pair of both its units.
template <typename Container>
void sync_images(const Team &team, const Container &ids) {
  std::vector<dart_unit_t> partners;
  const dart_unit_t me = team.myid().id;
  bool listed = false;
  for (const auto &id : ids) {
    auto u = static_cast<dart_unit_t>(id);
    if (u < 0 || static_cast<std::size_t>(u) >= team.size())
      throw std::out_of_range("dash::coarray::sync_images: image " + std::to_string(u) + " not in [0, " +
                              std::to_string(team.size()) + ")");
    if (u != me)
      partners.push_back(u);
    else
      listed = true;
  }
  if (!listed) return;
  std::sort(partners.begin(), partners.end());
  partners.erase(std::unique(partners.begin(), partners.end()), partners.end());
  constexpr int kTag = 0x5359;  // "SY"
  char out = 0, in = 0;
  for (dart_unit_t u : partners)
    dash::detail::check(
        dart_sendrecv(&out, 1, DART_TYPE_BYTE, kTag, u, &in, 1, DART_TYPE_BYTE, kTag, u, team.dart_id()),
        "dart_sendrecv");
}

}  // namespace detail

/// The calling unit's image number in Team::All() (from 0, as dash::myid()).
inline global_unit_t this_image() { return myid(); }
/// The number of images in Team::All().
inline ssize_t num_images() { return static_cast<ssize_t>(size()); }
/// A barrier over Team::All().
inline void sync_all() { barrier(); }
/// DASH's sync images over Team::All(): the listed images synchronize with
/// each other (see detail::sync_images); an image not listed returns at
/// once. Throws std::out_of_range for an id outside the team.
template <typename Container>
void sync_images(const Container &image_ids) {
  detail::sync_images(Team::All(), image_ids);
}

/// Fortran's co_broadcast: every image becomes a copy of image `master`.
/// Collective over the coarray's team.
template <typename T, typename I, MemArrange A, typename L>
void cobroadcast(Coarray<T, I, A, L> &coarr, const team_unit_t &master) {
  using V = typename Coarray<T, I, A, L>::value_type;
  dash::detail::check(dart_bcast(coarr.lbegin(), coarr.local_size() * sizeof(V), DART_TYPE_BYTE, master.id,
                                 coarr.team().dart_id()),
                      "dart_bcast");
}

/// Fortran's co_reduce / co_sum / co_min / co_max: element-wise reduction
/// of all images with `op` (dash::plus, multiply, min, max, bit_and, bit_or,
/// bit_xor). The result replaces image `master`, or every image if master
/// is negative (the default); the other images keep their values.
/// Collective over the coarray's team.
template <typename T, typename I, MemArrange A, typename L, typename BinaryOp>
void coreduce(Coarray<T, I, A, L> &coarr, const BinaryOp &op, team_unit_t master = team_unit_t{-1}) {
  using V = typename Coarray<T, I, A, L>::value_type;
  static_assert(dash::detail::is_dart_arithmetic_v<V>, "dash::coarray::coreduce: arithmetic elements only");
  const std::size_t n = coarr.local_size();
  std::vector<V> result(n);
  if (master.id < 0) {
    dash::detail::check(dart_allreduce(coarr.lbegin(), result.data(), n, dash::detail::dart_type<V>(),
                                       op.dart_operation(), coarr.team().dart_id()),
                        "dart_allreduce");
    std::copy(result.begin(), result.end(), coarr.lbegin());
    return;
  }
  if (static_cast<std::size_t>(master.id) >= coarr.team().size())
    throw std::out_of_range("dash::coarray::coreduce: image " + std::to_string(master.id) +
                            " not in the team");
  dash::detail::check(dart_reduce(coarr.lbegin(), result.data(), n, dash::detail::dart_type<V>(),
                                  op.dart_operation(), master.id, coarr.team().dart_id()),
                      "dart_reduce");
  if (coarr.team().myid() == master) std::copy(result.begin(), result.end(), coarr.lbegin());
}

}  // namespace coarray

}  // namespace dash

#endif  // DASH_COARRAY_UTILS_H
