// Collectives and two-sided communication: every collective and every
// reduction operation against a serial reference, on DART_TEAM_ALL and on
// sub-teams made by splitting; large-count paths (with a lowered count
// limit); in-place use; bad input.
#include <complex>
#include <cstring>
#include <type_traits>
#include <vector>

#include "dart_test.h"
#include "reference_ops.h"

extern "C" void dart__set_max_count(size_t n);

namespace {

// ---- Reductions against a serial reference ----

// Input of unit u, element i, for op: small values, exact in every type.
template <class T>
T input(dart_operation_t op, int u, int i) {
  long long v;
  switch (op) {
    case DART_OP_PROD: v = 1 + (u + i) % 2; break;
    case DART_OP_LAND:
    case DART_OP_LOR:
    case DART_OP_LXOR: v = (u + i) % 3; break;
    default: v = (u * 7 + i * 3) % 13; break;
  }
  if constexpr (is_complex<T>::value) {
    using R = typename T::value_type;
    return T(static_cast<R>(v), static_cast<R>(op == DART_OP_PROD ? u % 2 : (u + i) % 3));
  } else {
    return static_cast<T>(v);
  }
}

const dart_operation_t kOps[] = {DART_OP_MIN,  DART_OP_MAX,  DART_OP_SUM,   DART_OP_PROD,
                                 DART_OP_BAND, DART_OP_BOR,  DART_OP_BXOR,  DART_OP_LAND,
                                 DART_OP_LOR,  DART_OP_LXOR, DART_OP_MINMAX};

// Every operation on type T with allreduce (and reduce to the last unit
// when `with_reduce`): result vs the serial reference; undefined pairs are
// DART_ERR_INVAL (checked before any communication).
template <class T>
void check_type(dart_team_t team, dart_datatype_t dt, TypeClass c, bool with_reduce) {
  const int n = 3, me = team_me(team), size = team_n(team);
  for (dart_operation_t op : kOps) {
    SCOPED_TRACE(::testing::Message() << "type " << dt << " op " << op);
    const int m = op == DART_OP_MINMAX ? 2 * n : n;  // MINMAX: n (min, max) pairs
    std::vector<T> in(m), out(m), ref(m);
    for (int i = 0; i < n; i++) {
      if (op == DART_OP_MINMAX) {
        if constexpr (!is_complex<T>::value) {
          in[2 * i] = input<T>(op, me, i);
          in[2 * i + 1] = static_cast<T>(input<T>(op, me, i) + 1);
          ref[2 * i] = input<T>(op, 0, i);
          ref[2 * i + 1] = static_cast<T>(input<T>(op, 0, i) + 1);
          for (int u = 1; u < size; u++) {
            ref[2 * i] = apply_op(DART_OP_MIN, ref[2 * i], input<T>(op, u, i));
            ref[2 * i + 1] = apply_op(DART_OP_MAX, ref[2 * i + 1], static_cast<T>(input<T>(op, u, i) + 1));
          }
        }
      } else {
        in[i] = input<T>(op, me, i);
        ref[i] = input<T>(op, 0, i);
        for (int u = 1; u < size; u++) ref[i] = apply_op(op, ref[i], input<T>(op, u, i));
      }
    }
    if (!reduction_defined(op, c)) {
      EXPECT_EQ(DART_ERR_INVAL, dart_allreduce(in.data(), out.data(), n, dt, op, team));
      EXPECT_EQ(DART_ERR_INVAL, dart_reduce(in.data(), out.data(), n, dt, op, 0, team));
      continue;
    }
    ASSERT_DART_OK(dart_allreduce(in.data(), out.data(), n, dt, op, team));
    EXPECT_EQ(0, std::memcmp(ref.data(), out.data(), sizeof(T) * m)) << "allreduce";
    if (with_reduce) {
      std::vector<T> r2(m, T());
      ASSERT_DART_OK(dart_reduce(in.data(), r2.data(), n, dt, op, size - 1, team));
      if (me == size - 1) {
        EXPECT_EQ(0, std::memcmp(ref.data(), r2.data(), sizeof(T) * m)) << "reduce";
      }
    }
  }
}

// long double has padding bytes: compare by value.
template <>
void check_type<long double>(dart_team_t team, dart_datatype_t dt, TypeClass, bool) {
  const int n = 3, me = team_me(team), size = team_n(team);
  for (dart_operation_t op : {DART_OP_SUM, DART_OP_MIN, DART_OP_MAX, DART_OP_PROD}) {
    std::vector<long double> in(n), out(n);
    for (int i = 0; i < n; i++) in[i] = input<long double>(op, me, i);
    ASSERT_DART_OK(dart_allreduce(in.data(), out.data(), n, dt, op, team));
    for (int i = 0; i < n; i++) {
      long double ref = input<long double>(op, 0, i);
      for (int u = 1; u < size; u++) ref = apply_op(op, ref, input<long double>(op, u, i));
      EXPECT_EQ(ref, out[i]) << "op " << op;
    }
  }
  long double pairs[2] = {static_cast<long double>(-me), static_cast<long double>(me)}, res[2];
  ASSERT_DART_OK(dart_allreduce(pairs, res, 1, dt, DART_OP_MINMAX, team));
  EXPECT_EQ(-(size - 1), res[0]);
  EXPECT_EQ(size - 1, res[1]);
  for (dart_operation_t op : {DART_OP_BAND, DART_OP_LAND, DART_OP_LXOR})
    EXPECT_EQ(DART_ERR_INVAL, dart_allreduce(pairs, res, 1, dt, op, team));
}

// Every basic type when `full`, else one of each kind; reduce too on two.
void check_all_types(dart_team_t team, bool full) {
  for_each_basic_type([&](auto tag, dart_datatype_t dt, TypeClass c) {
    using T = typename decltype(tag)::type;
    const bool with_reduce = dt == DART_TYPE_INT || dt == DART_TYPE_DOUBLE;
    if (full || with_reduce || dt == DART_TYPE_INT64 || dt == DART_TYPE_UINT8 ||
        dt == DART_TYPE_DOUBLE_COMPLEX)
      check_type<T>(team, dt, c, with_reduce);
  });
}

// ---- Data movement: every collective once, against the expected layout ----

// Value of element i of unit u's contribution.
int val(int u, int i) { return 1000 * (u + 1) + i; }

void check_movement(dart_team_t team, size_t n) {
  const int me = team_me(team), size = team_n(team), last = size - 1;
  SCOPED_TRACE(::testing::Message() << "n " << n << " team size " << size);
  // bcast from the last unit
  std::vector<int> b(n);
  for (size_t i = 0; i < n; i++) b[i] = me == last ? val(last, i) : -1;
  ASSERT_DART_OK(dart_bcast(b.data(), n, DART_TYPE_INT, last, team));
  for (size_t i = 0; i < n; i++) ASSERT_EQ(val(last, i), b[i]);
  // scatter from unit 0: unit u gets block u
  std::vector<int> all(n * size), blk(n, -1);
  for (int u = 0; u < size; u++)
    for (size_t i = 0; i < n; i++) all[u * n + i] = val(u, i);
  ASSERT_DART_OK(dart_scatter(me == 0 ? all.data() : nullptr, blk.data(), n, DART_TYPE_INT, 0, team));
  for (size_t i = 0; i < n; i++) ASSERT_EQ(val(me, i), blk[i]);
  // gather to the last unit
  std::vector<int> g(n * size, -1);
  ASSERT_DART_OK(dart_gather(blk.data(), me == last ? g.data() : nullptr, n, DART_TYPE_INT, last, team));
  if (me == last) {
    EXPECT_EQ(all, g);
  }
  // allgather
  std::vector<int> ag(n * size, -1);
  ASSERT_DART_OK(dart_allgather(blk.data(), ag.data(), n, DART_TYPE_INT, team));
  EXPECT_EQ(all, ag);
  // allgatherv: unit u contributes n + u elements, blocks stored in reverse order
  std::vector<size_t> counts(size), displs(size);
  size_t total = 0;
  for (int u = size - 1; u >= 0; u--) {
    counts[u] = n + u;
    displs[u] = total;
    total += counts[u];
  }
  std::vector<int> mine(n + me), agv(total, -1), agv_ref(total);
  for (size_t i = 0; i < n + me; i++) mine[i] = val(me, i);
  for (int u = 0; u < size; u++)
    for (size_t i = 0; i < counts[u]; i++) agv_ref[displs[u] + i] = val(u, i);
  ASSERT_DART_OK(
      dart_allgatherv(mine.data(), n + me, DART_TYPE_INT, agv.data(), counts.data(), displs.data(), team));
  EXPECT_EQ(agv_ref, agv);
  // alltoall: block j of unit u is val(u, j * n + i)
  std::vector<int> s(n * size), r(n * size, -1);
  for (int j = 0; j < size; j++)
    for (size_t i = 0; i < n; i++) s[j * n + i] = val(me, j * 100 + i);
  ASSERT_DART_OK(dart_alltoall(s.data(), r.data(), n, DART_TYPE_INT, team));
  for (int u = 0; u < size; u++)
    for (size_t i = 0; i < n; i++) ASSERT_EQ(val(u, me * 100 + i), r[u * n + i]);
  // allreduce / reduce with large element counts
  std::vector<long> x(n), y(n, -1);
  for (size_t i = 0; i < n; i++) x[i] = val(me, i);
  ASSERT_DART_OK(dart_allreduce(x.data(), y.data(), n, DART_TYPE_LONG, DART_OP_SUM, team));
  for (size_t i = 0; i < n; i++) {
    long ref = 0;
    for (int u = 0; u < size; u++) ref += val(u, i);
    ASSERT_EQ(ref, y[i]);
  }
  std::vector<long> mm(2 * n), mmr(2 * n, -1);
  for (size_t i = 0; i < n; i++) mm[2 * i] = mm[2 * i + 1] = val(me, i);
  ASSERT_DART_OK(dart_reduce(mm.data(), mmr.data(), n, DART_TYPE_LONG, DART_OP_MINMAX, 0, team));
  if (me == 0) {
    for (size_t i = 0; i < n; i++) {
      ASSERT_EQ(val(0, i), mmr[2 * i]);
      ASSERT_EQ(val(size - 1, i), mmr[2 * i + 1]);
    }
  }
  // ring: sendrecv, then send/recv between pairs
  std::vector<int> ring(n, -1);
  ASSERT_DART_OK(dart_sendrecv(blk.data(), n, DART_TYPE_INT, 7, (me + 1) % size, ring.data(), n,
                               DART_TYPE_INT, 7, (me + size - 1) % size, team));
  for (size_t i = 0; i < n; i++) ASSERT_EQ(val((me + size - 1) % size, i), ring[i]);
  if (size > 1 && me < 2) {
    std::vector<int> p(n, -1);
    if (me == 0) {
      ASSERT_DART_OK(dart_send(blk.data(), n, DART_TYPE_INT, 3, 1, team));
      ASSERT_DART_OK(dart_recv(p.data(), n, DART_TYPE_INT, 4, 1, team));
      for (size_t i = 0; i < n; i++) ASSERT_EQ(val(1, i), p[i]);
    } else {
      ASSERT_DART_OK(dart_recv(p.data(), n, DART_TYPE_INT, 3, 0, team));
      ASSERT_DART_OK(dart_send(blk.data(), n, DART_TYPE_INT, 4, 0, team));
      for (size_t i = 0; i < n; i++) ASSERT_EQ(val(0, i), p[i]);
    }
  }
}

}  // namespace

