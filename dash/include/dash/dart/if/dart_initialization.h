#ifndef DASH_DART_IF_DART_INITIALIZATION_H
#define DASH_DART_IF_DART_INITIALIZATION_H

// DART start and end in DASH's form (DASH's header name): <dart/init.h>
// plus, for C++, the calls whose form differs:
//
//   dart_thread_support_level_t provided;
//   dart_init_thread(&argc, &argv, &provided);   // asks for DART_THREAD_MULTIPLE
//   if (dart_initialized()) ...

#include <dart/init.h>
#include <dash/dart/if/dart_types.h>
#include <dash/dart/if/dart_util.h>

/// DASH's form: initializes with the most thread support the runtime
/// offers (DART_THREAD_MULTIPLE if MPI provides it); *provided says which.
inline dart_ret_t dart_init_thread(int *argc, char ***argv, dart_thread_support_level_t *provided) {
  return dart_init_thread(argc, argv, DART_THREAD_MULTIPLE, provided);
}

/// DASH's form: true between dart_init and dart_exit.
inline bool dart_initialized() {
  int flag = 0;
  return dart_initialized(&flag) == DART_OK && flag != 0;
}

#endif  // DASH_DART_IF_DART_INITIALIZATION_H
