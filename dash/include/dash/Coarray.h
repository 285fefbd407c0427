#ifndef DASH_COARRAY_H
#define DASH_COARRAY_H

// Coarray<T>: Fortran 2008 coarrays in DASH's form. Every unit ("image") of
// a team holds one T, a scalar or a one-dimensional array U[n]:
//
//   Fortran                       dash
//   integer :: x[*]               dash::Coarray<int> x;
//   real    :: a(10)[*]           dash::Coarray<double[10]> a;
//   x = 42                        x = 42;               (own image)
//   y = x[3]                      int y = x(3);         (image 3: a get)
//   x[3] = 7                      x(3) = 7;             (a put)
//   a(i)                          a[i]                  (own image: plain memory)
//   a(i)[3]                       a(3)[i]
//   sync all / sync images(l)     x.sync_all(); x.sync_images(l);
//   co_broadcast(a, 1)            dash::coarray::cobroadcast(a, dash::team_unit_t(1));
//   co_sum(x) / co_reduce         dash::coarray::coreduce(x, dash::plus<int>());
//   this_image(), num_images()    dash::coarray::this_image(), num_images()  (0-based)
//
// So Fortran's co-index [u] is x(u) and its array index (i) is x[i], as in
// DASH. Remote accesses are one-sided and complete on return; local ones are
// plain memory, so as in Fortran another image sees them after a
// synchronization (sync_all, sync_images, barrier). Images are numbered
// from 0 (team-relative unit ids). Construction and destruction are
// collective over the team. Coarray<Atomic<U>> has atomic elements.

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <dart/communication.h>
#include <dash/Array.h>
#include <dash/Atomic.h>
#include <dash/algorithm/Operation.h>
#include <dash/detail/dart_type.h>
#include <dash/Exception.h>
#include <dash/Init.h>
#include <dash/Team.h>
#include <dash/Types.h>

namespace dash {

namespace coarray::detail {

/// Fortran's sync images over `team`: returns once every unit in `ids`
/// (team-relative; the caller itself is skipped) has called sync_images
/// with the caller in its list. One message each way per pair, exchanged in
/// ascending order of partners, which cannot deadlock: the smallest pending
/// pair is always the current pair of both its units.
template <typename Container>
void sync_images(const Team &team, const Container &ids) {
  std::vector<dart_unit_t> partners;
  const dart_unit_t me = team.myid().id;
  for (const auto &id : ids) {
    auto u = static_cast<dart_unit_t>(id);
    if (u < 0 || static_cast<std::size_t>(u) >= team.size())
      throw std::out_of_range("dash::coarray::sync_images: image " + std::to_string(u) + " not in [0, " +
                              std::to_string(team.size()) + ")");
    if (u != me) partners.push_back(u);
  }
  std::sort(partners.begin(), partners.end());
  partners.erase(std::unique(partners.begin(), partners.end()), partners.end());
  constexpr int kTag = 0x5359;  // "SY"
  char out = 0, in = 0;
  for (dart_unit_t u : partners)
    dash::detail::check(
        dart_sendrecv(&out, 1, DART_TYPE_BYTE, kTag, u, &in, 1, DART_TYPE_BYTE, kTag, u, team.dart_id()),
        "dart_sendrecv");
}

}  // namespace coarray::detail

template <typename T>
class Coarray {
  static_assert(std::rank_v<T> <= 1, "dash::Coarray: T must be a scalar or a one-dimensional array U[n]");
  static constexpr bool is_array = std::is_array_v<T>;

 public:
  using value_type = std::remove_extent_t<T>;
  using size_type = std::size_t;
  using reference = GlobRef<value_type>;
  using const_reference = GlobRef<const value_type>;
  using iterator = typename Array<value_type>::iterator;
  using local_pointer = value_type *;
  static_assert(std::extent_v<T> > 0 || !is_array, "dash::Coarray: U[n] needs n > 0");
  /// Elements per image.
  static constexpr size_type image_size = is_array ? std::extent_v<T> : 1;

  /// The image of one unit of an array coarray: a(u)[i] is element i there.
  class Image {
   public:
    Image(Array<value_type> *storage, size_type first) : storage_(storage), first_(first) {}
    reference operator[](size_type i) const { return (*storage_)[first_ + i]; }
    iterator begin() const { return storage_->begin() + static_cast<std::ptrdiff_t>(first_); }
    iterator end() const { return begin() + static_cast<std::ptrdiff_t>(image_size); }
    size_type size() const { return image_size; }

   private:
    Array<value_type> *storage_;
    size_type first_;
  };