TEST(Collective, ReductionsAllTypesWorld) { check_all_types(DART_TEAM_ALL, true); }

TEST(Collective, ReductionsSubTeam) {
  dart_team_t t = split(DART_TEAM_ALL, 2);
  ASSERT_NE(DART_TEAM_NULL, t);
  check_all_types(t, false);
  ASSERT_DART_OK(dart_team_destroy(&t));
}

TEST(Collective, MovementWorldAndSubTeams) {
  check_movement(DART_TEAM_ALL, 4);
  dart_team_t t = split(DART_TEAM_ALL, 2);
  ASSERT_NE(DART_TEAM_NULL, t);
  check_movement(t, 3);
  // A sub-team of the sub-team: collectives never involve outsiders.
  dart_team_t t2 = split(t, 2);
  ASSERT_NE(DART_TEAM_NULL, t2);
  check_movement(t2, 2);
  ASSERT_DART_OK(dart_team_destroy(&t2));
  ASSERT_DART_OK(dart_team_destroy(&t));
}

TEST(Collective, LargeCountPaths) {
  // With at most 3 elements per MPI call, every collective splits or uses
  // the large derived types; the results must not change.
  dart__set_max_count(3);
  check_movement(DART_TEAM_ALL, 10);
  dart__set_max_count(0);
}

