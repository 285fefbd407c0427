#ifndef DASH_COMUTEX_H
#define DASH_COMUTEX_H

// Comutex: Fortran's lock_type coarray (DASH's dash::Comutex): one
// dash::Mutex per image; comx(u) is image u's lock.
//
//   dash::Comutex comx;
//   { std::lock_guard<dash::Mutex> guard(comx(u)); ... }
//
// Made before dash::init (a global), it is set up later by initialize().
// Construction is collective over the team.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <dash/Init.h>
#include <dash/Mutex.h>
#include <dash/Team.h>
#include <dash/Types.h>

namespace dash {

class Comutex {
  using storage_type = std::vector<Mutex>;

 public:
  using iterator = storage_type::iterator;
  using const_iterator = storage_type::const_iterator;
  using reference = storage_type::reference;
  using size_type = storage_type::size_type;

  /// Collective over `team` (deferred to initialize() before dash::init).
  Comutex() {
    if (dash::is_initialized()) initialize(Team::All());
  }
  explicit Comutex(const Team &team) {
    if (dash::is_initialized()) initialize(team);
  }

  /// Collective: one lock per unit of `team`. Again with the same team it
  /// does nothing; with another it throws std::invalid_argument.
  void initialize(const Team &team) {
    if (!mutexes_.empty()) {
      if (!(team == team_)) throw std::invalid_argument("dash::Comutex: initialized with a different team");
      return;
    }
    team_ = team;
    mutexes_.reserve(team.size());
    for (std::size_t u = 0; u < team.size(); ++u) mutexes_.emplace_back(team);
  }

  iterator begin() noexcept { return mutexes_.begin(); }
  const_iterator begin() const noexcept { return mutexes_.begin(); }
  iterator end() noexcept { return mutexes_.end(); }
  const_iterator end() const noexcept { return mutexes_.end(); }
  size_type size() const noexcept { return mutexes_.size(); }
  const Team &team() const { return team_; }

  /// The lock of image `unit` (team-relative); std::out_of_range outside
  /// the team (or before initialize()).
  reference operator()(const int &unit) {
    if (unit < 0 || std::size_t(unit) >= mutexes_.size())
      throw std::out_of_range("dash::Comutex: image " + std::to_string(unit) + " not in [0, " +
                              std::to_string(mutexes_.size()) + ")");
    return mutexes_[std::size_t(unit)];
  }
  reference operator()(const team_unit_t &unit) { return operator()(static_cast<int>(unit.id)); }

 private:
  storage_type mutexes_;
  Team team_;
};

}  // namespace dash

#endif  // DASH_COMUTEX_H
