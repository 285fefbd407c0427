#ifndef DASH_INTERNAL_DISTRIBUTION_FUNC_H
#define DASH_INTERNAL_DISTRIBUTION_FUNC_H

// DistributionFunctor<Type>, as DASH's: the arithmetic of one
// distribution type over a range of `range` elements cut into `nblocks`
// blocks: the block size, the capacity a unit needs, and the unit
// (block) an index falls in.
//
//   dash::internal::DistributionFunctor<dash::DistributionType::Blocked> f;
//   f.blocksize_of_range(10, 4);   // 3

#include <cstddef>

#include <dash/Distribution.h>

namespace dash::internal {

template <DistributionType Type>
class DistributionFunctor;

template <>
class DistributionFunctor<DistributionType::Blocked> {
 public:
  std::size_t blocksize_of_range(std::size_t range, std::size_t nblocks) const {
    return (range + nblocks - 1) / nblocks;
  }
  /// One block per unit.
  std::size_t local_capacity_of_range(std::size_t range, std::size_t nblocks) const {
    return blocksize_of_range(range, nblocks);
  }
  std::size_t index_to_unit(std::size_t range, std::size_t nblocks, long long index) const {
    return static_cast<std::size_t>(index) / blocksize_of_range(range, nblocks);
  }
};

template <>
class DistributionFunctor<DistributionType::None> {
 public:
  std::size_t blocksize_of_range(std::size_t range, std::size_t) const { return range; }
  std::size_t local_capacity_of_range(std::size_t range, std::size_t) const { return range; }
  std::size_t index_to_unit(std::size_t, std::size_t, long long) const { return 0; }
};

/// BLOCKCYCLIC(b) (CYCLIC: b = 1); TILE(b) has the same arithmetic.
template <>
class DistributionFunctor<DistributionType::BlockCyclic> {
 public:
  explicit DistributionFunctor(std::size_t blocksize = 1) : blocksize_(blocksize) {}
  std::size_t blocksize_of_range(std::size_t, std::size_t) const { return blocksize_; }
  /// ceil(blocks / units) full blocks.
  std::size_t local_capacity_of_range(std::size_t range, std::size_t nunits) const {
    std::size_t nblocks = (range + blocksize_ - 1) / blocksize_;
    return (nblocks + nunits - 1) / nunits * blocksize_;
  }
  std::size_t index_to_unit(std::size_t, std::size_t nunits, long long index) const {
    return static_cast<std::size_t>(index) / blocksize_ % nunits;
  }

 private:
  std::size_t blocksize_;
};

template <>
class DistributionFunctor<DistributionType::Tile>
    : public DistributionFunctor<DistributionType::BlockCyclic> {
 public:
  explicit DistributionFunctor(std::size_t tilesize = 1)
      : DistributionFunctor<DistributionType::BlockCyclic>(tilesize) {}
};

}  // namespace dash::internal

#endif  // DASH_INTERNAL_DISTRIBUTION_FUNC_H
