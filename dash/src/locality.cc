// dash::util::Locality on dart/locality.h.
#include <dash/util/Locality.h>

#include <stdexcept>

#include <dart/init.h>
#include <dash/Exception.h>

namespace dash::util {

int Locality::NumNodes() {
  dart_config_t cfg;
  detail::check(dart_config_get(&cfg), "dart_config_get");
  return static_cast<int>(cfg.num_nodes);
}

int Locality::MyNode() {
  dart_config_t cfg;
  detail::check(dart_config_get(&cfg), "dart_config_get");
  return static_cast<int>(cfg.node_id);
}

int Locality::MyNUMA() {
  int numa = 0;
  detail::check(dart_unit_numa(&numa), "dart_unit_numa");
  return numa;
}

dart_locality_scope_t Locality::dart_scope(Scope scope) {
  switch (scope) {
    case Scope::Global:
    case Scope::Group:
    case Scope::Network: return DART_LOCALITY_SCOPE_GLOBAL;
    case Scope::Node: return DART_LOCALITY_SCOPE_NODE;
    case Scope::Module:
    case Scope::NUMA:
    case Scope::Package: return DART_LOCALITY_SCOPE_NUMA;
    case Scope::Unit:
    case Scope::Uncore:
    case Scope::Cache:
    case Scope::Core:
    case Scope::CPU: return DART_LOCALITY_SCOPE_UNIT;
    default: throw std::invalid_argument("dash::util::Locality: undefined scope");
  }
}

}  // namespace dash::util

namespace {
const char *scope_name(dart_locality_scope_t scope) {
  switch (static_cast<int>(scope)) {
    case DART_LOCALITY_SCOPE_GLOBAL: return "GLOBAL";
    case DART_LOCALITY_SCOPE_GROUP: return "GROUP";
    case DART_LOCALITY_SCOPE_NETWORK: return "NETWORK";
    case DART_LOCALITY_SCOPE_NODE: return "NODE";
    case DART_LOCALITY_SCOPE_MODULE: return "MODULE";
    case DART_LOCALITY_SCOPE_NUMA: return "NUMA";
    case DART_LOCALITY_SCOPE_UNIT: return "UNIT";
    case DART_LOCALITY_SCOPE_PACKAGE: return "PACKAGE";
    case DART_LOCALITY_SCOPE_UNCORE: return "UNCORE";
    case DART_LOCALITY_SCOPE_CACHE: return "CACHE";
    case DART_LOCALITY_SCOPE_CORE: return "CORE";
    case DART_LOCALITY_SCOPE_CPU: return "CPU";
    default: return "UNDEFINED";
  }
}
}  // namespace

std::ostream &operator<<(std::ostream &os, dart_locality_scope_t scope) { return os << scope_name(scope); }

std::ostream &operator<<(std::ostream &os, dash::util::Locality::Scope scope) {
  return os << scope_name(dash::util::Locality::dart_scope(scope));
}

std::ostream &operator<<(std::ostream &os, const dart_domain_locality_t &domain) {
  os << "dart_domain_locality_t(tag:" << domain.domain_tag << " scope:" << domain.scope
     << " level:" << domain.level << " host:" << domain.host << " units:[";
  for (int u = 0; u < domain.num_units; ++u) os << (u ? "," : "") << domain.unit_ids[u].id;
  os << "] domains:[";
  for (int d = 0; d < domain.num_domains; ++d) os << (d ? " " : "") << *domain.children[d];
  return os << "])";
}

std::ostream &operator<<(std::ostream &os, const dart_unit_locality_t &unit) {
  return os << "dart_unit_locality_t(unit:" << unit.unit.id << " team:" << unit.team
            << " domain:" << unit.domain_tag << " host:" << unit.hwinfo.host
            << " numa:" << unit.hwinfo.numa_id << " core:" << unit.hwinfo.core_id
            << " cpu:" << unit.hwinfo.cpu_id << " cores:" << unit.hwinfo.num_cores << ")";
}
