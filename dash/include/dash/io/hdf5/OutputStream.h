#ifndef DASH_IO_HDF5_OUTPUTSTREAM_H
#define DASH_IO_HDF5_OUTPUTSTREAM_H

// OutputStream: writes containers to one HDF5 file (DASH's
// dash::io::hdf5::OutputStream), the same operation as StoreHDF::write:
//
//     dash::io::hdf5::OutputStream os("out.h5");                   // new file
//     os << dash::io::hdf5::dataset("pressure") << matrix_a
//        << dash::io::hdf5::dataset("temperature") << matrix_b;
//     dash::io::hdf5::OutputStream more("out.h5", dash::io::hdf5::DeviceMode::app);
//     more << dash::io::hdf5::dataset("pressure") << dash::io::hdf5::modify_dataset() << matrix_c;
//
// A stream remembers its settings (dataset, default "data", and options)
// until changed. Each container transfer is collective and throws what
// StoreHDF::write throws. The first container written to a stream opened
// without DeviceMode::app creates the file; later ones add to it (DASH
// truncated the file again for each container unless opened with app,
// losing the earlier datasets). With dash::launch::async (and a
// multithreaded runtime) the writes run in order in a background thread
// until flush() or the stream's end; otherwise they complete in <<.

#include <future>
#include <string>
#include <utility>
#include <vector>

#include <dash/Init.h>
#include <dash/io/hdf5/IOManip.h>
#include <dash/io/hdf5/StorageDriver.h>
#include <dash/io/IOStream.h>
#include <dash/LaunchPolicy.h>

namespace dash::io::hdf5 {

using DeviceMode = dash::io::IOSBaseMode;
using StreamMode = dash::io::IOStreamMode<DeviceMode>;

namespace internal {
template <class C>
using if_container = decltype(std::declval<C &>().pattern(), std::declval<C &>().lbegin(), void());
}  // namespace internal

class OutputStream : public dash::io::IOSBase<StreamMode> {
 public:
  OutputStream(dash::launch lpolicy, std::string filename, StreamMode open_mode = DeviceMode::no_flags)
      : filename_(std::move(filename)), policy_(lpolicy) {
    _io_stream_mode = open_mode;
    options_.overwrite_file = !(open_mode & DeviceMode::app);
    if (policy_ == dash::launch::async && !dash::is_multithreaded()) policy_ = dash::launch::sync;
  }
  explicit OutputStream(std::string filename, StreamMode open_mode = DeviceMode::no_flags)
      : OutputStream(dash::launch::sync, std::move(filename), open_mode) {}
  ~OutputStream() { flush(); }
  OutputStream() = delete;
  OutputStream(const OutputStream &) = delete;
  OutputStream(OutputStream &&) = default;
  OutputStream &operator=(const OutputStream &) = delete;
  OutputStream &operator=(OutputStream &&) = default;

  /// Waits for the pending asynchronous writes.
  OutputStream &flush();

  friend OutputStream &operator<<(OutputStream &os, const dataset &m) {
    os.dataset_ = m._dataset;
    return os;
  }
  friend OutputStream &operator<<(OutputStream &os, const setpattern_key &m) {
    os.options_.pattern_metadata_key = m._key;
    return os;
  }
  friend OutputStream &operator<<(OutputStream &os, const store_pattern &m) {
    os.options_.store_pattern = m._store;
    return os;
  }
  friend OutputStream &operator<<(OutputStream &os, const modify_dataset &m) {
    os.options_.modify_dataset = m._modify;
    return os;
  }
  friend OutputStream &operator<<(OutputStream &os, const type_converter &m) {
    os.converter_ = m;
    return os;
  }
  template <class Container, class = internal::if_container<Container>>
  friend OutputStream &operator<<(OutputStream &os, Container &container) {
    os.store(container);
    return os;
  }

 private:
  template <class Container>
  void store(Container &container);

  std::string filename_;
  std::string dataset_ = "data";
  hdf5_options options_;
  type_converter_fun_type converter_;
  dash::launch policy_;
  std::vector<std::shared_future<void>> pending_;
};

}  // namespace dash::io::hdf5

#include <dash/io/hdf5/internal/OutputStream-inl.h>

#endif  // DASH_IO_HDF5_OUTPUTSTREAM_H
