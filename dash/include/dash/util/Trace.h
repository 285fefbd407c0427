#ifndef DASH_UTIL_TRACE_H
#define DASH_UTIL_TRACE_H

// State traces of a benchmark, with DASH's interface: a Trace names a
// context; enter_state/exit_state record time spans (microsecond ticks of
// the Clock timer since the Trace was made) into the TraceStore, which
// writes them as "-- [TRACE] context, unit, start, end, state" lines.
// Recording needs TraceStore::on(); writing also needs the environment
// variable DASH_ENABLE_TRACE (as in DASH), DASH_TRACE_LOG_PATH names the
// directory of write(filename).

// DASH's Trace.h brings these standard headers along, and programs that
// include it print with std::cout (dash-apps' Barnes-Hut).
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <dash/Init.h>
#include <dash/util/Timer.h>

namespace dash::util {

class TraceStore {
 public:
  using state_t = std::string;
  using timer_t = Timer<TimeMeasure::Clock>;
  using timestamp_t = timer_t::timestamp_t;
  struct state_timespan_t {
    timestamp_t start{};
    timestamp_t end{};
    state_t state;
  };
  using trace_events_t = std::vector<state_timespan_t>;

  /// Starts recording; true if it was already on.
  static bool on();
  static void off();
  static bool enabled();
  /// Forgets every context's events (or one context's).
  static void clear();
  static void clear(const std::string &context);
  static void add_context(const std::string &context);
  static trace_events_t &context_trace(const std::string &context);
  /// The calling unit's events, one line each; unit 0 prints a header first.
  static void write(std::ostream &out, bool print_header = true);
  /// The calling unit's events into DIR/PATH/uNNNNN.FILENAME, DIR being
  /// DASH_TRACE_LOG_PATH (or the working directory).
  static void write(const std::string &filename, const std::string &path = "");
};

class Trace {
 public:
  using state_t = TraceStore::state_t;
  using timestamp_t = TraceStore::timestamp_t;

  Trace() : Trace("global") {}
  /// Collective over Team::All() while tracing is on (aligns the start).
  explicit Trace(std::string context);

  void enter_state(const state_t &state);
  void exit_state(const state_t &state);

 private:
  std::string context_;
  timestamp_t start_ = 0;
};

}  // namespace dash::util

#endif  // DASH_UTIL_TRACE_H
