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

#include <dash/Init.h>

namespace dash::util {

class BenchmarkParams {
 public:
  explicit BenchmarkParams(std::string name) : name_(std::move(name)) {}

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
  std::string rule(char c) const { return "-- " + std::string(std::max(1, width_ - 3), c) + '\n'; }

  std::string name_;
  int width_ = 80;
};

}  // namespace dash::util

#endif  // DASH_UTIL_BENCHMARKPARAMS_H
