#ifndef DASH_CPP17_TYPE_TRAITS_H
#define DASH_CPP17_TYPE_TRAITS_H

// DASH's C++17 back-port header: std::is_nothrow_swappable. The library is
// C++17, so this is the standard header.

#include <type_traits>

#endif  // DASH_CPP17_TYPE_TRAITS_H
