// dash::io::hdf5: containers of every distribution stored and loaded again
// (into unallocated containers, which get the stored distribution, and into
// containers of another distribution), the file checked by a plain serial
// HDF5 reader (and h5dump) as an ordinary dataset of the global shape;
// groups, appending, modifying, custom types, and the errors.
#include <mpi.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <dash/io/HDF5.h>
#include <dash/Matrix.h>
#include <dash/pattern/TilePattern.h>

#include "dash_test.h"

namespace {

namespace dio = dash::io::hdf5;
using dio::StoreHDF;

// A file name private to this run (tests of different rank counts run at
// the same time): unit 0's process id, the same on every unit.
std::string file_name(const std::string &name) {
  long pid = static_cast<long>(getpid());
  MPI_Bcast(&pid, 1, MPI_LONG, 0, MPI_COMM_WORLD);
  return "/tmp/dash_hdf5_test_" + std::to_string(pid) + "_" + name + ".h5";
}

void remove_file(const std::string &file) {
  dash::barrier();
  if (dash::myid() == 0) std::remove(file.c_str());
  dash::barrier();
}

// The value of global element g.
long value(std::size_t g, long seed = 1) { return static_cast<long>(g) * 10 + seed; }

// Sets every local element of `c` to value(global index).
template <class Container>
void fill(Container &c, long seed = 1) {
  const auto &p = c.pattern();
  std::size_t me = c.team().myid().id;
  for (std::size_t l = 0; l < c.lsize(); ++l) c.lbegin()[l] = value(p.global_of_local(me, l), seed);
  c.barrier();
}

// Checks every local element of `c` against value(global index).
template <class Container>
void expect_values(const Container &c, long seed = 1) {
  const auto &p = c.pattern();
  std::size_t me = c.team().myid().id;
  for (std::size_t l = 0; l < c.lsize(); ++l)
    ASSERT_EQ(c.lbegin()[l], value(p.global_of_local(me, l), seed)) << "local " << l;
}

// Unit 0 reads the dataset with a serial HDF5 reader, as any tool would, and
// checks its shape and its values in global row-major order.
void expect_file(const std::string &file, const std::string &path, const std::vector<hsize_t> &shape,
                 long seed = 1) {
  if (dash::myid() != 0) return;
  hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  ASSERT_GE(f, 0);
  hid_t d = H5Dopen2(f, path.c_str(), H5P_DEFAULT);
  ASSERT_GE(d, 0);
  hid_t space = H5Dget_space(d);
  std::vector<hsize_t> dims(H5Sget_simple_extent_ndims(space));
  H5Sget_simple_extent_dims(space, dims.data(), nullptr);
  EXPECT_EQ(dims, shape);
  std::size_t n = 1;
  for (hsize_t e : shape) n *= e;
  std::vector<long> all(n);
  EXPECT_GE(H5Dread(d, H5T_NATIVE_LONG, H5S_ALL, H5S_ALL, H5P_DEFAULT, all.data()), 0);
  for (std::size_t g = 0; g < n; ++g) ASSERT_EQ(all[g], value(g, seed)) << path << " element " << g;
  H5Sclose(space);
  H5Dclose(d);
  H5Fclose(f);
}

TEST(Hdf5, ArrayEveryDistributionRoundTrip) {
  const std::size_t n = 23;  // not a multiple of any unit count above 1
  std::string file = file_name("array");
  for (dash::Distribution dist : {dash::BLOCKED, dash::CYCLIC, dash::BLOCKCYCLIC(3), dash::TILE(4)}) {
    dash::Array<long> a(n, dist);
    fill(a);
    StoreHDF::write(a, file, "data");
    expect_file(file, "data", {n});

    dash::Array<long> restored;  // not allocated: gets the stored distribution
    StoreHDF::read(restored, file, "data");
    EXPECT_TRUE(restored.pattern() == a.pattern());
    expect_values(restored);

    dash::Array<long> other(n, dist == dash::BLOCKED ? dash::CYCLIC : dash::BLOCKED);
    StoreHDF::read(other, file, "data");
    expect_values(other);
  }
  remove_file(file);
}

std::vector<dash::Pattern<2>> patterns_2d(std::size_t rows, std::size_t cols) {
  std::size_t p = dash::size();
  using Spec = dash::DistributionSpec<2>;
  Spec bb(dash::BLOCKED, dash::BLOCKED), cb(dash::CYCLIC, dash::BLOCKCYCLIC(2)),
      tt(dash::TILE(2), dash::TILE(3));
  return {
      dash::Pattern<2>({rows, cols}, p),
      dash::Pattern<2>({rows, cols}, Spec(dash::NONE, dash::BLOCKED), p),
      dash::Pattern<2>({rows, cols}, bb, dash::TeamSpec<2>(bb, p, dash::balanced), p),
      dash::Pattern<2>({rows, cols}, cb, dash::TeamSpec<2>(cb, p, dash::balanced), p),
      dash::Pattern<2>({rows, cols}, tt, dash::TeamSpec<2>(tt, p, dash::balanced), p),
  };
}

TEST(Hdf5, MatrixEveryDistributionRoundTrip) {
  const std::size_t rows = 7, cols = 9;
  std::string file = file_name("matrix");
  auto patterns = patterns_2d(rows, cols);
  for (std::size_t k = 0; k < patterns.size(); ++k) {
    const auto &pattern = patterns[k];
    dash::Matrix<long, 2> m(pattern);
    fill(m);
    StoreHDF::write(m, file, "group/m");
    expect_file(file, "group/m", {rows, cols});

    dash::Matrix<long, 2> restored;
    StoreHDF::read(restored, file, "group/m");
    EXPECT_TRUE(restored.pattern() == pattern);
    expect_values(restored);

    // Into the next distribution (every file operation is a series of
    // collectives, ~8 ms each at 3-4 oversubscribed units: one is enough).
    dash::Matrix<long, 2> into(patterns[(k + 1) % patterns.size()]);
    StoreHDF::read(into, file, "group/m");
    expect_values(into);
  }
#ifdef DASH_TEST_H5DUMP
  // h5dump sees the global shape.
  if (dash::myid() == 0) {
    std::string cmd = std::string(DASH_TEST_H5DUMP) + " -H -d /group/m " + file;
    FILE *out = popen(cmd.c_str(), "r");
    ASSERT_NE(out, nullptr);
    std::string text;
    char buf[256];
    while (fgets(buf, sizeof buf, out)) text += buf;
    EXPECT_EQ(pclose(out), 0) << text;
    EXPECT_NE(text.find("SIMPLE { ( 7, 9 ) / ( 7, 9 ) }"), std::string::npos) << text;
  }
#endif
  remove_file(file);
}

TEST(Hdf5, ThreeDimensions) {
  std::string file = file_name("cube");
  using Spec = dash::DistributionSpec<3>;
  Spec dist(dash::BLOCKED, dash::BLOCKCYCLIC(2), dash::NONE);
  dash::NArray<long, 3> c(
      dash::Pattern<3>({5, 6, 4}, dist, dash::TeamSpec<3>(dist, dash::size(), dash::balanced), dash::size()));
  fill(c);
  StoreHDF::write(c, file, "cube");
  expect_file(file, "cube", {5, 6, 4});
  dash::NArray<long, 3> back;
  StoreHDF::read(back, file, "cube");
  EXPECT_TRUE(back.pattern() == c.pattern());
  expect_values(back);
  remove_file(file);
}

TEST(Hdf5, StreamsGroupsAppendAndModify) {
  std::string file = file_name("streams");
  dash::Array<long> a(17), b(11, dash::CYCLIC), c(17, dash::BLOCKCYCLIC(2));
  fill(a, 1);
  fill(b, 2);
  fill(c, 3);
  {
    dio::OutputStream os(file);
    os << dio::dataset("group/a") << a << dio::dataset("group/sub/b") << dio::store_pattern(false) << b;
  }
  expect_file(file, "group/a", {17}, 1);
  expect_file(file, "group/sub/b", {11}, 2);
  {
    dio::OutputStream os(file, dio::DeviceMode::app);
    os << dio::dataset("group/a") << dio::modify_dataset() << c;
  }
  expect_file(file, "group/a", {17}, 3);
  expect_file(file, "group/sub/b", {11}, 2);

  dash::Array<long> a2, b2;
  dio::InputStream is(file);
  is >> dio::dataset("group/a") >> a2 >> dio::dataset("group/sub/b") >> b2;
  EXPECT_TRUE(a2.pattern() == c.pattern());                      // stored with the modification
  EXPECT_TRUE(b2.pattern() == dash::Array<long>(11).pattern());  // none stored: the default
  expect_values(a2, 3);
  expect_values(b2, 2);
  remove_file(file);
}

TEST(Hdf5, StreamModesAndAsyncFallback) {
  using dash::io::IOSBaseMode;
  dio::StreamMode mode = dio::DeviceMode::app;
  EXPECT_TRUE(bool(mode & dio::DeviceMode::app));
  EXPECT_FALSE(bool(mode & dio::DeviceMode::binary));
  mode |= dio::StreamMode(IOSBaseMode::binary);
  EXPECT_TRUE(bool(mode & IOSBaseMode::binary));
  EXPECT_EQ(IOSBaseMode(mode ^ dio::StreamMode(IOSBaseMode::app)), IOSBaseMode::binary);
  EXPECT_FALSE(bool(dio::StreamMode()));
  // launch::async without a multithreaded runtime runs synchronously: the
  // values are there when << and >> return.
  std::string file = file_name("async");
  dash::Array<long> a(13);
  fill(a, 4);
  {
    dio::OutputStream os(dash::launch::async, file);
    os << dio::dataset("a") << a;
    os.flush();
  }
  expect_file(file, "a", {13}, 4);
  dash::Array<long> back;
  dio::InputStream is(dash::launch::async, file);
  is >> dio::dataset("a") >> back;
  is.flush();
  expect_values(back, 4);
  remove_file(file);
}

TEST(Hdf5, TilePatternRestoredFromTheFile) {
  std::string file = file_name("tile");
  const std::size_t p = dash::size();
  dash::TilePattern<2> pattern(4 * p, 6, dash::TILE(2), dash::TILE(3));
  dash::Matrix<long, 2, dash::default_index_t, dash::TilePattern<2>> m(pattern);
  fill(m, 5);
  StoreHDF::write(m, file, "m");
  dash::Matrix<long, 2, dash::default_index_t, dash::TilePattern<2>> back;
  StoreHDF::read(back, file, "m");
  EXPECT_TRUE(back.pattern() == m.pattern());
  expect_values(back, 5);
  // No stored distribution: a tile pattern cannot be guessed.
  StoreHDF::write(m, file, "bare", [] {
    dio::hdf5_options o;
    o.overwrite_file = false;
    o.store_pattern = false;
    return o;
  }());
  dash::Matrix<long, 2, dash::default_index_t, dash::TilePattern<2>> bare;
  EXPECT_THROW(StoreHDF::read(bare, file, "bare"), std::invalid_argument);
  remove_file(file);
}

struct Particle {
  double mass;
  int charge;
};

TEST(Hdf5, CustomTypeWithConverter) {
  std::string file = file_name("custom");
  hid_t type = H5Tcreate(H5T_COMPOUND, sizeof(Particle));
  H5Tinsert(type, "mass", HOFFSET(Particle, mass), H5T_NATIVE_DOUBLE);
  H5Tinsert(type, "charge", HOFFSET(Particle, charge), H5T_NATIVE_INT);
  auto converter = [type] { return type; };

  dash::Array<Particle> a(19, dash::BLOCKCYCLIC(4));
  for (std::size_t l = 0; l < a.lsize(); ++l) {
    std::size_t g = a.pattern().global_of_local(dash::myid(), l);
    a.lbegin()[l] = Particle{0.5 * g, static_cast<int>(g) - 9};
  }
  dio::OutputStream os(file);
  os << dio::type_converter(converter) << dio::dataset("particles") << a;
  dash::Array<Particle> b(19);
  StoreHDF::read(b, file, "particles", dio::hdf5_options(), converter);
  for (std::size_t l = 0; l < b.lsize(); ++l) {
    std::size_t g = b.pattern().global_of_local(dash::myid(), l);
    EXPECT_EQ(b.lbegin()[l].mass, 0.5 * g);
    EXPECT_EQ(b.lbegin()[l].charge, static_cast<int>(g) - 9);
  }
  H5Tclose(type);
  remove_file(file);
}

// Every unit gets the same exception, and the runtime still works after it.
TEST(Hdf5, ClearErrorsOnEveryUnit) {
  std::string file = file_name("errors");
  dash::Array<long> a(10);
  fill(a);
  StoreHDF::write(a, file, "data");

  dash::Array<long> fresh;
  EXPECT_THROW(StoreHDF::read(fresh, file_name("missing"), "data"), dash::RuntimeError);
  EXPECT_THROW(StoreHDF::read(fresh, file, "nothing"), std::invalid_argument);
  EXPECT_THROW(StoreHDF::read(fresh, file, "no/such/data"), std::invalid_argument);
  dash::Matrix<long, 2> wrong_rank;
  EXPECT_THROW(StoreHDF::read(wrong_rank, file, "data"), std::invalid_argument);
  dash::Array<long> wrong_size(11);
  EXPECT_THROW(StoreHDF::read(wrong_size, file, "data"), std::invalid_argument);
  dash::Array<double> wrong_type(10);
  EXPECT_THROW(StoreHDF::read(wrong_type, file, "data"), std::invalid_argument);
  dash::Array<unsigned long> wrong_sign(10);
  EXPECT_THROW(StoreHDF::read(wrong_sign, file, "data"), std::invalid_argument);

  dio::hdf5_options keep;
  keep.overwrite_file = false;
  EXPECT_THROW(StoreHDF::write(a, file, "data", keep), std::invalid_argument);  // exists
  keep.modify_dataset = true;
  EXPECT_THROW(StoreHDF::write(a, file, "other", keep), std::invalid_argument);  // nothing to modify
  EXPECT_THROW(StoreHDF::write(wrong_size, file, "data", keep), std::invalid_argument);
  EXPECT_THROW(StoreHDF::write(fresh, file, "x"), std::invalid_argument);  // no memory
  EXPECT_THROW(StoreHDF::write(a, "/nonexistent-dir/x.h5", "data"), dash::RuntimeError);

  std::string text = file_name("text");
  if (dash::myid() == 0) std::ofstream(text) << "not HDF5\n";
  dash::barrier();
  EXPECT_THROW(StoreHDF::read(fresh, text, "data"), std::invalid_argument);
  remove_file(text);

  // Nothing was left half-done: the file still reads.
  StoreHDF::read(fresh, file, "data");
  expect_values(fresh);
  remove_file(file);
}

TEST(Hdf5, SubTeamWritesItsArray) {
  if (dash::size() < 2) GTEST_SKIP() << "needs 2 units";
  std::string file = file_name("subteam");
  dash::Team part = dash::Team::All().split(2);
  // Each half writes its own file (named by the half's first unit).
  std::string mine = file + "." + std::to_string(part.global_id(dash::team_unit_t(0)).id);
  dash::Array<long> a(9, dash::BLOCKCYCLIC(2), part);
  fill(a);
  StoreHDF::write(a, mine, "data");
  dash::Array<long> b(9, dash::CYCLIC, part);
  StoreHDF::read(b, mine, "data");
  expect_values(b);
  part.barrier();
  if (part.myid().id == 0) std::remove(mine.c_str());
  dash::barrier();
}

}  // namespace
