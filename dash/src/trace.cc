#include <dash/util/Trace.h>

#include <fstream>
#include <iomanip>
#include <sstream>

#include <dash/Exception.h>
#include <dash/util/Config.h>

namespace dash::util {
namespace {
std::map<std::string, TraceStore::trace_events_t> &traces() {
  static std::map<std::string, TraceStore::trace_events_t> t;
  return t;
}
bool trace_on = false;
}  // namespace

bool TraceStore::on() {
  bool was = trace_on;
  trace_on = true;
  return was;
}
void TraceStore::off() { trace_on = false; }
bool TraceStore::enabled() { return trace_on; }
void TraceStore::clear() { traces().clear(); }
void TraceStore::clear(const std::string &context) { traces().erase(context); }
void TraceStore::add_context(const std::string &context) { traces()[context]; }
TraceStore::trace_events_t &TraceStore::context_trace(const std::string &context) {
  return traces()[context];
}

void TraceStore::write(std::ostream &out, bool print_header) {
  if (!Config::get<bool>("DASH_ENABLE_TRACE")) return;
  std::ostringstream os;
  int unit = dash::myid().id;
  if (print_header && unit == 0)
    os << "-- [TRACE] " << std::setw(15) << "context"
       << "," << std::setw(5) << "unit"
       << "," << std::setw(15) << "start"
       << "," << std::setw(15) << "end"
       << "," << std::setw(12) << "state" << '\n';
  for (const auto &[context, events] : traces())
    for (const auto &e : events)
      os << "-- [TRACE] " << std::setw(15) << context << ", " << std::setw(5) << unit << ", " << std::setw(15)
         << e.start << ", " << std::setw(15) << e.end << ", " << std::setw(12) << e.state << '\n';
  out << os.str() << std::flush;
}

void TraceStore::write(const std::string &filename, const std::string &path) {
  if (!Config::get<bool>("DASH_ENABLE_TRACE")) return;
  std::string dir = Config::is_set("DASH_TRACE_LOG_PATH") ? Config::get<std::string>("DASH_TRACE_LOG_PATH")
                                                          : std::string(".");
  if (!path.empty()) dir += "/" + path;
  std::ostringstream name;
  name << dir << "/u" << std::setfill('0') << std::setw(5) << dash::myid().id << "." << filename;
  std::ofstream out(name.str());
  if (!out) throw RuntimeError("dash::util::TraceStore::write: cannot open " + name.str());
  write(out);
}

Trace::Trace(std::string context) : context_(std::move(context)) {
  if (!TraceStore::enabled()) return;
  TraceStore::add_context(context_);
  dash::barrier();
  start_ = TraceStore::timer_t::Now();
}

void Trace::enter_state(const state_t &state) {
  if (!TraceStore::enabled()) return;
  timestamp_t t = TraceStore::timer_t::Now() - start_;
  TraceStore::context_trace(context_).push_back({t, t, state});
}

void Trace::exit_state(const state_t & /*state*/) {
  if (!TraceStore::enabled()) return;
  auto &events = TraceStore::context_trace(context_);
  if (!events.empty()) events.back().end = TraceStore::timer_t::Now() - start_;
}

}  // namespace dash::util
