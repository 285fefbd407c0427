// Global references and their relatives in DASH's form: GlobRef (get/put
// overloads, member, swap, compound assignment, constness), GlobAsyncRef
// (arr.async[i]), the atomic references (sync and async, Atomic<const T>,
// dash::atomic::), Future, Shared (owner, delayed init, swap), the iterator
// headers (GlobAsyncIter, dash::distance, iterator_traits), Pair and
// Mutex::init. Values moved between units are checked, not just that the
// calls return.
#include <dash/Deferred.h>
#include <dash/GlobAsyncRef.h>
#include <dash/GlobSharedRef.h>
#include <dash/Iterator.h>
#include <dash/LaunchPolicy.h>
#include <dash/Pair.h>

#include <algorithm>
#include <type_traits>

#include "dash_test.h"

namespace {

std::size_t right_of_me() { return (dash::myid().id + 1) % dash::size(); }
std::size_t left_of_me() { return (dash::myid().id + dash::size() - 1) % dash::size(); }

struct Item {
  double x;
  int y;
};

TEST(RefsGlobRef, GetPutMemberAndSwap) {
  dash::Array<Item> arr(dash::size());
  const int me = dash::myid().id;
  // Write the right neighbour's element member by member.
  arr[right_of_me()].member(&Item::x) = 0.5 + me;
  arr[right_of_me()].member<int>(sizeof(double)) = 10 * me;
  arr.barrier();
  Item mine = arr[me];
  EXPECT_EQ(mine.x, 0.5 + double(left_of_me()));
  EXPECT_EQ(mine.y, 10 * int(left_of_me()));
  Item got{};
  arr[right_of_me()].get(&got);
  EXPECT_EQ(got.y, 10 * me);
  arr.barrier();

  dash::Array<int> ints(2 * dash::size());
  ints[2 * me].put(me);
  const int v = 100 + me;
  ints[2 * me + 1].put(&v);
  ints.barrier();
  if (me == 0) {
    for (std::size_t u = 0; u < dash::size(); ++u) {
      int a = 0;
      ints[2 * u].get(a);
      EXPECT_EQ(a, int(u));
      EXPECT_EQ(ints[2 * u + 1], 100 + int(u));
    }
    // swap exchanges the values, not the references.
    std::size_t last = 2 * dash::size() - 1;
    dash::swap(ints[0], ints[last]);
    EXPECT_EQ(ints[0].get(), 100 + int(dash::size()) - 1);
    EXPECT_EQ(ints[last].get(), 0);
  }
  ints.barrier();
}

TEST(RefsGlobRef, CompoundAssignmentAndConstness) {
  dash::Array<int> arr(dash::size());
  dash::GlobRef<int> ref = arr[right_of_me()];
  ref = 0;
  EXPECT_EQ(++(++ref), 2);
  EXPECT_EQ(ref++, 2);
  EXPECT_EQ(ref--, 3);
  ref *= 6;  // 12
  ref /= 4;  // 3
  ref %= 2;  // 1
  ref += 9;  // 10
  ref -= 3;  // 7
  ref ^= 1;  // 6
  EXPECT_EQ(ref.get(), 6);
  EXPECT_TRUE(ref == 6);
  EXPECT_FALSE(ref != 6);
  arr.barrier();
  EXPECT_EQ(arr.local[0], 6);
  EXPECT_EQ(arr[dash::myid().id].is_local(), true);
  EXPECT_EQ(arr[right_of_me()].is_local(), dash::size() == 1);

  // GlobRef<T> -> GlobRef<const T> implicitly, back only explicitly; a
  // reference made from a DART pointer refers to the same element.
  const dash::Array<int> &carr = arr;
  dash::GlobRef<const int> cref = arr[right_of_me()];
  dash::GlobRef<const int> cref2 = carr[right_of_me()];
  dash::GlobRef<int> back(cref2);
  static_assert(!std::is_convertible_v<dash::GlobRef<const int>, dash::GlobRef<int>>);
  static_assert(std::is_convertible_v<dash::GlobRef<int>, dash::GlobRef<const int>>);
  dash::GlobRef<int> by_gptr(cref.dart_gptr());
  EXPECT_EQ(by_gptr.get(), 6);
  EXPECT_EQ(back.get(), 6);
  arr.barrier();
}

TEST(RefsGlobAsyncRef, PushToNeighbourAndRead) {
  const std::size_t per_unit = 5;
  dash::Array<int> arr(dash::size() * per_unit);
  arr.barrier();
  const int me = dash::myid().id;
  // Every unit writes its id into its left neighbour's block, asynchronously.
  for (std::size_t i = 0; i < per_unit; ++i) arr.async[left_of_me() * per_unit + i] = me * 10 + int(i);
  arr.async.flush();
  arr.barrier();
  for (std::size_t i = 0; i < per_unit; ++i) EXPECT_EQ(arr.local[i], int(right_of_me()) * 10 + int(i));
  arr.barrier();
  // get(T *) completes at flush(); get() blocks.
  int value = -1;
  dash::GlobAsyncRef<int> aref = arr.async[left_of_me() * per_unit + 2];
  aref.get(&value);
  aref.flush();
  EXPECT_EQ(value, me * 10 + 2);
  EXPECT_EQ(aref.get(), me * 10 + 2);
  // Conversions to and from GlobRef keep the element.
  dash::GlobRef<int> sync(aref);
  EXPECT_EQ(sync.get(), me * 10 + 2);
  dash::GlobAsyncRef<const int> cref = arr[left_of_me() * per_unit];
  EXPECT_EQ(cref.get(), me * 10);
  EXPECT_EQ(dash::GlobAsyncRef<int>(arr[me * per_unit]).is_local(), true);
  arr.barrier();
}

TEST(RefsGlobAsyncRef, StructMembers) {
  dash::Array<Item> arr(dash::size());
  const int me = dash::myid().id;
  auto aref = arr.async[right_of_me()];
  aref = Item{1.5 * me, me};
  aref.flush();
  arr.barrier();
  EXPECT_EQ(arr.local[0].x, 1.5 * double(left_of_me()));
  auto y = arr.async[right_of_me()].member<int>(&Item::y);
  EXPECT_EQ(y.get(), me);
  y = 7 * me;
  y.flush();
  arr.barrier();
  EXPECT_EQ(arr.local[0].y, 7 * int(left_of_me()));
  arr.barrier();
}

TEST(RefsAtomic, FreeFunctionsConstAndAsync) {
  using atom = dash::Atomic<long>;
  dash::Array<atom> arr(dash::size());
  dash::fill(arr.begin(), arr.end(), atom(0));
  arr.barrier();
  const long p = long(dash::size());
  for (std::size_t i = 0; i < dash::size(); ++i) {
    dash::atomic::add(arr[i], long(i) + 1);
    dash::atomic::fetch_sub(arr[i], 1L);
  }
  arr.barrier();
  for (std::size_t i = 0; i < dash::size(); ++i) EXPECT_EQ(dash::atomic::load(arr[i]), p * long(i));
  arr.barrier();

  // Read-only references under both of DASH's spellings.
  const auto &carr = arr;
  dash::GlobRef<dash::Atomic<const long>> cref = arr[0];
  dash::GlobRef<dash::Atomic<const long>> cref2 = carr[0];
  dash::GlobRef<dash::Atomic<long>> back = static_cast<dash::GlobRef<dash::Atomic<long>>>(carr[0]);
  EXPECT_EQ(cref.get(), 0);
  EXPECT_EQ(cref2.load(), 0);
  EXPECT_EQ(back.load(), 0);
  arr.barrier();

  // Asynchronous atomics: every unit adds to every element; fetching forms
  // write through their result pointer.
  for (std::size_t i = 0; i < dash::size(); ++i) arr.async[i].add(2);
  arr.flush();
  arr.barrier();
  long before = -1;
  arr.async[dash::myid().id].fetch_add(1, &before);
  arr.flush();
  EXPECT_EQ(before, p * long(dash::myid().id) + 2 * p);
  arr.barrier();
  long old = -1;
  arr.async[0].exchange(5, &old);  // every unit: exactly one sees the sum
  arr.flush();
  arr.barrier();
  EXPECT_EQ(arr[0].load(), 5);
  arr.barrier();
}

TEST(RefsAtomic, LongDouble) {
  dash::Array<dash::Atomic<long double>> arr(dash::size());
  arr[dash::myid().id] = 0.0L;
  arr.barrier();
  arr[0].fetch_add(1.5L);
  arr.barrier();
  EXPECT_EQ(static_cast<long double>(arr[0]), 1.5L * dash::size());
  arr.barrier();
}

TEST(RefsFuture, ValuesFunctionsAndVoid) {
  dash::Future<int> none;
  EXPECT_FALSE(none.valid());
  EXPECT_THROW(none.get(), dash::RuntimeError);
  dash::Future<int> ready(42);
  EXPECT_TRUE(ready.valid());
  EXPECT_TRUE(ready.test());
  EXPECT_EQ(ready.get(), 42);
  int polls = 0;
  bool destroyed = false;
  {
    dash::Future<int> f([] { return 7; },
                        [&](int *v) {
                          if (++polls < 3) return false;
                          *v = 8;  // test's value wins over get's
                          return true;
                        },
                        [&] { destroyed = true; });
    EXPECT_FALSE(f.test());
    EXPECT_FALSE(f.test());
    EXPECT_TRUE(f.test());
    EXPECT_EQ(f.get(), 8);
    dash::Future<int> moved(std::move(f));  // the destroy function moves along
    EXPECT_FALSE(destroyed);
  }
  EXPECT_TRUE(destroyed);
  int calls = 0;
  dash::Future<void> v([&] { ++calls; });
  EXPECT_TRUE(v.valid());
  v.wait();
  v.get();
  EXPECT_EQ(calls, 1);

  // copy_async's future completes real transfers.
  dash::Array<int> arr(4 * dash::size());
  std::fill(arr.local.begin(), arr.local.end(), int(dash::myid().id) + 1);
  arr.barrier();
  std::vector<int> buf(arr.size());
  auto fut = dash::copy_async(arr.begin(), arr.end(), buf.data());
  EXPECT_TRUE(fut.valid());
  EXPECT_EQ(fut.get(), buf.data() + buf.size());
  for (std::size_t i = 0; i < buf.size(); ++i) EXPECT_EQ(buf[i], int(i / 4) + 1);
  arr.barrier();
}

dash::Shared<long> shared_before_init;  // DASH allows globals: init() later
dash::Mutex mutex_before_init;

TEST(RefsShared, OwnersDelayedInitAndSwap) {
  const std::size_t p = dash::size();
  dash::Shared<int> last(40, dash::team_unit_t(p - 1));
  EXPECT_EQ(last.owner(), dash::team_unit_t(p - 1));
  EXPECT_EQ(static_cast<int>(last.get()), 40);
  EXPECT_EQ(last.local() != nullptr, dash::myid() == p - 1);
  last.barrier();
  if (dash::myid() == 0) last.set(41);
  last.barrier();
  EXPECT_EQ(int(last.get()), 41);
  last.barrier();

  EXPECT_TRUE(shared_before_init.init(9));
  EXPECT_FALSE(shared_before_init.init(10));  // already allocated
  EXPECT_EQ(long(shared_before_init.get()), 9);
  shared_before_init.barrier();
  dash::Shared<long> other(5L);
  dash::swap(shared_before_init, other);
  EXPECT_EQ(long(shared_before_init.get()), 5);
  EXPECT_EQ(long(other.get()), 9);
  other.barrier();

  dash::Shared<dash::Atomic<int>> low(1000, dash::team_unit_t(0), dash::Team::All());
  low.get().fetch_op(dash::min<int>(), int(dash::myid().id) + 3);
  low.barrier();
  EXPECT_EQ(int(low.get()), 3);
  low.barrier();

  EXPECT_TRUE(mutex_before_init.init());
  EXPECT_FALSE(mutex_before_init.init());
  {
    std::lock_guard<dash::Mutex> hold(mutex_before_init);
    last.set(last.get() + 1);
  }
  dash::barrier();
  EXPECT_EQ(int(last.get()), 41 + int(p));
  dash::barrier();
}

TEST(RefsIterators, AsyncIterDistanceTraitsPair) {
  using array_t = dash::Array<int>;
  array_t arr(3 * dash::size());
  static_assert(std::is_same_v<array_t::iterator, dash::GlobIter<int, dash::Pattern<1>>>);
  static_assert(dash::iterator_traits<array_t::iterator>::is_global_iterator::value);
  static_assert(!dash::iterator_traits<int *>::is_global_iterator::value);
  EXPECT_EQ(dash::distance(arr.begin(), arr.end()), std::ptrdiff_t(arr.size()));
  EXPECT_EQ(dash::distance(3, 10), 7);
  if (dash::myid() == 0) {
    dash::GlobAsyncIter<int, dash::Pattern<1>> it(arr.begin());
    for (std::size_t i = 0; i < arr.size(); ++i, ++it) *it = int(i) * 2;
    arr.flush();
  }
  arr.barrier();
  for (std::size_t i = 0; i < arr.lsize(); ++i)
    EXPECT_EQ(arr.local[i], int(arr.begin().pattern().global(i)) * 2);
  arr.barrier();

  // Pair is trivially copyable, so it can be an element.
  using pair_t = dash::Pair<int, double>;
  static_assert(dash::is_container_compatible<pair_t>::value);
  dash::Array<pair_t> pairs(dash::size());
  pairs[right_of_me()] = dash::make_pair(int(dash::myid().id), 0.5);
  pairs.barrier();
  pair_t got = pairs[dash::myid().id];
  EXPECT_EQ(got.first, int(left_of_me()));
  EXPECT_TRUE(pair_t(1, 2.0) < pair_t(1, 3.0));
  EXPECT_FALSE(pair_t(2, 0.0) < pair_t(1, 3.0));

  dash::Deferred<int> lazy([] { return 11; });
  EXPECT_EQ(*lazy, 11);
  EXPECT_NE(dash::launch::sync, dash::launch::async);
  pairs.barrier();
}

}  // namespace
