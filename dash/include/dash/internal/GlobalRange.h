#ifndef DASH_INTERNAL_GLOBAL_RANGE_H
#define DASH_INTERNAL_GLOBAL_RANGE_H

// A global range [first, last) of GlobPtrs as the algorithms see it: the
// container, the view and the positions, after checking that the two
// iterators belong together. Plus the collectives the algorithms share.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <dart/dart.h>
#include <dash/internal/ArrayCore.h>
#include <dash/iterator/internal/ContiguousRange.h>
#include <dash/Exception.h>
#include <dash/GlobPtr.h>
#include <dash/Init.h>

namespace dash::detail {

template <typename T, std::size_t N, typename P>
struct Range {
  const ArrayCore<T, N, P> *core;
  Block<N> view;
  std::size_t first, last;

  std::size_t size() const { return last - first; }
  const Team &team() const { return core->mem.team(); }
  dart_team_t dart_team() const { return core->mem.team().dart_id(); }
  std::size_t nunits() const { return core->mem.team().size(); }
  std::size_t myid() const { return core->myid; }
};

/// Checks that [first, last) is a range of one view of one live container.
template <typename T, std::size_t N, typename P>
Range<std::remove_const_t<T>, N, P> make_range(const GlobPtr<T, N, P> &first, const GlobPtr<T, N, P> &last,
                                               const char *what) {
  if (!first.core() || first.core() != last.core())
    throw std::invalid_argument(std::string(what) +
                                ": first and last belong to different containers (or are null)");
  if (first.view() != last.view())
    throw std::invalid_argument(std::string(what) + ": first and last belong to different views");
  std::size_t n = first.view().size();
  if (first.pos() < 0 || first.pos() > last.pos() || static_cast<std::size_t>(last.pos()) > n)
    throw std::invalid_argument(std::string(what) + ": [" + std::to_string(first.pos()) + ", " +
                                std::to_string(last.pos()) + ") is not a range of a view of " +
                                std::to_string(n) + " elements");
  check_alive(first.core()->mem.epoch(), what);
  return {first.core(), first.view(), static_cast<std::size_t>(first.pos()),
          static_cast<std::size_t>(last.pos())};
}

/// Calls f(T* data, const LocalPiece& piece) for the calling unit's pieces
/// of the range, in range order: data points to piece.len elements.
template <typename T, std::size_t N, typename P, typename F>
void for_each_local(const Range<T, N, P> &r, F &&f) {
  T *base = r.core->mem.local();
  for_each_local_piece(r.core->pattern, r.view, r.first, r.last, r.myid(),
                       [&](const LocalPiece &piece) { f(base + piece.lindex, piece); });
}

/// Gathers `bytes` bytes from every unit of `team`, in unit order.
inline std::vector<unsigned char> allgather_bytes(const Team &team, const void *mine, std::size_t bytes) {
  std::vector<unsigned char> all(bytes * team.size());
  check(dart_allgather(mine, all.data(), bytes, DART_TYPE_BYTE, team.dart_id()), "dart_allgather");
  return all;
}

/// Gathers one trivially copyable value from every unit, in unit order.
template <typename V>
std::vector<V> allgather_value(const Team &team, const V &mine) {
  static_assert(std::is_trivially_copyable_v<V>);
  std::vector<unsigned char> raw = allgather_bytes(team, &mine, sizeof(V));
  std::vector<V> all(team.size());
  std::memcpy(static_cast<void *>(all.data()), raw.data(), raw.size());
  return all;
}

/// Reduces one int64 over the team with a DART operation. Signed on
/// purpose: MPICH 4.0.2 compares unsigned types as signed in MPI_MIN/MAX.
inline std::int64_t allreduce_i64(const Team &team, std::int64_t mine, dart_operation_t op) {
  std::int64_t result = 0;
  check(dart_allreduce(&mine, &result, 1, DART_TYPE_INT64, op, team.dart_id()), "dart_allreduce");
  return result;
}

}  // namespace dash::detail

#endif  // DASH_INTERNAL_GLOBAL_RANGE_H
