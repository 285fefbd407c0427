#ifndef DASH_IO_HDF5_IOSTREAM_H
#define DASH_IO_HDF5_IOSTREAM_H

// The stream interface of dash::io::hdf5 (DASH's OutputStream/InputStream
// and manipulators), the same operations as StoreHDF:
//
//     dash::io::hdf5::OutputStream os("out.h5");                   // new file
//     os << dash::io::hdf5::dataset("pressure") << matrix_a
//        << dash::io::hdf5::dataset("temperature") << matrix_b;
//     dash::io::hdf5::OutputStream more("out.h5", dash::io::hdf5::DeviceMode::app);
//     more << dash::io::hdf5::dataset("pressure") << dash::io::hdf5::modify_dataset() << matrix_c;
//
//     dash::io::hdf5::InputStream is("out.h5");
//     is >> dash::io::hdf5::dataset("pressure") >> matrix_d;
//
// A stream remembers its settings (dataset name, default "data", and the
// options) until changed. Each container transfer is collective, as
// StoreHDF::write/read, and throws what they throw. The first container
// written to an OutputStream without DeviceMode::app creates the file; the
// later ones add to it (DASH truncated the file again for each container
// unless the stream was opened with app, losing the earlier datasets).

#include <cstdint>
#include <string>
#include <utility>

#include <dash/io/hdf5/StorageDriver.h>

namespace dash::io::hdf5 {

/// How an OutputStream opens its file: no_flags creates it anew, app adds
/// to an existing file.
enum class DeviceMode : std::uint32_t { no_flags = 0, app = 1 };

/// Manipulator: the dataset path of the next containers.
struct dataset {
  dataset(std::string path) : _dataset(std::move(path)) {}
  std::string _dataset;
};
/// Manipulator: name of the distribution attribute.
struct setpattern_key {
  setpattern_key(std::string name) : _key(std::move(name)) {}
  std::string _key;
};
/// Manipulator (input): use the stored distribution for unallocated containers.
struct restore_pattern {
  restore_pattern(bool restore = true) : _restore(restore) {}
  bool _restore;
};
/// Manipulator (output): store the distribution with the dataset.
struct store_pattern {
  store_pattern(bool store = true) : _store(store) {}
  bool _store;
};
/// Manipulator (output): overwrite the values of the existing dataset.
struct modify_dataset {
  modify_dataset(bool modify = true) : _modify(modify) {}
  bool _modify;
};
/// Manipulator: the HDF5 type of the elements (for non-arithmetic types).
struct type_converter {
  type_converter(type_converter_fun_type fun) : _converter(std::move(fun)) {}
  type_converter_fun_type _converter;
};

namespace detail {
template <class C>
using if_container = decltype(std::declval<C &>().pattern(), std::declval<C &>().lbegin(), void());
}  // namespace detail

/// Writes containers to one HDF5 file.
class OutputStream {
 public:
  explicit OutputStream(std::string filename, DeviceMode mode = DeviceMode::no_flags)
      : filename_(std::move(filename)) {
    options_.overwrite_file = mode != DeviceMode::app;
  }
  /// Nothing is buffered: each container is in the file when its << returns.
  OutputStream &flush() { return *this; }

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
    os.converter_ = m._converter;
    return os;
  }
  template <class Container, class = detail::if_container<Container>>
  friend OutputStream &operator<<(OutputStream &os, Container &container) {
    if (os.converter_)
      StoreHDF::write(container, os.filename_, os.dataset_, os.options_, os.converter_);
    else
      StoreHDF::write(container, os.filename_, os.dataset_, os.options_);
    os.options_.overwrite_file = false;  // later containers go into the same file
    return os;
  }

 private:
  std::string filename_;
  std::string dataset_ = "data";
  hdf5_options options_;
  type_converter_fun_type converter_;
};

/// Reads containers from one HDF5 file.
class InputStream {
 public:
  explicit InputStream(std::string filename) : filename_(std::move(filename)) {}
  /// Nothing is buffered: each container is loaded when its >> returns.
  InputStream &flush() { return *this; }

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
    is.converter_ = m._converter;
    return is;
  }
  template <class Container, class = detail::if_container<Container>>
  friend InputStream &operator>>(InputStream &is, Container &container) {
    if (is.converter_)
      StoreHDF::read(container, is.filename_, is.dataset_, is.options_, is.converter_);
    else
      StoreHDF::read(container, is.filename_, is.dataset_, is.options_);
    return is;
  }

 private:
  std::string filename_;
  std::string dataset_ = "data";
  hdf5_options options_;
  type_converter_fun_type converter_;
};

}  // namespace dash::io::hdf5

#endif  // DASH_IO_HDF5_IOSTREAM_H
