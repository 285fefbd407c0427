#ifndef DASH_ALGORITHM_H
#define DASH_ALGORITHM_H

// The parallel algorithms on global ranges (GlobPtr iterators of a
// container or of a view). Unless stated otherwise they are collective over
// the container's team and every unit gets the result.

#include <dash/algorithm/copy.h>
#include <dash/algorithm/equal.h>
#include <dash/algorithm/fill.h>
#include <dash/algorithm/find.h>
#include <dash/algorithm/for_each.h>
#include <dash/algorithm/reduce.h>
#include <dash/algorithm/sort.h>
#include <dash/algorithm/transform.h>

#endif  // DASH_ALGORITHM_H
