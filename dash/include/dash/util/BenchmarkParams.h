#ifndef DASH_UTIL_BENCHMARKPARAMS_H
#define DASH_UTIL_BENCHMARKPARAMS_H

// The report header and parameter table of a benchmark, with DASH's
// interface (the parts DASH programs use):
//
//   dash::util::BenchmarkParams params("bench.gups");
//   params.set_output_width(72);
//   params.print_header();                 // name, units, start time
//   params.print_pinning();                // host and CPU of every unit
//   params.print_section_start("Runtime arguments");
//   params.print_param("-n", "elements", n);
//   params.print_section_end();
//
// Everything except print_pinning is printed by unit 0 only; lines start
// with "--" so that result tables can be filtered from them.

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <dash/Init.h>

extern "C" char **environ;

namespace dash::util {

/// A command-line parameter of a benchmark, as DASH's benchmarks list them.
struct CommandLineParamSpec {
  std::string flag;
  std::string description;
  std::string value_type;
  bool required;
};

class BenchmarkParams {
 public:
  /// (name, value) of the environment variables of one kind.
  using env_flags_type = std::vector<std::pair<std::string, std::string>>;
  /// What the run was configured with: environment variables of MPI, DASH
  /// and DART, and which optional libraries this build uses.
  struct config_params_type {
    env_flags_type env_mpi_config;
    env_flags_type env_dash_config;
    env_flags_type env_dart_config;
    bool env_mpi_shared_win = true;  // same-node transfers use MPI-3 shared-memory windows
    bool env_papi = false;
    bool env_hwloc = true;  // DART's locality comes from hwloc
    bool env_numalib = false;
    bool env_mkl = false;
    bool env_blas = false;
    bool env_lapack = false;
    bool env_scalapack = false;
    bool env_plasma = false;
  };

  explicit BenchmarkParams(std::string name) : name_(std::move(name)) { read_environment(); }

  /// DASH's benchmarks call it with their arguments; the parameters they
  /// print are parsed by the benchmarks themselves, so nothing is kept.
  void parse_args(int /*argc*/, char * /*argv*/[]) {}
  const config_params_type &config() const { return config_; }

  void set_output_width(int width) { width_ = width; }
  int output_width() const { return width_; }

  /// Benchmark name, number of units and start time.
  void print_header() const {
    if (dash::myid() != 0) return;
    std::time_t now = std::time(nullptr);
    char date[64];
    std::strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S", std::localtime(&now));
    std::ostringstream os;
    os << rule('=') << "-- " << name_ << '\n'
       << "-- units: " << dash::size() << ", started " << date << '\n'
       << rule('=');
    std::cout << os.str() << std::flush;
  }

  /// One line per unit: host and current CPU (unordered, one write each).
  void print_pinning() const {
    char host[256] = {};
    gethostname(host, sizeof host - 1);
    std::ostringstream os;
    os << "--   unit " << std::setw(4) << dash::myid() << "  host " << host << "  cpu " << current_cpu()
       << '\n';
    std::cout << os.str() << std::flush;
  }

  void print_section_start(const std::string &section) const {
    if (dash::myid() == 0) std::cout << rule('-') << "-- " << section << '\n' << std::flush;
  }
  void print_section_end() const {
    if (dash::myid() == 0) std::cout << rule('-') << std::flush;
  }

  /// "--   name        value", the value right-aligned to the output width.
  template <typename T>
  void print_param(const std::string &name, const T &value) const {
    if (dash::myid() != 0) return;
    std::ostringstream os;
    os << "--   " << std::left << name << ' ' << std::right
       << std::setw(std::max(1, width_ - 6 - int(name.size()))) << value << '\n';
    std::cout << os.str() << std::flush;
  }
  /// "--   flag   value   description".
  template <typename T>
  void print_param(const std::string &flag, const std::string &description, const T &value) const {
    if (dash::myid() != 0) return;
    std::ostringstream os;
    os << "--   " << std::left << std::setw(7) << flag << ' ' << std::right << std::setw(10) << value
       << std::setw(std::max(1, width_ - 23)) << description << '\n';
    std::cout << os.str() << std::flush;
  }

  /// Every line of `lines`, prefixed.
  void print(std::stringstream &lines, const std::string &prefix = "") const {
    std::ostringstream os;
    for (std::string line; std::getline(lines, line);) os << "--  " << prefix << ' ' << line << '\n';
    std::cout << os.str() << std::flush;
  }

 private:
  static int current_cpu() {
#ifdef __linux__
    return sched_getcpu();
#else
    return -1;
#endif
  }
  void read_environment() {
    for (char **e = environ; e && *e; ++e) {
      std::string entry(*e);
      std::size_t eq = entry.find('=');
      if (eq == std::string::npos) continue;
      std::pair<std::string, std::string> kv(entry.substr(0, eq), entry.substr(eq + 1));
      const std::string &k = kv.first;
      if (k.rfind("DART_", 0) == 0)
        config_.env_dart_config.push_back(kv);
      else if (k.rfind("DASH_", 0) == 0)
        config_.env_dash_config.push_back(kv);
      else if (k.rfind("MPICH_", 0) == 0 || k.rfind("MPIR_", 0) == 0 || k.rfind("OMPI_", 0) == 0 ||
               k.rfind("I_MPI_", 0) == 0 || k.rfind("MV2_", 0) == 0)
        config_.env_mpi_config.push_back(kv);
    }
  }
  std::string rule(char c) const { return "-- " + std::string(std::max(1, width_ - 3), c) + '\n'; }

  std::string name_;
  int width_ = 80;
  config_params_type config_;
};

}  // namespace dash::util

#endif  // DASH_UTIL_BENCHMARKPARAMS_H
