// The configuration records (DART's DART_* variables, the C++ library's
// DASH_* variables) against the one table of docs/environment.md: every
// variable a library reads is documented, with the default it applies,
// and nothing else is; and the records hold what the environment says.
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <string>

#include <dash/internal/Settings.h>

#include "dash_test.h"

extern "C" int dart__config_var(size_t i, const char **name, const char **default_text);

namespace {

// name -> default cell of the table rows "| `NAME` | meaning | default |".
std::map<std::string, std::string> documented() {
  std::ifstream in(DART_SOURCE_DIR "/docs/environment.md");
  std::map<std::string, std::string> rows;
  std::regex row(R"(^\| `((DART|DASH)_[A-Z_]+)` \|.*\| ([^|]+) \|\s*$)");
  std::smatch m;
  for (std::string line; std::getline(in, line);)
    if (std::regex_match(line, m, row)) rows[m[1]] = m[3];
  return rows;
}

std::map<std::string, std::string> recorded() {
  std::map<std::string, std::string> vars;
  const char *name, *def;
  for (size_t i = 0; dart__config_var(i, &name, &def); i++) vars[name] = def;
  std::size_t n = 0;
  const dash::detail::EnvVar *dash_vars = dash::detail::env_vars(n);
  for (std::size_t i = 0; i < n; i++) vars[dash_vars[i].name] = dash_vars[i].default_text;
  return vars;
}

}  // namespace

TEST(Settings, EnvironmentTableMatchesTheRecords) {
  auto docs = documented(), record = recorded();
  ASSERT_GE(record.size(), 10u);
  for (const auto &[name, def] : record) {
    auto it = docs.find(name);
    ASSERT_NE(docs.end(), it) << name << " is read but not in docs/environment.md";
    // The default as the record applies it, quoted in the cell ("none" as a word).
    const std::string quoted = def == "none" ? def : "`" + def + "`";
    EXPECT_NE(std::string::npos, it->second.find(quoted))
        << name << ": the documented default '" << it->second << "' does not give " << quoted;
  }
  for (const auto &[name, cell] : docs)
    EXPECT_EQ(1u, record.count(name)) << name << " is documented but no library reads it";
}

TEST(Settings, DartRecordHoldsTheEnvironment) {
  // The test harness starts every unit with the same environment; the
  // record must say what it says (DART_UNITS_PER_NODE in the vnode modes).
  dart_config_t cfg;
  ASSERT_EQ(DART_OK, dart_config_get(&cfg));
  const char *upn = std::getenv("DART_UNITS_PER_NODE");
  EXPECT_EQ(upn ? std::strtoull(upn, nullptr, 10) : 0ull, cfg.units_per_node);
  const char *threads = std::getenv("DART_THREADS");
  EXPECT_EQ(threads && std::string(threads) == "multiple", cfg.threads != 0);
  EXPECT_EQ(64u << 20, cfg.local_pool_bytes);  // the documented default
}

TEST(Settings, DashRecordHoldsTheEnvironment) {
  const char *level = std::getenv("DASH_LOG_LEVEL");
  const auto &s = dash::detail::settings();
  if (!level) {
    EXPECT_EQ(dash::detail::LogLevel::Warn, s.log_level);
  }
  const char *sort = std::getenv("DASH_SORT_THREADS");
  EXPECT_EQ(sort ? unsigned(std::atoi(sort)) : 0u, s.sort_threads);
  const char *ahead = std::getenv("DASH_READ_AHEAD");
  EXPECT_EQ(ahead && std::string(ahead) == "1", s.read_ahead);
  EXPECT_STREQ("WARN", dash::detail::log_level_name(dash::detail::LogLevel::Warn));
}
