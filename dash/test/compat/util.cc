// DASH's utilities: Timer, BenchmarkParams, the DASH_LOG_* macros and the
// DASH_ASSERT* checks with their exceptions.
#include <dash/Init.h>
#include <dash/Exception.h>
#include <dash/internal/Logging.h>
#include <dash/util/BenchmarkParams.h>
#include <dash/util/StaticConfig.h>
#include <dash/util/Timer.h>
#include <dash/util/Trace.h>
#include <dash/Version.h>

#include <fstream>
#include <sstream>
#include <string>

#include <cstdlib>
#include <stdio_ext.h>
#include <unistd.h>
#include <stdexcept>

#include "check.h"

using Timer = dash::util::Timer<dash::util::TimeMeasure::Clock>;

// Returns true if `f` throws an E.
template <typename E, typename F>
bool throws(F f) {
  try {
    f();
  } catch (const E &) {
    return true;
  }
  return false;
}

int main(int argc, char *argv[]) {
  // Before the first message: the level is read once.
  setenv("DASH_LOG_LEVEL", "WARN", 1);
  dash::init(&argc, &argv);

  // Standard output is line-buffered also through mpiexec's pipes (set by
  // the library before main), so units' lines are never cut.
  CHECK(isatty(STDOUT_FILENO) || __flbf(stdout) != 0);

  Timer::Calibrate(0);
  Timer timer;
  auto start = Timer::Now();
  volatile double sink = 0;
  for (int i = 0; i < 100000; ++i) sink = sink + i;
  double us = Timer::ElapsedSince(start);
  CHECK(us > 0 && us < 60e6);
  CHECK(timer.Elapsed() >= us);
  CHECK(Timer::FromInterval(1000, 3000) == 2.0);

  // The cycle counter, calibrated against the clock: microseconds as well.
  using Counter = dash::util::Timer<dash::util::TimeMeasure::Counter>;
  Counter::Calibrate(2000);
  auto c0 = Counter::Now();
  auto t0 = Timer::Now();
  for (int i = 0; i < 200000; ++i) sink = sink + i;
  double counter_us = Counter::ElapsedSince(c0), clock_us = Timer::ElapsedSince(t0);
  CHECK(counter_us > 0 && counter_us < 60e6);
  CHECK(clock_us > 0);
  CHECK(Timer::TimestampInfinity() > Timer::Now());
  CHECK(Timer::FrequencyScaling() == 1000.0);

  // State traces: recorded while on, one line per span, written only with
  // DASH_ENABLE_TRACE.
  dash::util::TraceStore::on();
  dash::util::TraceStore::clear();
  {
    dash::util::Trace trace("compat");
    trace.enter_state("compute");
    trace.exit_state("compute");
    trace.enter_state("exchange");
    trace.exit_state("exchange");
  }
  auto &events = dash::util::TraceStore::context_trace("compat");
  CHECK(events.size() == 2);
  CHECK(events[0].state == "compute" && events[1].state == "exchange");
  CHECK(events[0].start <= events[0].end && events[0].end <= events[1].start);
  std::ostringstream none;
  dash::util::TraceStore::write(none);
  CHECK(none.str().empty());  // DASH_ENABLE_TRACE is not set
  setenv("DASH_ENABLE_TRACE", "1", 1);
  std::ostringstream lines;
  dash::util::TraceStore::write(lines, false);
  CHECK(lines.str().find("exchange") != std::string::npos);
  CHECK(lines.str().find("-- [TRACE]") == 0);
  unsetenv("DASH_ENABLE_TRACE");
  dash::util::TraceStore::off();
  dash::util::TraceStore::clear();
  CHECK(!dash::util::TraceStore::enabled());

  // Version and build configuration under DASH's names.
  CHECK(std::string(DASH_VERSION_STRING) == std::to_string(DASH_VERSION_MAJOR) + "." +
                                                std::to_string(DASH_VERSION_MINOR) + "." +
                                                std::to_string(DASH_VERSION_PATCH));
  CHECK(dash::util::DashConfig.avail_algo_summa);
  CHECK(dash::util::DashConfig.avail_hwloc);

  setenv("DART_COMPAT_UTIL_PROBE", "7", 1);
  dash::util::BenchmarkParams params("compat.util");
  const dash::util::BenchmarkParams::config_params_type &config = params.config();
  bool seen = false;
  for (const auto &kv : config.env_dart_config)
    seen = seen || (kv.first == "DART_COMPAT_UTIL_PROBE" && kv.second == "7");
  CHECK(seen);
  CHECK(config.env_mpi_shared_win);
  params.parse_args(argc, argv);
  params.set_output_width(72);
  CHECK(params.output_width() == 72);
  params.print_header();
  params.print_section_start("Runtime arguments");
  params.print_param("-n", "iterations", 100000);
  params.print_section_end();

  // Messages below the level are not formatted: their arguments are not
  // evaluated.
  bool evaluated = false;
  auto note = [&] {
    evaluated = true;
    return 1;
  };
  DASH_LOG_DEBUG("compat.util", "debug", note());
  DASH_LOG_TRACE_VAR("compat.util", evaluated);
  CHECK(!evaluated);
  if (dash::myid() == dash::size()) DASH_LOG_WARN("compat.util", "never", note());
  CHECK(!evaluated);

  CHECK(throws<dash::exception::AssertionFailed>([] { DASH_ASSERT_ALWAYS(1 + 1 == 3); }));
  CHECK(!throws<dash::exception::AssertionFailed>([] { DASH_ASSERT_ALWAYS(1 + 1 == 2); }));
#ifndef NDEBUG
  CHECK(throws<dash::exception::AssertionFailed>([] { DASH_ASSERT(dash::size() == 0); }));
  CHECK(throws<dash::exception::AssertionFailed>([] { DASH_ASSERT_EQ(1, 2, "one is not two"); }));
  CHECK(throws<dash::exception::AssertionFailed>([] { DASH_ASSERT_LT(2, 1, ""); }));
  CHECK(throws<dash::exception::OutOfRange>([] { DASH_ASSERT_RANGE(0, 5, 4, "index"); }));
  CHECK(!throws<std::exception>([] { DASH_ASSERT_RANGE(0, 4, 4, "index"); }));
  CHECK(!throws<std::exception>([] { DASH_ASSERT_MSG(true, "fine"); }));
#endif
  int calls = 0;
  DASH_ASSERT_RETURNS(++calls, 1);  // evaluated also without assertions
  CHECK(calls == 1);

  // DASH's exception names catch what the library throws.
  CHECK(throws<dash::exception::InvalidArgument>(
      [] { DASH_THROW(dash::exception::InvalidArgument, "n = " << 3); }));
  CHECK(throws<std::invalid_argument>([] { DASH_THROW(dash::exception::InvalidArgument, "n = " << 3); }));
  try {
    DASH_THROW(dash::exception::RuntimeError, "value " << 42);
  } catch (const dash::exception::RuntimeError &e) {
    CHECK(std::string(e.what()).find("value 42") != std::string::npos);
    CHECK(std::string(e.what()).find("[ Unit ") == 0);
  }

  CHECK(throws<std::runtime_error>([] { throw dash::exception::NotImplemented("not here"); }));

  dash::finalize();
  return compat::result();
}
