// DASH programs use standard library names that DASH's libdash.h brings in
// without including their headers (dash-apps' cowichan reads its input
// with std::ifstream). This program includes only <libdash.h> and uses a
// name from each standard header DASH's libdash.h includes (its list at
// DASH's last development commit, HDF5 off): that it compiles is the test.
#include <libdash.h>

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  std::vector<int> v{3, 1, 2};
  std::sort(v.begin(), v.end());                                     // <algorithm>
  std::array<int, 2> a{{1, 2}};                                      // <array>
  std::atomic<int> counter{0};                                       // <atomic>
  assert(v.front() == 1);                                            // <cassert>
  int upper = std::toupper('a') + std::abs(-1) + INT_MAX / INT_MAX;  // <cctype> <cstdlib> <climits>
  double root = std::sqrt(4.0);                                      // <cmath>
  std::condition_variable cv;                                        // <condition_variable>
  std::size_t n = std::strlen("ab");                                 // <cstring> <cstddef>
  std::int64_t wide = 1;                                             // <cstdint>
  std::printf("%s", "");                                             // <cstdio>
  std::time_t now = std::time(nullptr);                              // <ctime>
  std::ifstream in("/nonexistent");                                  // <fstream>
  std::function<int()> f = [] { return 1; };                         // <functional>
  std::future<int> fut = std::async(std::launch::deferred, f);       // <future>
  std::stringstream ss;                                              // <sstream>
  ss << std::setw(3) << 1 << std::endl;                              // <iomanip> <ostream>
  std::list<int> l{1};                                               // <list>
  std::map<int, int> m{{1, 2}};                                      // <map>
  std::set<int> s{1};                                                // <set>
  std::unordered_map<int, int> um{{1, 2}};                           // <unordered_map>
  std::unique_ptr<int> p = std::make_unique<int>(1);                 // <memory>
  std::mutex mx;                                                     // <mutex>
  int sum = std::accumulate(v.begin(), v.end(), 0);                  // <numeric>
  std::scoped_allocator_adaptor<std::allocator<int>> alloc;          // <scoped_allocator>
  std::string str = std::to_string(1);                               // <string>
  std::string_view sv = str;                                         // <string_view>
  std::thread t([] {});                                              // <thread>
  t.join();
  auto tup = std::make_tuple(1, 2);                                               // <tuple>
  bool arith = std::is_arithmetic_v<int> && std::numeric_limits<int>::max() > 0;  // <type_traits> <limits>
  std::pair<int, int> pr = std::make_pair(1, 2);                                  // <utility>
  bool ok = a[1] == 2 && counter == 0 && upper > 0 && root == 2.0 && n == 2 && wide == 1 && now > 0 && !in &&
            fut.get() == 1 && l.size() == 1 && m.at(1) == 2 && s.count(1) == 1 && um.at(1) == 2 && *p == 1 &&
            sum == 6 && alloc == alloc && sv == "1" && std::get<1>(tup) == 2 && arith && pr.second == 2;
  std::cout << (ok ? "" : "std_headers: unexpected values\n");  // <iostream>
  {
    std::lock_guard<std::mutex> lock(mx);
    cv.notify_all();
  }
  dash::finalize();
  return ok ? 0 : 1;
}
