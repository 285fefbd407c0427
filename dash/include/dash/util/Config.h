#ifndef DASH_UTIL_CONFIG_H
#define DASH_UTIL_CONFIG_H

// Run-time settings by name (DASH's dash::util::Config): a value set with
// set() wins, else the environment variable of that name, else unset.
//
//   if (dash::util::Config::get<bool>("DASH_DISABLE_THREADS")) ...
//   int n = dash::util::Config::get<int>("DASH_MAX_UNIT_THREADS");  // 0 if unset
//   dash::util::Config::set("DASH_MAX_SMT", true);
//   Config::set("CHUNK_SIZE", "4M");   // also sets CHUNK_SIZE_BYTES = 4194304
//   for (auto kv = Config::begin(); kv != Config::end(); ++kv) ...
//
// get<bool> is true for "1", "true", "yes", "t", "y" and "on" (any case);
// integers take a K, M or G suffix (powers of 1024). An unset key gives
// T{}. As in DASH, a key ending in "_SIZE" set to a size ("2K", "23M",
// "1G", "512") also sets "<key>_BYTES" to the number of bytes. begin/end
// walk the settings: those made with set() and the DASH_* variables of the
// environment (read on first use). Threads: any; an iteration must not run
// while another thread sets a new key.

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <type_traits>

extern "C" char **environ;

#include <dash/util/StaticConfig.h>

namespace dash::util {

class Config {
  using Settings = std::map<std::string, std::string>;

 public:
  using iterator = Settings::iterator;

  /// The value of `key` as T (T{} if unset).
  template <typename T>
  static T get(const std::string &key) {
    std::string text;
    if (!lookup(key, text)) return T{};
    if constexpr (std::is_same_v<T, bool>) {
      return parse_bool(text) == 1;
    } else if constexpr (std::is_integral_v<T>) {
      char *end = nullptr;
      long long v = std::strtoll(text.c_str(), &end, 10);
      return static_cast<T>(v << size_shift(end));
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
    store(key, os.str());
  }

  /// True if `key` was set or is in the environment.
  static bool is_set(const std::string &key) {
    std::string ignored;
    return lookup(key, ignored);
  }

  /// The first setting (key, value), in key order.
  static iterator begin() {
    std::lock_guard<std::mutex> lock(mutex());
    return values().begin();
  }
  /// Past the last setting.
  static iterator end() {
    std::lock_guard<std::mutex> lock(mutex());
    return values().end();
  }

 private:
  // 1 for a true word, 0 for a false one, -1 for anything else.
  static int parse_bool(const std::string &text) {
    std::string v;
    for (char c : text) v += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (v == "1" || v == "true" || v == "yes" || v == "t" || v == "y" || v == "on") return 1;
    if (v == "0" || v == "false" || v == "no" || v == "f" || v == "n" || v == "off") return 0;
    return -1;
  }
  // The power of two a size suffix stands for, -1 for an unknown suffix.
  static int size_shift(const char *suffix) {
    if (!suffix || !*suffix) return 0;
    switch (std::toupper(static_cast<unsigned char>(*suffix))) {
      case 'K': return 10;
      case 'M': return 20;
      case 'G': return 30;
      default: return 0;
    }
  }
  // Under the mutex.
  static void store(const std::string &key, const std::string &value) {
    values()[key] = value;
    static const std::string size_suffix = "_SIZE";
    if (key.size() < size_suffix.size() ||
        key.compare(key.size() - size_suffix.size(), size_suffix.size(), size_suffix) != 0)
      return;
    char *end = nullptr;
    unsigned long long bytes = std::strtoull(value.c_str(), &end, 10);
    if (end == value.c_str()) return;
    if (*end && (std::strchr("KkMmGg", *end) == nullptr || end[1] != '\0')) return;
    values()[key + "_BYTES"] = std::to_string(bytes << size_shift(end));
  }
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
  // The settings, starting with the DASH_* variables of the environment.
  static Settings &values() {
    static Settings v = [] {
      Settings env;
      for (char **e = environ; e && *e; ++e) {
        const char *eq = std::strchr(*e, '=');
        if (eq && std::strncmp(*e, "DASH_", 5) == 0)
          env[std::string(*e, static_cast<std::size_t>(eq - *e))] = eq + 1;
      }
      return env;
    }();
    return v;
  }
  static std::mutex &mutex() {
    static std::mutex m;
    return m;
  }
};

}  // namespace dash::util

#endif  // DASH_UTIL_CONFIG_H
