#ifndef DASH_PATTERN_TILE_PATTERN1D_H
#define DASH_PATTERN_TILE_PATTERN1D_H

// DASH's header of the one-dimensional TilePattern: DASH specializes
// TilePattern<1> here; our TilePattern<N> (pattern/TilePattern.h) covers N = 1 with the
// same members, so DASH programs that include this header get it.

#include <dash/pattern/TilePattern.h>

#endif  // DASH_PATTERN_TILE_PATTERN1D_H
