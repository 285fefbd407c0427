// Members of DASH classes that DASH programs call and the other compat
// programs do not: pattern has_local_elements / local_block_local /
// viewspec_type, LocalMatrixRef local_at / local_size / local_capacity /
// team / reverse iterators, 1-D global(unit, local index), Team::Get, unit_id assignment and compound
// operators, UnitLocality set_host / set_domain_tag. Expected values are computed by
// brute force from the pattern's element-wise mapping.
#include <libdash.h>

#include <iterator>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "check.h"

template <typename PatternT>
static void check_pattern_members(const PatternT &p) {
  static_assert(std::is_same_v<typename PatternT::viewspec_type, dash::ViewSpec<2>>);
  const auto units = p.num_units();
  const dash::ViewSpec<2> whole;  // offsets 0
  // has_local_elements(d, x, u, vs): u owns an element with coordinate x in d.
  for (dash::dim_t d = 0; d < 2; ++d)
    for (long x = 0; x < long(p.extent(d)); ++x)
      for (std::size_t u = 0; u < units; ++u) {
        bool owns = false;
        for (long i = 0; i < long(p.extent(0)); ++i)
          for (long j = 0; j < long(p.extent(1)); ++j) {
            std::array<long, 2> c{{i, j}};
            if (c[d] == x && p.unit_at(c) == dash::team_unit_t(u)) owns = true;
          }
        CHECK(p.has_local_elements(d, x, dash::team_unit_t(u), whole) == owns);
      }
  // With a viewspec the offset is relative to the view's.
  dash::ViewSpec<2> shifted({{1, 0}}, {{p.extent(0) - 1, p.extent(1)}});
  for (std::size_t u = 0; u < units; ++u)
    CHECK(p.has_local_elements(0, 0, dash::team_unit_t(u), shifted) ==
          p.has_local_elements(0, 1, dash::team_unit_t(u), whole));
  CHECK(!p.has_local_elements(0, long(p.extent(0)), dash::team_unit_t(0), whole));

  // local_block_local(lb): the block in local coordinates of the calling unit.
  for (std::size_t lb = 0; lb < p.local_blockspec().size(); ++lb) {
    auto global_block = p.local_block(lb);
    auto local_block = p.local_block_local(long(lb));
    CHECK(local_block.extents() == global_block.extents());
    std::array<long, 2> loffs = local_block.offsets();
    CHECK(p.global(loffs) == global_block.offsets());
  }
}

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    const std::size_t size = dash::size();
    const auto myid = dash::myid();

    dash::Pattern<2> blocked(dash::SizeSpec<2>(2 * size + 1, 5),
                             dash::DistributionSpec<2>(dash::BLOCKED, dash::NONE));
    check_pattern_members(blocked);
    dash::Pattern<2> cyclic(dash::SizeSpec<2>(7, 4),
                            dash::DistributionSpec<2>(dash::CYCLIC, dash::BLOCKCYCLIC(2)),
                            dash::TeamSpec<2>(size, 1));
    check_pattern_members(cyclic);
    dash::TilePattern<2> tiled(dash::SizeSpec<2>(4 * size, 4),
                               dash::DistributionSpec<2>(dash::TILE(2), dash::TILE(2)));
    check_pattern_members(tiled);

    // LocalMatrixRef: the unit's whole local part through any sub-ref.
    dash::Matrix<int> m(dash::SizeSpec<2>(2 * size, 3));
    for (std::size_t i = 0; i < m.lsize(); ++i) m.lbegin()[i] = int(100 * myid + i);
    auto row = m.local.row(1);
    CHECK(row.local_size() == m.lsize());
    CHECK(row.local_at(m.lsize() - 1) == int(100 * myid + m.lsize() - 1));
    CHECK(m.local.local_capacity() == m.pattern().local_capacity());
    CHECK(m.local.team() == dash::Team::All());
    bool threw = false;
    try {
      m.local.local_at(m.lsize());
    } catch (const std::out_of_range &) {
      threw = true;
    }
    CHECK(threw);
    dash::Array<int> a(3 * size);
    for (std::size_t i = 0; i < a.lsize(); ++i) a.local[i] = int(i);
    using local_t = decltype(a.local);
    typename local_t::reverse_iterator rit(a.local.end());
    CHECK(*rit == int(a.lsize() - 1));
    CHECK(std::distance(rit, typename local_t::reverse_iterator(a.local.begin())) == long(a.lsize()));

    // 1-D pattern: global(unit, local index), as DASH's Array pattern has it;
    // checked against where the elements' values land.
    dash::Array<long> g(5 * size + 3, dash::BLOCKCYCLIC(2));
    for (std::size_t i = 0; i < g.lsize(); ++i)
      g.local[i] = long(g.pattern().global(dash::team_unit_t(myid), long(i)));
    g.barrier();
    for (std::size_t i = 0; i < g.size(); ++i) CHECK(long(g[i]) == long(i));
    g.barrier();

    // Team::Get: All, Null, and kept parts of a split.
    CHECK(dash::Team::Get(DART_TEAM_ALL) == dash::Team::All());
    CHECK(dash::Team::Get(DART_TEAM_NULL).is_null());
    if (size > 1) {
      dash::Team &part = dash::Team::All().split(2);
      CHECK(dash::Team::Get(part.dart_id()) == part);
    }
    threw = false;
    try {
      dash::Team::Get(dart_team_t(1) << 40);
    } catch (const std::invalid_argument &) {
      threw = true;
    }
    CHECK(threw);
    // unit_id: assignment from a number and the compound operators.
    dash::team_unit_t u;
    u = 7;
    CHECK(u.id == 7);
    u *= 3;
    CHECK(u.id == 21);
    u /= 2;
    CHECK(u.id == 10);
    u %= 4;
    CHECK(u.id == 2);
    static_assert(std::is_same_v<dash::team_unit_t::self_t, dash::team_unit_t>);
    static_assert(!std::is_assignable_v<dash::team_unit_t &, dash::global_unit_t>);

    // UnitLocality setters change the runtime's record, seen by later objects.
    {
      dash::util::UnitLocality me;
      const std::string host = me.host(), tag = me.domain_tag();
      me.set_host("mock-host");
      CHECK(dash::util::UnitLocality().host() == "mock-host");
      me.set_host(host);
      CHECK(dash::util::UnitLocality().host() == host);
      me.set_domain_tag(tag + "");
      CHECK(me.domain_tag() == tag);
      threw = false;
      try {
        me.set_host(std::string(4096, 'x'));
      } catch (const std::length_error &) {
        threw = true;
      }
      CHECK(threw && dash::util::UnitLocality().host() == host);
    }

    dash::barrier();
  }
  dash::finalize();
  return compat::result();
}