TEST(Collective, LayoutTypes) {
  const int me = test_myid(), size = test_size();
  dart_datatype_t strided;
  ASSERT_DART_OK(dart_type_create_strided(DART_TYPE_INT, 3, 2, &strided));  // 2 of every 3
  // bcast of 4 elements (2 instances) of the layout from unit 0
  std::vector<int> b(6, -1);
  if (me == 0) b = {1, 2, -7, 3, 4, -7};
  ASSERT_DART_OK(dart_bcast(b.data(), 4, strided, 0, DART_TEAM_ALL));
  EXPECT_EQ(1, b[0]);
  EXPECT_EQ(2, b[1]);
  EXPECT_EQ(3, b[3]);
  EXPECT_EQ(4, b[4]);
  if (me != 0) {
    EXPECT_EQ(-1, b[2]);
  }
  // allgather of 4 elements (two instances) per unit, with the large path too
  for (size_t maxc : {size_t(0), size_t(1)}) {
    dart__set_max_count(maxc);
    std::vector<int> s = {me, me + 100, -5, me + 200, me + 300, -5}, r(6 * size, -9);
    ASSERT_DART_OK(dart_allgather(s.data(), r.data(), 4, strided, DART_TEAM_ALL));
    for (int u = 0; u < size; u++) {
      const int want[6] = {u, u + 100, -9, u + 200, u + 300, -9};
      for (int k = 0; k < 6; k++) EXPECT_EQ(want[k], r[6 * u + k]) << "max count " << maxc;
    }
  }
  dart__set_max_count(0);
  EXPECT_EQ(DART_ERR_INVAL, dart_bcast(b.data(), 3, strided, 0, DART_TEAM_ALL));  // not whole instances
  int x = 1, y;
  EXPECT_EQ(DART_ERR_INVAL, dart_allreduce(&x, &y, 2, strided, DART_OP_SUM, DART_TEAM_ALL));
  ASSERT_DART_OK(dart_type_destroy(&strided));
}

