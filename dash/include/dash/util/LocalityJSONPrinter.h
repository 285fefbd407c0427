#ifndef DASH_UTIL_LOCALITYJSONPRINTER_H
#define DASH_UTIL_LOCALITYJSONPRINTER_H

// Prints a locality domain tree (<dash/dart/if/dart_locality.h>) as JSON
// (DASH's dash::util::LocalityJSONPrinter; DASH quotes with ', this prints
// standard JSON):
//
//   dart_domain_locality_t *global;
//   dart_domain_team_locality(DART_TEAM_ALL, ".", &global);
//   std::cout << (dash::util::LocalityJSONPrinter() << *global).str();
//
// A domain is an object with "domain_tag", "scope" (its name: "GLOBAL",
// "NODE", "MODULE", "NUMA", "CORE", "GROUP", ...), "level", "glob_idx",
// "rel_idx", "host", "nodes", "cores", "shmem", "nunits", "unit_ids" and
// "domains" (its subdomains); a CORE domain also has "unit_id" and
// "unit_loc" (the unit's place and "hwinfo").

#include <sstream>
#include <string>

#include <dash/dart/if/dart_locality.h>

namespace dash::util {

class LocalityJSONPrinter {
 public:
  LocalityJSONPrinter &operator<<(const dart_domain_locality_t &domain);
  LocalityJSONPrinter &operator<<(const dart_hwinfo_t &hwinfo);
  /// The scope's name as a JSON string ("NODE").
  LocalityJSONPrinter &operator<<(dart_locality_scope_t scope);
  /// Anything else is written as std::ostream writes it.
  template <typename T>
  LocalityJSONPrinter &operator<<(const T &value) {
    os_ << value;
    return *this;
  }

  std::string str() const { return os_.str(); }

 private:
  void print_domain(const dart_domain_locality_t &domain, const std::string &indent);
  std::ostringstream os_;
};

}  // namespace dash::util

#endif  // DASH_UTIL_LOCALITYJSONPRINTER_H
