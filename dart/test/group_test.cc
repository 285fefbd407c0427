// Groups: local, always sorted by absolute unit id.
#include <vector>

#include "dart_test.h"

namespace {
std::vector<dart_unit_t> members(dart_group_t g) {
  size_t n = 0;
  dart_group_size(g, &n);
  std::vector<dart_unit_t> v(n);
  dart_group_getmembers(g, v.data());
  return v;
}
}  // namespace

TEST(Group, AddKeepsAscendingOrderAndIgnoresDuplicates) {
  int n = test_size();
  dart_group_t g;
  ASSERT_DART_OK(dart_group_create(&g));
  for (int u = n - 1; u >= 0; u--) {  // odd ones descending, then even ascending
    if (u % 2) {
      ASSERT_DART_OK(dart_group_addmember(g, u));
    }
  }
  for (int u = 0; u < n; u += 2) ASSERT_DART_OK(dart_group_addmember(g, u));
  ASSERT_DART_OK(dart_group_addmember(g, 0));
  std::vector<dart_unit_t> expect;
  for (int u = 0; u < n; u++) expect.push_back(u);
  EXPECT_EQ(expect, members(g));
  int is = 0;
  ASSERT_DART_OK(dart_group_ismember(g, n - 1, &is));
  EXPECT_EQ(1, is);
  ASSERT_DART_OK(dart_group_delmember(g, 0));
  ASSERT_DART_OK(dart_group_ismember(g, 0, &is));
  EXPECT_EQ(0, is);
  EXPECT_EQ(DART_ERR_NOTFOUND, dart_group_delmember(g, 0));
  EXPECT_EQ(DART_ERR_INVAL, dart_group_addmember(g, n));  // out of range
  EXPECT_EQ(DART_ERR_INVAL, dart_group_addmember(g, -1));
  ASSERT_DART_OK(dart_group_destroy(&g));
  EXPECT_EQ(nullptr, g);
  EXPECT_EQ(DART_ERR_INVAL, dart_group_destroy(&g));
}

TEST(Group, UnionIntersectCloneSplit) {
  int n = test_size();
  dart_group_t even, odd, all, none, copy;
  dart_group_create(&even);
  dart_group_create(&odd);
  for (int u = 0; u < n; u++) dart_group_addmember(u % 2 ? odd : even, u);
  ASSERT_DART_OK(dart_group_union(odd, even, &all));
  ASSERT_DART_OK(dart_group_intersect(odd, even, &none));
  ASSERT_DART_OK(dart_group_clone(all, &copy));
  std::vector<dart_unit_t> expect;
  for (int u = 0; u < n; u++) expect.push_back(u);
  EXPECT_EQ(expect, members(all));
  EXPECT_EQ(expect, members(copy));
  EXPECT_TRUE(members(none).empty());

  dart_group_t parts[3];
  size_t nout = 0;
  ASSERT_DART_OK(dart_group_split(all, 3, &nout, parts));
  ASSERT_EQ(3u, nout);
  std::vector<dart_unit_t> joined;
  for (auto &p : parts) {
    auto m = members(p);
    EXPECT_LE(m.size(), static_cast<size_t>((n + 2) / 3));
    joined.insert(joined.end(), m.begin(), m.end());  // consecutive members
    dart_group_destroy(&p);
  }
  EXPECT_EQ(expect, joined);
  EXPECT_EQ(DART_ERR_INVAL, dart_group_split(all, 0, &nout, parts));
  for (dart_group_t *g : {&even, &odd, &all, &none, &copy}) dart_group_destroy(g);
}
