// What dash-project/dash-apps' applications (DASH's own application codes)
// call beside the other compat programs, each once a compile error here:
// - LULESH: `pattern.global_index(team_unit_t(rank), {offs})` (branch
//   lulesh-fixes) and `global_index(rank, {offs})` with an int rank
//   (branch bench-lulesh, DASH before team_unit_t): the global index of a
//   unit's local coordinates, never ambiguous with a braced list;
// - HPCCG (branch hpccg-coarray): a `dash::Coarray<double[]>` member,
//   default-constructed and allocated later with allocate(n);
// - Barnes-Hut (branch feat-barnes-hut): GlobPtr<Derived> converts to
//   GlobPtr<Base> (not the other way, not between unrelated types), and
//   <dash/util/Trace.h> brings <iostream> and DASH's other standard headers.
#include <libdash.h>

#include <array>
#include <type_traits>

#include "check.h"

// LULESH's message offsets: every unit's local element `l` is found
// through its local coordinates {l} (1-D) or {{i, j}} (2-D).
static void check_global_index_of_local_coords() {
  const auto me = dash::myid();
  const std::size_t nunits = dash::size();
  dash::Array<long> arr(5 * nunits + 3);
  for (std::size_t l = 0; l < arr.lsize(); ++l) arr.lbegin()[l] = long(me) * 1000 + long(l);
  arr.barrier();
  const auto &pat = arr.pattern();
  for (std::size_t u = 0; u < nunits; ++u)
    for (long l = 0; l < long(pat.local_size(dash::team_unit_t(u))); ++l) {
      int rank = int(u);
      auto offs = l;
      CHECK(long(arr.begin()[pat.global_index(dash::team_unit_t(rank), {offs})]) == long(u) * 1000 + l);
      CHECK(pat.global_index(rank, {offs}) == pat.global_index(dash::team_unit_t(rank), {offs}));
    }

  dash::Matrix<long, 2> m(dash::SizeSpec<2>(2 * nunits + 1, 5));
  const auto &mp = m.pattern();
  for (long i = 0; i < long(mp.local_extent(0)); ++i)
    for (long j = 0; j < long(mp.local_extent(1)); ++j)
      m.lbegin()[mp.local_at(std::array<long, 2>{{i, j}})] = long(me) * 1000 + i * 10 + j;
  m.barrier();
  for (std::size_t u = 0; u < nunits; ++u) {
    auto ext = mp.local_extents(dash::team_unit_t(u));
    for (long i = 0; i < long(ext[0]); ++i)
      for (long j = 0; j < long(ext[1]); ++j)
        CHECK(long(m.begin()[mp.global_index(dash::team_unit_t(u), {{i, j}})]) ==
              long(u) * 1000 + i * 10 + j);
  }
  m.barrier();
}

// HPCCG's halo buffer: a Coarray<double[]> member, allocated later.
struct SparseMatrix {
  dash::Coarray<double[]> data;
};

static void check_open_extent_coarray() {
  SparseMatrix a;
  CHECK(a.data.size() == 0);
  a.data.allocate(4);
  CHECK(a.data.local_size() == 4);
  for (int i = 0; i < 4; ++i) a.data.lbegin()[i] = double(dash::myid()) + i / 10.0;
  a.data.barrier();
  const int right = (int(dash::myid()) + 1) % int(dash::size());
  CHECK(double(a.data(right)[3]) == right + 0.3);
  a.data.barrier();
  dash::Coarray<int[]> b(dash::Team::All());  // the team constructor as well
  CHECK(b.size() == 0);
}

// Barnes-Hut's tree: bodies and cells are nodes.
struct Node {
  long type;
  double mass;
};
struct Body : Node {
  double vel[3];
};
struct Other {
  long x;
};
struct Tagged : Other, Node {  // Node at a non-zero offset
  long tag;
};
static_assert(std::is_convertible_v<dash::GlobPtr<Body>, dash::GlobPtr<Node>>);
static_assert(std::is_convertible_v<dash::GlobPtr<Body>, dash::GlobPtr<const Node>>);
static_assert(std::is_convertible_v<dash::GlobPtr<Tagged>, dash::GlobPtr<Node>>);
static_assert(!std::is_convertible_v<dash::GlobPtr<Node>, dash::GlobPtr<Body>>);
static_assert(!std::is_convertible_v<dash::GlobPtr<const Body>, dash::GlobPtr<Node>>);
static_assert(!std::is_convertible_v<dash::GlobPtr<Body>, dash::GlobPtr<Other>>);
static_assert(!std::is_convertible_v<dash::GlobPtr<int>, dash::GlobPtr<long>>);

static void check_globptr_to_base() {
  const std::size_t nunits = dash::size();
  dash::Array<Body> bodies(2 * nunits);
  dash::Array<Tagged> tagged(nunits);
  for (std::size_t l = 0; l < bodies.lsize(); ++l) {
    long g = long(bodies.pattern().global(l));
    bodies.lbegin()[l] = Body{{g, 0.5 * double(g)}, {1, 2, 3}};
  }
  for (std::size_t l = 0; l < tagged.lsize(); ++l) {
    long g = long(tagged.pattern().global(l));
    tagged.lbegin()[l] = Tagged{{-1}, {g + 100, 2.0 * double(g)}, -2};
  }
  bodies.barrier();
  for (long g = 0; g < long(bodies.size()); ++g) {
    dash::GlobPtr<Node> n = bodies.begin() + g;
    Node v = *n;
    CHECK(v.type == g && v.mass == 0.5 * double(g));
    CHECK(long((*n).member(&Node::type)) == g);
    dash::GlobPtr<const Node> c = bodies.begin() + g;
    CHECK(Node(*c).type == g);
  }
  for (long g = 0; g < long(tagged.size()); ++g) {
    dash::GlobPtr<Node> n = tagged.begin() + g;
    Node v = *n;
    CHECK(v.type == g + 100 && v.mass == 2.0 * double(g));
  }
  CHECK(!dash::GlobPtr<Node>(dash::GlobPtr<Body>()));  // null stays null
  CHECK(!dash::GlobPtr<Node>(bodies.end()));
  bodies.barrier();
}

// apps_trace.cc: <dash/util/Trace.h> alone.
void compat_apps_trace_header();

int main(int argc, char **argv) {
  dash::init(&argc, &argv);
  check_global_index_of_local_coords();
  check_open_extent_coarray();
  check_globptr_to_base();
  if (dash::myid() == 0) compat_apps_trace_header();
  dash::finalize();
  return compat::result();
}
