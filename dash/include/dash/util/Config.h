#ifndef DASH_UTIL_CONFIG_H
#define DASH_UTIL_CONFIG_H

// Run-time settings by name (DASH's dash::util::Config): a value set with
// set() wins, else the environment variable of that name, else unset.
//
//   if (dash::util::Config::get<bool>("DASH_DISABLE_THREADS")) ...
//   int n = dash::util::Config::get<int>("DASH_MAX_UNIT_THREADS");  // 0 if unset
//   dash::util::Config::set("DASH_MAX_SMT", true);
//
// get<bool> is true for "1", "true", "yes" and "on" (any case); integers
// take a K, M or G suffix (powers of 1024). An unset key gives T{}.
// Threads: any.

#include <cctype>
#include <cstdlib>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <type_traits>

#include <dash/util/StaticConfig.h>

namespace dash::util {

class Config {
 public:
  /// The value of `key` as T (T{} if unset).
  template <typename T>
  static T get(const std::string &key) {
    std::string text;
    if (!lookup(key, text)) return T{};
    if constexpr (std::is_same_v<T, bool>) {
      std::string v;
      for (char c : text) v += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return v == "1" || v == "true" || v == "yes" || v == "on";
    } else if constexpr (std::is_integral_v<T>) {
      char *end = nullptr;
      long long v = std::strtoll(text.c_str(), &end, 10);
      if (end && (*end == 'K' || *end == 'k')) v <<= 10;
      if (end && (*end == 'M' || *end == 'm')) v <<= 20;
      if (end && (*end == 'G' || *end == 'g')) v <<= 30;
      return static_cast<T>(v);
    } else if constexpr (std::is_floating_point_v<T>) {
      return static_cast<T>(std::strtod(text.c_str(), nullptr));
    } else {
      return T(text);
    }
  }

  /// Sets `key` for this process (the environment is not changed).
  template <typename T>
  static void set(const std::string &key, const T &value) {
    std::ostringstream os;
    if constexpr (std::is_same_v<T, bool>)
      os << (value ? "true" : "false");
    else
      os << value;
    std::lock_guard<std::mutex> lock(mutex());
    values()[key] = os.str();
  }

  /// True if `key` was set or is in the environment.
  static bool is_set(const std::string &key) {
    std::string ignored;
    return lookup(key, ignored);
  }

 private:
  static bool lookup(const std::string &key, std::string &text) {
    {
      std::lock_guard<std::mutex> lock(mutex());
      auto it = values().find(key);
      if (it != values().end()) {
        text = it->second;
        return true;
      }
    }
    const char *env = std::getenv(key.c_str());
    if (!env) return false;
    text = env;
    return true;
  }
  static std::map<std::string, std::string> &values() {
    static std::map<std::string, std::string> v;
    return v;
  }
  static std::mutex &mutex() {
    static std::mutex m;
    return m;
  }
};

}  // namespace dash::util

#endif  // DASH_UTIL_CONFIG_H
