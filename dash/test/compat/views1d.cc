// DASH's free-function views on a 1-D array: dash::sub, dash::local,
// dash::index, dash::begin/end, nested, with values and indices checked.
#include <libdash.h>

#include <sstream>

#include "check.h"

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    const std::size_t size = dash::size();
    const std::size_t myid = std::size_t(dash::myid());
    const std::size_t block = 10, n = block * size;
    dash::Array<int> array(n);
    for (std::size_t l = 0; l < array.local.size(); ++l) array.local[l] = int((myid + 1) * 1000 + l);
    array.barrier();
    auto value_at = [&](std::size_t g) { return int((g / block + 1) * 1000 + g % block); };

    // Local: sub(2, 8, local(array)) holds local indices 2..7.
    auto v_local = dash::local(array);
    auto v_subl = dash::sub(2, block - 2, v_local);
    CHECK(v_subl.size() == block - 4 && dash::begin(v_subl) == array.lbegin() + 2);
    CHECK(*dash::begin(dash::index(v_subl)) == 2 && *dash::end(dash::index(v_subl)) == long(block - 2));
    CHECK(*dash::begin(v_subl) == int((myid + 1) * 1000 + 2));
    auto nested = dash::sub(1, 3, v_subl);
    CHECK(nested.size() == 2 && nested[0] == int((myid + 1) * 1000 + 3) && dash::index(nested)[0] == 3);

    // Global: sub of sub, indices and values.
    const std::size_t first = block / 2, last = std::min(n, first + block);
    auto sub_0 = dash::sub(first, last, array);
    CHECK(sub_0.size() == last - first);
    CHECK(dash::index(dash::begin(sub_0)) == long(first) && dash::index(dash::end(sub_0)) == long(last));
    auto sub_1 = dash::sub(2, sub_0.size() - 2, sub_0);
    CHECK(dash::index(dash::begin(sub_1)) == long(first + 2) &&
          dash::index(dash::end(sub_1)) == long(last - 2));
    std::size_t g = first + 2;
    for (auto it = sub_1.begin(); it != sub_1.end(); ++it, ++g) {
      CHECK(dash::index(it) == long(g));
      CHECK(*it == value_at(g));
    }
    auto idx = dash::index(sub_0);
    CHECK(idx.size() == sub_0.size() && *idx.begin() == long(first));

    // local(sub(...)): the calling unit's part of [first, last).
    auto lsub = dash::local(sub_0);
    const std::size_t mine_first = std::max(first, myid * block),
                      mine_last = std::min(last, (myid + 1) * block);
    const std::size_t expect = mine_last > mine_first ? mine_last - mine_first : 0;
    CHECK(lsub.size() == expect);
    if (expect > 0) {
      CHECK(*dash::begin(dash::index(lsub)) == long(mine_first - myid * block));
      CHECK(lsub[0] == value_at(mine_first));
    }
    std::ostringstream os;
    os << dash::begin(sub_0) << " " << dash::end(sub_0);
    CHECK(os.str() == "dash::GlobPtr(gindex: " + std::to_string(first) +
                          ") dash::GlobPtr(gindex: " + std::to_string(last) + ")");

    bool threw = false;
    try {
      dash::sub(3, n + 1, array);
    } catch (const std::out_of_range &) {
      threw = true;
    }
    CHECK(threw);
    array.barrier();
  }
  dash::finalize();
  return compat::result();
}
