#ifndef DASH__INTERNAL__CONFIG_H_
#define DASH__INTERNAL__CONFIG_H_

#include <cstdint>

// Platform facts as DASH's macros name them, from the compiler's own
// predefined macros (DASH generated them at configure time; the compiler
// knows them at compile time, so no generated header is needed).

#if defined(__x86_64__) || defined(_M_X64)
#define DASH__ARCH__ARCH_X86
#define DASH__ARCH__ARCH_X86_64
#define DASH__ARCH__ARCH_64
#define DASH__ARCH__HAS_RDTSC
#elif defined(__i386__) || defined(_M_IX86)
#define DASH__ARCH__ARCH_X86
#define DASH__ARCH__ARCH_X86_32
#define DASH__ARCH__ARCH_32
#define DASH__ARCH__HAS_RDTSC
#elif defined(__aarch64__)
#define DASH__ARCH__ARCH_ARM
#define DASH__ARCH__ARCH_64
#elif defined(__arm__)
#define DASH__ARCH__ARCH_ARM
#define DASH__ARCH__ARCH_32
#else
#define DASH__ARCH__ARCH_UNKNOWN
#if UINTPTR_MAX > 0xffffffffu
#define DASH__ARCH__ARCH_64
#else
#define DASH__ARCH__ARCH_32
#endif
#endif

// Every architecture GCC and Clang target has lock-free CAS of the word size.
#define DASH__ARCH__HAS_CAS
#define DASH__ARCH__HAS_CAS_32
#if defined(DASH__ARCH__ARCH_64)
#define DASH__ARCH__HAS_CAS_64
#endif

#ifndef DASH__ARCH__CACHE_LINE_SIZE
#define DASH__ARCH__CACHE_LINE_SIZE 64
#endif
#ifndef DASH__ARCH__PAGE_SIZE
#define DASH__ARCH__PAGE_SIZE 4096
#endif
#define DASH__ARCH__IS_MIC false

#if defined(__linux__)
#define DASH__PLATFORM__LINUX
#define DASH__PLATFORM__POSIX
#elif defined(__FreeBSD__)
#define DASH__PLATFORM__FREEBSD
#define DASH__PLATFORM__POSIX
#elif defined(__APPLE__) && defined(__MACH__)
#define DASH__PLATFORM__OSX
#define DASH__PLATFORM__POSIX
#elif defined(__unix__)
#define DASH__PLATFORM__UX
#define DASH__PLATFORM__POSIX
#endif

#if defined(__clang__)
#define DASH_COMPILER_ID "Clang"
#elif defined(__INTEL_COMPILER)
#define DASH_COMPILER_ID "Intel"
#elif defined(__GNUC__)
#define DASH_COMPILER_ID "GCC"
#else
#define DASH_COMPILER_ID "unknown"
#endif

#if defined(_OPENMP)
#define DASH_ENABLE_OPENMP
#define DASH__OPENMP_VERSION _OPENMP
#endif

#endif  // DASH__INTERNAL__CONFIG_H_
