#ifndef DASH_ATOMIC_H
#define DASH_ATOMIC_H

// Atomic<T>: marks the elements of a container atomic, as in DASH. It has
// the size and layout of T and no operations of its own: its value is read
// and changed through a GlobRef<Atomic<T>> (atomic/GlobAtomicRef.h), which
// uses DART atomics only, so concurrent operations from any units (the owner
// included) are atomic with respect to each other.
//
//   dash::Array<dash::Atomic<long>> counts(100);   // 100 atomic counters
//   dash::fill(counts.begin(), counts.end(), 0);   // collective, not atomic
//   counts[i].fetch_add(1);                        // from any unit
//   dash::Shared<dash::Atomic<long>> hits;         // one shared atomic value
//   hits.get().add(1);
//   dash::atomic::add(counts[i], 1);              // the same as free functions
//
// Local elements too are accessed through global references (counts[i]
// for an i the calling unit owns): a plain load or store of counts.local[j]
// would not be atomic with respect to DART atomics on the MPI path (which
// MPI performs), which is why Atomic<T> has no operations. Within a node
// DART performs atomics with CPU instructions, so a global reference to a
// local element costs about a function call.

#include <ostream>
#include <type_traits>

#include <dash/internal/DartType.h>
#include <dash/meta/TypeInfo.h>

namespace dash {

template <typename T>
class Atomic {
  static_assert(detail::is_dart_arithmetic_v<std::remove_const_t<T>>,
                "dash::Atomic: T must be an arithmetic type DART atomics support (not bool)");

 public:
  using value_type = T;

  constexpr Atomic() = default;
  constexpr Atomic(const Atomic &) = default;
  constexpr Atomic(Atomic &&) = default;
  Atomic &operator=(const Atomic &) = default;
  Atomic &operator=(Atomic &&) = default;
  /// Initial value (not an atomic operation: for fill and construction).
  constexpr Atomic(T value) : value_(value) {}

  /// No conversion to T: read the value through a global reference.
  operator T() const = delete;
  Atomic &operator=(T) = delete;

  constexpr bool operator==(const Atomic &other) const { return value_ == other.value_; }
  constexpr bool operator!=(const Atomic &other) const { return value_ != other.value_; }

  /// No value to print: it lives in global memory.
  friend std::ostream &operator<<(std::ostream &os, const Atomic &) { return os << "dash::Atomic<phantom>"; }

 private:
  T value_;
};

}  // namespace dash

#include <dash/atomic/Type_traits.h>
#include <dash/atomic/GlobAtomicRef.h>
#include <dash/atomic/GlobAtomicAsyncRef.h>
#include <dash/atomic/Operation.h>

#endif  // DASH_ATOMIC_H
