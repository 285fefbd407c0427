#ifndef DASH_INTERNAL_MATH_H
#define DASH_INTERNAL_MATH_H

// dash::math, DASH's integer helpers for index arithmetic: div_ceil,
// factorize (prime factors with multiplicities), factors, balance_extents
// (the two-dimensional factorization of a size with the smallest surface),
// NextPowerOf2, max, sigma.

#include <array>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <map>
#include <set>
#include <stdexcept>
#include <type_traits>

namespace dash::math {

/// The smallest power of two >= v (v > 0).
template <typename UnsignedT>
UnsignedT NextPowerOf2(UnsignedT v) {
  static_assert(std::is_unsigned_v<UnsignedT>, "NextPowerOf2: unsigned type");
  UnsignedT p = 1;
  while (p < v) p <<= 1;
  return p;
}

/// a / b rounded up (for non-negative a, positive b).
template <typename T1, typename T2>
inline T1 div_ceil(T1 a, T2 b) {
  return static_cast<T1>(a / b) + static_cast<T1>(a % b > 0);
}

/// Divides every value in [begin, end) by their mean.
template <typename Iter>
inline void div_mean(Iter begin, Iter end) {
  auto n = std::distance(begin, end);
  if (n == 0) return;
  double sum = 0;
  for (Iter it = begin; it != end; ++it) sum += *it;
  double mean = sum / static_cast<double>(n);
  for (Iter it = begin; it != end; ++it) *it /= mean;
}

template <typename T>
inline T max(T a, T b) {
  return a < b ? b : a;
}

/// Standard deviation of the values in [begin, end).
template <typename Iter>
double sigma(const Iter &begin, const Iter &end) {
  auto n = std::distance(begin, end);
  if (n < 2) return 0;
  double sum = 0, sq = 0;
  for (Iter it = begin; it != end; ++it) sum += static_cast<double>(*it);
  double mean = sum / static_cast<double>(n);
  for (Iter it = begin; it != end; ++it)
    sq += (static_cast<double>(*it) - mean) * (static_cast<double>(*it) - mean);
  return std::sqrt(sq / static_cast<double>(n - 1));
}

/// Prime factors of n > 0 with their multiplicities. Throws
/// std::invalid_argument if n <= 0.
template <typename Integer>
std::map<Integer, unsigned> factorize(Integer n) {
  static_assert(std::is_integral_v<Integer>, "factorize: integral type");
  if (!(n > 0)) throw std::invalid_argument("dash::math::factorize: n must be > 0");
  std::map<Integer, unsigned> result;
  for (Integer f = 2; f * f <= n; ++f)
    for (; n % f == 0; n /= f) ++result[f];
  if (n > 1) ++result[n];
  return result;
}

/// The distinct prime factors of n > 0.
template <typename Integer>
std::set<Integer> factors(Integer n) {
  std::set<Integer> result;
  for (const auto &f : factorize(n)) result.insert(f.first);
  return result;
}

/// extents[0] x extents[1] with the product of all extents and the
/// smallest surface (2 x + 2 y); the other extents become 1. Throws
/// std::invalid_argument if the product is 0.
template <typename Integer, std::size_t NumDim>
std::enable_if_t<(NumDim > 1), std::array<Integer, NumDim>> balance_extents(
    std::array<Integer, NumDim> extents) {
  Integer size = 1;
  for (Integer e : extents) size *= e;
  if (!(size > 0)) throw std::invalid_argument("dash::math::balance_extents: extents must be > 0");
  for (auto &e : extents) e = 1;
  extents[0] = size;
  Integer best = 2 * size + 2;
  for (Integer x = 1; x <= size; ++x) {
    if (size % x != 0) continue;
    Integer y = size / x, surface = 2 * x + 2 * y;
    if (surface < best) {
      best = surface;
      extents[0] = x;
      extents[1] = y;
    }
  }
  return extents;
}

/// As above, preferring splits whose first extent is a multiple of one of
/// `blocking` (if any such split exists).
template <typename Integer, std::size_t NumDim>
std::enable_if_t<(NumDim > 1), std::array<Integer, NumDim>> balance_extents(
    std::array<Integer, NumDim> extents, const std::set<Integer> &blocking) {
  std::array<Integer, NumDim> plain = balance_extents(extents);
  Integer size = plain[0] * plain[1];
  Integer best = 0;
  std::array<Integer, NumDim> result = plain;
  for (Integer x = 1; x <= size; ++x) {
    if (size % x != 0) continue;
    bool blocked = false;
    for (Integer b : blocking) blocked = blocked || (b > 0 && x % b == 0);
    if (!blocked) continue;
    Integer y = size / x, surface = 2 * x + 2 * y;
    if (best == 0 || surface < best) {
      best = surface;
      result[0] = x;
      result[1] = y;
    }
  }
  return result;
}

}  // namespace dash::math

#endif  // DASH_INTERNAL_MATH_H
