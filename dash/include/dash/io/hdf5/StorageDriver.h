#ifndef DASH_IO_HDF5_STORAGEDRIVER_H
#define DASH_IO_HDF5_STORAGEDRIVER_H

// Store and load dash::Array / dash::Matrix / dash::NArray to and from HDF5
// files (DASH's dash::io::hdf5::StoreHDF), with parallel HDF5 and collective
// MPI-IO: every unit writes or reads its own elements, in one collective
// call, straight from (into) its local memory.
//
//     dash::Matrix<double, 2> m(1000, 800);
//     dash::io::hdf5::StoreHDF::write(m, "out.h5", "group/temperature");
//     dash::Matrix<double, 2> back;                      // not allocated:
//     dash::io::hdf5::StoreHDF::read(back, "out.h5", "group/temperature");
//     // back has m's extents and distribution (restored from the file)
//
// The file holds an ordinary dataset with the container's global shape and
// element type (h5dump, h5py and any HDF5 reader see the global array), plus
// an attribute describing the distribution (pattern_attribute.h).
//
// Both calls are collective over the container's team (for read into an
// unallocated container: Team::All(), which allocates it). Errors, thrown on
// every unit alike:
//  - dash::RuntimeError: the file does not exist (read), cannot be created,
//    or an HDF5 call failed;
//  - std::invalid_argument (dash::exception::InvalidArgument): not an HDF5
//    file, no such dataset or group, a dataset of another number of
//    dimensions, other extents than an allocated container, or another
//    element type (class, size or signedness differ: no silent conversion),
//    an existing dataset written without modify_dataset, a container
//    without memory passed to write.
// Limits: all distributions (BLOCKED, CYCLIC, BLOCKCYCLIC, TILE, NONE per
// dimension); tiled patterns go through a local buffer of the unit's size.
// Element types: arithmetic types map to HDF5's native types
// (get_h5_datatype); others need a type_converter.
//
// Differences from DASH, on purpose: writing a dataset that exists without
// modify_dataset is an error (DASH failed inside HDF5), and reading checks
// the element type instead of converting silently.

#include <hdf5.h>

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <dash/Team.h>
#include <dash/io/hdf5/internal/DriverImplZeroCopy.h>
#include <dash/io/hdf5/internal/dataset.h>
#include <dash/io/hdf5/internal/handle.h>
#include <dash/io/hdf5/internal/pattern_attribute.h>
#include <dash/util/Config.h>  // DASH's HDF5 programs read their settings (DASH_HDF5_*) with it

#ifndef DASH_ENABLE_HDF5
#error "dash::io::hdf5 needs a build with parallel HDF5 (DASH_ENABLE_HDF5; see README)"
#endif

namespace dash::io::hdf5 {

/// How StoreHDF::write and read treat files, datasets and distributions.
struct hdf5_options {
  /// write: create the file anew; false: add to an existing HDF5 file.
  bool overwrite_file = true;
  /// write: overwrite the values of an existing dataset (same extents and
  /// type); false: create the dataset, which must not exist.
  bool modify_dataset = false;
  /// write: store the distribution as an attribute of the dataset.
  bool store_pattern = true;
  /// read into an unallocated container: use the stored distribution.
  bool restore_pattern = true;
  /// Name of the distribution attribute.
  std::string pattern_metadata_key = "DASH_PATTERN";
};

/// Returns the HDF5 type of element type T (one of HDF5's predefined native
/// types, which must not be closed). Defined for arithmetic types; for other
/// types it throws std::invalid_argument: pass a type_converter (a function
/// returning an HDF5 type id).
template <typename T>
hid_t get_h5_datatype() {
  if constexpr (!std::is_arithmetic_v<T>)
    throw std::invalid_argument("dash::io::hdf5: no HDF5 type for this element type; pass a type_converter");
  else if constexpr (std::is_same_v<T, bool>)
    return H5T_NATIVE_HBOOL;
  else if constexpr (std::is_same_v<T, char>)
    return H5T_NATIVE_CHAR;
  else if constexpr (std::is_same_v<T, signed char>)
    return H5T_NATIVE_SCHAR;
  else if constexpr (std::is_same_v<T, unsigned char>)
    return H5T_NATIVE_UCHAR;
  else if constexpr (std::is_same_v<T, short>)
    return H5T_NATIVE_SHORT;
  else if constexpr (std::is_same_v<T, unsigned short>)
    return H5T_NATIVE_USHORT;
  else if constexpr (std::is_same_v<T, int>)
    return H5T_NATIVE_INT;
  else if constexpr (std::is_same_v<T, unsigned int>)
    return H5T_NATIVE_UINT;
  else if constexpr (std::is_same_v<T, long>)
    return H5T_NATIVE_LONG;
  else if constexpr (std::is_same_v<T, unsigned long>)
    return H5T_NATIVE_ULONG;
  else if constexpr (std::is_same_v<T, long long>)
    return H5T_NATIVE_LLONG;
  else if constexpr (std::is_same_v<T, unsigned long long>)
    return H5T_NATIVE_ULLONG;
  else if constexpr (std::is_same_v<T, float>)
    return H5T_NATIVE_FLOAT;
  else if constexpr (std::is_same_v<T, double>)
    return H5T_NATIVE_DOUBLE;
  else
    return H5T_NATIVE_LDOUBLE;
}

/// A function returning the HDF5 type of the element type (DASH's name).
/// StoreHDF does not close the type it returns.
using type_converter_fun_type = std::function<hid_t()>;

/// Stores and loads whole containers (DASH's function interface; the
/// stream interface in IOStream.h does the same).
class StoreHDF {
 public:
  /// Writes `container` to dataset `datapath` ("name" or "group/.../name";
  /// missing groups are created) of `filename`. Collective over the
  /// container's team; starts with a barrier (so it stores what every unit
  /// wrote before the call) and returns when the file is closed.
  template <class Container>
  static void write(Container &container, const std::string &filename, const std::string &datapath,
                    hdf5_options options = hdf5_options(),
                    type_converter_fun_type to_h5_type = get_h5_datatype<typename Container::value_type>);

  /// Reads dataset `datapath` of `filename` into `container`. An allocated
  /// container keeps its distribution (the dataset must have its extents);
  /// an unallocated one is allocated on Team::All() with the stored
  /// distribution (options.restore_pattern) or the default one. Collective;
  /// on return every unit's elements are loaded (ends with a barrier).
  template <class Container>
  static void read(Container &container, const std::string &filename, const std::string &datapath,
                   hdf5_options options = hdf5_options(),
                   type_converter_fun_type to_h5_type = get_h5_datatype<typename Container::value_type>);
};

}  // namespace dash::io::hdf5

#include <dash/io/hdf5/internal/StorageDriver-inl.h>

#endif  // DASH_IO_HDF5_STORAGEDRIVER_H