  /// One image per unit of `team`, value-initialized. Collective.
  explicit Coarray(const Team &team = Team::All()) : storage_(team.size() * image_size, team) {
    std::fill(lbegin(), lend(), value_type{});
    team.barrier();
  }
  /// Scalar coarray whose every image starts as `value`. Collective.
  template <bool A = is_array, typename = std::enable_if_t<!A>>
  explicit Coarray(const value_type &value, const Team &team = Team::All()) : storage_(team.size(), team) {
    *lbegin() = value;
    team.barrier();
  }

  // ---- images of other units ----

  /// Image `unit` (team-relative): a reference for a scalar coarray, an
  /// Image for an array coarray. Throws std::out_of_range for a unit
  /// outside the team.
  decltype(auto) operator()(size_type unit) {
    if (unit >= team().size())
      throw std::out_of_range("dash::Coarray: image " + std::to_string(unit) + " not in [0, " +
                              std::to_string(team().size()) + ")");
    if constexpr (is_array)
      return Image(&storage_, unit * image_size);
    else
      return storage_[unit];
  }

  // ---- the calling unit's image: plain memory ----

  /// Element i of the own image (array coarrays), unchecked.
  template <bool A = is_array, typename = std::enable_if_t<A>>
  value_type &operator[](size_type i) {
    return lbegin()[i];
  }
  /// Assigns the own image (scalar coarrays).
  template <bool A = is_array, typename = std::enable_if_t<!A>>
  Coarray &operator=(const value_type &value) {
    *lbegin() = value;
    return *this;
  }
  /// Reads the own image (scalar coarrays).
  template <bool A = is_array, typename = std::enable_if_t<!A>>
  operator value_type() const {
    return *storage_.lbegin();
  }
  local_pointer lbegin() const { return storage_.lbegin(); }
  local_pointer lend() const { return storage_.lend(); }
  size_type local_size() const { return image_size; }

  // ---- all images ----

  /// Every image in unit order (for algorithms and dash::copy).
  iterator begin() { return storage_.begin(); }
  iterator end() { return storage_.end(); }
  size_type size() const { return storage_.size(); }
  const Team &team() const { return storage_.team(); }

  // ---- synchronization ----

  /// Completes the calling unit's asynchronous writes to the coarray.
  void flush() { storage_.flush(); }
  /// Fortran's sync all: a barrier over the team.
  void sync_all() {
    flush();
    team().barrier();
  }
  void barrier() { sync_all(); }
  /// Fortran's sync images with team-relative ids (see coarray::sync_images).
  template <typename Container>
  void sync_images(const Container &image_ids) {
    flush();
    coarray::detail::sync_images(team(), image_ids);
  }

 private:
  Array<value_type> storage_;  // image u: elements [u * image_size, (u + 1) * image_size)
};

namespace coarray {

/// The calling unit's image number in Team::All() (from 0, as dash::myid()).
inline global_unit_t this_image() { return myid(); }
/// The number of images in Team::All().
inline std::size_t num_images() { return size(); }
/// A barrier over Team::All().
inline void sync_all() { barrier(); }
/// Fortran's sync images over Team::All(): returns once every unit in
/// image_ids has called sync_images with the caller in its list. Throws
/// std::out_of_range for an id outside the team.
template <typename Container>
void sync_images(const Container &image_ids) {
  detail::sync_images(Team::All(), image_ids);
}

/// Fortran's co_broadcast: every image becomes a copy of image `master`.
/// Collective over the coarray's team.
template <typename T>
void cobroadcast(Coarray<T> &coarr, team_unit_t master) {
  using V = typename Coarray<T>::value_type;
  dash::detail::check(dart_bcast(coarr.lbegin(), Coarray<T>::image_size * sizeof(V), DART_TYPE_BYTE,
                                 master.id, coarr.team().dart_id()),
                      "dart_bcast");
}

/// Fortran's co_reduce / co_sum / co_min / co_max: element-wise reduction
/// of all images with `op` (dash::plus, multiply, min, max, bit_and, bit_or,
/// bit_xor). The result replaces image `master`, or every image if master
/// is negative (the default); the other images keep their values.
/// Collective over the coarray's team.
template <typename T, typename BinaryOp>
void coreduce(Coarray<T> &coarr, const BinaryOp &op, team_unit_t master = team_unit_t{-1}) {
  using V = typename Coarray<T>::value_type;
  static_assert(dash::detail::is_dart_arithmetic_v<V>, "dash::coarray::coreduce: arithmetic elements only");
  constexpr std::size_t n = Coarray<T>::image_size;
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

#endif  // DASH_COARRAY_H
