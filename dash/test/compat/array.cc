// dash::Array as DASH programs use it: the constructor forms, DASH's
// template parameters, delayed allocation, the local range, algorithms;
// only per-concept DASH headers.
#include <dash/Init.h>
#include <dash/Team.h>
#include <dash/Array.h>
#include <dash/Pattern.h>
#include <dash/algorithm/Fill.h>
#include <dash/algorithm/MinMax.h>

#include <type_traits>

#include "check.h"

using pattern_t = dash::Array<int>::pattern_type;
static_assert(std::is_same_v<dash::Array<int, long, dash::Pattern<1>>, dash::Array<int>>);
static_assert(std::is_signed_v<pattern_t::index_type>);
static_assert(std::is_signed_v<dash::Array<int>::index_type>);

// Declared before dash::init, allocated after it.
dash::Array<int> delayed;

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    const std::size_t size = dash::size(), n = 10 * size;
    auto myid = dash::myid();

    pattern_t pat(n);
    dash::Array<int> arr1(n);
    dash::Array<int> arr2(n, dash::BLOCKED);
    dash::Array<int> arr3(n, dash::Team::All());
    dash::Array<int> arr4(n, dash::BLOCKED, dash::Team::All());
    dash::Array<int> arr5(pat);
    dash::Array<int> arr6(pattern_t(n, dash::CYCLIC, dash::Team::All()));
    CHECK(pat.size() == n && pat.nunits() == size);
    CHECK(arr5.pattern() == arr1.pattern() && arr4.pattern() == arr1.pattern());
    CHECK(arr6.pattern().owner(std::size_t(1)) == 1 % size);

    // The local part: lsize() elements from lbegin() to lend().
    CHECK(arr1.lsize() == 10 && arr1.local_size() == 10);
    CHECK(arr1.lend() - arr1.lbegin() == 10 && arr1.lbegin() == arr1.local.begin());
    for (std::size_t i = 0; i < arr1.local.size(); ++i) arr1.local[i] = myid;
    dash::fill(arr2.begin(), arr2.end(), 7);
    if (myid == 0)
      for (std::size_t i = 0; i < arr3.size(); ++i) arr3[i] = int(i);
    dash::barrier();
    if (myid == size - 1) {
      std::size_t i = 0;
      for (auto el : arr1) CHECK(int(el) == int(i++ / 10));
      for (std::size_t k = 0; k < n; ++k) CHECK(arr2[k] == 7 && arr3[k] == int(k));
    }
    CHECK(*dash::min_element(arr3.begin(), arr3.end()) == 0);
    CHECK(dash::min_element(arr3.begin() + 1, arr3.end()) == arr3.begin() + 1);

    // Delayed allocation, with the arguments of any constructor.
    CHECK(!delayed.is_allocated());
    delayed.allocate(n, dash::BLOCKED);
    CHECK(delayed.is_allocated() && delayed.size() == n && delayed.lsize() == 10);
    dash::Array<int> later;
    later.allocate(pat);
    CHECK(later.size() == n);
    later.allocate(2 * n);  // releases the first allocation
    CHECK(later.size() == 2 * n && later.lsize() == 20);
    delayed.deallocate();
    CHECK(!delayed.is_allocated());
    dash::barrier();
  }
  dash::finalize();
  return compat::result();
}
