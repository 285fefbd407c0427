#ifndef DASH_READ_AHEAD_SCOPE_H
#define DASH_READ_AHEAD_SCOPE_H

// dash::ReadAheadScope: while one lives, the calling thread's reads of
// other nodes' elements through GlobRef (what STL algorithms over global
// iterators do) read ahead in blocks (internal/ReadAhead.h):
//
//   {
//     dash::ReadAheadScope ahead;
//     auto least = std::min_element(a.begin() + lo, a.begin() + hi);
//   }
//
// Off outside a scope (unless DASH_READ_AHEAD=1): docs/dash.md, "Reads
// ahead", says what a program gives up inside one. Scopes nest; the end of
// the outermost forgets every block read in it.

#include <dash/internal/ReadAhead.h>

namespace dash {

class ReadAheadScope {
 public:
  ReadAheadScope() { ++detail::read_ahead_scopes; }
  ~ReadAheadScope() {
    if (--detail::read_ahead_scopes == 0) detail::ReadAhead::of_this_thread().reset();
  }
  ReadAheadScope(const ReadAheadScope &) = delete;
  ReadAheadScope &operator=(const ReadAheadScope &) = delete;
};

}  // namespace dash

#endif  // DASH_READ_AHEAD_SCOPE_H
