#ifndef DASH_CPP17_POLYMORPHIC_ALLOCATOR_H
#define DASH_CPP17_POLYMORPHIC_ALLOCATOR_H

// DASH's C++17 back-port header: std::pmr::memory_resource and
// std::pmr::polymorphic_allocator. The library is C++17 and the standard
// library has them (<memory_resource>), so this is that header.

#include <cstddef>
#include <memory>
#include <memory_resource>

#endif  // DASH_CPP17_POLYMORPHIC_ALLOCATOR_H
