#include <dash/Team.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <ostream>
#include <mutex>
#include <stdexcept>
#include <string>

#include <dart/dart.h>
#include <dash/Exception.h>
#include <dash/Init.h>
#include <dash/internal/ReadAhead.h>

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
  std::size_t position = 0;
  for (size_t i = 0; i < nout && !mine; ++i) {
    int member = 0;
    dart_group_ismember(parts[i], self.units[self.myid], &member);
    if (member) {
      mine = parts[i];
      position = i;
    }
  }
  dart_team_t id = DART_TEAM_NULL;
  status = dart_team_create(self.id, mine, &id);
  for (dart_group_t &part : parts) dart_group_destroy(&part);
  detail::check(status, "dart_team_create");
  auto part = std::make_shared<detail::TeamState>(id, state_);
  part->position = position;
  part->num_siblings = nout;
  return keep_part(Team(std::move(part)));
}

Team &Team::locality_split(util::Locality::Scope scope, std::size_t nparts) const {
  const detail::TeamState &self = state();
  detail::check_alive(self.epoch, "dash::Team::locality_split");
  dart_locality_scope_t level = util::Locality::dart_scope(scope);
  std::size_t ndomains = num_domains(scope);
  if (nparts == 0 || nparts > ndomains)
    throw std::invalid_argument("dash::Team::locality_split: " + std::to_string(nparts) + " parts of " +
                                std::to_string(ndomains) + " domains");
  std::size_t my_domain = 0;
  detail::check(dart_team_domains(self.id, level, nullptr, &my_domain), "dart_team_domains");
  dart_team_t id = DART_TEAM_NULL;
  detail::check(dart_team_split_locality(self.id, level, nparts, &id), "dart_team_split_locality");
  auto part = std::make_shared<detail::TeamState>(id, state_);
  // The domains are dealt into parts of consecutive domains, the first
  // ndomains % nparts parts one domain larger (dart_team_split_locality).
  std::size_t small = ndomains / nparts, large_parts = ndomains % nparts;
  part->position = my_domain < large_parts * (small + 1)
                       ? my_domain / (small + 1)
                       : large_parts + (my_domain - large_parts * (small + 1)) / small;
  part->num_siblings = nparts;
  return keep_part(Team(std::move(part)));
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

Team &Team::Get(dart_team_t team_id) {
  if (team_id == DART_TEAM_NULL) return Null();
  if (team_id == DART_TEAM_ALL) return All();
  std::lock_guard<std::mutex> lock(detail::parts_mutex);
  for (auto &kept : detail::kept_parts)
    if (!kept.second.is_null() && kept.second.dart_id() == team_id) return kept.second;
  throw std::invalid_argument("dash::Team::Get: no team with DART id " + std::to_string(team_id) +
                              " is kept (split results are kept until the next split of their parent)");
}

bool Team::is_leaf() const {
  std::lock_guard<std::mutex> lock(detail::parts_mutex);
  auto it = detail::kept_parts.find(state_.get());
  return it == detail::kept_parts.end() || it->second.is_null();
}

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
  detail::read_ahead_invalidate();  // other units' writes before the barrier are visible now
}

Team Team::parent() const { return Team(state().parent); }

void Team::register_deallocator(void *object, Deallocator::dealloc_function dealloc) {
  state();
  state_->deallocs.emplace_back(object, std::move(dealloc));
}

void Team::unregister_deallocator(void *object, Deallocator::dealloc_function) {
  state();
  state_->deallocs.remove_if([object](const auto &d) { return d.first == object; });
}

void Team::free() {
  state();
  // A deallocator may unregister others: take the list first.
  auto deallocs = std::move(state_->deallocs);
  state_->deallocs.clear();
  for (auto &d : deallocs) {
    barrier();
    d.second();
  }
}

Team &Team::Null() {
  static Team null;
  return null;
}

bool Team::is_member(global_unit_t unit) const {
  if (is_null()) return false;
  for (dart_unit_t u : state().units)
    if (u == unit.id) return true;
  return false;
}

Team &Team::sub(std::size_t level) {
  Team *t = this;
  while (level > 0 && !t->is_leaf()) {
    std::lock_guard<std::mutex> lock(detail::parts_mutex);
    t = &detail::kept_parts[t->state_.get()];
    --level;
  }
  return *t;
}

Team &Team::bottom() { return sub(SIZE_MAX); }

team_unit_t Team::relative_id(global_unit_t unit) const {
  dart_unit_t rel = DART_UNDEFINED_UNIT_ID;
  if (dart_team_unit_g2l(state().id, unit.id, &rel) != DART_OK)
    throw std::invalid_argument("dash::Team::relative_id: unit " + std::to_string(unit.id) +
                                " is not a member");
  return team_unit_t(rel);
}

std::ostream &operator<<(std::ostream &os, const Team &team) {
  if (team.is_null()) return os << "dash::Team(null)";
  os << "dash::Team(" << team.dart_id();
  for (Team t = team.parent(); !t.is_null(); t = t.parent()) os << "." << t.dart_id();
  return os << ")";
}

bool Team::is_alive() const { return state_ && detail::alive(state_->epoch); }

}  // namespace dash
