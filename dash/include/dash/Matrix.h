#ifndef DASH_MATRIX_H
#define DASH_MATRIX_H

// DASH's header name for dash::Matrix and dash::NArray (in narray.h).

#include <iomanip>  // DASH's Matrix.h provides it; its examples rely on that

#include <dash/narray.h>

#endif  // DASH_MATRIX_H
