#ifndef LIBDASH_H
#define LIBDASH_H

// DASH's name for the whole library: the same as <dash/dash.h>.

#include <dash/dash.h>

#endif  // LIBDASH_H
