#ifndef DASH_PATTERN_H
#define DASH_PATTERN_H

// DASH's header name for its patterns (dash::Pattern, TilePattern,
// CSRPattern, ShiftTilePattern, SeqTilePattern) and the distribution
// vocabulary.

#include <dash/Distribution.h>
#include <dash/TeamSpec.h>
#include <dash/pattern/MakePattern.h>
#include <dash/pattern/BlockPattern.h>
#include <dash/pattern/SeqTilePattern.h>
#include <dash/pattern/ShiftTilePattern.h>
#include <dash/pattern/TilePattern.h>
#include <dash/Dimensional.h>

#endif  // DASH_PATTERN_H
