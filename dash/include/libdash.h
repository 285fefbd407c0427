#ifndef LIBDASH_H
#define LIBDASH_H

// DASH: distributed data structures and parallel algorithms in C++17 on the
// DART runtime. Include this header only (DASH's name for the whole
// library; the per-concept headers have DASH's names too, e.g.
// <dash/Array.h>). It also gives DART in the form DASH programs call it
// (<dash/dart/if/dart.h>) and every standard header DASH's libdash.h
// brings in, which DASH programs rely on without including them
// (<cassert>, <fstream>, <iomanip>, ...; checked against DASH's list).
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
#include <condition_variable>
#include <fstream>
#include <future>
#include <iomanip>
#include <scoped_allocator>

#include <dash/dart/if/dart.h>
#include <dash/Exception.h>
#include <dash/Init.h>
#include <dash/Types.h>
#include <dash/Team.h>
#include <dash/Domain.h>
#include <dash/internal/Unit.h>

#include <dash/Cartesian.h>
#include <dash/Distribution.h>
#include <dash/Pattern.h>
#include <dash/pattern/CSRPattern.h>
#include <dash/pattern/DynamicPattern.h>
#include <dash/pattern/LoadBalancePattern.h>
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
#include <dash/GlobAsyncRef.h>
#include <dash/GlobSharedRef.h>
#include <dash/Iterator.h>
#include <dash/ReadAheadScope.h>
#include <dash/Pair.h>
#include <dash/Deferred.h>
#include <dash/LaunchPolicy.h>
#include <dash/meta/TypeInfo.h>
#include <dash/matrix/LocalMatrixRef.h>
#include <dash/matrix/MatrixRef.h>
#include <dash/matrix/MatrixRefView.h>
#include <dash/Array.h>
#include <dash/Matrix.h>
#include <dash/Range.h>
#include <dash/HView.h>
#include <dash/View.h>
#include <dash/view/IndexSet.h>
#include <dash/view/Local.h>
#include <dash/view/Sub.h>

#include <dash/Atomic.h>
#include <dash/Coarray.h>
#include <dash/Coevent.h>
#include <dash/Comutex.h>
#include <dash/coarray/CoEventIter.h>
#include <dash/coarray/CoEventRef.h>
#include <dash/coarray/Utils.h>
#include <dash/Container.h>
#include <dash/List.h>
#include <dash/list/GlobListIter.h>
#include <dash/list/ListRef.h>
#include <dash/list/LocalListRef.h>
#include <dash/list/internal/ListTypes.h>
#include <dash/Memory.h>
#include <dash/Allocator.h>
#include <dash/Meta.h>
#include <dash/memory/GlobLocalMemoryPool.h>
#include <dash/memory/GlobMemPtr.h>
#include <dash/memory/GlobHeapMem.h>
#include <dash/memory/GlobStaticMem.h>
#include <dash/memory/MemorySpace.h>
#include <dash/memory/SimpleMemoryPoolResource.h>
#include <dash/memory/UniquePtr.h>
#include <dash/Onesided.h>
#include <dash/Mutex.h>
#include <dash/Shared.h>
#include <dash/SharedCounter.h>
#include <dash/UnorderedMap.h>
#include <dash/map/HashPolicy.h>
#include <dash/map/HashTableMap.h>
#include <dash/map/UnitStoreMap.h>
#include <dash/map/UnorderedMap.h>
#include <dash/map/UnorderedMapGlobIter.h>
#include <dash/map/UnorderedMapLocalIter.h>
#include <dash/map/UnorderedMapLocalRef.h>
#include <dash/tools/Colorspace.h>

#include <dash/Algorithm.h>
#include <dash/Future.h>
#include <dash/Meta.h>
#include <dash/Pair.h>
#include <dash/halo/Halo.h>
#include <dash/halo/CoordinateAccess.h>
#include <dash/halo/HaloMatrixWrapper.h>
#include <dash/halo/HaloMemory.h>
#include <dash/halo/Region.h>
#include <dash/halo/Stencil.h>
#include <dash/halo/StencilOperator.h>
#include <dash/halo/Types.h>
#include <dash/halo/iterator/StencilIterator.h>
#include <dash/IO.h>
#include <dash/LaunchPolicy.h>
// HDF5 I/O only in builds with parallel HDF5 (as DASH: the flags from
// dash.pc or the DART::dash target define DASH_ENABLE_HDF5 when it has it).
#ifdef DASH_ENABLE_HDF5
#include <dash/io/HDF5.h>
#include <dash/io/IOStream.h>
#include <dash/io/hdf5/IOManip.h>
#include <dash/io/hdf5/IOStream.h>
#include <dash/io/hdf5/InputStream.h>
#include <dash/io/hdf5/OutputStream.h>
#include <dash/io/hdf5/StorageDriver.h>
#endif

#include <dash/internal/Annotation.h>
#include <dash/internal/Logging.h>
#include <dash/internal/Macro.h>
#include <dash/internal/Math.h>
#include <dash/util/ArrayExpr.h>
#include <dash/util/FunctionalExpr.h>
#include <dash/util/IndexSequence.h>
#include <dash/util/UniversalMember.h>
#include <dash/dart/if/dart_locality.h>
#include <dash/util/BenchmarkParams.h>
#include <dash/util/Config.h>
#include <dash/util/LocalityJSONPrinter.h>
#include <dash/util/UnitLocality.h>
#include <dash/util/TimeMeasure.h>
#include <dash/util/LocalityDomain.h>
#include <dash/util/TeamLocality.h>
#include <dash/util/Timer.h>
#include <dash/util/Trace.h>
#include <dash/Version.h>

#endif  // LIBDASH_H
