#ifndef DASH_UTIL_TEAM_LOCALITY_H
#define DASH_UTIL_TEAM_LOCALITY_H

// dash::util::TeamLocality: the locality domain tree of a team (DASH's
// class), as a LocalityDomain that owns a copy of the team's tree, with
// DASH's split, grouping and unit queries:
//
//   dash::util::TeamLocality tloc(dash::Team::All());
//   tloc.num_nodes();                                   // subdomains of the root
//   tloc.split(dash::util::Locality::Scope::NUMA, 2);   // tloc.parts()
//   auto tag = tloc.unit_locality(dash::global_unit_t{1}).domain_tag();
//
// Building it is local (no other unit takes part); changes apply to the
// copy only.

#include <cstddef>
#include <string>
#include <vector>

#include <dash/Exception.h>
#include <dash/Team.h>
#include <dash/dart/if/dart_locality.h>
#include <dash/dart/if/dart_types.h>
#include <dash/util/Locality.h>
#include <dash/util/LocalityDomain.h>
#include <dash/util/UnitLocality.h>

namespace dash::util {

class TeamLocality {
 public:
  using Scope_t = Locality::Scope;
  using LocalityDomain_t = LocalityDomain;

  /// The tree of `team` below `domain_tag`, split at `scope` unless it is
  /// Global. Throws dash::RuntimeError for an unknown tag.
  explicit TeamLocality(const dash::Team &team, Scope_t scope = Scope_t::Global, std::string domain_tag = ".")
      : team_(team) {
    dart_domain_locality_t *root = nullptr;
    if (dart_domain_team_locality(team.dart_id(), domain_tag.c_str(), &root) != DART_OK)
      DASH_THROW(dash::RuntimeError, "dash::util::TeamLocality: no domain " << domain_tag);
    domain_ = LocalityDomain(*root);
    if (scope != Scope_t::Global) split(scope);
  }
  /// The team with a domain the caller made (copied).
  TeamLocality(const dash::Team &team, LocalityDomain_t &domain) : team_(team), domain_(domain) {}
  TeamLocality() = default;

  const LocalityDomain_t &domain() const { return domain_; }
  LocalityDomain_t &domain() { return domain_; }

  /// Splits the domains of `scope` into parts (0: one per domain).
  TeamLocality &split(Scope_t scope, int num_split_parts = 0) {
    domain_.split(scope, num_split_parts);
    return *this;
  }
  /// One part per group made with group().
  TeamLocality &split_groups() {
    domain_.split_groups();
    return *this;
  }
  std::vector<LocalityDomain_t::iterator> &groups() { return domain_.groups(); }
  const std::vector<LocalityDomain_t::iterator> &groups() const { return domain_.groups(); }
  std::vector<LocalityDomain_t> &parts() { return domain_.parts(); }
  const std::vector<LocalityDomain_t> &parts() const { return domain_.parts(); }

  /// The subdomains of the root (the team's nodes).
  std::size_t num_nodes() const { return domain_.size(); }
  int num_cores() const { return domain_.num_cores(); }
  /// The team (the null team for a default-constructed TeamLocality).
  dash::Team &team() const { return team_; }
  const std::vector<global_unit_t> &global_units() const { return domain_.units(); }

  dash::util::UnitLocality unit_locality(team_unit_t unit) const { return UnitLocality(team_, unit); }
  /// Throws std::invalid_argument if `unit` is not in the team.
  dash::util::UnitLocality unit_locality(global_unit_t unit) const {
    return UnitLocality(team_, team_.relative_id(unit));
  }

  /// Groups the domains with these tags (see LocalityDomain::group).
  LocalityDomain_t &group(const std::vector<std::string> &group_subdomain_tags) {
    return domain_.group(group_subdomain_tags);
  }
  TeamLocality &select(const std::vector<std::string> &domain_tags) {
    domain_.select(domain_tags);
    return *this;
  }
  TeamLocality &exclude(const std::vector<std::string> &domain_tags) {
    domain_.exclude(domain_tags);
    return *this;
  }

 private:
  mutable dash::Team team_;
  LocalityDomain_t domain_;
};

}  // namespace dash::util

#endif  // DASH_UTIL_TEAM_LOCALITY_H
