#ifndef DASH_INTERNAL_MATH_H
#define DASH_INTERNAL_MATH_H

// dash::math: integer helpers (next power of two, ceiling division, prime
// factorization, balanced 2-D extents for a number of units), statistics
// on ranges (mean-normalisation, standard deviation) and DASH's simple
// random number generators (lrand: logistic map, xrand: xorshift, drand:
// std::rand in [0, 1]).

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <ctime>
#include <iterator>
#include <map>
#include <numeric>
#include <set>
#include <stdexcept>
#include <type_traits>

namespace dash::math {

/// The smallest power of two >= v (v > 0).
template <typename UnsignedT>
UnsignedT NextPowerOf2(UnsignedT v) {
  static_assert(std::is_unsigned_v<UnsignedT>, "dash::math::NextPowerOf2: the type must be unsigned");
  --v;
  for (std::size_t shift = 1; shift < sizeof(v) * CHAR_BIT; shift *= 2) v |= v >> shift;
  return ++v;
}

/// a / b rounded up (a >= 0, b > 0).
template <typename T1, typename T2>
inline T1 div_ceil(T1 a, T2 b) {
  return (a / b) + static_cast<T1>(a % b > 0);
}

/// Divides every value of the range by the range's mean (if it is
/// positive).
template <typename Iter>
inline void div_mean(Iter begin, Iter end) {
  auto nvals = std::distance(begin, end);
  double sum = std::accumulate(begin, end, 0.0);
  if (nvals <= 0 || sum <= 0) return;
  double mean = sum / static_cast<double>(nvals);
  using value_t = typename std::iterator_traits<Iter>::value_type;
  std::transform(begin, end, begin, [mean](value_t v) { return static_cast<value_t>(v / mean); });
}

template <typename T>
inline T max(T a, T b) {
  return a > b ? a : b;
}

/// Population standard deviation of the range.
template <typename Iter>
double sigma(const Iter &begin, const Iter &end) {
  auto n = static_cast<double>(std::distance(begin, end));
  double sum = 0;
  for (auto it = begin; it != end; ++it) sum += *it;
  double mean = sum / n, devsum = 0;
  for (auto it = begin; it != end; ++it) devsum += (*it - mean) * (*it - mean);
  return std::sqrt(devsum / n);
}

/// Prime factors of n (> 0) and their multiplicities; empty for 1.
template <typename Integer>
std::map<Integer, unsigned> factorize(Integer n) {
  static_assert(std::is_integral_v<Integer>, "dash::math::factorize: the type must be integral");
  if (n <= 0) throw std::invalid_argument("dash::math::factorize: n must be > 0");
  std::map<Integer, unsigned> result;
  for (Integer p = 2; p <= n / p; ++p)
    while (n % p == 0) {
      ++result[p];
      n /= p;
    }
  if (n > 1) ++result[n];
  return result;
}

/// The distinct prime factors of n.
template <typename Integer>
std::set<Integer> factors(Integer n) {
  std::set<Integer> primes;
  for (const auto &kv : factorize(n)) primes.insert(kv.first);
  return primes;
}

namespace detail {
/// Of the pairs (x, size / x) with x a divisor of size accepted by `ok`,
/// the one with the smallest perimeter (the squarest); (size, 1) if none.
template <typename Integer, std::size_t NumDim, typename Accept>
std::array<Integer, NumDim> squarest_pair(std::array<Integer, NumDim> extents, Accept ok) {
  Integer size = 1;
  for (std::size_t d = 0; d < NumDim; ++d) size *= extents[d];
  if (size <= 0) throw std::invalid_argument("dash::math::balance_extents: extents must be > 0");
  std::fill(extents.begin(), extents.end(), Integer(1));
  extents[0] = size;
  Integer best = 0;
  auto consider = [&](Integer x, Integer y) {
    Integer perimeter = 2 * x + 2 * y;
    if (ok(x) && (best == 0 || perimeter < best || (perimeter == best && x < extents[0]))) {
      best = perimeter;
      extents[0] = x;
      extents[1] = y;
    }
  };
  for (Integer x = 1; x <= size / x; ++x) {
    if (size % x != 0) continue;
    consider(x, size / x);
    consider(size / x, x);
  }
  return extents;
}
}  // namespace detail

/// 2-D extents (x, y, 1, ...) with x * y the product of `extents` and the
/// smallest perimeter (x the smaller side on ties).
template <typename Integer, std::size_t NumDim>
std::enable_if_t<(NumDim > 1), std::array<Integer, NumDim>> balance_extents(
    std::array<Integer, NumDim> extents) {
  return detail::squarest_pair(extents, [](Integer) { return true; });
}

/// The same, with x a multiple i * b of a preferred block size b in
/// `blocking`, as DASH chooses them: i from 1 to n / 2, n the multiplicity
/// of b in the product if b is a prime factor of it, else product / b.
/// Sizes below 2 or not dividing the product are ignored; the product and
/// 1 if no candidate is left.
template <typename Integer, std::size_t NumDim>
std::enable_if_t<(NumDim > 1), std::array<Integer, NumDim>> balance_extents(
    std::array<Integer, NumDim> extents, std::set<Integer> blocking) {
  Integer size = 1;
  for (std::size_t d = 0; d < NumDim; ++d) size *= extents[d];
  if (size <= 0) throw std::invalid_argument("dash::math::balance_extents: extents must be > 0");
  auto multiplicities = factorize(size);
  auto accepted = [&](Integer x) {
    return std::any_of(blocking.begin(), blocking.end(), [&](Integer b) {
      if (b < 2 || size % b != 0 || x % b != 0) return false;
      auto prime = multiplicities.find(b);
      Integer n = prime != multiplicities.end() ? static_cast<Integer>(prime->second) : size / b;
      return x / b <= n / 2;
    });
  };
  return detail::squarest_pair(extents, accepted);
}

namespace internal {
/// The logistic map r x (1 - x).
inline double _lrand_f(double r, double x) { return r * x * (1.0 - x); }

struct RandomState {
  double lrand_r = 3.0, lrand_x = 0, lrand_unit = 0;
  unsigned long x = 123456789, y = 362436069, z = 521288629;
};
inline RandomState &random_state() {
  static RandomState state;
  return state;
}
}  // namespace internal

/// Seeds lrand (0: from the clock).
inline void slrand(unsigned seed = 0) {
  auto &s = internal::random_state();
  std::srand(seed ? seed : static_cast<unsigned>(std::time(nullptr)));
  s.lrand_unit = static_cast<double>(std::rand()) / RAND_MAX;
  s.lrand_x = internal::_lrand_f(s.lrand_r, s.lrand_unit);
}
/// A value in [0, 1] from the logistic map in its chaotic range.
inline double lrand() {
  auto &s = internal::random_state();
  for (int i = 0; i < 10; ++i) {
    s.lrand_r += (4.0 - 3.0) / 10;
    if (s.lrand_r > 4.0) s.lrand_r -= 1.0;
    s.lrand_x = internal::_lrand_f(s.lrand_r, s.lrand_unit);
    for (int j = 0; j < 12; ++j) s.lrand_x = internal::_lrand_f(s.lrand_r, s.lrand_x);
  }
  return s.lrand_x;
}
/// Seeds xrand (0: from the clock).
inline void sxrand(unsigned seed = 0) {
  std::srand(seed ? seed : static_cast<unsigned>(std::time(nullptr)));
  internal::random_state().x ^= static_cast<unsigned long>(std::rand());
}
/// Xorshift: a non-negative value (scaled by 1e-8).
inline double xrand() {
  auto &s = internal::random_state();
  s.x ^= s.x << 16;
  s.x ^= s.x >> 5;
  s.x ^= s.x << 1;
  unsigned long t = s.x;
  s.x = s.y;
  s.y = s.z;
  s.z = t ^ s.x ^ s.y;
  return static_cast<double>(s.z) * 1.0e-8;
}
/// Seeds drand from the clock and `seed`.
inline void sdrand(unsigned seed = 0) { std::srand(static_cast<unsigned>(std::time(nullptr)) + seed); }
/// std::rand() scaled to [0, 1].
inline double drand() { return static_cast<double>(std::rand()) / static_cast<double>(RAND_MAX); }

}  // namespace dash::math

#endif  // DASH_INTERNAL_MATH_H
