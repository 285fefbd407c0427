#ifndef DASH_DASH_H
#define DASH_DASH_H

// DASH: distributed data structures and parallel algorithms in C++17 on the
// DART runtime. Include this header only.
//
//   #include <dash/dash.h>
//   int main(int argc, char** argv) {
//     dash::InitGuard guard(&argc, &argv);
//     dash::Array<int> arr(100);
//     dash::fill(arr.begin(), arr.end(), 0);
//     std::fill(arr.local.begin(), arr.local.end(), int(dash::myid()));
//     arr.barrier();
//     if (dash::myid() == 0) arr[99] += 1;   // atomic
//   }

#include <dash/exception.h>
#include <dash/init.h>
#include <dash/team.h>

#include <dash/pattern/distribution.h>
#include <dash/pattern/pattern.h>
#include <dash/pattern/team_spec.h>

#include <dash/glob_ptr.h>
#include <dash/glob_ref.h>
#include <dash/local_view.h>
#include <dash/narray.h>
#include <dash/view.h>

#include <dash/atomic.h>
#include <dash/mutex.h>
#include <dash/shared.h>

#include <dash/algorithm.h>
#include <dash/future.h>
#include <dash/halo.h>

#endif  // DASH_DASH_H
