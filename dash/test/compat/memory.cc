// Non-collective global memory: dash::memalloc / GlobMemAllocPtr, pointers
// exchanged through a dash::Array, as in DASH's ex.04.memalloc.
#include <libdash.h>

#include <type_traits>

#include "check.h"

int main(int argc, char *argv[]) {
  dash::init(&argc, &argv);
  {
    const std::size_t size = dash::size();
    const auto myid = dash::myid();
    using pointer_t = dash::GlobMemAllocPtr<long>;
    static_assert(std::is_trivially_copyable_v<pointer_t>);

    dash::Array<pointer_t> ptrs(size);
    pointer_t mine = dash::memalloc<long>(8);
    CHECK(bool(mine) && mine.is_local() && !pointer_t());
    for (int i = 0; i < 8; ++i) mine[i] = 100 * long(myid) + i;
    ptrs[myid] = mine;
    dash::barrier();

    // Read the next unit's memory, write into the previous unit's.
    const std::size_t next = (std::size_t(myid) + 1) % size, prev = (std::size_t(myid) + size - 1) % size;
    pointer_t theirs = ptrs[next];
    CHECK(theirs.is_local() == (size == 1));
    for (int i = 0; i < 8; ++i) CHECK(long(theirs[i]) == 100 * long(next) + i);
    CHECK((theirs + 8) - theirs == 8 && *(theirs + 3) == 100 * long(next) + 3);
    dash::barrier();
    pointer_t before = ptrs[prev];
    before[7] = -long(myid);
    dash::barrier();
    CHECK(mine[7] == -long(next));
    dash::barrier();
    dash::memfree(mine);
    bool threw = false;
    try {
      dash::memfree(mine);  // twice
    } catch (const dash::RuntimeError &) {
      threw = true;
    }
    CHECK(threw);
  }
  dash::finalize();
  return compat::result();
}
