#ifndef DASH_TEAM_H
#define DASH_TEAM_H

// dash::Team: a set of units that allocate containers and synchronize
// together. Team::All() holds every unit; team.split(n) makes n sub-teams of
// consecutive units, nested to any depth.
//
// A Team is a shared handle (copying is cheap). A sub-team is destroyed
// (collectively, dart_team_destroy) when the last handle to it goes away on
// every unit; containers and sub-teams hold handles to their team and to
// their parent, so a team always outlives its containers and children.
// Because destruction is collective, every unit of a team must drop its
// handles in the same order (as SPMD code does naturally).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <list>
#include <memory>
#include <vector>

#include <dart/types.h>
#include <dash/Types.h>
#include <dash/util/Locality.h>

namespace dash {

namespace detail {

[[noreturn]] void throw_null_team();

/// What a Team handle shares. Destroys the DART team (collectively) when
/// the last handle goes away during the run it was made in.
struct TeamState {
  TeamState(dart_team_t id, std::shared_ptr<TeamState> parent);
  ~TeamState();
  TeamState(const TeamState &) = delete;
  TeamState &operator=(const TeamState &) = delete;

  dart_team_t id;
  std::size_t myid = 0;
  std::vector<dart_unit_t> units;  // absolute id of each member, by relative id
  std::size_t depth = 0;
  std::shared_ptr<TeamState> parent;
  std::uint64_t epoch = 0;
  std::size_t position = 0;      // index among the parts of the split that made it
  std::size_t num_siblings = 0;  // number of those parts (0 for Team::All())
  // DASH's deallocators: (object, function) pairs Team::free() calls.
  std::list<std::pair<void *, std::function<void()>>> deallocs;
};

}  // namespace detail

class Team {
 public:
  /// A null team: parent() of Team::All(). Any operation on it throws
  /// dash::RuntimeError.
  Team() = default;

  /// All units. Throws dash::NotInitialized outside init/finalize.
  static Team &All();

  /// Splits the team into `nparts` sub-teams of consecutive units (sizes
  /// differ by at most one; with more parts than units the last ones are
  /// empty) and returns the one the calling unit belongs to. Collective
  /// over this team. Throws std::invalid_argument if nparts is 0.
  ///
  /// As in DASH, the result is a reference to a handle this team keeps (so
  /// `auto &part = team.split(2);` works): the part lives at least until
  /// this team is split again or dash::finalize; copy the handle to keep it
  /// longer.
  Team &split(std::size_t nparts) const;

  /// Splits the team along locality domains of `scope` (nodes, NUMA
  /// domains, units; see dash/util/Locality.h): the domains, in order of
  /// their lowest unit, are dealt into `nparts` parts of consecutive domains
  /// (as equal in domains as possible), and the calling unit's part is
  /// returned. With Scope::Node and nparts = the number of nodes: one team
  /// per node. Collective over this team. Throws std::invalid_argument if
  /// nparts is 0 or more than the team's domains of that scope.
  /// The result is kept as split's is.
  Team &locality_split(util::Locality::Scope scope, std::size_t nparts) const;
  /// The same with a DART scope (DASH's form); DASH's finer scopes
  /// (<dash/dart/if/dart_types.h>) mean the nearest level DART knows.
  Team &locality_split(dart_locality_scope_t scope, std::size_t nparts) const;
  /// The number of locality domains of `scope` among the team's units.
  /// Collective.
  std::size_t num_domains(util::Locality::Scope scope) const;

