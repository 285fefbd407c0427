#ifndef DASH_UTIL_UNITLOCALITY_H
#define DASH_UTIL_UNITLOCALITY_H

// Where one unit runs (DASH's dash::util::UnitLocality): its place
// (dart_unit_locality) and its CORE domain in the team's locality tree
// (<dash/dart/if/dart_locality.h>); for a unit of another node, whose
// finer domains the calling unit's tree does not hold, its NODE domain.
//
//   dash::util::UnitLocality me;                     // the calling unit
//   me.domain().parent->domain_tag;                  // its NUMA domain
//   int threads = me.num_cores() * me.min_threads();
//
// Local. Throws dash::RuntimeError if DART cannot tell (unknown unit).

#include <algorithm>
#include <stdexcept>
#include <string>

#include <dash/Exception.h>
#include <dash/Team.h>
#include <dash/dart/if/dart_locality.h>
#include <dash/util/Config.h>
#include <dash/util/LocalityDomain.h>

namespace dash::util {

class UnitLocality {
 public:
  UnitLocality(const dash::Team &team, team_unit_t unit) : team_(team) {
    detail::check(dart_unit_locality(team.dart_id(), unit, &unit_), "dart_unit_locality");
    detail::check(dart_domain_team_locality(team.dart_id(), unit_->domain_tag, &domain_),
                  "dart_domain_team_locality");
  }
  explicit UnitLocality(global_unit_t unit) : UnitLocality(dash::Team::All(), team_unit_t(unit.id)) {}
  UnitLocality() : UnitLocality(dash::Team::All(), dash::Team::All().myid()) {}

  const dart_hwinfo_t &hwinfo() const { return unit_->hwinfo; }
  /// As in DASH, the runtime's record itself: changes (e.g. test mocks)
  /// are seen by every later UnitLocality of this unit in this process.
  dart_hwinfo_t &hwinfo() { return unit_->hwinfo; }
  /// The unit's CORE domain (for a unit of another node: its NODE domain,
  /// the deepest the calling unit's tree holds); parent leads up to its
  /// NUMA domain, module, node and the team's root.
  dart_domain_locality_t &domain() { return *domain_; }
  const dart_domain_locality_t &domain() const { return *domain_; }
  const dash::Team &team() const { return team_; }
  /// The node the unit runs on, as a view into the team's locality tree.
  LocalityDomain node_domain() const { return LocalityDomain(enclosing(DART_LOCALITY_SCOPE_NODE)); }
  /// The domain directly above the unit's CORE domain.
  LocalityDomain parent() const { return LocalityDomain(domain_->parent ? domain_->parent : domain_); }
  /// The innermost domain of `scope` (or coarser) holding the unit.
  LocalityDomain parent_in_scope(Locality::Scope scope) const {
    return LocalityDomain(enclosing(Locality::dart_scope(scope)));
  }
  team_unit_t unit_id() const { return unit_->unit; }
  std::string domain_tag() const { return domain_->domain_tag; }
  std::string host() const { return unit_->hwinfo.host; }
  std::string hostname() const { return unit_->hwinfo.host; }
  /// As DASH: change the runtime's record of the unit's domain tag / host
  /// name (e.g. to mock a topology in tests). Throws std::length_error if
  /// the text does not fit the record (DASH copies without checking).
  void set_domain_tag(const std::string &tag) { copy_into(domain_->domain_tag, tag, "set_domain_tag"); }
  void set_host(const std::string &hostname) { copy_into(unit_->hwinfo.host, hostname, "set_host"); }

  int num_cores() const { return unit_->hwinfo.num_cores; }
  int min_threads() const { return std::max(unit_->hwinfo.min_threads, 1); }
  int max_threads() const { return std::max(unit_->hwinfo.max_threads, 1); }
  /// Threads per core: max_threads() with DASH_MAX_SMT set, else min_threads().
  int num_threads() const { return Config::get<bool>("DASH_MAX_SMT") ? max_threads() : min_threads(); }
  /// NUMA domains in the unit's node: those of the team's units in the
  /// tree, or for a unit of another node (whose NUMA domains the calling
  /// unit's tree does not hold) those of its machine.
  int num_numa() const {
    const dart_domain_locality_t *d = domain_;
    if (d->scope < DART_LOCALITY_SCOPE_NUMA) return std::max(unit_->hwinfo.num_numa, 1);
    while (d->parent && d->scope >= DART_LOCALITY_SCOPE_NUMA) d = d->parent;
    return d->num_domains;
  }
  int numa_id() const { return unit_->hwinfo.numa_id; }
  int cpu_id() const { return unit_->hwinfo.cpu_id; }
  int cpu_mhz() const { return unit_->hwinfo.max_cpu_mhz; }
  int min_cpu_mhz() const { return std::max(unit_->hwinfo.min_cpu_mhz, 1); }
  int max_cpu_mhz() const { return std::max(unit_->hwinfo.max_cpu_mhz, 1); }
  int max_shmem_mbps() const { return unit_->hwinfo.max_shmem_mbps; }
  /// Line size of cache `level` (0: L1), at least 64.
  int cache_line_size(int level) const {
    return level < 0 || level >= DART_LOCALITY_MAX_CACHE_LEVELS
               ? 64
               : std::max(unit_->hwinfo.cache_line_sizes[level], 64);
  }

  /// Threads the unit should run: num_cores() x threads per core; 1 with
  /// DASH_DISABLE_THREADS, at most DASH_MAX_UNIT_THREADS (dash::util::Config).
  int num_domain_threads() const {
    int n = num_cores();
    if (Config::get<bool>("DASH_DISABLE_THREADS"))
      n = 1;
    else
      n *= num_threads();
    if (Config::is_set("DASH_MAX_UNIT_THREADS")) n = std::min(n, Config::get<int>("DASH_MAX_UNIT_THREADS"));
    return n;
  }

 private:
  template <std::size_t Size>
  static void copy_into(char (&field)[Size], const std::string &text, const char *what) {
    if (text.size() >= Size)
      throw std::length_error(std::string("dash::util::UnitLocality::") + what + ": '" + text +
                              "' is longer than " + std::to_string(Size - 1) + " characters");
    std::copy(text.begin(), text.end(), field);
    field[text.size()] = '\0';
  }
  dart_domain_locality_t *enclosing(dart_locality_scope_t scope) const {
    dart_domain_locality_t *d = domain_;
    while (d->parent && d->scope > scope) d = d->parent;
    return d;
  }

  dash::Team team_;
  dart_unit_locality_t *unit_ = nullptr;
  dart_domain_locality_t *domain_ = nullptr;
};

}  // namespace dash::util

#endif  // DASH_UTIL_UNITLOCALITY_H
