// Handles of dart_put_handle / dart_get_handle: a copy of a completed
// handle and values no DART call returned are DART_ERR_INVAL at the call
// (wait, wait_local, waitall, test, testall), not a crash at the call or a
// double free at dart_exit; DART_HANDLE_NULL stays a valid no-op. Real
// (non-null) handles exist only towards units on other (virtual) nodes:
// in node mode the transfers complete at once and the copy case has only
// null handles to check; the garbage cases run in both modes.
#include <cstdint>
#include <vector>

#include "dart_test.h"

namespace {

constexpr int K = 4;

struct Segment {
  dart_gptr_t g = DART_GPTR_NULL;
  Segment() { EXPECT_EQ(DART_OK, dart_team_memalloc_aligned(DART_TEAM_ALL, K * sizeof(int), &g)); }
  ~Segment() { dart_team_memfree(g); }
  int *local() const {
    void *p = nullptr;
    dart_gptr_t mine = g;
    dart_gptr_setunit(&mine, test_myid());
    dart_gptr_getaddr(mine, &p);
    return static_cast<int *>(p);
  }
};

dart_gptr_t next_unit(dart_gptr_t g) {
  dart_gptr_setunit(&g, (test_myid() + 1) % test_size());
  return g;
}

// What the previous unit put into my part.
void expect_from_previous(const Segment &s, int base) {
  const int prev = (test_myid() + test_size() - 1) % test_size();
  for (int i = 0; i < K; i++) EXPECT_EQ(base + prev * K + i, s.local()[i]) << "element " << i;
}

TEST(Handle, CopyOfACompletedHandleIsInvalid) {
  Segment s;
  std::vector<int> v(K);
  for (int i = 0; i < K; i++) v[i] = test_myid() * K + i;
  dart_handle_t h, copy;
  ASSERT_DART_OK(dart_put_handle(next_unit(s.g), v.data(), K, DART_TYPE_INT, DART_TYPE_INT, &h));
  copy = h;
  ASSERT_DART_OK(dart_wait(&h));
  EXPECT_EQ(DART_HANDLE_NULL, h);
  const dart_ret_t stale = copy == DART_HANDLE_NULL ? DART_OK : DART_ERR_INVAL;
  EXPECT_EQ(stale, dart_wait(&copy)) << "a second completion of the same transfer";
  EXPECT_EQ(stale, dart_wait_local(&copy));
  int flag = -1;
  EXPECT_EQ(stale, dart_test(&copy, &flag));
  // The slot serves the next transfer: the stale copy still does not match.
  for (int i = 0; i < K; i++) v[i] = 100 + test_myid() * K + i;
  ASSERT_DART_OK(dart_put_handle(next_unit(s.g), v.data(), K, DART_TYPE_INT, DART_TYPE_INT, &h));
  EXPECT_EQ(stale, dart_wait(&copy));
  EXPECT_EQ(stale, dart_waitall(&copy, 1));
  ASSERT_DART_OK(dart_wait(&h));
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  expect_from_previous(s, 100);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
}

TEST(Handle, GarbageValuesAreInvalid) {
  int local = 0;
  const dart_handle_t bad[] = {
      reinterpret_cast<dart_handle_t>(uintptr_t{1}), reinterpret_cast<dart_handle_t>(uintptr_t{0xdeadbeef}),
      reinterpret_cast<dart_handle_t>(&local), reinterpret_cast<dart_handle_t>(~uintptr_t{0})};
  for (dart_handle_t b : bad) {
    dart_handle_t h = b;
    int flag = -1;
    EXPECT_EQ(DART_ERR_INVAL, dart_wait(&h)) << b;
    EXPECT_EQ(DART_ERR_INVAL, dart_wait_local(&h)) << b;
    EXPECT_EQ(DART_ERR_INVAL, dart_test(&h, &flag)) << b;
    EXPECT_EQ(0, flag);
    EXPECT_EQ(DART_ERR_INVAL, dart_test_local(&h, &flag)) << b;
    EXPECT_EQ(b, h) << "an invalid handle is left as it is";
  }
  dart_handle_t all[] = {bad[0], bad[1], bad[2], bad[3]};
  int flag = -1;
  EXPECT_EQ(DART_ERR_INVAL, dart_waitall(all, 4));
  EXPECT_EQ(DART_ERR_INVAL, dart_waitall_local(all, 4));
  EXPECT_EQ(DART_ERR_INVAL, dart_testall(all, 4, &flag));
  EXPECT_EQ(DART_ERR_INVAL, dart_testall_local(all, 4, &flag));
}

TEST(Handle, WaitallCompletesTheValidOnesBesideAnInvalidOne) {
  Segment s;
  std::vector<int> v(K);
  for (int i = 0; i < K; i++) v[i] = 200 + test_myid() * K + i;
  dart_handle_t hs[3] = {DART_HANDLE_NULL, reinterpret_cast<dart_handle_t>(uintptr_t{0xdeadbeef}),
                         DART_HANDLE_NULL};
  ASSERT_DART_OK(dart_put_handle(next_unit(s.g), v.data(), K, DART_TYPE_INT, DART_TYPE_INT, &hs[0]));
  EXPECT_EQ(DART_ERR_INVAL, dart_waitall(hs, 3));
  EXPECT_EQ(DART_HANDLE_NULL, hs[0]) << "the valid handle completed";
  EXPECT_NE(DART_HANDLE_NULL, hs[1]);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
  expect_from_previous(s, 200);
  ASSERT_DART_OK(dart_barrier(DART_TEAM_ALL));
}

TEST(Handle, NullHandlesAreNoOps) {
  dart_handle_t h = DART_HANDLE_NULL, hs[2] = {DART_HANDLE_NULL, DART_HANDLE_NULL};
  int flag = 0;
  EXPECT_DART_OK(dart_wait(&h));
  EXPECT_DART_OK(dart_wait_local(&h));
  EXPECT_DART_OK(dart_test(&h, &flag));
  EXPECT_EQ(1, flag);
  EXPECT_DART_OK(dart_waitall(hs, 2));
  EXPECT_DART_OK(dart_testall_local(hs, 2, &flag));
  EXPECT_EQ(1, flag);
}

}  // namespace
