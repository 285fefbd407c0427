#ifndef DASH_PATTERN_SHIFT_TILE_PATTERN1D_H
#define DASH_PATTERN_SHIFT_TILE_PATTERN1D_H

// DASH's header of the one-dimensional ShiftTilePattern: DASH specializes
// ShiftTilePattern<1> here; our ShiftTilePattern<N> (pattern/ShiftTilePattern.h) covers N = 1 with the
// same members, so DASH programs that include this header get it.

#include <dash/pattern/ShiftTilePattern.h>

#endif  // DASH_PATTERN_SHIFT_TILE_PATTERN1D_H
