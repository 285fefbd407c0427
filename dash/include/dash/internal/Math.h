#ifndef DASH_INTERNAL_MATH_H
#define DASH_INTERNAL_MATH_H

// Small integer and statistics helpers under DASH's names (dash::math):
// div_ceil, NextPowerOf2, max, div_mean, sigma, factorize, factors.

#include <climits>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>
#include <type_traits>

namespace dash::math {

/// a / b rounded up (for non-negative a, positive b).
template <typename T1, typename T2>
inline T1 div_ceil(T1 a, T2 b) {
  T1 q = static_cast<T1>(a / b);
  return q * static_cast<T1>(b) < a ? static_cast<T1>(q + 1) : q;
}

/// The smallest power of two >= v (v > 0).
template <typename UnsignedT>
UnsignedT NextPowerOf2(UnsignedT v) {
  static_assert(std::is_unsigned<UnsignedT>::value, "dash::math::NextPowerOf2: unsigned types only");
  UnsignedT p = 1;
  while (p < v) p = static_cast<UnsignedT>(p << 1);
  return p;
}

template <typename T>
inline T max(T a, T b) {
  return a < b ? b : a;
}

/// Divides every value of [begin, end) by the range's mean (unchanged if
/// the range is empty or its sum is not positive).
template <typename Iter>
inline void div_mean(Iter begin, Iter end) {
  const auto n = std::distance(begin, end);
  const double sum = std::accumulate(begin, end, 0.0);
  if (n <= 0 || sum <= 0) return;
  const double mean = sum / static_cast<double>(n);
  for (Iter it = begin; it != end; ++it)
    *it = static_cast<typename std::iterator_traits<Iter>::value_type>(*it / mean);
}

/// Standard deviation (population) of [begin, end).
template <typename Iter>
double sigma(const Iter &begin, const Iter &end) {
  const auto n = static_cast<double>(std::distance(begin, end));
  double sum = 0;
  for (Iter it = begin; it != end; ++it) sum += static_cast<double>(*it);
  const double mean = sum / n;
  double squares = 0;
  for (Iter it = begin; it != end; ++it)
    squares += (static_cast<double>(*it) - mean) * (static_cast<double>(*it) - mean);
  return std::sqrt(squares / n);
}

/// Prime factorization of n > 0: prime -> multiplicity (empty for 1).
/// Throws std::invalid_argument for n <= 0.
template <typename Integer>
std::map<Integer, unsigned> factorize(Integer n) {
  static_assert(std::is_integral<Integer>::value, "dash::math::factorize: integral types only");
  if (n <= 0) throw std::invalid_argument("dash::math::factorize: n must be > 0");
  std::map<Integer, unsigned> result;
  for (Integer p = 2; p <= n / p; ++p)
    for (; n % p == 0; n /= p) ++result[p];
  if (n > 1) ++result[n];
  return result;
}

/// The distinct prime factors of n > 0.
template <typename Integer>
std::set<Integer> factors(Integer n) {
  std::set<Integer> primes;
  for (const auto &pm : factorize(n)) primes.insert(pm.first);
  return primes;
}

}  // namespace dash::math

#endif  // DASH_INTERNAL_MATH_H
