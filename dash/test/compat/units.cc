// Unit ids and teams as DASH programs use them: dash::myid() is a
// global_unit_t, Team::myid() a team_unit_t; both compare with integers of
// any signedness and serve as indices.
#include <libdash.h>

#include <type_traits>
#include <vector>

#include "check.h"

// Numbers become unit ids only explicitly, and ids of one scope become ids
// of the other only explicitly.
static_assert(!std::is_convertible_v<int, dash::global_unit_t>);
static_assert(std::is_constructible_v<dash::global_unit_t, int>);
static_assert(!std::is_convertible_v<dash::team_unit_t, dash::global_unit_t>);
static_assert(std::is_constructible_v<dash::global_unit_t, dash::team_unit_t>);
static_assert(dash::global_unit_t{3}.id == 3);
static_assert(dash::global_unit_t{} == dash::UNDEFINED_GLOBAL_UNIT_ID);

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    auto myid = dash::myid();
    static_assert(std::is_same_v<decltype(myid), dash::global_unit_t>);
    static_assert(std::is_same_v<decltype(dash::Team::All().myid()), dash::team_unit_t>);
    static_assert(std::is_same_v<decltype(dash::size()), std::size_t>);
    std::size_t size = dash::size();

    CHECK(myid.id >= 0 && myid < size);
    CHECK(dash::Team::All().myid().id == myid.id);
    CHECK(dash::Team::GlobalUnitID() == myid);
    CHECK(dash::Team::All().global_id(dash::Team::All().myid()) == myid);
    CHECK(dash::Team::All().size() == size);

    // Integer comparisons by value: the last unit is size - 1 (unsigned).
    CHECK((myid == size - 1) == (int(myid) + 1 == int(size)));
    CHECK(myid != -1 && myid > -1 && -1 < myid && myid >= 0u && myid <= size - 1);
    dash::global_unit_t zero{0};
    CHECK((myid == zero) == (myid == 0));

    // As an index and in arithmetic, like the number it holds.
    std::vector<int> per_unit(size, 0);
    per_unit[myid] = 1;
    CHECK(per_unit[std::size_t(myid.id)] == 1);
    CHECK(myid + 1 == myid.id + 1);

    // Iterating over units.
    std::size_t n = 0;
    for (dash::global_unit_t u{0}; u < dash::size(); ++u) ++n;
    CHECK(n == size);

    // A sub-team: ids relative to it, mapped back to global ids.
    dash::Team &all = dash::Team::All();
    dash::Team half = all.split(2);
    dash::team_unit_t tid = half.myid();
    CHECK(tid < half.size());
    CHECK(half.global_id(tid) == myid);
    half.barrier();
    dash::barrier();
  }
  dash::finalize();
  return compat::result();
}
