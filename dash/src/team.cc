#include <dash/Team.h>

#include <cstdio>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>

#include <dart/dart.h>
#include <dash/Exception.h>
#include <dash/Init.h>

namespace dash {
namespace detail {

TeamState::TeamState(dart_team_t team, std::shared_ptr<TeamState> parent_state)
    : id(team), parent(std::move(parent_state)) {
  epoch = current_epoch;
  dart_unit_t me = 0;
  size_t n = 0;
  check(dart_team_myid(id, &me), "dart_team_myid");
  check(dart_team_size(id, &n), "dart_team_size");
  myid = static_cast<std::size_t>(me);
  units.resize(n);
  for (size_t u = 0; u < n; ++u)
    check(dart_team_unit_l2g(id, static_cast<dart_unit_t>(u), &units[u]), "dart_team_unit_l2g");
  depth = parent ? parent->depth + 1 : 0;
}

TeamState::~TeamState() {
  // Team::All() is never destroyed; after finalize dart_exit freed the team.
  if (id == DART_TEAM_ALL || !alive(epoch)) return;
  dart_ret_t status = dart_team_destroy(&id);
  if (status != DART_OK)
    std::fprintf(stderr, "dash::Team: dart_team_destroy failed: %s (%s)\n", dart_strerror(status),
                 dart_last_error());
}

}  // namespace detail

Team &Team::split(std::size_t nparts) const {
  const detail::TeamState &self = state();
  detail::check_alive(self.epoch, "dash::Team::split");
  if (nparts == 0) throw std::invalid_argument("dash::Team::split: number of parts must be > 0");
  dart_group_t group = nullptr;
  detail::check(dart_team_get_group(self.id, &group), "dart_team_get_group");
  std::vector<dart_group_t> parts(nparts, nullptr);
  size_t nout = 0;
  dart_ret_t status = dart_group_split(group, nparts, &nout, parts.data());
  dart_group_destroy(&group);
  detail::check(status, "dart_group_split");
  // Every unit passes the part it belongs to: one call creates all parts.
  dart_group_t mine = nullptr;
  for (size_t i = 0; i < nout && !mine; ++i) {
    int member = 0;
    dart_group_ismember(parts[i], self.units[self.myid], &member);
    if (member) mine = parts[i];
  }
  dart_team_t id = DART_TEAM_NULL;
  status = dart_team_create(self.id, mine, &id);
  for (dart_group_t &part : parts) dart_group_destroy(&part);
  detail::check(status, "dart_team_create");
  return keep_part(Team(std::make_shared<detail::TeamState>(id, state_)));
}

Team &Team::locality_split(util::Locality::Scope scope, std::size_t nparts) const {
  const detail::TeamState &self = state();
  detail::check_alive(self.epoch, "dash::Team::locality_split");
  dart_locality_scope_t level = util::Locality::dart_scope(scope);
  std::size_t ndomains = num_domains(scope);
  if (nparts == 0 || nparts > ndomains)
    throw std::invalid_argument("dash::Team::locality_split: " + std::to_string(nparts) + " parts of " +
                                std::to_string(ndomains) + " domains");
  dart_team_t id = DART_TEAM_NULL;
  detail::check(dart_team_split_locality(self.id, level, nparts, &id), "dart_team_split_locality");
  return keep_part(Team(std::make_shared<detail::TeamState>(id, state_)));
}

Team &Team::locality_split(dart_locality_scope_t scope, std::size_t nparts) const {
  // DART's scope values grow with depth; DASH's finer ones lie in between.
  using Scope = util::Locality::Scope;
  if (scope < DART_LOCALITY_SCOPE_GLOBAL)
    throw std::invalid_argument("dash::Team::locality_split: undefined scope");
  Scope s = scope < DART_LOCALITY_SCOPE_NODE ? Scope::Global
            : scope < DART_LOCALITY_SCOPE_NUMA
                ? (scope == DART_LOCALITY_SCOPE_NODE ? Scope::Node : Scope::Module)
            : scope < DART_LOCALITY_SCOPE_UNIT ? Scope::NUMA
                                               : Scope::Unit;
  return locality_split(s, nparts);
}

namespace detail {
// The part each team's last split returned (DASH returns references):
// replaced at the team's next split, dropped at dash::finalize.
std::mutex parts_mutex;
std::map<const TeamState *, Team> kept_parts;
void release_kept_parts() {
  std::map<const TeamState *, Team> parts;
  {
    std::lock_guard<std::mutex> lock(parts_mutex);
    parts.swap(kept_parts);
  }
}
}  // namespace detail

Team &Team::keep_part(Team part) const {
  std::lock_guard<std::mutex> lock(detail::parts_mutex);
  Team &slot = detail::kept_parts[state_.get()];
  slot = std::move(part);
  return slot;
}

bool Team::is_leaf() const {
  std::lock_guard<std::mutex> lock(detail::parts_mutex);
  auto it = detail::kept_parts.find(state_.get());
  return it == detail::kept_parts.end() || it->second.is_null();
}

bool Team::is_root() const { return !state_ || !state_->parent; }

std::size_t Team::num_domains(util::Locality::Scope scope) const {
  const detail::TeamState &self = state();
  detail::check_alive(self.epoch, "dash::Team::num_domains");
  std::size_t count = 0;
  detail::check(dart_team_domains(self.id, util::Locality::dart_scope(scope), &count, nullptr),
                "dart_team_domains");
  return count;
}

void Team::barrier() const {
  const detail::TeamState &self = state();
  detail::check_alive(self.epoch, "dash::Team::barrier");
  detail::check(dart_barrier(self.id), "dart_barrier");
}

Team Team::parent() const { return Team(state().parent); }

bool Team::is_alive() const { return state_ && detail::alive(state_->epoch); }

}  // namespace dash
