#ifndef DASH_VERSION_H
#define DASH_VERSION_H

// The library's version under DASH's macro names (the project's version:
// CMakeLists.txt checks at configure time that they agree).
#define DASH_VERSION_MAJOR 0
#define DASH_VERSION_MINOR 1
#define DASH_VERSION_PATCH 0
#define DASH_VERSION_STRING "0.1.0"

// DASH defined DASH_GIT_COMMIT when built from a git checkout; releases of
// this library are identified by the version alone.
#define DASH_HAVE_GIT_COMMIT 0

#endif  // DASH_VERSION_H
