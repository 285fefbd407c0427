// DART collectives called directly from a DASH program with DASH's type and
// operation traits (dash::dart_datatype, dash::plus ...), as in DASH's
// ex.10.psort.
#include <libdash.h>

#include <vector>

#include "check.h"

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    const long size = long(dash::size());
    const long myid = long(dash::myid());
    static_assert(dash::dart_datatype<int>::value == DART_TYPE_INT);
    static_assert(dash::dart_datatype<double>::value == DART_TYPE_DOUBLE);
    static_assert(dash::dart_datatype<bool>::value == DART_TYPE_UNDEFINED);
    static_assert(dash::plus<int>().dart_operation() == DART_OP_SUM);
    static_assert(dash::max<int>::dart_operation() == DART_OP_MAX);
    CHECK(dash::plus<int>()(2, 3) == 5 && dash::min<int>()(2, 3) == 2 && dash::multiply<int>()(2, 3) == 6);
    CHECK(dash::bit_xor<int>()(6, 3) == 5);

    dash::Array<long> histo(4 * dash::size());
    for (std::size_t i = 0; i < histo.lsize(); ++i) histo.lbegin()[i] = myid + long(i);
    std::vector<long> sum(histo.lsize()), max(histo.lsize());
    CHECK(dart_allreduce(histo.lbegin(), sum.data(), histo.lsize(), dash::dart_datatype<long>::value,
                         dash::plus<long>().dart_operation(), dash::Team::All().dart_id()) == DART_OK);
    CHECK(dart_allreduce(histo.lbegin(), max.data(), histo.lsize(), dash::dart_datatype<long>::value,
                         dash::max<long>().dart_operation(), dash::Team::All().dart_id()) == DART_OK);
    for (std::size_t i = 0; i < sum.size(); ++i) {
      CHECK(sum[i] == size * (size - 1) / 2 + size * long(i));
      CHECK(max[i] == size - 1 + long(i));
    }
    CHECK(dash::reduce(histo.begin(), histo.end(), 0L, dash::plus<long>()) ==
          4 * (size * (size - 1) / 2) + size * 6);
  }
  dash::finalize();
  return compat::result();
}