TEST(Collective, InPlace) {
  const int me = test_myid(), size = test_size();
  std::vector<int> v = {me, 2 * me};
  ASSERT_DART_OK(dart_allreduce(v.data(), v.data(), 2, DART_TYPE_INT, DART_OP_SUM, DART_TEAM_ALL));
  EXPECT_EQ(size * (size - 1) / 2, v[0]);
  EXPECT_EQ(size * (size - 1), v[1]);
  std::vector<int> w = {me + 1};
  ASSERT_DART_OK(dart_reduce(w.data(), w.data(), 1, DART_TYPE_INT, DART_OP_MAX, 0, DART_TEAM_ALL));
  if (me == 0) {
    EXPECT_EQ(size, w[0]);
  }
  // gather with the root's contribution already in place
  std::vector<int> g(size, -1);
  g[me] = 10 * me;
  ASSERT_DART_OK(dart_gather(&g[me], g.data(), 1, DART_TYPE_INT, 0, DART_TEAM_ALL));
  if (me == 0) {
    for (int u = 0; u < size; u++) EXPECT_EQ(10 * u, g[u]);
  }
  // allgather in place
  std::vector<int> a(size, -1);
  a[me] = me + 5;
  ASSERT_DART_OK(dart_allgather(&a[me], a.data(), 1, DART_TYPE_INT, DART_TEAM_ALL));
  for (int u = 0; u < size; u++) EXPECT_EQ(u + 5, a[u]);
}

