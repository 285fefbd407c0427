#ifndef DASH_PATTERN_PATTERN_TRAITS_H
#define DASH_PATTERN_PATTERN_TRAITS_H

// DASH's header name for the pattern traits (pattern_partitioning_traits,
// pattern_mapping_traits, pattern_layout_traits, pattern_traits); DASH
// defines them with the properties they read, in
// dash/pattern/PatternProperties.h, and so do we.

#include <dash/pattern/PatternProperties.h>

#endif  // DASH_PATTERN_PATTERN_TRAITS_H
