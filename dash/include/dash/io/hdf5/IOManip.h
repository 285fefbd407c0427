#ifndef DASH_IO_HDF5_IOMANIP_H
#define DASH_IO_HDF5_IOMANIP_H

// The manipulators of dash::io::hdf5's streams (DASH's): each sets one
// option of the following container transfers of the stream.
//
//   os << dataset("group/temp") << store_pattern(false) << modify_dataset() << matrix;
//   is >> dataset("group/temp") >> restore_pattern() >> matrix;

#include <string>
#include <utility>

#include <dash/io/hdf5/StorageDriver.h>

namespace dash::io::hdf5 {

/// The dataset path ("name" or "group/.../name"; default "data").
class dataset {
 public:
  dataset(std::string path) : _dataset(std::move(path)) {}
  std::string _dataset;
};

/// Name of the distribution attribute (hdf5_options::pattern_metadata_key).
class setpattern_key {
 public:
  setpattern_key(std::string name) : _key(std::move(name)) {}
  std::string _key;
};

/// Input: use the stored distribution for unallocated containers.
class restore_pattern {
 public:
  restore_pattern(bool restore = true) : _restore(restore) {}
  bool _restore;
};

/// Output: store the distribution with the dataset.
class store_pattern {
 public:
  store_pattern(bool store = true) : _store(store) {}
  bool _store;
};

/// Output: overwrite the values of the existing dataset.
class modify_dataset {
 public:
  modify_dataset(bool modify = true) : _modify(modify) {}
  bool _modify;
};

/// The HDF5 type of the elements (needed for non-arithmetic types); the
/// default converter throws std::invalid_argument when used.
class type_converter {
 public:
  type_converter(type_converter_fun_type fun = get_h5_datatype<void>) : _converter(std::move(fun)) {}
  operator type_converter_fun_type() const { return _converter; }

 private:
  type_converter_fun_type _converter;
};

}  // namespace dash::io::hdf5

#endif  // DASH_IO_HDF5_IOMANIP_H
