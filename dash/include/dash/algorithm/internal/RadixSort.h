#ifndef DASH_ALGORITHM_INTERNAL_RADIX_SORT_H
#define DASH_ALGORITHM_INTERNAL_RADIX_SORT_H

// The local sort of dash::sort for integers in their natural order (or its
// reverse): a least-significant-digit radix sort, 8-bit digits. A sorted
// sequence of integers is the same whichever algorithm sorts it, so the
// result is std::sort's; the work is one counting pass and one pass per
// byte of the type, linear, where std::sort compares n log n times: about
// a fifth of std::sort's instructions for 512 Ki random ints. Passes in
// which every element has the same digit are skipped (small ranges of
// values, constant data). It needs a buffer of n elements; without one
// (allocation failed) the caller sorts with std::sort.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace dash::detail {

/// Runs shorter than this are left to std::sort (the counting tables cost
/// more than they save).
constexpr std::size_t kRadixSortMin = 2048;

/// 1: `Compare` orders T ascending as integers, -1: descending, 0: neither
/// (another type or comparator: std::sort).
template <typename T, typename Compare>
constexpr int radix_order() {
  if constexpr (!std::is_integral_v<T> || std::is_same_v<T, bool> || sizeof(T) > 8) {
    return 0;
  } else if constexpr (std::is_same_v<Compare, std::less<>> || std::is_same_v<Compare, std::less<T>>) {
    return 1;
  } else if constexpr (std::is_same_v<Compare, std::greater<>> || std::is_same_v<Compare, std::greater<T>>) {
    return -1;
  } else {
    return 0;
  }
}

/// Sorts [first, last) ascending (descending if `descending`). False if no
/// buffer could be allocated; then nothing has changed.
template <typename T>
bool radix_sort(T *first, T *last, bool descending) {
  using U = std::make_unsigned_t<T>;
  constexpr unsigned kDigits = sizeof(T);
  // Signed values: flipping the sign bit orders them as unsigned keys.
  constexpr U kFlip = std::is_signed_v<T> ? static_cast<U>(U(1) << (8 * sizeof(T) - 1)) : U(0);
  const U invert = descending ? static_cast<U>(~U(0)) : U(0);
  auto key = [kFlip, invert](T v) { return static_cast<U>(static_cast<U>(v) ^ kFlip ^ invert); };
  const std::size_t n = static_cast<std::size_t>(last - first);
  std::unique_ptr<T[]> buffer(new (std::nothrow) T[n]);
  if (!buffer) return false;
  std::array<std::array<std::size_t, 256>, kDigits> count{};
  for (const T *p = first; p != last; ++p) {
    U k = key(*p);
    for (unsigned d = 0; d < kDigits; ++d) ++count[d][(k >> (8 * d)) & 0xff];
  }
  T *src = first, *dst = buffer.get();
  for (unsigned d = 0; d < kDigits; ++d) {
    std::array<std::size_t, 256> &c = count[d];
    const unsigned shift = 8 * d;
    if (c[(key(*first) >> shift) & 0xff] == n) continue;  // one digit value: the order stays
    std::size_t at = 0;
    for (std::size_t &slot : c) at += std::exchange(slot, at);  // bucket starts
    for (const T *p = src; p != src + n; ++p) dst[c[(key(*p) >> shift) & 0xff]++] = *p;
    std::swap(src, dst);
  }
  if (src != first) std::copy(src, src + n, first);
  return true;
}

/// std::sort of [first, last) by comp, or the radix sort where it gives
/// the same result faster.
template <typename T, typename Compare>
void sort_run(T *first, T *last, Compare comp) {
  if constexpr (radix_order<T, Compare>() != 0) {
    if (static_cast<std::size_t>(last - first) >= kRadixSortMin &&
        radix_sort(first, last, radix_order<T, Compare>() < 0))
      return;
  }
  std::sort(first, last, comp);
}

}  // namespace dash::detail

#endif  // DASH_ALGORITHM_INTERNAL_RADIX_SORT_H
