// One-sided communication: patterns written by every unit to every unit and
// read back, through every completion call, with contiguous and strided /
// indexed layouts. Under DART_UNITS_PER_NODE=1 every transfer between two
// units takes the MPI path; otherwise the shared-memory path.
#include <complex>
#include <cstring>
#include <numeric>
#include <vector>

#include "dart_test.h"

namespace {
constexpr int K = 64;  // ints per (writer, owner) slot

// A segment of n*K ints per unit; slot w of unit u is written by unit w.
struct Slots {
  dart_gptr_t g{};
  Slots() {
    EXPECT_EQ(DART_OK, dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(int) * K * test_size(), &g));
  }
  ~Slots() {
    dart_barrier(DART_TEAM_ALL);
    dart_team_memfree(g);
  }
  dart_gptr_t at(int owner, int writer, int i = 0) const {
    dart_gptr_t p = g;
    dart_gptr_setunit(&p, owner);
    dart_gptr_incaddr(&p, static_cast<int64_t>(sizeof(int)) * (writer * K + i));
    return p;
  }
  int *mine() const {
    void *p;
    dart_gptr_getaddr(at(test_myid(), 0), &p);
    return static_cast<int *>(p);
  }
};

int value(int writer, int owner, int i, int round = 0) {
  return round * 1000000 + writer * 10000 + owner * 100 + i;
}

std::vector<int> payload(int owner, int round = 0) {
  std::vector<int> v(K);
  for (int i = 0; i < K; i++) v[i] = value(test_myid(), owner, i, round);
  return v;
}

// Checks that every writer's slot on this unit holds its pattern.
void expect_slots(const Slots &s, int round = 0) {
  int *p = s.mine();
  for (int w = 0; w < test_size(); w++)
    for (int i = 0; i < K; i++)
      ASSERT_EQ(value(w, test_myid(), i, round), p[w * K + i]) << "writer " << w << " i " << i;
}

// Reads every unit's slot written by me back with get and checks it.
void expect_readback(const Slots &s, int round = 0) {
  for (int u = 0; u < test_size(); u++) {
    std::vector<int> got(K, -1);
    ASSERT_DART_OK(dart_get_blocking(got.data(), s.at(u, test_myid()), K, DART_TYPE_INT, DART_TYPE_INT));
    EXPECT_EQ(payload(u, round), got) << "from unit " << u;
  }
}
}  // namespace

