// Helpers shared by the DASH tests.
#ifndef DASH_TEST_DASH_TEST_H
#define DASH_TEST_DASH_TEST_H

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include <libdash.h>

namespace dash_test {

/// A deterministic pseudo-random value for index i (the same on every unit).
inline std::uint64_t mix(std::uint64_t i, std::uint64_t seed = 1) {
  std::uint64_t z = i * 0x9E3779B97F4A7C15ull + seed * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// The whole container, gathered on the calling unit with one bulk copy.
template <typename Container>
std::vector<typename Container::value_type> gather(const Container &c) {
  std::vector<typename Container::value_type> all(c.size());
  dash::copy(c.begin(), c.end(), all.data());
  return all;
}

}  // namespace dash_test

#endif  // DASH_TEST_DASH_TEST_H
