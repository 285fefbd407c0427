#ifndef DASH_MEMORY_MEMORYSPACEBASE_H
#define DASH_MEMORY_MEMORYSPACEBASE_H

// The vocabulary of DASH's memory spaces: a memory space is a memory
// resource of a domain (local: one unit's memory, a std::pmr resource;
// global: memory of a team, addressed by global pointers) and of a kind
// (host, high-bandwidth, ...). Tags name the domain, the kind, how it is
// allocated (static or dynamic), synchronized (collective, independent,
// single unit) and laid out (contiguous: the units' parts in unit order
// form one global index range). memory_space_traits<M> reads them from M.

#include <cstddef>
#include <memory_resource>
#include <type_traits>

#include <dash/Meta.h>
#include <dash/Types.h>
#include <dash/memory/internal/MemorySpaceRegistry.h>

namespace dash {

template <typename T, class MemorySpace>
class GlobMemPtr;

// Domains.
struct memory_domain_global {};
struct memory_domain_local {};

// Kinds of memory.
struct memory_space_host_tag {};
struct memory_space_hbw_tag {};
struct memory_space_cuda_tag {};
struct memory_space_pmem_tag {};

// Allocation.
struct allocation_static {};
struct allocation_dynamic {};

// Layout: in a contiguous global space, a pointer advanced past the end of
// one unit's part continues at the beginning of the next unit's.
struct memory_space_noncontiguous {};
struct memory_space_contiguous : public memory_space_noncontiguous {};

// Synchronization of allocations.
struct synchronization_collective {};
struct synchronization_independent {};
struct synchronization_single {};

namespace details {

template <typename Domain>
using is_local_memory_space = std::is_same<Domain, memory_domain_local>;
template <typename Domain>
using is_global_memory_space = std::is_same<Domain, memory_domain_global>;

template <class Ms>
using memspace_traits_is_global = is_global_memory_space<typename Ms::memory_space_domain_category>;
template <class Ms>
using memspace_traits_is_local = is_local_memory_space<typename Ms::memory_space_domain_category>;

DASH__META__DEFINE_TRAIT__HAS_TYPE(void_pointer)
DASH__META__DEFINE_TRAIT__HAS_TYPE(const_void_pointer)
DASH__META__DEFINE_TRAIT__HAS_TYPE(memory_space_layout_tag)

template <class Ms, bool = has_type_void_pointer<Ms>::value>
struct memspace_traits_void_pointer_type {
  using type = typename Ms::void_pointer;
};
template <class Ms>
struct memspace_traits_void_pointer_type<Ms, false> {
  using type = std::conditional_t<memspace_traits_is_global<Ms>::value, GlobMemPtr<void, Ms>, void *>;
};

template <class Ms, bool = has_type_const_void_pointer<Ms>::value>
struct memspace_traits_const_void_pointer_type {
  using type = typename Ms::const_void_pointer;
};
template <class Ms>
struct memspace_traits_const_void_pointer_type<Ms, false> {
  using type =
      std::conditional_t<memspace_traits_is_global<Ms>::value, GlobMemPtr<const void, Ms>, const void *>;
};

template <class Ms, bool = has_type_memory_space_layout_tag<Ms>::value>
struct memspace_traits_layout_tag {
  using type = typename Ms::memory_space_layout_tag;
};
template <class Ms>
struct memspace_traits_layout_tag<Ms, false> {
  using type = memory_space_noncontiguous;
};

}  // namespace details

/// What a memory space declares, with defaults for what it leaves out.
template <class MemSpace>
struct memory_space_traits {
  using memory_space_type = MemSpace;
  using memory_space_type_category = typename MemSpace::memory_space_type_category;
  using memory_space_domain_category = typename MemSpace::memory_space_domain_category;
  using memory_space_layout_tag = typename details::memspace_traits_layout_tag<MemSpace>::type;
  using is_global = details::memspace_traits_is_global<MemSpace>;
  using is_local = details::memspace_traits_is_local<MemSpace>;
  using void_pointer = typename details::memspace_traits_void_pointer_type<MemSpace>::type;
  using const_void_pointer = typename details::memspace_traits_const_void_pointer_type<MemSpace>::type;
};

/// Base of local memory spaces: a std::pmr::memory_resource of a kind.
template <class MemoryType>
class LocalMemorySpaceBase : public std::pmr::memory_resource {
 public:
  using memory_space_domain_category = memory_domain_local;
  using memory_space_type_category = MemoryType;
};

/// Base of global memory spaces (polymorphic: spaces are used through
/// MemorySpace<memory_domain_global, Kind> pointers).
template <class MemoryType>
class GlobalMemorySpaceBase {
 public:
  using memory_space_domain_category = memory_domain_global;
  using memory_space_type_category = MemoryType;

  GlobalMemorySpaceBase() = default;
  GlobalMemorySpaceBase(const GlobalMemorySpaceBase &) = default;
  GlobalMemorySpaceBase(GlobalMemorySpaceBase &&) = default;
  GlobalMemorySpaceBase &operator=(const GlobalMemorySpaceBase &) = default;
  GlobalMemorySpaceBase &operator=(GlobalMemorySpaceBase &&) = default;
  virtual ~GlobalMemorySpaceBase() = default;
};

/// MemorySpace<Domain, Kind>: the base class of every memory space of that
/// domain and kind.
template <class MemoryDomain, class... Args>
class MemorySpace;

template <class... Args>
class MemorySpace<memory_domain_local, Args...> : public LocalMemorySpaceBase<Args...> {};

template <class... Args>
class MemorySpace<memory_domain_global, Args...> : public GlobalMemorySpaceBase<Args...> {};

namespace detail {
template <class, class>
struct dependent_false : std::false_type {};
}  // namespace detail

/// The process's default memory space of a domain and kind: local host
/// (HostSpace.h), local HBW (HBWSpace.h), global host
/// (GlobLocalMemoryPool.h). Other combinations do not compile.
template <class MSpaceDomainCategory, class MSpaceTypeCategory>
inline MemorySpace<MSpaceDomainCategory, MSpaceTypeCategory> *get_default_memory_space() {
  static_assert(detail::dependent_false<MSpaceDomainCategory, MSpaceTypeCategory>::value,
                "dash::get_default_memory_space: no default memory space of this domain and kind");
  return nullptr;
}

}  // namespace dash

#endif  // DASH_MEMORY_MEMORYSPACEBASE_H
