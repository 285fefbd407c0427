// dash::util::LocalityJSONPrinter: DART's domain tree (<dart/domain.h>) as
// JSON; scope names as operator<< of <dash/util/Locality.h> prints them.
#include <dash/util/LocalityJSONPrinter.h>

#include <dash/util/Locality.h>

namespace dash::util {
namespace {

// A JSON string literal (host names and tags need no more than this).
std::string quoted(const char *text) {
  std::string out = "\"";
  for (const char *c = text; *c; ++c) {
    if (*c == '"' || *c == '\\') out += '\\';
    if (static_cast<unsigned char>(*c) >= 0x20) out += *c;
  }
  return out + "\"";
}

}  // namespace

LocalityJSONPrinter &LocalityJSONPrinter::operator<<(dart_locality_scope_t scope) {
  os_ << '"' << scope << '"';
  return *this;
}

LocalityJSONPrinter &LocalityJSONPrinter::operator<<(const dart_hwinfo_t &hw) {
  os_ << "{ \"numa_id\": " << hw.numa_id << ", \"num_cores\": " << hw.num_cores
      << ", \"core_id\": " << hw.core_id << ", \"cpu_id\": " << hw.cpu_id
      << ", \"threads\": { \"min\": " << hw.min_threads << ", \"max\": " << hw.max_threads
      << " }, \"cpu_mhz\": { \"min\": " << hw.min_cpu_mhz << ", \"max\": " << hw.max_cpu_mhz
      << " }, \"scopes\": [";
  for (int s = 0; s < hw.num_scopes; ++s)
    os_ << (s ? ", " : "") << "{ \"" << hw.scopes[s].scope << "\": " << hw.scopes[s].index << " }";
  os_ << "], \"cache_sizes\": [" << hw.cache_sizes[0] << ", " << hw.cache_sizes[1] << ", "
      << hw.cache_sizes[2] << "], \"cache_ids\": [" << hw.cache_ids[0] << ", " << hw.cache_ids[1] << ", "
      << hw.cache_ids[2] << "], \"mem_mbps\": " << hw.max_shmem_mbps << " }";
  return *this;
}

LocalityJSONPrinter &LocalityJSONPrinter::operator<<(const dart_domain_locality_t &domain) {
  print_domain(domain, "");
  return *this;
}

void LocalityJSONPrinter::print_domain(const dart_domain_locality_t &d, const std::string &indent) {
  std::string in = indent + "  ";
  os_ << "{\n"
      << in << "\"domain_tag\": " << quoted(d.domain_tag) << ",\n"
      << in << "\"scope\": \"" << d.scope << "\",\n"
      << in << "\"level\": " << d.level << ",\n"
      << in << "\"glob_idx\": " << d.global_index << ",\n"
      << in << "\"rel_idx\": " << d.relative_index << ",\n"
      << in << "\"host\": " << quoted(d.host) << ",\n"
      << in << "\"nodes\": " << d.num_nodes << ",\n"
      << in << "\"cores\": " << d.num_cores << ",\n"
      << in << "\"shmem\": " << d.shared_mem_bytes << ",\n"
      << in << "\"nunits\": " << d.num_units << ",\n"
      << in << "\"unit_ids\": [";
  for (int u = 0; u < d.num_units; ++u) os_ << (u ? ", " : "") << d.unit_ids[u].id;
  os_ << "],\n";
  if (d.scope == DART_LOCALITY_SCOPE_CORE && d.num_units == 1) {
    dart_team_unit_t local;
    dart_unit_locality_t *loc = nullptr;
    if (dart_team_unit_g2l(d.team, d.unit_ids[0].id, &local.id) == DART_OK &&
        dart_unit_locality(d.team, local, &loc) == DART_OK) {
      os_ << in << "\"unit_id\": { \"local_id\": " << loc->unit.id << ", \"team\": " << loc->team
          << ", \"global_id\": " << d.unit_ids[0].id << " },\n"
          << in << "\"unit_loc\": { \"domain\": " << quoted(loc->domain_tag)
          << ", \"host\": " << quoted(loc->hwinfo.host) << ", \"hwinfo\": ";
      *this << loc->hwinfo;
      os_ << " },\n";
    }
  }
  os_ << in << "\"ndomains\": " << d.num_domains << ",\n" << in << "\"domains\": [";
  for (int i = 0; i < d.num_domains; ++i) {
    os_ << (i ? ", " : "");
    print_domain(*d.children[i], in);
  }
  os_ << "]\n" << indent << "}";
}

}  // namespace dash::util