static void blocking_put_get_every_pair() {
  Slots s;
  for (int u = 0; u < test_size(); u++) {
    auto v = payload(u);
    ASSERT_DART_OK(dart_put_blocking(s.at(u, test_myid()), v.data(), K, DART_TYPE_INT, DART_TYPE_INT));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  expect_slots(s);
  expect_readback(s);
}

TEST(Rma, BlockingPutGetEveryPair) { blocking_put_get_every_pair(); }

// Each round completes non-blocking puts with another call.
TEST(Rma, NonBlockingPutCompletedByEachFlushVariant) {
  Slots s;
  for (int round = 0; round < 3; round++) {
    std::vector<std::vector<int>> bufs;
    for (int u = 0; u < test_size(); u++) bufs.push_back(payload(u, round));
    for (int u = 0; u < test_size(); u++)
      ASSERT_DART_OK(dart_put(s.at(u, test_myid()), bufs[u].data(), K, DART_TYPE_INT, DART_TYPE_INT));
    if (round == 0) {
      for (int u = 0; u < test_size(); u++) ASSERT_DART_OK(dart_flush(s.at(u, 0)));
    } else if (round == 1) {
      ASSERT_DART_OK(dart_flush_all(s.g));
    } else {  // local completion, then remote
      ASSERT_DART_OK(dart_flush_local_all(s.g));
      for (auto &b : bufs) std::fill(b.begin(), b.end(), -7);  // buffers reusable
      ASSERT_DART_OK(dart_flush_all(s.g));
    }
    ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
    expect_slots(s, round);
    ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  }
}

TEST(Rma, NonBlockingGetCompletedByFlushLocal) {
  Slots s;
  for (int u = 0; u < test_size(); u++) {
    auto v = payload(u);
    ASSERT_DART_OK(dart_put_blocking(s.at(u, test_myid()), v.data(), K, DART_TYPE_INT, DART_TYPE_INT));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  std::vector<std::vector<int>> got(test_size(), std::vector<int>(K, -1));
  for (int u = 0; u < test_size(); u++)
    ASSERT_DART_OK(dart_get(got[u].data(), s.at(u, test_myid()), K, DART_TYPE_INT, DART_TYPE_INT));
  for (int u = 0; u < test_size(); u++) ASSERT_DART_OK(dart_flush_local(s.at(u, 0)));
  for (int u = 0; u < test_size(); u++) EXPECT_EQ(payload(u), got[u]);
}

// A flush checks the pointer's team, segment and unit (not its address):
// a null pointer or a freed segment is an error.
TEST(Rma, FlushRejectsBadPointers) {
  EXPECT_EQ(DART_ERR_INVAL, dart_flush(DART_GPTR_NULL));
  EXPECT_EQ(DART_ERR_INVAL, dart_flush_all(DART_GPTR_NULL));
  EXPECT_EQ(DART_ERR_INVAL, dart_flush_local(DART_GPTR_NULL));
  EXPECT_EQ(DART_ERR_INVAL, dart_flush_local_all(DART_GPTR_NULL));
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 4 * sizeof(int), &g));
  ASSERT_DART_OK(dart_flush(g));
  dart_gptr_t freed = g;
  ASSERT_DART_OK(dart_team_memfree(g));
  EXPECT_EQ(DART_ERR_NOTFOUND, dart_flush(freed));
  EXPECT_EQ(DART_ERR_NOTFOUND, dart_flush_local_all(freed));
}

