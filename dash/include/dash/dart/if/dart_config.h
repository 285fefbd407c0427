#ifndef DASH_DART_IF_DART_CONFIG_H
#define DASH_DART_IF_DART_CONFIG_H

// DART's configuration (DASH's header name). Ours is dart_config_t of
// <dart/init.h> (the DART_* environment: dart_config_get,
// dart_config_print); DASH's logging switch has no counterpart, as DART
// reports errors through dart_last_error.

#include <dash/dart/if/dart_types.h>
#include <dash/dart/if/dart_util.h>

#endif  // DASH_DART_IF_DART_CONFIG_H
