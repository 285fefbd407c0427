// DASH's utilities: Timer, BenchmarkParams, the DASH_LOG_* macros and the
// DASH_ASSERT* checks with their exceptions.
#include <dash/Init.h>
#include <dash/Exception.h>
#include <dash/internal/Logging.h>
#include <dash/util/BenchmarkParams.h>
#include <dash/util/Timer.h>

#include <cstdlib>
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

  Timer::Calibrate(0);
  Timer timer;
  auto start = Timer::Now();
  volatile double sink = 0;
  for (int i = 0; i < 100000; ++i) sink = sink + i;
  double us = Timer::ElapsedSince(start);
  CHECK(us > 0 && us < 60e6);
  CHECK(timer.Elapsed() >= us);
  CHECK(Timer::FromInterval(1000, 3000) == 2.0);

  dash::util::BenchmarkParams params("compat.util");
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

  dash::finalize();
  return compat::result();
}
