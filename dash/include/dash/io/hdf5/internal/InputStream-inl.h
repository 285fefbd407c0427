#ifndef DASH_IO_HDF5_INTERNAL_INPUT_STREAM_INL_H
#define DASH_IO_HDF5_INTERNAL_INPUT_STREAM_INL_H

// Out-of-line members of InputStream (io/hdf5/InputStream.h): each container
// transfer runs StoreHDF::read now or, with dash::launch::async, in a
// background thread after the pending ones.

#include <future>
#include <vector>

#include <dash/io/hdf5/InputStream.h>

namespace dash::io::hdf5 {

inline InputStream &InputStream::flush() {
  if (!pending_.empty()) pending_.back().wait();
  return *this;
}

template <class Container>
void InputStream::load(Container &container) {
  auto read = [&container, file = filename_, path = dataset_, options = options_, conv = converter_]() {
    if (conv)
      StoreHDF::read(container, file, path, options, conv);
    else
      StoreHDF::read(container, file, path, options);
  };
  if (policy_ == dash::launch::sync) {
    read();
    return;
  }
  std::shared_future<void> previous = pending_.empty() ? std::shared_future<void>() : pending_.back();
  pending_.push_back(std::async(std::launch::async, [previous, read]() {
                       if (previous.valid()) previous.wait();
                       read();
                     }).share());
}

}  // namespace dash::io::hdf5

#endif  // DASH_IO_HDF5_INTERNAL_INPUT_STREAM_INL_H
