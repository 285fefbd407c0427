// dash::Coarray: images of scalars and arrays, remote access by co-index,
// sync images, co_broadcast and co_reduce against values computed serially.
#include <dash/Coarray.h>

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
    x.sync_images(std::vector<std::size_t>{left, right});
    EXPECT_EQ(long(x), round * 1000 + long(left));
    x.sync_images(std::vector<std::size_t>{left, right});  // before the next write
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

}  // namespace
