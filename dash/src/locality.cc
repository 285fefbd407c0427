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
