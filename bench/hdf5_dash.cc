// HDF5 I/O of a dash::Array<double> (dash::io::hdf5::StoreHDF, parallel
// HDF5 with collective MPI-IO) against the plain MPI-IO baseline of the
// same data in the same run: every unit writes (reads) its block with one
// MPI_File_write_at_all (read_at_all) at its offset in a flat file.
// Bandwidth = global bytes / time of the whole call (open to close),
// median over trials; trials of the variants interleaved and rotated.
// Files go to --dir (default /tmp); the data is checked after each read.
#include <mpi.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include <libdash.h>

#include "bench.h"

namespace {

enum { V_DASH_WRITE, V_MPI_WRITE, V_DASH_READ, V_MPI_READ, NV };
const char *vname[NV] = {"dash", "mpi_io", "dash", "mpi_io"};
const char *vop[NV] = {"write", "write", "read", "read"};

double value(std::size_t g) { return 0.5 * static_cast<double>(g); }

void mpi_io(const std::string &file, double *local, std::size_t n, std::size_t offset, bool write) {
  MPI_File fh;
  int mode = write ? MPI_MODE_CREATE | MPI_MODE_WRONLY : MPI_MODE_RDONLY;
  MCHECK(MPI_File_open(MPI_COMM_WORLD, file.c_str(), mode, MPI_INFO_NULL, &fh));
  MPI_Offset at = static_cast<MPI_Offset>(offset * sizeof(double));
  if (write) MCHECK(MPI_File_set_size(fh, 0));  // a new file, as StoreHDF::write creates one
  if (write)
    MCHECK(MPI_File_write_at_all(fh, at, local, static_cast<int>(n), MPI_DOUBLE, MPI_STATUS_IGNORE));
  else
    MCHECK(MPI_File_read_at_all(fh, at, local, static_cast<int>(n), MPI_DOUBLE, MPI_STATUS_IGNORE));
  MCHECK(MPI_File_close(&fh));
}

}  // namespace

int main(int argc, char **argv) {
  dash::init(&argc, &argv);
  bench_t b;
  bench_setup(&argc, &argv, &b, 5, 1, 1);
  // Global size: 64 MiB of doubles (4 MiB with --quick).
  std::size_t bytes =
      static_cast<std::size_t>(bench_arg_long(argc, argv, "--bytes", b.quick ? 4L << 20 : 64L << 20));
  const char *dir = bench_arg(argc, argv, "--dir");
  long pid_root = static_cast<long>(getpid());
  MPI_Bcast(&pid_root, 1, MPI_LONG, 0, MPI_COMM_WORLD);
  std::string base = std::string(dir ? dir : "/tmp") + "/dart_bench_hdf5_" + std::to_string(pid_root);
  std::string h5 = base + ".h5", flat = base + ".bin";
  std::size_t n = bytes / sizeof(double);
  int fail = 0;
  {
    dash::Array<double> a(n);  // BLOCKED: unit u holds one contiguous block
    std::size_t offset = a.pattern().global_of_local(static_cast<std::size_t>(b.me), 0);
    static double secs[NV][BENCH_MAX_TRIALS];
    std::vector<double> flat_local(a.lsize());
    for (int tr = 0; tr < b.trials; tr++)
      for (int vi = 0; vi < NV; vi++) {
        int v = (vi + tr) % NV;  // rotated order (bench.h); trial 0 writes before it reads
        for (std::size_t l = 0; l < a.lsize(); ++l)
          a.lbegin()[l] = value(offset + l), flat_local[l] = value(offset + l);
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = bench_now();
        switch (v) {
          case V_DASH_WRITE: dash::io::hdf5::StoreHDF::write(a, h5, "data"); break;
          case V_MPI_WRITE: mpi_io(flat, flat_local.data(), flat_local.size(), offset, true); break;
          case V_DASH_READ: dash::io::hdf5::StoreHDF::read(a, h5, "data"); break;
          default: mpi_io(flat, flat_local.data(), flat_local.size(), offset, false); break;
        }
        MPI_Barrier(MPI_COMM_WORLD);
        secs[v][tr] = bench_now() - t0;
        if (v == V_DASH_READ || v == V_MPI_READ) {  // the data read back is right
          const double *got = v == V_DASH_READ ? a.lbegin() : flat_local.data();
          for (std::size_t l = 0; l < a.lsize(); ++l)
            if (got[l] != value(offset + l)) {
              fprintf(stderr, "hdf5 bench: %s read wrong data at %zu\n", vname[v], offset + l);
              fail = 1;
              break;
            }
        }
      }
    if (b.me == 0) {
      printf("variant,op,bytes,seconds,gbps\n");
      for (int v = 0; v < NV; v++) {
        double s = bench_median(secs[v], b.trials);
        printf("%s,%s,%zu,%.6g,%.4g\n", vname[v], vop[v], n * sizeof(double), s,
               n * sizeof(double) / s / 1e9);
      }
    }
    a.barrier();
  }
  if (b.me == 0) {
    std::remove(h5.c_str());
    std::remove(flat.c_str());
  }
  int any = 0;
  MPI_Allreduce(&fail, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  dash::finalize();
  return any;
}