  /// The calling unit's id relative to this team.
  team_unit_t myid() const { return team_unit_t(state().myid); }
  /// The number of units.
  std::size_t size() const { return state().units.size(); }
  /// Blocks until all units of the team have called it. Collective.
  void barrier() const;
  /// The team this one was split from; a null team for Team::All().
  Team parent() const;
  /// Nesting depth: 0 for Team::All(), 1 for its sub-teams, ...
  std::size_t depth() const { return state().depth; }
  /// The id in Team::All() of unit `unit` of this team; throws
  /// std::out_of_range unless unit < size().
  global_unit_t global_id(team_unit_t unit) const {
    return global_unit_t(state().units.at(static_cast<std::size_t>(unit.id)));
  }
  /// The calling unit's id in Team::All() (as dash::myid()).
  static global_unit_t GlobalUnitID();
  /// The DART team id.
  dart_team_t dart_id() const { return state().id; }
  /// True for the null team.
  bool is_null() const { return !state_; }
  /// True if the calling unit's handle was made in the current run.
  bool is_alive() const;

  // ---- DASH's members ----

  /// An object's release function, registered with register_deallocator.
  struct Deallocator {
    using dealloc_function = std::function<void(void)>;
    void *object;
    dealloc_function deallocator;
  };
  /// Registers `dealloc` to release `object` at free().
  void register_deallocator(void *object, Deallocator::dealloc_function dealloc);
  /// Removes the registration(s) of `object`.
  void unregister_deallocator(void *object, Deallocator::dealloc_function dealloc);
  /// Calls the registered deallocators (a barrier before each), then
  /// forgets them. Collective.
  void free();

  /// The null team (as a default-constructed Team).
  static Team &Null();
  /// DASH: the team with DART id `team_id`: Team::All(), the null team for
  /// DART_TEAM_NULL, or a part of a split that a team still keeps (see
  /// split()). Throws std::invalid_argument for any other id.
  static Team &Get(dart_team_t team_id);
  /// True for Team::All().
  bool is_all() const { return !is_null() && dart_id() == DART_TEAM_ALL; }
  /// True if the team was not split (it keeps no part of a split).
  bool is_leaf() const;
  /// True if the team has no parent (Team::All() and the null team).
  bool is_root() const { return is_null() || !state().parent; }
  /// True if global unit `unit` is a member.
  bool is_member(global_unit_t unit) const;
  /// The part of the split `level` levels below (a leaf stops the walk).
  Team &sub(std::size_t level = 1);
  /// The part of the last split at the bottom of the hierarchy.
  Team &bottom();
  /// The index of this team among the parts of the split that made it.
  std::size_t position() const { return state().position; }
  /// The number of parts of that split (0 for Team::All()).
  std::size_t num_siblings() const { return state().num_siblings; }
  /// DASH's name of position().
  std::size_t relative_id() const { return position(); }
  /// The id in this team of global unit `unit`; throws
  /// std::invalid_argument if it is not a member.
  team_unit_t relative_id(global_unit_t unit) const;
  /// The team's group (members by global id) into DASH's cached form:
  /// true if the team has members.
  bool get_group() const { return !is_null() && size() > 0; }

  /// DASH's iteration over the team-relative ids 0 .. size()-1.
  struct iterator {
    int val;
    iterator &operator+=(const iterator &rhs) {
      val += rhs.val;
      return *this;
    }
    iterator &operator++() { return operator+=(iterator{1}); }
    int operator*() const { return val; }
    operator int() const { return val; }
  };
  iterator begin() const { return iterator{0}; }
  iterator end() const { return iterator{static_cast<int>(size())}; }

  /// Handles are equal if they name the same team.
  bool operator==(const Team &other) const { return state_ == other.state_; }
  bool operator!=(const Team &other) const { return state_ != other.state_; }

 private:
  explicit Team(std::shared_ptr<detail::TeamState> state) : state_(std::move(state)) {}
  Team &keep_part(Team part) const;
  const detail::TeamState &state() const;
  friend void init(int *, char ***, dart_thread_support_level_t);
  friend void finalize();

  std::shared_ptr<detail::TeamState> state_;
};

/// DASH's printing: "dash::Team(id, parent id, ...)" for logs.
std::ostream &operator<<(std::ostream &os, const Team &team);

inline const detail::TeamState &Team::state() const {
  if (__builtin_expect(!state_, 0)) detail::throw_null_team();
  return *state_;
}

}  // namespace dash

#endif  // DASH_TEAM_H
