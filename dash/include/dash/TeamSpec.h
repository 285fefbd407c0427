#ifndef DASH_TEAMSPEC_H
#define DASH_TEAMSPEC_H

// DASH's header name for dash::TeamSpec (in pattern/team_spec.h).

#include <dash/pattern/team_spec.h>

#endif  // DASH_TEAMSPEC_H
