#ifndef DASH_IO_HDF5_INPUTSTREAM_H
#define DASH_IO_HDF5_INPUTSTREAM_H

// InputStream: reads containers from one HDF5 file (DASH's
// dash::io::hdf5::InputStream), the same operation as StoreHDF::read:
//
//     dash::io::hdf5::InputStream is("out.h5");
//     is >> dash::io::hdf5::dataset("pressure") >> matrix_d;
//
// A stream remembers its settings (dataset, default "data", and options)
// until changed. Each container transfer is collective and throws what
// StoreHDF::read throws. With dash::launch::async (and a multithreaded
// runtime) the reads run in order in a background thread until flush() or
// the stream's end; otherwise they complete in >>.

#include <future>
#include <string>
#include <utility>
#include <vector>

#include <dash/Init.h>
#include <dash/io/hdf5/IOManip.h>
#include <dash/io/hdf5/OutputStream.h>
#include <dash/io/hdf5/StorageDriver.h>
#include <dash/io/IOStream.h>
#include <dash/LaunchPolicy.h>

namespace dash::io::hdf5 {

class InputStream : public dash::io::IOSBase<StreamMode> {
 public:
  InputStream(dash::launch lpolicy, std::string filename) : filename_(std::move(filename)), policy_(lpolicy) {
    if (policy_ == dash::launch::async && !dash::is_multithreaded()) policy_ = dash::launch::sync;
  }
  explicit InputStream(std::string filename) : InputStream(dash::launch::sync, std::move(filename)) {}
  ~InputStream() { flush(); }
  InputStream() = delete;
  InputStream(const InputStream &) = delete;
  InputStream(InputStream &&) = default;
  InputStream &operator=(const InputStream &) = delete;
  InputStream &operator=(InputStream &&) = default;

  /// Waits for the pending asynchronous reads.
  InputStream &flush();

  friend InputStream &operator>>(InputStream &is, const dataset &m) {
    is.dataset_ = m._dataset;
    return is;
  }
  friend InputStream &operator>>(InputStream &is, const setpattern_key &m) {
    is.options_.pattern_metadata_key = m._key;
    return is;
  }
  friend InputStream &operator>>(InputStream &is, const restore_pattern &m) {
    is.options_.restore_pattern = m._restore;
    return is;
  }
  friend InputStream &operator>>(InputStream &is, const type_converter &m) {
    is.converter_ = m;
    return is;
  }
  template <class Container, class = internal::if_container<Container>>
  friend InputStream &operator>>(InputStream &is, Container &container) {
    is.load(container);
    return is;
  }

 private:
  template <class Container>
  void load(Container &container);

  std::string filename_;
  std::string dataset_ = "data";
  hdf5_options options_;
  type_converter_fun_type converter_;
  dash::launch policy_;
  std::vector<std::shared_future<void>> pending_;
};

}  // namespace dash::io::hdf5

#include <dash/io/hdf5/internal/InputStream-inl.h>

#endif  // DASH_IO_HDF5_INPUTSTREAM_H
