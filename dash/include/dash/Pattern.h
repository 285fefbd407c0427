#ifndef DASH_PATTERN_H
#define DASH_PATTERN_H

// DASH's header name for its patterns (dash::Pattern, TilePattern,
// CSRPattern, ShiftTilePattern, SeqTilePattern) and the distribution
// vocabulary.

#include <dash/pattern/distribution.h>
#include <dash/pattern/team_spec.h>
#include <dash/pattern/MakePattern.h>
#include <dash/pattern/pattern.h>
#include <dash/pattern/SeqTilePattern.h>
#include <dash/pattern/ShiftTilePattern.h>
#include <dash/pattern/TilePattern.h>
#include <dash/pattern/size_spec.h>

#endif  // DASH_PATTERN_H
