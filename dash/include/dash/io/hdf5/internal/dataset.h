#ifndef DASH_IO_HDF5_INTERNAL_DATASET_H
#define DASH_IO_HDF5_INTERNAL_DATASET_H

// Files, groups, datasets and their checks for dash::io::hdf5 (see
// StorageDriver.h). Every function here is called by all units of a team
// with the same arguments; where only one unit looks at the file system
// (does the file exist?), it broadcasts the answer, so that all units throw
// the same exception at the same point or none does.

#include <hdf5.h>
#include <mpi.h>
#include <unistd.h>

#include <array>
#include <cstddef>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include <dart/mpi.h>
#include <dash/Exception.h>
#include <dash/Team.h>
#include <dash/io/hdf5/internal/handle.h>

namespace dash::io::hdf5::internal {

/// The communicator of `team` (for MPI-IO).
inline MPI_Comm team_comm(const Team &team) {
  MPI_Comm comm;
  dash::detail::check(dart_team_get_comm(team.dart_id(), &comm), "dart_team_get_comm");
  return comm;
}

/// File access through MPI-IO on `comm`.
inline Handle mpio_access(MPI_Comm comm) {
  Handle fapl = checked(H5Pcreate(H5P_FILE_ACCESS), H5Pclose, "H5Pcreate");
  check(H5Pset_fapl_mpio(fapl.get(), comm, MPI_INFO_NULL), "H5Pset_fapl_mpio");
  return fapl;
}

/// What unit 0 of `comm` finds at `filename`: -1 nothing, 0 a file that is
/// not HDF5, 1 an HDF5 file. The same answer on every unit.
inline int probe_file(const std::string &filename, MPI_Comm comm) {
  int rank, state = -1;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0 && access(filename.c_str(), F_OK) == 0) state = H5Fis_hdf5(filename.c_str()) > 0 ? 1 : 0;
  MPI_Bcast(&state, 1, MPI_INT, 0, comm);
  return state;
}

/// Creates `filename` (truncating it) unless `keep` and it is an HDF5 file
/// already, which is then opened for writing.
inline Handle open_for_write(const std::string &filename, MPI_Comm comm, bool keep) {
  Handle fapl = mpio_access(comm);
  if (keep && probe_file(filename, comm) == 1)
    return checked(H5Fopen(filename.c_str(), H5F_ACC_RDWR, fapl.get()), H5Fclose, "opening " + filename);
  return checked(H5Fcreate(filename.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl.get()), H5Fclose,
                 "creating " + filename);
}

/// Opens `filename` for reading; throws dash::RuntimeError if it does not
/// exist, std::invalid_argument if it is not an HDF5 file.
inline Handle open_for_read(const std::string &filename, MPI_Comm comm) {
  int state = probe_file(filename, comm);
  if (state < 0) throw dash::RuntimeError("dash::io::hdf5: file '" + filename + "' does not exist");
  if (state == 0) throw std::invalid_argument("dash::io::hdf5: '" + filename + "' is not an HDF5 file");
  Handle fapl = mpio_access(comm);
  return checked(H5Fopen(filename.c_str(), H5F_ACC_RDONLY, fapl.get()), H5Fclose, "opening " + filename);
}

/// The components of a dataset path ("group/sub/data").
inline std::vector<std::string> split_path(const std::string &path) {
  std::vector<std::string> parts;
  std::size_t begin = 0;
  while (begin <= path.size()) {
    std::size_t end = path.find('/', begin);
    if (end == std::string::npos) end = path.size();
    if (end > begin) parts.push_back(path.substr(begin, end - begin));
    begin = end + 1;
  }
  if (parts.empty()) throw std::invalid_argument("dash::io::hdf5: empty dataset path");
  return parts;
}

/// The groups leading to a dataset, opened (or created if `create`) in
/// order; the last one is where the dataset lives. Throws
/// std::invalid_argument if a group is missing and not to be created.
inline std::vector<Handle> open_groups(hid_t file, const std::vector<std::string> &parts, bool create,
                                       const std::string &path) {
  std::vector<Handle> groups;
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
    hid_t loc = groups.empty() ? file : groups.back().get();
    const char *name = parts[i].c_str();
    if (H5Lexists(loc, name, H5P_DEFAULT) > 0)
      groups.push_back(checked(H5Gopen2(loc, name, H5P_DEFAULT), H5Gclose, "opening group " + parts[i]));
    else if (create)
      groups.push_back(checked(H5Gcreate2(loc, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Gclose,
                               "creating group " + parts[i]));
    else
      throw std::invalid_argument("dash::io::hdf5: no group '" + parts[i] + "' on the path '" + path + "'");
  }
  return groups;
}

/// A readable description of an HDF5 type, for error messages.
inline std::string describe(hid_t type) {
  std::string kind;
  switch (H5Tget_class(type)) {
    case H5T_INTEGER: kind = H5Tget_sign(type) == H5T_SGN_NONE ? "unsigned integer" : "signed integer"; break;
    case H5T_FLOAT: kind = "floating point"; break;
    case H5T_COMPOUND: kind = "compound"; break;
    default: kind = "other"; break;
  }
  return kind + " of " + std::to_string(H5Tget_size(type)) + " bytes";
}

/// Throws std::invalid_argument unless dataset `dset` holds `type` (same
/// class, size and, for integers, signedness): a dataset of int is not read
/// into doubles behind the user's back.
inline void check_type(hid_t dset, hid_t type, const std::string &path) {
  Handle stored = checked(H5Dget_type(dset), H5Tclose, "H5Dget_type");
  bool same =
      H5Tget_class(stored.get()) == H5Tget_class(type) && H5Tget_size(stored.get()) == H5Tget_size(type);
  if (same && H5Tget_class(type) == H5T_INTEGER) same = H5Tget_sign(stored.get()) == H5Tget_sign(type);
  if (!same)
    throw std::invalid_argument("dash::io::hdf5: dataset '" + path + "' holds " + describe(stored.get()) +
                                ", the container " + describe(type));
}

/// Returns the extents of dataset `dset`; throws std::invalid_argument
/// unless it has N dimensions.
template <std::size_t N>
std::array<std::size_t, N> dataset_extents(hid_t dset, const std::string &path) {
  Handle space = checked(H5Dget_space(dset), H5Sclose, "H5Dget_space");
  int ndims = H5Sget_simple_extent_ndims(space.get());
  if (ndims != static_cast<int>(N))
    throw std::invalid_argument("dash::io::hdf5: dataset '" + path + "' has " + std::to_string(ndims) +
                                " dimensions, the container " + std::to_string(N));
  hsize_t dims[N];
  H5Sget_simple_extent_dims(space.get(), dims, nullptr);
  std::array<std::size_t, N> extents;
  for (std::size_t d = 0; d < N; ++d) extents[d] = dims[d];
  return extents;
}

/// Throws std::invalid_argument unless `have` equals `want`.
template <std::size_t N>
void check_extents(const std::array<std::size_t, N> &have, const std::array<std::size_t, N> &want,
                   const std::string &path) {
  if (have == want) return;
  auto text = [](const std::array<std::size_t, N> &e) {
    std::string s;
    for (std::size_t d = 0; d < N; ++d) s += (d ? " x " : "") + std::to_string(e[d]);
    return s;
  };
  throw std::invalid_argument("dash::io::hdf5: dataset '" + path + "' is " + text(have) + ", the container " +
                              text(want));
}

}  // namespace dash::io::hdf5::internal

#endif  // DASH_IO_HDF5_INTERNAL_DATASET_H
