#ifndef DASH_PATTERN_BLOCK_PATTERN1D_H
#define DASH_PATTERN_BLOCK_PATTERN1D_H

// DASH's header of the one-dimensional BlockPattern: DASH specializes
// BlockPattern<1> here; our BlockPattern<N> (pattern/BlockPattern.h) covers N = 1 with the
// same members, so DASH programs that include this header get it.

#include <dash/pattern/BlockPattern.h>

#endif  // DASH_PATTERN_BLOCK_PATTERN1D_H
