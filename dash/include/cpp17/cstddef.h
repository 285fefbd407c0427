#ifndef DASH_CPP17_CSTDDEF_H
#define DASH_CPP17_CSTDDEF_H

// DASH's C++17 back-port header: std::byte. The library is C++17, so this
// is the standard header.

#include <cstddef>

#endif  // DASH_CPP17_CSTDDEF_H
