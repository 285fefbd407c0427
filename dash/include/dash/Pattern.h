#ifndef DASH_PATTERN_H
#define DASH_PATTERN_H

// DASH's header of the pattern concept: every pattern type (BlockPattern,
// also named Pattern; TilePattern, ShiftTilePattern, SeqTilePattern,
// CSRPattern, the 1-D ones), their properties and make_pattern, and the
// distribution vocabulary (Distribution, DistributionSpec, TeamSpec,
// SizeSpec).

#include <dash/Dimensional.h>
#include <dash/Distribution.h>
#include <dash/TeamSpec.h>
#include <dash/pattern/BlockPattern.h>
#include <dash/pattern/BlockPattern1D.h>
#include <dash/pattern/CSRPattern.h>
#include <dash/pattern/MakePattern.h>
#include <dash/pattern/PatternIterator.h>
#include <dash/pattern/PatternProperties.h>
#include <dash/pattern/PatternTraits.h>
#include <dash/pattern/SeqTilePattern.h>
#include <dash/pattern/ShiftTilePattern.h>
#include <dash/pattern/ShiftTilePattern1D.h>
#include <dash/pattern/TilePattern.h>
#include <dash/pattern/TilePattern1D.h>

#endif  // DASH_PATTERN_H