TEST(Collective, BadInput) {
  const int size = test_size();
  int x = 1, y = 0;
  const dart_team_t bogus = 12345;
  EXPECT_EQ(DART_ERR_INVAL, dart_bcast(&x, 1, DART_TYPE_INT, 0, bogus));
  EXPECT_EQ(DART_ERR_INVAL, dart_allreduce(&x, &y, 1, DART_TYPE_INT, DART_OP_SUM, bogus));
  EXPECT_EQ(DART_ERR_INVAL, dart_barrier(bogus));
  EXPECT_EQ(DART_ERR_INVAL, dart_bcast(&x, 1, DART_TYPE_INT, size, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_bcast(&x, 1, DART_TYPE_INT, -1, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_reduce(&x, &y, 1, DART_TYPE_INT, DART_OP_SUM, size, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_scatter(&x, &y, 1, DART_TYPE_INT, size + 3, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_bcast(nullptr, 1, DART_TYPE_INT, 0, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_allgather(&x, nullptr, 1, DART_TYPE_INT, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_alltoall(nullptr, &y, 1, DART_TYPE_INT, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_allreduce(nullptr, &y, 1, DART_TYPE_INT, DART_OP_SUM, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_allgatherv(&x, 1, DART_TYPE_INT, &y, nullptr, nullptr, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_bcast(&x, 1, 999, 0, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_bcast(&x, 1, DART_TYPE_UNDEFINED, 0, DART_TEAM_ALL));
  double d = 1, e;
  EXPECT_EQ(DART_ERR_INVAL, dart_allreduce(&d, &e, 1, DART_TYPE_DOUBLE, DART_OP_BAND, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_allreduce(&d, &e, 1, DART_TYPE_DOUBLE, DART_OP_LAND, DART_TEAM_ALL));
  std::complex<double> c1(1, 1), c2;
  EXPECT_EQ(DART_ERR_INVAL,
            dart_allreduce(&c1, &c2, 1, DART_TYPE_DOUBLE_COMPLEX, DART_OP_MIN, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL,
            dart_allreduce(&c1, &c2, 1, DART_TYPE_DOUBLE_COMPLEX, DART_OP_LAND, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL,
            dart_allreduce(&c1, &c2, 1, DART_TYPE_DOUBLE_COMPLEX, DART_OP_MINMAX, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_allreduce(&x, &y, 1, DART_TYPE_BYTE, DART_OP_SUM, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_allreduce(&x, &y, 1, DART_TYPE_CHAR, DART_OP_MAX, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_allreduce(&x, &y, 1, DART_TYPE_INT, DART_OP_REPLACE, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_allreduce(&x, &y, 1, DART_TYPE_INT, DART_OP_NO_OP, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_allreduce(&x, &y, 1, DART_TYPE_INT, DART_OP_UNDEFINED, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL,
            dart_allreduce(&x, &y, 1, DART_TYPE_INT, static_cast<dart_operation_t>(77), DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_send(&x, 1, DART_TYPE_INT, -1, 0, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_send(&x, 1, DART_TYPE_INT, 0, size, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_recv(&x, 1, DART_TYPE_INT, 0, -1, DART_TEAM_ALL));
  EXPECT_EQ(DART_ERR_INVAL, dart_recv(nullptr, 1, DART_TYPE_INT, 0, 0, DART_TEAM_ALL));
  // nsend differs from this unit's count
  std::vector<size_t> counts(size, 1), displs(size);
  for (int u = 0; u < size; u++) displs[u] = u;
  std::vector<int> r(size);
  EXPECT_EQ(DART_ERR_INVAL,
            dart_allgatherv(&x, 2, DART_TYPE_INT, r.data(), counts.data(), displs.data(), DART_TEAM_ALL));
  // Zero elements: valid, nothing moves.
  EXPECT_DART_OK(dart_allreduce(nullptr, nullptr, 0, DART_TYPE_INT, DART_OP_SUM, DART_TEAM_ALL));
  // A team this unit is not in (after a split, the other part's id is unknown here).
  dart_team_t t = split(DART_TEAM_ALL, 2);
  ASSERT_NE(DART_TEAM_NULL, t);
  dart_team_t dead = t;
  ASSERT_DART_OK(dart_team_destroy(&t));
  EXPECT_EQ(DART_ERR_INVAL, dart_bcast(&x, 1, DART_TYPE_INT, 0, dead));
}

// Unsigned MIN/MAX with the top bit set (MPICH 4.0.2 compares them as signed).
TEST(Collective, UnsignedMinMaxAboveSignedRange) {
  uint64_t v = test_myid() == 0 ? UINT64_MAX : 5 + test_myid(), lo = 0, hi = 0;
  ASSERT_DART_OK(dart_allreduce(&v, &lo, 1, DART_TYPE_UINT64, DART_OP_MIN, DART_TEAM_ALL));
  ASSERT_DART_OK(dart_allreduce(&v, &hi, 1, DART_TYPE_UINT64, DART_OP_MAX, DART_TEAM_ALL));
  EXPECT_EQ(test_size() > 1 ? 6u : UINT64_MAX, lo);
  EXPECT_EQ(UINT64_MAX, hi);
  unsigned u = test_myid() == 0 ? 0xF0000000u : 7u, ulo = 0;
  ASSERT_DART_OK(dart_reduce(&u, &ulo, 1, DART_TYPE_UINT, DART_OP_MIN, 0, DART_TEAM_ALL));
  if (test_myid() == 0) {
    EXPECT_EQ(test_size() > 1 ? 7u : 0xF0000000u, ulo);
  }
}
