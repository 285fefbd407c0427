#ifndef LIBDASH_H
#define LIBDASH_H

// DASH: distributed data structures and parallel algorithms in C++17 on the
// DART runtime. Include this header only (DASH's name for the whole
// library; the per-concept headers have DASH's names too, e.g.
// <dash/Array.h>). It also gives DART in the form DASH programs call it
// (<dash/dart/if/dart.h>) and the standard headers DASH programs get
// through it (<cassert>, <iomanip>).
//
//   #include <libdash.h>
//   int main(int argc, char** argv) {
//     dash::InitGuard guard(&argc, &argv);
//     dash::Array<int> arr(100);
//     dash::fill(arr.begin(), arr.end(), 0);
//     std::fill(arr.local.begin(), arr.local.end(), int(dash::myid()));
//     arr.barrier();
//     if (dash::myid() == 0) arr[99] += 1;   // atomic
//   }

#include <cassert>
#include <iomanip>

#include <dash/dart/if/dart.h>
#include <dash/Exception.h>
#include <dash/Init.h>
#include <dash/Types.h>
#include <dash/Team.h>

#include <dash/Cartesian.h>
#include <dash/Distribution.h>
#include <dash/Pattern.h>
#include <dash/pattern/CSRPattern.h>
#include <dash/pattern/MakePattern.h>
#include <dash/pattern/PatternIterator.h>
#include <dash/pattern/PatternProperties.h>
#include <dash/pattern/PatternTraits.h>
#include <dash/pattern/BlockPattern.h>
#include <dash/pattern/SeqTilePattern.h>
#include <dash/pattern/ShiftTilePattern.h>
#include <dash/pattern/TilePattern.h>
#include <dash/Dimensional.h>
#include <dash/TeamSpec.h>

#include <dash/GlobPtr.h>
#include <dash/GlobRef.h>
#include <dash/local_view.h>
#include <dash/Array.h>
#include <dash/Matrix.h>
#include <dash/Range.h>
#include <dash/View.h>
#include <dash/view/IndexSet.h>
#include <dash/view/Local.h>
#include <dash/view/Sub.h>

#include <dash/Atomic.h>
#include <dash/Coarray.h>
#include <dash/List.h>
#include <dash/Memory.h>
#include <dash/Mutex.h>
#include <dash/Shared.h>
#include <dash/SharedCounter.h>
#include <dash/UnorderedMap.h>

#include <dash/Algorithm.h>
#include <dash/Future.h>
#include <dash/halo/Halo.h>
#include <dash/halo/HaloMatrixWrapper.h>
#include <dash/io/HDF5.h>

#include <dash/internal/Logging.h>
#include <dash/dart/if/dart_locality.h>
#include <dash/util/BenchmarkParams.h>
#include <dash/util/Config.h>
#include <dash/util/LocalityJSONPrinter.h>
#include <dash/util/UnitLocality.h>
#include <dash/util/Timer.h>

#endif  // LIBDASH_H
