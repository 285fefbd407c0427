#ifndef DASH_ALLOCATOR_ALLOCATORTRAITS_H
#define DASH_ALLOCATOR_ALLOCATORTRAITS_H

// dash::allocator_traits<Alloc>: std::allocator_traits for DASH's global
// allocators, which also have a local side: pointer types default to DART
// global pointers, local pointer types to those of the allocator's
// local_allocator_type; rebind_alloc<U> is Alloc::rebind<U>.

#include <memory>

#include <dart/types.h>
#include <dash/Meta.h>
#include <dash/Types.h>
#include <dash/memory/GlobMemPtr.h>
#include <dash/memory/MemorySpace.h>

namespace dash {

namespace detail {

// Alloc::Name if declared, else Default.
#define DASH_ALLOCATOR_TRAITS_MEMBER_(Name, Default)           \
  DASH__META__DEFINE_TRAIT__HAS_TYPE(Name)                     \
  template <class Alloc, bool = has_type_##Name<Alloc>::value> \
  struct allocator_traits_##Name {                             \
    using type = typename Alloc::Name;                         \
  };                                                           \
  template <class Alloc>                                       \
  struct allocator_traits_##Name<Alloc, false> {               \
    using type = Default;                                      \
  };

DASH_ALLOCATOR_TRAITS_MEMBER_(local_pointer,
                              typename std::allocator_traits<typename Alloc::local_allocator_type>::pointer)
DASH_ALLOCATOR_TRAITS_MEMBER_(
    const_local_pointer, typename std::allocator_traits<typename Alloc::local_allocator_type>::const_pointer)
DASH_ALLOCATOR_TRAITS_MEMBER_(
    local_void_pointer, typename std::allocator_traits<typename Alloc::local_allocator_type>::void_pointer)
DASH_ALLOCATOR_TRAITS_MEMBER_(
    const_local_void_pointer,
    typename std::allocator_traits<typename Alloc::local_allocator_type>::const_void_pointer)
DASH_ALLOCATOR_TRAITS_MEMBER_(pointer, dart_gptr_t)
DASH_ALLOCATOR_TRAITS_MEMBER_(const_pointer, const dart_gptr_t)
DASH_ALLOCATOR_TRAITS_MEMBER_(void_pointer, dart_gptr_t)
DASH_ALLOCATOR_TRAITS_MEMBER_(const_void_pointer, const dart_gptr_t)
DASH_ALLOCATOR_TRAITS_MEMBER_(difference_type, dash::gptrdiff_t)
DASH_ALLOCATOR_TRAITS_MEMBER_(size_type, dash::default_size_t)

#undef DASH_ALLOCATOR_TRAITS_MEMBER_

}  // namespace detail

template <class Alloc>
struct allocator_traits {
  using allocator_type = Alloc;
  using value_type = typename Alloc::value_type;
  using local_allocator = typename Alloc::local_allocator_type;
  using difference_type = typename detail::allocator_traits_difference_type<Alloc>::type;
  using size_type = typename detail::allocator_traits_size_type<Alloc>::type;
  using pointer = typename detail::allocator_traits_pointer<Alloc>::type;
  using const_pointer = typename detail::allocator_traits_const_pointer<Alloc>::type;
  using void_pointer = typename detail::allocator_traits_void_pointer<Alloc>::type;
  using const_void_pointer = typename detail::allocator_traits_const_void_pointer<Alloc>::type;
  using local_pointer = typename detail::allocator_traits_local_pointer<Alloc>::type;
  using const_local_pointer = typename detail::allocator_traits_const_local_pointer<Alloc>::type;
  using local_void_pointer = typename detail::allocator_traits_local_void_pointer<Alloc>::type;
  using const_local_void_pointer = typename detail::allocator_traits_const_local_void_pointer<Alloc>::type;

  template <class U>
  using rebind_alloc = typename allocator_type::template rebind<U>;
  template <class U>
  using rebind_traits = allocator_traits<rebind_alloc<U>>;

  static pointer allocate(allocator_type &a, size_type n) { return a.allocate(n); }
  static void deallocate(allocator_type &a, pointer p, size_type n) { a.deallocate(p, n); }
};

}  // namespace dash

#endif  // DASH_ALLOCATOR_ALLOCATORTRAITS_H
