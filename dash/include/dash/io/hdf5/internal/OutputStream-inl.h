#ifndef DASH_IO_HDF5_INTERNAL_OUTPUT_STREAM_INL_H
#define DASH_IO_HDF5_INTERNAL_OUTPUT_STREAM_INL_H

// Out-of-line members of OutputStream (io/hdf5/OutputStream.h): each container
// transfer runs StoreHDF::write now or, with dash::launch::async, in a
// background thread after the pending ones.

#include <future>
#include <vector>

#include <dash/io/hdf5/OutputStream.h>

namespace dash::io::hdf5 {

inline OutputStream &OutputStream::flush() {
  if (!pending_.empty()) pending_.back().wait();
  return *this;
}

template <class Container>
void OutputStream::store(Container &container) {
  auto write = [&container, file = filename_, path = dataset_, options = options_, conv = converter_]() {
    if (conv)
      StoreHDF::write(container, file, path, options, conv);
    else
      StoreHDF::write(container, file, path, options);
  };
  options_.overwrite_file = false;  // later containers go into the same file
  if (policy_ == dash::launch::sync) {
    write();
    return;
  }
  std::shared_future<void> previous = pending_.empty() ? std::shared_future<void>() : pending_.back();
  pending_.push_back(std::async(std::launch::async, [previous, write]() {
                       if (previous.valid()) previous.wait();
                       write();
                     }).share());
}

}  // namespace dash::io::hdf5

#endif  // DASH_IO_HDF5_INTERNAL_OUTPUT_STREAM_INL_H
