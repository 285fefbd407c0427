// DASH's memory layer: global memory spaces (GlobStaticMem over host and
// HBW memory, GlobLocalMemoryPool), their global pointers (arithmetic
// across the units' parts, local_begin, distance), GlobalAllocator with
// allocate_unique, EpochSynchronizedAllocator (allocate_local, attach,
// detach), SimpleMemoryPoolResource, and the compile-time helpers
// (dash::ce, UniversalMember, typestr).
#include <array>
#include <cmath>
#include <set>
#include <numeric>
#include <string>
#include <vector>

#include <dash/Allocator.h>
#include <dash/internal/Math.h>
#include <dash/memory/UniquePtr.h>
#include <dash/util/ArrayExpr.h>
#include <dash/util/FunctionalExpr.h>
#include <dash/util/UniversalMember.h>

#include "dash_test.h"

namespace {

using Mem = dash::GlobStaticMem<dash::HostSpace>;

TEST(GlobStaticMem, PointerWalksAllUnitsInOrder) {
  Mem mem{dash::Team::All()};
  dash::GlobalAllocator<long, Mem> alloc{&mem};
  const std::size_t nlocal = 5, n = nlocal * dash::size();
  auto begin = alloc.allocate(nlocal);
  ASSERT_TRUE(begin);
  EXPECT_EQ(mem.capacity(), n * sizeof(long));
  EXPECT_EQ(mem.capacity(dash::Team::All().myid()), nlocal * sizeof(long));
  long *mine = dash::local_begin(begin, dash::Team::All().myid());
  ASSERT_NE(mine, nullptr);
  for (std::size_t i = 0; i < nlocal; ++i) mine[i] = static_cast<long>(dash::myid() * nlocal + i) * 10;
  mem.barrier();
  // Every unit reads every element through the pointer, forwards and back.
  auto end = begin + static_cast<dash::gptrdiff_t>(n);
  EXPECT_EQ(dash::distance(begin, end), static_cast<dash::gptrdiff_t>(n));
  EXPECT_EQ(end - begin, static_cast<dash::gptrdiff_t>(n));
  auto it = begin;
  for (std::size_t g = 0; g < n; ++g, ++it) {
    EXPECT_EQ(static_cast<long>(*it), static_cast<long>(g) * 10) << g;
    EXPECT_EQ(it, begin + static_cast<dash::gptrdiff_t>(g));
    EXPECT_EQ(it - begin, static_cast<dash::gptrdiff_t>(g));
  }
  EXPECT_EQ(it, end);
  for (std::size_t g = n; g-- > 0;) EXPECT_EQ(static_cast<long>(*--it), static_cast<long>(g) * 10) << g;
  // A reference's address is the pointer it came from.
  auto third = begin + 2;
  EXPECT_EQ(dash::addressof<Mem>(*third), third);
  EXPECT_EQ(static_cast<long *>(begin + static_cast<dash::gptrdiff_t>(dash::myid() * nlocal)), mine);
  // Writes through the pointer land in the owner's memory.
  mem.barrier();
  const std::size_t right = (dash::myid() + 1) % dash::size();
  begin[static_cast<dash::gptrdiff_t>(right * nlocal)] = -static_cast<long>(dash::myid());
  mem.barrier();
  const std::size_t left = (dash::myid() + dash::size() - 1) % dash::size();
  EXPECT_EQ(mine[0], -static_cast<long>(left));
  alloc.deallocate(begin, nlocal);
  EXPECT_EQ(mem.capacity(), 0u);
}

TEST(GlobStaticMem, HbwSpaceHasUnevenParts) {
  dash::GlobStaticMem<dash::HBWSpace> mem{dash::Team::All()};
  // Unit u has u + 1 elements: registered parts may differ in size.
  const std::size_t nlocal = dash::myid() + 1;
  auto begin =
      static_cast<dash::GlobMemPtr<int, decltype(mem)>>(mem.allocate(nlocal * sizeof(int), alignof(int)));
  dash::internal::MemorySpaceRegistry::GetInstance().add(static_cast<dart_gptr_t>(begin), &mem);
  int *mine = dash::local_begin(begin, dash::Team::All().myid());
  ASSERT_NE(mine, nullptr);
  for (std::size_t i = 0; i < nlocal; ++i) mine[i] = static_cast<int>(dash::myid() * 100 + i);
  mem.barrier();
  auto it = begin;
  for (std::size_t u = 0; u < dash::size(); ++u)
    for (std::size_t i = 0; i <= u; ++i, ++it)
      EXPECT_EQ(static_cast<int>(*it), static_cast<int>(u * 100 + i));
  const std::size_t total = dash::size() * (dash::size() + 1) / 2;
  EXPECT_EQ(mem.capacity(), total * sizeof(int));
  EXPECT_EQ(it - begin, static_cast<dash::gptrdiff_t>(total));
  mem.deallocate(begin, nlocal * sizeof(int), alignof(int));
}

TEST(GlobStaticMem, AllocateUniqueFreesAndMoves) {
  Mem mem{dash::Team::All()};
  dash::GlobalAllocator<std::byte, Mem> alloc{&mem};
  auto p = dash::allocate_unique<double>(alloc, 4);
  ASSERT_TRUE(p.get());
  const auto &reg = dash::internal::MemorySpaceRegistry::GetInstance();
  EXPECT_EQ(reg.lookup(static_cast<dart_gptr_t>(p.get())), &mem);
  double *mine = dash::local_begin(p.get(), dash::Team::All().myid());
  std::iota(mine, mine + 4, 1.5);
  decltype(p) q = std::move(p);
  EXPECT_FALSE(p.get());
  EXPECT_EQ(dash::local_begin(q.get(), dash::Team::All().myid())[3], 4.5);
  q.reset();  // collective free
  EXPECT_EQ(mem.capacity(), 0u);
  EXPECT_EQ(reg.lookup(static_cast<dart_gptr_t>(mem.begin())), nullptr);
}

TEST(GlobLocalMemoryPool, UnitLocalAllocationReadByNeighbour) {
  dash::GlobLocalMemoryPool<dash::HostSpace> pool(64);
  auto raw = pool.allocate(4 * sizeof(int));
  EXPECT_EQ(pool.size(), 4 * sizeof(int));
  EXPECT_THROW(pool.allocate(64), std::bad_alloc);
  auto p = static_cast<dash::GlobMemPtr<int, decltype(pool)>>(raw);
  int *mine = p.local();
  ASSERT_NE(mine, nullptr);
  for (int i = 0; i < 4; ++i) mine[i] = static_cast<int>(dash::myid()) * 10 + i;
  // Pass the pointers around through a symmetric segment.
  Mem mem{dash::Team::All()};
  dash::GlobalAllocator<dart_gptr_t, Mem> alloc{&mem};
  auto slots = alloc.allocate(1);
  *dash::local_begin(slots, dash::Team::All().myid()) = static_cast<dart_gptr_t>(p);
  mem.barrier();
  const std::size_t right = (dash::myid() + 1) % dash::size();
  dart_gptr_t theirs = slots[static_cast<dash::gptrdiff_t>(right)];
  dash::GlobMemPtr<int, decltype(pool)> q(theirs);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(static_cast<int>(q[i]), static_cast<int>(right) * 10 + i);
  mem.barrier();
  alloc.deallocate(slots, 1);
  pool.deallocate(raw, 4 * sizeof(int));
  EXPECT_EQ(pool.size(), 0u);
}

TEST(GlobHeapMem, GrowShrinkCommitAndRemoteReads) {
  const std::size_t me = dash::myid(), p = dash::size();
  dash::GlobHeapMem<int> mem(4);
  EXPECT_EQ(mem.size(), 4 * p);
  // Unit u grows by u + 1 (two buckets when u is odd), unit 0 also shrinks
  // one element off its first (attached) bucket.
  mem.grow(me + 1);
  if (me % 2 == 1) mem.grow(2);
  if (me == 0) mem.shrink(1);
  auto expected_local = [](std::size_t u) { return 4 + u + 1 + (u % 2 == 1 ? 2 : 0) - (u == 0 ? 1 : 0); };
  EXPECT_EQ(mem.local_size(), expected_local(me));
  EXPECT_EQ(static_cast<std::size_t>(mem.lend() - mem.lbegin()), expected_local(me));
  // Before the commit the others' sizes are the old ones.
  if (p > 1) {
    EXPECT_EQ(mem.local_size(dash::team_unit_t((me + 1) % p)), 4u);
  }
  auto l = mem.lbegin();
  for (std::size_t i = 0; i < mem.local_size(); ++i)
    l[static_cast<long>(i)] = static_cast<int>(me * 1000 + i);
  mem.commit();
  std::size_t total = 0;
  for (std::size_t u = 0; u < p; ++u) {
    EXPECT_EQ(mem.local_size(dash::team_unit_t(u)), expected_local(u));
    total += expected_local(u);
  }
  EXPECT_EQ(mem.size(), total);
  mem.barrier();
  // Every element through at(unit, i) and through the global iterator.
  auto it = mem.begin();
  for (std::size_t u = 0; u < p; ++u)
    for (std::size_t i = 0; i < expected_local(u); ++i, ++it) {
      EXPECT_EQ(static_cast<int>(*mem.at(dash::team_unit_t(u), i)), static_cast<int>(u * 1000 + i));
      EXPECT_EQ(static_cast<int>(*it), static_cast<int>(u * 1000 + i));
    }
  EXPECT_EQ(it, mem.end());
  EXPECT_EQ(mem.end() - mem.begin(), static_cast<long>(total));
  mem.barrier();
  // Everyone shrinks to nothing but unit 0: all slots but unit 0's stay.
  if (me != 0) mem.shrink(mem.local_size());
  mem.commit();
  EXPECT_EQ(mem.size(), expected_local(0));
  EXPECT_EQ(static_cast<int>(*mem.at(dash::team_unit_t(0), 2)), 2);
  mem.barrier();
}

TEST(EpochSynchronizedAllocator, AttachedMemoryIsGlobal) {
  dash::EpochSynchronizedAllocator<int> alloc{dash::Team::All()};
  int *mine = alloc.allocate_local(3);
  for (int i = 0; i < 3; ++i) mine[i] = static_cast<int>(dash::myid()) + 7 * i;
  dart_gptr_t g = alloc.attach(mine, 3);
  ASSERT_FALSE(DART_GPTR_ISNULL(g));
  dash::barrier();
  const std::size_t right = (dash::myid() + 1) % dash::size();
  dart_gptr_t theirs = g;
  dart_unit_t abs = 0;
  dart_team_unit_l2g(DART_TEAM_ALL, static_cast<dart_unit_t>(right), &abs);
  theirs.unitid = abs;
  theirs.offset = 2 * sizeof(int);
  int value = 0;
  ASSERT_EQ(dart_get_blocking(&value, theirs, sizeof(int), DART_TYPE_BYTE, DART_TYPE_BYTE), DART_OK);
  EXPECT_EQ(value, static_cast<int>(right) + 14);
  dash::barrier();
  alloc.detach(g, 3);
  EXPECT_NO_THROW(alloc.deallocate_local(mine, 3));
  // allocate/deallocate in one step, rebound to another type.
  dash::allocator_traits<decltype(alloc)>::rebind_alloc<double> dalloc{dash::Team::All()};
  dart_gptr_t d = dalloc.allocate(5);
  EXPECT_FALSE(DART_GPTR_ISNULL(d));
  dalloc.deallocate(d, 5);
}

TEST(SimpleMemoryPoolResource, ReusesBlocksAndServesLargeRequests) {
  dash::SimpleMemoryPoolResource<dash::HostSpace> pool;
  void *a = pool.allocate(16, 8);
  void *b = pool.allocate(8, 8);
  EXPECT_NE(a, b);
  pool.deallocate(a, 16, 8);
  EXPECT_EQ(pool.allocate(16, 8), a);  // the freed block first
  auto *big = static_cast<double *>(pool.allocate(100 * sizeof(double), alignof(double)));
  std::iota(big, big + 100, 0.0);
  EXPECT_EQ(big[99], 99.0);
  pool.deallocate(big, 100 * sizeof(double), alignof(double));
  std::pmr::vector<int> v(&pool);
  for (int i = 0; i < 50; ++i) v.push_back(i);
  EXPECT_EQ(std::accumulate(v.begin(), v.end(), 0), 1225);
}

TEST(CompileTime, ArrayAndFunctionalExpressions) {
  constexpr std::array<int, 5> arr = {1, 2, 3, 4, 5};
  static_assert(dash::ce::accumulate(arr, 1, 4, 0, dash::ce::plus<int>) == 9);
  static_assert(dash::ce::pow(3, 4u) == 81);
  constexpr auto rev = dash::ce::reverse(arr);
  static_assert(rev[0] == 5 && rev[4] == 1);
  constexpr auto rep = dash::ce::replace_nth<2>(30, arr);
  static_assert(rep[2] == 30 && rep[3] == 4);
  constexpr dash::ce::split<int, 2, 3> parts(arr);
  static_assert(parts.left().size() == 2 && parts.right()[0] == 3);
  static_assert(dash::ce::drop<9>(arr).size() == 0 && dash::ce::take<9>(arr).size() == 5);
  EXPECT_EQ(dash::typestr<std::vector<int>>().find("std::vector<int"), 0u);
}

TEST(UniversalMember, RefersToLvaluesOwnsRvalues) {
  std::string kept = "kept";
  dash::UniversalMember<std::string> ref(kept);
  static_cast<std::string &>(ref) += "!";
  EXPECT_EQ(kept, "kept!");
  ref = std::string("assigned");
  EXPECT_EQ(kept, "assigned");
  dash::UniversalMember<std::string> owned(std::string("owned"));
  EXPECT_EQ(static_cast<const std::string &>(owned), "owned");
  EXPECT_EQ(owned.shared().use_count(), 1);
}

TEST(Math, FactorsAndBalancedExtents) {
  auto f = dash::math::factorize(std::size_t(2 * 2 * 2 * 3 * 3 * 13 * 17));
  EXPECT_EQ(f.size(), 4u);
  EXPECT_EQ(f[2], 3u);
  EXPECT_EQ(f[3], 2u);
  EXPECT_EQ(f[17], 1u);
  EXPECT_EQ(dash::math::factorize(std::size_t(7 * 7 * 2081ul * 2083ul))[2083], 1u);
  EXPECT_EQ(dash::math::factors(60), (std::set<int>{2, 3, 5}));
  EXPECT_EQ(dash::math::balance_extents(std::array<int, 2>{{12, 1}}), (std::array<int, 2>{{3, 4}}));
  EXPECT_EQ(dash::math::balance_extents(std::array<int, 2>{{20900, 1}}), (std::array<int, 2>{{110, 190}}));
  // With a block size, DASH's candidates: multiples i * 7 of the block for
  // i up to half the multiplicity of 7 in the product (none for 28: the
  // product and 1).
  EXPECT_EQ(dash::math::balance_extents(std::array<int, 2>{{28, 1}}, std::set<int>{7}),
            (std::array<int, 2>{{28, 1}}));
  EXPECT_EQ(dash::math::balance_extents(std::array<int, 2>{{196, 1}}, std::set<int>{7}),
            (std::array<int, 2>{{7, 28}}));
  EXPECT_EQ(dash::math::NextPowerOf2(17u), 32u);
  EXPECT_EQ(dash::math::div_ceil(7, 2), 4);
  std::vector<double> v = {1, 2, 3};
  dash::math::div_mean(v.begin(), v.end());
  EXPECT_DOUBLE_EQ(v[2], 1.5);
  EXPECT_NEAR(dash::math::sigma(v.begin(), v.end()), std::sqrt(1.0 / 6), 1e-12);
}

}  // namespace
