#ifndef DASH_IO_HDF5_INTERNAL_STORAGE_DRIVER_INL_H
#define DASH_IO_HDF5_INTERNAL_STORAGE_DRIVER_INL_H

// StoreHDF::write and StoreHDF::read (declared in StorageDriver.h).

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <dash/io/hdf5/StorageDriver.h>

namespace dash::io::hdf5 {

template <class Container>
void StoreHDF::write(Container &container, const std::string &filename, const std::string &datapath,
                     hdf5_options options, type_converter_fun_type to_h5_type) {
  using pattern_t = typename Container::pattern_type;
  constexpr std::size_t N = pattern_t::ndim();
  if (!container.is_allocated())
    throw std::invalid_argument("dash::io::hdf5::StoreHDF::write: the container has no memory");
  container.team().barrier();
  internal::QuietErrors quiet;
  const pattern_t &pattern = container.pattern();
  hid_t type = to_h5_type();
  MPI_Comm comm = internal::team_comm(container.team());
  internal::Handle file = internal::open_for_write(filename, comm, !options.overwrite_file);
  std::vector<std::string> parts = internal::split_path(datapath);
  std::vector<internal::Handle> groups = internal::open_groups(file.get(), parts, true, datapath);
  hid_t where = groups.empty() ? file.get() : groups.back().get();
  const char *name = parts.back().c_str();
  bool exists = H5Lexists(where, name, H5P_DEFAULT) > 0;
  internal::Handle dset;
  if (options.modify_dataset) {
    if (!exists)
      throw std::invalid_argument("dash::io::hdf5: modify_dataset, but there is no dataset '" + datapath +
                                  "'");
    dset = internal::checked(H5Dopen2(where, name, H5P_DEFAULT), H5Dclose, "opening dataset " + datapath);
    internal::check_extents<N>(internal::dataset_extents<N>(dset.get(), datapath), pattern.extents(),
                               datapath);
    internal::check_type(dset.get(), type, datapath);
  } else {
    if (exists)
      throw std::invalid_argument("dash::io::hdf5: dataset '" + datapath +
                                  "' exists (pass modify_dataset to overwrite its values)");
    hsize_t dims[N];
    for (std::size_t d = 0; d < N; ++d) dims[d] = pattern.extent(d);
    internal::Handle space =
        internal::checked(H5Screate_simple(static_cast<int>(N), dims, nullptr), H5Sclose, "H5Screate_simple");
    // Every element is written next: no fill values first (parallel HDF5
    // allocates the dataset's space at creation).
    internal::Handle create = internal::checked(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, "H5Pcreate");
    internal::check(H5Pset_fill_time(create.get(), H5D_FILL_TIME_NEVER), "H5Pset_fill_time");
    dset =
        internal::checked(H5Dcreate2(where, name, type, space.get(), H5P_DEFAULT, create.get(), H5P_DEFAULT),
                          H5Dclose, "creating dataset " + datapath);
  }
  internal::transfer(dset.get(), type, pattern, container.team().myid().id, container.lbegin(), true, comm);
  if (options.store_pattern) internal::store_pattern(dset.get(), pattern, options.pattern_metadata_key);
}

template <class Container>
void StoreHDF::read(Container &container, const std::string &filename, const std::string &datapath,
                    hdf5_options options, type_converter_fun_type to_h5_type) {
  using pattern_t = typename Container::pattern_type;
  constexpr std::size_t N = pattern_t::ndim();
  internal::QuietErrors quiet;
  const Team &team = container.is_allocated() ? container.team() : Team::All();
  hid_t type = to_h5_type();
  MPI_Comm comm = internal::team_comm(team);
  internal::Handle file = internal::open_for_read(filename, comm);
  std::vector<std::string> parts = internal::split_path(datapath);
  std::vector<internal::Handle> groups = internal::open_groups(file.get(), parts, false, datapath);
  hid_t where = groups.empty() ? file.get() : groups.back().get();
  if (H5Lexists(where, parts.back().c_str(), H5P_DEFAULT) <= 0)
    throw std::invalid_argument("dash::io::hdf5: no dataset '" + datapath + "' in '" + filename + "'");
  internal::Handle dset = internal::checked(H5Dopen2(where, parts.back().c_str(), H5P_DEFAULT), H5Dclose,
                                            "opening dataset " + datapath);
  auto extents = internal::dataset_extents<N>(dset.get(), datapath);
  internal::check_type(dset.get(), type, datapath);
  if (container.is_allocated()) {
    internal::check_extents<N>(extents, container.pattern().extents(), datapath);
  } else {
    container.allocate(internal::restore_pattern<pattern_t>(
        dset.get(), extents, team.size(), options.pattern_metadata_key, options.restore_pattern));
  }
  internal::transfer(dset.get(), type, container.pattern(), container.team().myid().id, container.lbegin(),
                     false, comm);
  container.team().barrier();
}

}  // namespace dash::io::hdf5

#endif  // DASH_IO_HDF5_INTERNAL_STORAGE_DRIVER_INL_H
