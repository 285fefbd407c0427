// dash::Coarray: images of scalars and arrays, remote access by co-index,
// sync images, co_broadcast and co_reduce against values computed serially.
#include <dash/Coarray.h>
#include <dash/Coevent.h>
#include <dash/Comutex.h>
#include <dash/Matrix.h>

#include <algorithm>
#include <iterator>
#include <mutex>
#include <vector>

#include "dash_test.h"

namespace {

TEST(Coarray, ScalarImages) {
  dash::Coarray<int> x;
  const std::size_t p = dash::size(), me = dash::myid();
  EXPECT_EQ(int(x), 0);
  x = int(10 * me);  // own image
  x.sync_all();
  for (std::size_t u = 0; u < p; ++u) EXPECT_EQ(int(x(u)), int(10 * u));
  x.sync_all();
  x((me + 1) % p) = int(me);  // a put into the next image
  x.sync_all();
  EXPECT_EQ(int(x), int((me + p - 1) % p));
  EXPECT_THROW(x(p), std::out_of_range);
  EXPECT_EQ(dash::coarray::this_image(), dash::myid());
  EXPECT_EQ(dash::coarray::num_images(), p);
  dash::Coarray<long> y(7L);
  EXPECT_EQ(long(y(p - 1)), 7L);
  x.sync_all();
}

TEST(Coarray, ArrayImages) {
  constexpr std::size_t n = 5;
  dash::Coarray<double[n]> a;
  const std::size_t p = dash::size(), me = dash::myid();
  EXPECT_EQ(a.local_size(), n);
  EXPECT_EQ(a.size(), n * p);
  for (std::size_t i = 0; i < n; ++i) a[i] = double(100 * me + i);
  a.sync_all();
  const std::size_t next = (me + 1) % p;
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(double(a(next)[i]), double(100 * next + i));
  std::vector<double> buf(n);
  dash::copy(a(next).begin(), a(next).end(), buf.data());
  EXPECT_EQ(buf[n - 1], double(100 * next + n - 1));
  a.sync_all();
}

TEST(Coarray, SyncImagesPairs) {
  // A ring: each unit writes into its right neighbour and syncs with both
  // neighbours only; repeated so that a missing sync would show.
  dash::Coarray<long> x;
  const std::size_t p = dash::size(), me = dash::myid();
  const std::size_t right = (me + 1) % p, left = (me + p - 1) % p;
  for (long round = 1; round <= 5; ++round) {
    x(right) = round * 1000 + long(me);
    x.sync_images(std::vector<std::size_t>{left, me, right});
    EXPECT_EQ(long(x), round * 1000 + long(left));
    x.sync_images(std::vector<std::size_t>{left, me, right});  // before the next write
  }
  std::vector<int> bad{int(p)};
  EXPECT_THROW(x.sync_images(bad), std::out_of_range);
  x.sync_all();
}

TEST(Coarray, BroadcastAndReduce) {
  const std::size_t p = dash::size(), me = dash::myid();
  dash::Coarray<int[3]> a;
  for (int i = 0; i < 3; ++i) a[i] = int(me) * 10 + i;
  dash::coarray::cobroadcast(a, dash::team_unit_t(p - 1));
  for (int i = 0; i < 3; ++i) EXPECT_EQ(a[i], int(p - 1) * 10 + i);
  // co_sum to every image.
  dash::Coarray<long> s(long(me) + 1);
  dash::coarray::coreduce(s, dash::plus<long>());
  EXPECT_EQ(long(s), long(p * (p + 1) / 2));
  // co_max to image 0 only; the others keep their value.
  dash::Coarray<int> m;
  m = int(me) * 3;
  dash::coarray::coreduce(m, dash::max<int>(), dash::team_unit_t(0));
  EXPECT_EQ(int(m), me == 0 ? int(p - 1) * 3 : int(me) * 3);
  m.sync_all();
}

TEST(Coarray, OnASubTeam) {
  dash::Team half = dash::Team::All().split(2);
  dash::Coarray<int> x(half);
  x = int(half.myid().id) + 1;
  x.sync_all();
  dash::coarray::coreduce(x, dash::plus<int>());
  EXPECT_EQ(int(x), int(half.size() * (half.size() + 1) / 2));
  half.barrier();
}

TEST(Coarray, MultiDimensionalImages) {
  const std::size_t p = dash::size(), me = dash::myid();
  dash::Coarray<int[3][4]> x;
  EXPECT_EQ(x.size(), 12 * p);
  EXPECT_EQ(x.local_size(), 12u);
  EXPECT_EQ(int(decltype(x)::ndim()), 3);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) x[i][j] = int(me) * 100 + i * 10 + j;
  x.sync_all();
  const std::size_t next = (me + 1) % p;
  EXPECT_EQ(int(x(next)[2][3]), int(next) * 100 + 23);
  EXPECT_EQ(std::distance(x(next).begin(), x(next).end()), 12);
  EXPECT_EQ(std::distance(x(next)[1].begin(), x(next)[1].end()), 4);
  EXPECT_EQ(int(*x(next)[1].begin()), int(next) * 100 + 10);
  x.sync_all();
  if (me == 0) x(p - 1)[0][1] = -7;  // a put into another image
  x.sync_all();
  if (me == p - 1) {
    EXPECT_EQ(x[0][1], -7);
  }
  // Open first extent: the size comes at construction.
  dash::Coarray<double[][2]> y(5);
  EXPECT_EQ(y.local_size(), 10u);
  y[4][1] = 2.5;
  y.sync_all();
  EXPECT_EQ(double(y(next)[4][1]), 2.5);
  y.sync_all();
}