// The header completes a flush without a library call when the last
// non-blocking transfer went to the same target and finished at initiation
// (same node, segment without MPI window). That must not hide errors: a
// freed segment, another unit, a bad handle array are still reported.
TEST(Rma, InlineCompletionKeepsErrors) {
  dart_gptr_t a, b;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 4 * sizeof(int), &a));
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 4 * sizeof(int), &b));
  dart_gptr_t mine = a;
  ASSERT_DART_OK(dart_gptr_setunit(&mine, test_myid()));
  int v = 7 + test_myid(), got = -1;
  ASSERT_DART_OK(dart_put(mine, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_flush(mine));
  ASSERT_DART_OK(dart_get(&got, mine, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_flush_local(mine));
  EXPECT_EQ(v, got);
  dart_handle_t h[2] = {DART_HANDLE_NULL, DART_HANDLE_NULL};
  EXPECT_EQ(DART_ERR_INVAL, dart_wait(nullptr));
  EXPECT_EQ(DART_ERR_INVAL, dart_waitall(nullptr, 2));
  EXPECT_EQ(DART_ERR_INVAL, dart_waitall_local(nullptr, 1));
  ASSERT_DART_OK(dart_waitall(h, 2));
  ASSERT_DART_OK(dart_waitall(nullptr, 0));
  dart_gptr_t ones;  // the bit pattern that stands for "no key"
  std::memset(&ones, 0xff, sizeof ones);
  EXPECT_NE(DART_OK, dart_flush(ones));
  EXPECT_NE(DART_OK, dart_flush_local(ones));
  dart_gptr_t bad = mine;
  bad.unitid = test_size();  // out of range, same segment
  EXPECT_EQ(DART_ERR_INVAL, dart_flush(bad));
  EXPECT_EQ(DART_ERR_INVAL, dart_flush_local(bad));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(a));  // a freed segment, then another one freed
  EXPECT_EQ(DART_ERR_NOTFOUND, dart_flush(mine));
  EXPECT_EQ(DART_ERR_NOTFOUND, dart_flush_local(mine));
  dart_gptr_t other = b;
  ASSERT_DART_OK(dart_gptr_setunit(&other, test_myid()));
  ASSERT_DART_OK(dart_get(&got, other, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_team_memfree(b));
  EXPECT_EQ(DART_ERR_NOTFOUND, dart_flush_local(other));
  EXPECT_EQ(DART_ERR_NOTFOUND, dart_flush(other));
}

// The header's inline transfers (communication.h) take only a target the
// library checked before; every other call reaches the library and fails as
// it always did. Each call below follows a successful transfer to `mine`.
TEST(Rma, InlineTransfersKeepErrors) {
  constexpr int N = 4;
  dart_gptr_t a;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, N * sizeof(int), &a));
  dart_gptr_t mine = a, next = a;
  ASSERT_DART_OK(dart_gptr_setunit(&mine, test_myid()));
  ASSERT_DART_OK(dart_gptr_setunit(&next, (test_myid() + 1) % test_size()));
  int v[N] = {1, 2, 3, 4}, got[N] = {0, 0, 0, 0};
  dart_handle_t h = DART_HANDLE_NULL;
  // Data through all six calls, each followed by its completion.
  ASSERT_DART_OK(dart_put_blocking(mine, v, N, DART_TYPE_INT, DART_TYPE_INT));
  v[0] = 10;
  ASSERT_DART_OK(dart_put(mine, v, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_flush(mine));
  v[1] = 20;
  dart_gptr_t second = mine;
  second.offset += sizeof(int);
  ASSERT_DART_OK(dart_put_handle(second, v + 1, 1, DART_TYPE_INT, DART_TYPE_INT, &h));
  ASSERT_DART_OK(dart_wait(&h));
  ASSERT_DART_OK(dart_get_blocking(got, mine, N, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(10, got[0]);
  EXPECT_EQ(20, got[1]);
  EXPECT_EQ(4, got[3]);
  got[2] = 0;
  dart_gptr_t third = mine;
  third.offset += 2 * sizeof(int);
  ASSERT_DART_OK(dart_get(got + 2, third, 1, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_flush_local(third));
  EXPECT_EQ(3, got[2]);
  got[3] = 0;
  ASSERT_DART_OK(dart_get_handle(got + 3, third, 1, DART_TYPE_INT, DART_TYPE_INT, &h));
  ASSERT_DART_OK(dart_wait_local(&h));
  EXPECT_EQ(3, got[3]);
  // Bad calls on the recorded target.
  dart_gptr_t end = mine;
  end.offset += (N - 1) * sizeof(int);
  EXPECT_EQ(DART_ERR_INVAL, dart_get(got, end, 2, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(DART_ERR_INVAL, dart_put(end, v, 2, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(DART_ERR_INVAL, dart_get_blocking(got, end, 2, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(DART_ERR_INVAL, dart_put_blocking(end, v, 2, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(DART_ERR_INVAL, dart_get_handle(got, end, 2, DART_TYPE_INT, DART_TYPE_INT, &h));
  EXPECT_EQ(DART_ERR_INVAL, dart_put_handle(end, v, 2, DART_TYPE_INT, DART_TYPE_INT, &h));
  dart_gptr_t far = mine;
  far.offset = ~0ull - 1;  // offset + span wraps around
  EXPECT_EQ(DART_ERR_INVAL, dart_get(got, far, 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(DART_ERR_INVAL,
            dart_get(got, mine, SIZE_MAX / 2, DART_TYPE_INT, DART_TYPE_INT));  // size overflows
  EXPECT_EQ(DART_ERR_INVAL, dart_get(nullptr, mine, 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(DART_ERR_INVAL, dart_put(mine, nullptr, 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(DART_ERR_INVAL, dart_get_handle(got, mine, 1, DART_TYPE_INT, DART_TYPE_INT, nullptr));
  EXPECT_EQ(DART_ERR_INVAL, dart_put_handle(mine, v, 1, DART_TYPE_INT, DART_TYPE_INT, nullptr));
  EXPECT_EQ(DART_ERR_INVAL, dart_get(got, mine, 1, DART_TYPE_INT, DART_TYPE_FLOAT));  // other basic types
  EXPECT_EQ(DART_ERR_INVAL, dart_get(got, mine, 1, DART_TYPE_UNDEFINED, DART_TYPE_UNDEFINED));
  dart_gptr_t ones;  // the bit pattern that stands for "no target recorded"
  std::memset(&ones, 0xff, sizeof ones);
  EXPECT_NE(DART_OK, dart_get(got, ones, 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_NE(DART_OK, dart_put_blocking(ones, v, 1, DART_TYPE_INT, DART_TYPE_INT));
  dart_gptr_t other_unit = mine;
  other_unit.unitid = test_size();
  EXPECT_EQ(DART_ERR_INVAL, dart_get(got, other_unit, 1, DART_TYPE_INT, DART_TYPE_INT));
  // A whole part of another unit, then the segment freed under the record.
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_get_blocking(got, next, N, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(10, got[0]);
  EXPECT_EQ(20, got[1]);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(a));
  EXPECT_EQ(DART_ERR_NOTFOUND, dart_get(got, next, 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(DART_ERR_NOTFOUND, dart_put(next, v, 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(DART_ERR_NOTFOUND, dart_get_blocking(got, next, 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(DART_ERR_NOTFOUND, dart_put_blocking(next, v, 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(DART_ERR_NOTFOUND, dart_get_handle(got, next, 1, DART_TYPE_INT, DART_TYPE_INT, &h));
  EXPECT_EQ(DART_ERR_NOTFOUND, dart_put_handle(next, v, 1, DART_TYPE_INT, DART_TYPE_INT, &h));
  EXPECT_EQ(DART_ERR_NOTFOUND, dart_flush(next));
}

// A same-node target on a segment whose team spans nodes (two units per
// virtual node): blocking transfers take the header's inline path once the
// library has checked the target, non-blocking ones and atomics go through
// the library and MPI; all of them land, in order.
TEST(Rma, SameNodeTransfersOnSegmentSpanningNodes) {
  const int me = test_myid(), size = test_size();
  const int partner = (me ^ 1) < size ? (me ^ 1) : me;
  constexpr int N = 4, kRounds = 20;
  dart_gptr_t a;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, N * sizeof(int), &a));
  dart_gptr_t mine = a, p = a;
  ASSERT_DART_OK(dart_gptr_setunit(&mine, me));
  ASSERT_DART_OK(dart_gptr_setunit(&p, partner));
  const int zero[N] = {0, 0, 0, 0};
  ASSERT_DART_OK(dart_put_blocking(mine, zero, N, DART_TYPE_INT, DART_TYPE_INT));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  dart_gptr_t counter = p, slot = p, last = p;
  slot.offset += sizeof(int);
  last.offset += 3 * sizeof(int);
  const int one = 1;
  for (int r = 0; r < kRounds; r++) {
    ASSERT_DART_OK(dart_accumulate(counter, &one, 1, DART_TYPE_INT, DART_OP_SUM));
    ASSERT_DART_OK(dart_flush(counter));
    int v[2] = {1000 * me + r, -r};
    ASSERT_DART_OK(dart_put_blocking(slot, v, 2, DART_TYPE_INT, DART_TYPE_INT));
    int back[2] = {0, 0};  // the partner's part has no other writer
    ASSERT_DART_OK(dart_get_blocking(back, slot, 2, DART_TYPE_INT, DART_TYPE_INT));
    EXPECT_EQ(v[0], back[0]);
    EXPECT_EQ(v[1], back[1]);
    ASSERT_DART_OK(dart_put(last, &r, 1, DART_TYPE_INT, DART_TYPE_INT));
    ASSERT_DART_OK(dart_flush(last));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  int got[N];
  ASSERT_DART_OK(dart_get_blocking(got, mine, N, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(kRounds, got[0]);  // partner is symmetric: it wrote my part
  EXPECT_EQ(1000 * partner + kRounds - 1, got[1]);
  EXPECT_EQ(-(kRounds - 1), got[2]);
  EXPECT_EQ(kRounds - 1, got[3]);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(a));
}

static void handles_wait_test_waitall_testall() {
  Slots s;
  int n = test_size();
  std::vector<std::vector<int>> bufs;
  for (int u = 0; u < n; u++) bufs.push_back(payload(u));
  std::vector<dart_handle_t> h(n);
  // Puts in two halves: the first completed one by one with dart_wait, the
  // rest with dart_waitall.
  for (int u = 0; u < n; u++)
    ASSERT_DART_OK(
        dart_put_handle(s.at(u, test_myid()), bufs[u].data(), K, DART_TYPE_INT, DART_TYPE_INT, &h[u]));
  for (int u = 0; u < n / 2; u++) {
    ASSERT_DART_OK(dart_wait(&h[u]));
    EXPECT_EQ(DART_HANDLE_NULL, h[u]);
  }
  ASSERT_DART_OK(dart_waitall(h.data() + n / 2, n - n / 2));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  expect_slots(s);
  // Gets completed by polling dart_testall, then dart_test / dart_wait_local.
  std::vector<std::vector<int>> got(n, std::vector<int>(K, -1));
  for (int u = 0; u < n; u++)
    ASSERT_DART_OK(
        dart_get_handle(got[u].data(), s.at(u, test_myid()), K, DART_TYPE_INT, DART_TYPE_INT, &h[u]));
  int done = 0;
  while (!done) ASSERT_DART_OK(dart_testall(h.data(), n, &done));
  for (int u = 0; u < n; u++) EXPECT_EQ(payload(u), got[u]);
  for (int u = 0; u < n; u++) {
    std::fill(got[u].begin(), got[u].end(), -1);
    ASSERT_DART_OK(
        dart_get_handle(got[u].data(), s.at(u, test_myid()), K, DART_TYPE_INT, DART_TYPE_INT, &h[u]));
    int one = 0;
    ASSERT_DART_OK(dart_test_local(&h[u], &one));
    if (!one) {
      ASSERT_DART_OK(dart_wait_local(&h[u]));
    }
    EXPECT_EQ(payload(u), got[u]);
  }
  ASSERT_DART_OK(dart_waitall_local(h.data(), n));  // all NULL: no-op
  dart_handle_t none = DART_HANDLE_NULL;
  ASSERT_DART_OK(dart_wait(&none));
  EXPECT_EQ(DART_ERR_INVAL, dart_wait(nullptr));
}

TEST(Rma, HandlesWaitTestWaitallTestall) { handles_wait_test_waitall_testall(); }

// Transfers above the elements-per-MPI-call limit (2^30 by default, for
// MPI's int counts) are split. Lowering the limit runs the same split code
// on kilobytes: K = 64 ints in pieces of 5, 7 and 64 (one piece).
extern "C" void dart__set_max_count(size_t n);
TEST(Rma, TransfersSplitAtTheMaxCount) {
  for (size_t max : {size_t(5), size_t(7), size_t(K)}) {
    dart__set_max_count(max);
    blocking_put_get_every_pair();
    handles_wait_test_waitall_testall();
    if (HasFatalFailure()) break;
  }
  dart__set_max_count(0);
}

// Many overlapping-in-time transfers to disjoint places, completed together.
TEST(Rma, ManyOutstandingTransfers) {
  Slots s;
  int n = test_size();
  std::vector<int> src(K);
  std::vector<dart_handle_t> h;
  for (int i = 0; i < K; i++) src[i] = value(test_myid(), 0, i);
  for (int u = 0; u < n; u++) {
    for (int i = 0; i < K; i++) {
      int v = value(test_myid(), u, i);
      src[i] = v;
      dart_handle_t hd;
      ASSERT_DART_OK(dart_put_handle(s.at(u, test_myid(), i), &src[i], 1, DART_TYPE_INT, DART_TYPE_INT, &hd));
      h.push_back(hd);
      ASSERT_DART_OK(dart_wait_local(&h.back()));  // src[i] is rewritten next round
    }
    ASSERT_DART_OK(dart_flush(s.at(u, 0)));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  expect_slots(s);
}

TEST(Rma, SelfTransfersIncludingOverlap) {
  Slots s;
  auto v = payload(test_myid());
  ASSERT_DART_OK(
      dart_put_blocking(s.at(test_myid(), test_myid()), v.data(), K, DART_TYPE_INT, DART_TYPE_INT));
  int *p = s.mine() + test_myid() * K;
  EXPECT_EQ(0, std::memcmp(p, v.data(), sizeof(int) * K));
  // Source and destination overlap inside the same segment.
  ASSERT_DART_OK(
      dart_put_blocking(s.at(test_myid(), test_myid(), 1), p, K - 1, DART_TYPE_INT, DART_TYPE_INT));
  EXPECT_EQ(v[0], p[0]);
  for (int i = 1; i < K; i++) EXPECT_EQ(v[i - 1], p[i]);
}

// A column of a row-major R x C matrix on the next unit: strided remote
// layout against a contiguous local one, both directions, and indexed.
TEST(Rma, StridedAndIndexedLayouts) {
  constexpr int R = 8, C = 5;
  dart_gptr_t m;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, sizeof(double) * R * C, &m));
  int me = test_myid(), n = test_size(), next = (me + 1) % n;
  dart_gptr_t mine = m;
  dart_gptr_setunit(&mine, me);
  double *a;
  dart_gptr_getaddr(mine, reinterpret_cast<void **>(&a));
  std::fill(a, a + R * C, 0.0);  // pool memory is reused: contents are undefined
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  dart_datatype_t column, diag;
  ASSERT_DART_OK(dart_type_create_strided(DART_TYPE_DOUBLE, C, 1, &column));
  size_t len[3] = {1, 2, 1}, off[3] = {0, 6, 12};  // 4 elements of one 13-element instance
  ASSERT_DART_OK(dart_type_create_indexed(DART_TYPE_DOUBLE, 3, len, off, &diag));
  dart_gptr_t col2 = m;
  dart_gptr_setunit(&col2, next);
  dart_gptr_incaddr(&col2, 2 * sizeof(double));
  std::vector<double> colv(R);
  for (int r = 0; r < R; r++) colv[r] = me + 0.5 * r;
  ASSERT_DART_OK(dart_put_blocking(col2, colv.data(), R, DART_TYPE_DOUBLE, column));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  int prev = (me + n - 1) % n;
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++) ASSERT_EQ(c == 2 ? prev + 0.5 * r : 0.0, a[r * C + c]) << r << "," << c;
  std::vector<double> back(R, -1);
  ASSERT_DART_OK(dart_get_blocking(back.data(), col2, R, column, DART_TYPE_DOUBLE));
  EXPECT_EQ(colv, back);
  // Indexed remote -> strided local: 8 elements = 2 instances of the indexed type.
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  for (int i = 0; i < R * C; i++) a[i] = 1000 * me + i;
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  dart_gptr_t nm = m;
  dart_gptr_setunit(&nm, next);
  std::vector<double> local(16, -1);
  dart_datatype_t every_other;
  ASSERT_DART_OK(dart_type_create_strided(DART_TYPE_DOUBLE, 2, 1, &every_other));
  ASSERT_DART_OK(dart_get_blocking(local.data(), nm, 8, diag, every_other));
  const int idx[8] = {0, 6, 7, 12, 13, 19, 20, 25};
  for (int i = 0; i < 8; i++) {
    EXPECT_EQ(1000 * next + idx[i], local[2 * i]);
    EXPECT_EQ(-1, local[2 * i + 1]);
  }
  // The same with a handle (non-contiguous handle gets have their own path).
  std::fill(local.begin(), local.end(), -1);
  dart_handle_t h;
  ASSERT_DART_OK(dart_get_handle(local.data(), nm, 8, diag, every_other, &h));
  ASSERT_DART_OK(dart_wait(&h));
  for (int i = 0; i < 8; i++) EXPECT_EQ(1000 * next + idx[i], local[2 * i]);
  std::vector<double> col_back(R, -1);
  ASSERT_DART_OK(dart_get_handle(col_back.data(), col2, R, column, DART_TYPE_DOUBLE, &h));
  int done = 0;
  while (!done) ASSERT_DART_OK(dart_test(&h, &done));
  for (int r = 0; r < R; r++) EXPECT_EQ(1000 * next + r * C + 2, col_back[r]);
  // Wrong multiples and mixed basic types are errors.
  EXPECT_EQ(DART_ERR_INVAL, dart_get_blocking(local.data(), nm, 3, diag, DART_TYPE_DOUBLE));
  EXPECT_EQ(DART_ERR_INVAL, dart_get_blocking(local.data(), nm, 4, column, DART_TYPE_INT));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_type_destroy(&column));
  ASSERT_DART_OK(dart_type_destroy(&diag));
  ASSERT_DART_OK(dart_type_destroy(&every_other));
  EXPECT_EQ(DART_ERR_INVAL, dart_type_destroy(&column));
  EXPECT_EQ(DART_ERR_INVAL, dart_put_blocking(nm, local.data(), 1, DART_TYPE_DOUBLE, column));
  ASSERT_DART_OK(dart_team_memfree(m));
}

TEST(Rma, ManyLayoutsAliveAtOnce) {
  // More layouts than DART's type table first holds (it grows while a new
  // layout is made from its basic type: ASan caught a read of the moved
  // table); each one moves its own stride of ints to the next unit.
  constexpr int T = 150, S = T + 1;
  dart_gptr_t m;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 2 * S * sizeof(int), &m));
  int me = test_myid(), n = test_size(), next = (me + 1) % n, prev = (me + n - 1) % n;
  dart_gptr_t mine = m, nm = m;
  dart_gptr_setunit(&mine, me);
  dart_gptr_setunit(&nm, next);
  int *a;
  dart_gptr_getaddr(mine, reinterpret_cast<void **>(&a));
  std::fill(a, a + 2 * S, -1);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  std::vector<dart_datatype_t> types(T);
  for (int t = 0; t < T; t++) ASSERT_DART_OK(dart_type_create_strided(DART_TYPE_INT, t + 1, 1, &types[t]));
  int two[2] = {me, me + 1000};  // element 0 and element `stride` of the next unit
  ASSERT_DART_OK(dart_put_blocking(nm, two, 2, DART_TYPE_INT, types[T - 1]));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  EXPECT_EQ(prev, a[0]);
  EXPECT_EQ(prev + 1000, a[T]);
  EXPECT_EQ(-1, a[1]);
  int got[2] = {0, 0};
  ASSERT_DART_OK(dart_get_blocking(got, nm, 2, types[T - 1], DART_TYPE_INT));
  EXPECT_EQ(me, got[0]);
  EXPECT_EQ(me + 1000, got[1]);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  for (dart_datatype_t &t : types) ASSERT_DART_OK(dart_type_destroy(&t));
  ASSERT_DART_OK(dart_team_memfree(m));
}

TEST(Rma, LayoutTransfersLargerThanOnePiece) {
  // 40,000 ints to every other element of the next unit (160 KB of data:
  // several MPI calls of ~64 KiB on the MPI path), blocking, with a handle,
  // and back with a handle; the odd elements stay untouched.
  const size_t N = 40000;
  dart_gptr_t m;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 2 * N * sizeof(int), &m));
  int me = test_myid(), n = test_size(), next = (me + 1) % n, prev = (me + n - 1) % n;
  dart_gptr_t mine = m, nm = m;
  dart_gptr_setunit(&mine, me);
  dart_gptr_setunit(&nm, next);
  int *a;
  dart_gptr_getaddr(mine, reinterpret_cast<void **>(&a));
  std::fill(a, a + 2 * N, -1);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  dart_datatype_t every_other;
  ASSERT_DART_OK(dart_type_create_strided(DART_TYPE_INT, 2, 1, &every_other));
  std::vector<int> v(N);
  for (size_t i = 0; i < N; i++) v[i] = int(i) * 3 + me;
  ASSERT_DART_OK(dart_put_blocking(nm, v.data(), N, DART_TYPE_INT, every_other));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  for (size_t i = 0; i < 2 * N; i++) ASSERT_EQ(i % 2 ? -1 : int(i / 2) * 3 + prev, a[i]) << i;
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  for (size_t i = 0; i < N; i++) v[i] = int(i) * 5 + me;
  dart_handle_t h;
  ASSERT_DART_OK(dart_put_handle(nm, v.data(), N, DART_TYPE_INT, every_other, &h));
  ASSERT_DART_OK(dart_wait(&h));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  for (size_t i = 0; i < 2 * N; i++) ASSERT_EQ(i % 2 ? -1 : int(i / 2) * 5 + prev, a[i]) << i;
  std::vector<int> back(N, 0);
  ASSERT_DART_OK(dart_get_handle(back.data(), nm, N, every_other, DART_TYPE_INT, &h));
  ASSERT_DART_OK(dart_wait(&h));
  for (size_t i = 0; i < N; i++) ASSERT_EQ(int(i) * 5 + me, back[i]) << i;
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_type_destroy(&every_other));
  ASSERT_DART_OK(dart_team_memfree(m));
}

TEST(Rma, EveryBasicTypeRoundTrips) {
  dart_gptr_t g;
  ASSERT_DART_OK(dart_team_memalloc_aligned(DART_TEAM_ALL, 256, &g));
  dart_gptr_setunit(&g, (test_myid() + 1) % test_size());
  for (dart_datatype_t t = DART_TYPE_BYTE; t <= DART_TYPE_LAST_BASIC; t++) {
    size_t sz = 0;
    ASSERT_DART_OK(dart_type_size(t, &sz));
    size_t n = 256 / sz;
    std::vector<unsigned char> out(n * sz), in(n * sz, 0);
    for (size_t i = 0; i < out.size(); i++) out[i] = static_cast<unsigned char>(i * 7 + t);
    ASSERT_DART_OK(dart_put_blocking(g, out.data(), n, t, t));
    ASSERT_DART_OK(dart_get_blocking(in.data(), g, n, t, t));
    EXPECT_EQ(out, in) << "type " << t;
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_team_memfree(g));
}

// Non-collective memory of every unit, reached by every other unit.
TEST(Rma, NonCollectiveMemoryOfOtherUnits) {
  int n = test_size();
  dart_gptr_t mine;
  ASSERT_DART_OK(dart_memalloc(sizeof(int) * n, &mine));
  std::vector<dart_gptr_t> all(n);
  MPI_Allgather(&mine, sizeof mine, MPI_BYTE, all.data(), sizeof mine, MPI_BYTE, MPI_COMM_WORLD);
  for (int u = 0; u < n; u++) {
    dart_gptr_t p = all[u];
    dart_gptr_incaddr(&p, static_cast<int64_t>(sizeof(int)) * test_myid());
    int v = 100 * test_myid() + u;
    ASSERT_DART_OK(dart_put_blocking(p, &v, 1, DART_TYPE_INT, DART_TYPE_INT));
  }
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  int *p;
  dart_gptr_getaddr(mine, reinterpret_cast<void **>(&p));
  for (int w = 0; w < n; w++) EXPECT_EQ(100 * w + test_myid(), p[w]);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  ASSERT_DART_OK(dart_memfree(mine));
}
