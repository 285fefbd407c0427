#ifndef DASH_UTIL_LOCALITY_H
#define DASH_UTIL_LOCALITY_H

// Locality scopes and queries (DASH's dash::util::Locality), on DART's
// dart/locality.h. Nodes are real nodes or, with DART_UNITS_PER_NODE=k,
// virtual nodes of k units; NUMA domains come from hwloc. Split a team
// along them with Team::locality_split:
//
//     using dash::util::Locality;
//     dash::Team node = dash::Team::All().locality_split(Locality::Scope::Node, Locality::NumNodes());
//     // node: the units of my node; node.myid() == 0 is the node's leader
//
// DASH's finer scopes (Module, Package, Uncore, Cache, Core, CPU) are
// accepted and mean the nearest level DART knows: Module and Package split
// like NUMA, the others like Unit. Group and Network mean Global.

#include <cstddef>
#include <ostream>

#include <dart/locality.h>
#include <dash/dart/if/dart_types.h>

namespace dash::util {

class Locality {
 public:
  enum Scope {  // plain enum, as DASH: Locality::Node and Locality::Scope::Node
    Undefined = -1,
    Global = 0,
    Group,
    Network,
    Node,
    Module,
    NUMA,
    Unit,
    Package,
    Uncore,
    Cache,
    Core,
    CPU
  };

  /// The number of nodes of the run (virtual ones with DART_UNITS_PER_NODE).
  /// Local.
  static int NumNodes();
  /// The node of the calling unit, 0 .. NumNodes()-1. Local.
  static int MyNode();
  /// The NUMA domain of the calling unit (the OS's NUMA node number).
  /// Local; the first call reads the topology (some ms).
  static int MyNUMA();
  /// The DART level a DASH scope means (see above); throws
  /// std::invalid_argument for Undefined.
  static dart_locality_scope_t dart_scope(Scope scope);
};

}  // namespace dash::util

// DASH's printing of locality descriptions (for logs): a domain with its
// tag, scope, units and subdomains; a unit with its id, team, domain and
// hardware; scopes by name.
std::ostream &operator<<(std::ostream &os, const dart_domain_locality_t &domain);
std::ostream &operator<<(std::ostream &os, const dart_unit_locality_t &unit);
std::ostream &operator<<(std::ostream &os, dash::util::Locality::Scope scope);
std::ostream &operator<<(std::ostream &os, dart_locality_scope_t scope);

#endif  // DASH_UTIL_LOCALITY_H
