#ifndef DASH_ALGORITHM_H
#define DASH_ALGORITHM_H

// The parallel algorithms on global ranges (GlobPtr iterators of a
// container or of a view). Unless stated otherwise they are collective over
// the container's team and every unit gets the result.

#include <dash/Array.h>  // as DASH's (its Find.h, Sort.h include it)
#include <dash/algorithm/AllOf.h>
#include <dash/algorithm/AnyOf.h>
#include <dash/algorithm/Bcast.h>
#include <dash/algorithm/Copy.h>
#include <dash/algorithm/Equal.h>
#include <dash/algorithm/Fill.h>
#include <dash/algorithm/internal/String.h>
#include <dash/algorithm/Find.h>
#include <dash/algorithm/ForEach.h>
#include <dash/algorithm/Generate.h>
#include <dash/algorithm/LocalRange.h>
#include <dash/algorithm/LocalRanges.h>
#include <dash/algorithm/MinMax.h>
#include <dash/algorithm/Mismatch.h>
#include <dash/algorithm/None_of.h>
#include <dash/algorithm/Operation.h>
#include <dash/algorithm/Reduce.h>
#include <dash/algorithm/Sort.h>
#include <dash/algorithm/SUMMA.h>
#include <dash/algorithm/Transform.h>

#endif  // DASH_ALGORITHM_H