TEST(Coarray, ScalarArithmeticAndAtomics) {
  const int me = int(dash::myid());
  dash::Coarray<int> i;
  i = 5;
  EXPECT_EQ(i++, 5);
  EXPECT_EQ(++i, 7);
  i -= 2;
  EXPECT_EQ(int(i), 5);
  EXPECT_EQ(10 + i, 15);  // lhs op coarray
  EXPECT_EQ(i * 3, 15);
  struct Pair {
    double a;
    int b;
  };
  dash::Coarray<Pair> s;
  s.member(&Pair::b) = me;
  s.member(&Pair::a) = me + 0.5;
  s.sync_all();
  Pair got = s((me + 1) % int(dash::size()));
  EXPECT_EQ(got.b, (me + 1) % int(dash::size()));
  EXPECT_EQ(got.a, got.b + 0.5);
  s.sync_all();
  // Every unit adds 1 to image 0's atomic counter.
  dash::Coarray<dash::Atomic<int>> counter;
  counter.sync_all();
  counter(0) += 1;
  counter.sync_all();
  EXPECT_EQ(counter(0).load(), int(dash::size()));
  counter.sync_all();
  counter += 10;  // the own image, atomically
  EXPECT_EQ(int(counter), (me == 0 ? int(dash::size()) : 0) + 10);
  counter.sync_all();
}

TEST(Coarray, DelayedAllocationAndSwap) {
  dash::Coarray<long[4]> a(dash::Team::All());
  dash::Coarray<long[4]> b;
  EXPECT_EQ(b.size(), 4 * dash::size());
  a[0] = 1;
  b[0] = 2;
  a.swap(std::move(b));
  EXPECT_EQ(a[0], 2);
  EXPECT_EQ(b[0], 1);
  a.deallocate();
  EXPECT_EQ(a.size(), 0u);
  EXPECT_THROW(a(0), std::out_of_range);
  a.allocate();
  EXPECT_EQ(a.size(), 4 * dash::size());
  a.sync_all();
}

TEST(Coarray, LocalSubscriptIsTheOwnImagesMemory) {
  // a[j] and lbegin()/lend() are the own image's memory as raw pointers
  // (bench.01.igups increments through a[j] in its inner loop; a 2-D
  // local row keeps its own, strided, lbegin()).
  const std::size_t n = 64, me = dash::myid(), p = dash::size();
  dash::Coarray<int[]> a(n);
  ASSERT_EQ(a.lend() - a.lbegin(), std::ptrdiff_t(n));
  for (std::size_t j = 0; j < n; ++j) EXPECT_EQ(&a[j], a.lbegin() + j);
  std::fill(a.lbegin(), a.lend(), int(me));
  for (int rep = 0; rep < 3; ++rep)
    for (std::size_t j = 0; j < n; ++j) ++a[j];
  a.sync_all();
  const std::size_t next = (me + 1) % p;
  for (std::size_t j = 0; j < n; j += 7) EXPECT_EQ(int(a(next)[j]), int(next) + 3);
  a.sync_all();

  dash::Matrix<int, 2> m(dash::SizeSpec<2>(2 * p, 3));
  ASSERT_EQ(m.local.lend() - m.local.lbegin(), std::ptrdiff_t(m.local.size()));
  EXPECT_EQ(m.local.row(1).lbegin(), m.local.lbegin() + 3);
  EXPECT_EQ(m.local.row(1).lend(), m.local.lbegin() + 6);
  m.barrier();
}

TEST(Comutex, EachImageHasItsLock) {
  const int p = int(dash::size());
  dash::Comutex locks;
  dash::Coarray<int> x;
  x = 0;
  x.sync_all();
  EXPECT_EQ(locks.size(), std::size_t(p));
  EXPECT_THROW(locks(p), std::out_of_range);
  // Every unit increments every image under that image's lock.
  for (int u = 0; u < p; ++u) {
    std::lock_guard<dash::Mutex> guard(locks(u));
    int v = x(u);
    x(u) = v + 1;
  }
  x.sync_all();
  EXPECT_EQ(int(x), p);
  x.sync_all();
}

TEST(Coevent, PostAndWait) {
  const int p = int(dash::size()), me = int(dash::myid());
  dash::Coevent events;
  EXPECT_EQ(events.size(), p);
  EXPECT_EQ(events.end() - events.begin(), p);
  EXPECT_EQ(events.test(), 0);
  dash::barrier();
  // Everyone posts to image 0 and to its right neighbour.
  events(0).post();
  (*(events.begin() + (me + 1) % p)).post();
  if (me == 0) {
    events.wait(p + 1);  // p posts to image 0, one from its left neighbour
    EXPECT_EQ(events.test(), 0);
  } else {
    events.wait();
    EXPECT_EQ(events.test(), 0);
  }
  EXPECT_THROW(events(p), std::out_of_range);
  dash::barrier();
}

}  // namespace
