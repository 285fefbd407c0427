// dash::util::Locality and Team::locality_split: a node-level / unit-level
// hierarchy, containers on a node team, and the errors.
#include <dash/util/Locality.h>

#include "dash_test.h"

namespace {

using dash::util::Locality;

TEST(Locality, NodeTeamHoldsTheUnitsOfMyNode) {
  int nodes = Locality::NumNodes(), my_node = Locality::MyNode();
  ASSERT_GE(nodes, 1);
  ASSERT_LT(my_node, nodes);
  EXPECT_EQ(static_cast<std::size_t>(nodes), dash::Team::All().num_domains(Locality::Scope::Node));
  dash::Team node = dash::Team::All().locality_split(Locality::Node, nodes);
  // Every member is on my node: their node ids, gathered through an array.
  dash::Array<int> node_ids(dash::size());
  node_ids[dash::myid()] = my_node;
  node_ids.barrier();
  std::size_t expected = 0;
  for (std::size_t u = 0; u < dash::size(); ++u) expected += node_ids[u] == my_node;
  EXPECT_EQ(expected, node.size());
  for (std::size_t r = 0; r < node.size(); ++r)
    EXPECT_EQ(my_node, static_cast<int>(node_ids[node.global_id(dash::team_unit_t(r)).id]));

  // A container on the node team: each member writes its slot, all read all.
  dash::Array<long> a(node.size(), node);
  a[node.myid().id] = static_cast<long>(dash::myid()) * 10;
  a.barrier();
  for (std::size_t r = 0; r < node.size(); ++r)
    EXPECT_EQ(static_cast<long>(node.global_id(dash::team_unit_t(r)).id) * 10, static_cast<long>(a[r]));

  // The unit level under it: singletons.
  dash::Team unit = node.locality_split(Locality::Scope::Unit, node.size());
  EXPECT_EQ(1u, unit.size());
  EXPECT_EQ(node, unit.parent());
  node_ids.barrier();
}

TEST(Locality, ScopesAndErrors) {
  EXPECT_EQ(1u, dash::Team::All().num_domains(Locality::Global));
  EXPECT_EQ(dash::size(), dash::Team::All().num_domains(Locality::Core));  // finer than NUMA: units
  std::size_t numa = dash::Team::All().num_domains(Locality::NUMA);
  EXPECT_GE(numa, static_cast<std::size_t>(Locality::NumNodes()));
  EXPECT_GE(Locality::MyNUMA(), 0);
  EXPECT_THROW(dash::Team::All().locality_split(Locality::Node, 0), std::invalid_argument);
  EXPECT_THROW(dash::Team::All().locality_split(Locality::Unit, dash::size() + 1), std::invalid_argument);
  EXPECT_THROW(dash::Team::All().locality_split(Locality::Undefined, 1), std::invalid_argument);
  dash::barrier();  // still in step
}

}  // namespace
