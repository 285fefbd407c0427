#ifndef DASH_ALGORITHM_BCAST_H
#define DASH_ALGORITHM_BCAST_H

// broadcast, as in DASH: a local range of unit `root` copied to the same
// range on every unit of a team (dart_bcast), the value of a dash::Shared,
// or a dash::Coarray's. Collective over the team.

#include <algorithm>
#include <iterator>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <dart/communication.h>
#include <dash/Coarray.h>
#include <dash/Exception.h>
#include <dash/Shared.h>
#include <dash/Team.h>
#include <dash/Types.h>

namespace dash {

/// Copies [first, last) of unit `root` to [first, last) of every unit of
/// `team` (the same number of elements everywhere; local iterators, e.g.
/// raw pointers or std::vector iterators). Throws std::invalid_argument
/// unless root is a unit of the team.
template <typename LocalIter>
void broadcast(LocalIter first, LocalIter last, team_unit_t root, const Team &team = Team::All()) {
  using value_type = typename std::iterator_traits<LocalIter>::value_type;
  static_assert(std::is_trivially_copyable_v<value_type>,
                "dash::broadcast: elements must be trivially copyable");
  if (root < 0 || root >= team.size())
    throw std::invalid_argument("dash::broadcast: root " + std::to_string(root.id) +
                                " is not a unit of the team (size " + std::to_string(team.size()) + ")");
  std::size_t n = static_cast<std::size_t>(std::distance(first, last));
  // Contiguous ranges (pointers, vector iterators) in place, others through
  // a buffer.
  if constexpr (std::is_pointer_v<LocalIter>) {
    detail::check(dart_bcast(first, n * sizeof(value_type), DART_TYPE_BYTE, root, team.dart_id()),
                  "dart_bcast");
  } else {
    std::vector<value_type> buffer(first, last);
    detail::check(dart_bcast(buffer.data(), n * sizeof(value_type), DART_TYPE_BYTE, root, team.dart_id()),
                  "dart_bcast");
    std::copy(buffer.begin(), buffer.end(), first);
  }
}

/// The value of `shared`, read once by its owner and broadcast to every
/// unit of its team.
template <typename T>
T broadcast(const Shared<T> &shared) {
  T value{};
  if (shared.team().myid() == shared.owner()) value = shared.get();
  broadcast(&value, &value + 1, team_unit_t(shared.owner()), shared.team());
  return value;
}

/// The coarray's value (every element) of image `root` copied to every
/// image: dash::coarray::cobroadcast.
template <typename T>
void broadcast(Coarray<T> &coarr, const team_unit_t &root) {
  coarray::cobroadcast(coarr, root);
}

}  // namespace dash

#endif  // DASH_ALGORITHM_BCAST_H
