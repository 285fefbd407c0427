// The version macros and queries: the library's version, the MPI library
// it was built with and the one it runs with (after dart_init; before it:
// version_before_init.c).
#include <cstdio>
#include <cstring>
#include <string>

#include "dart_test.h"

TEST(Version, MacrosAgreeWithTheLibrary) {
  int major = -1, minor = -1, patch = -1;
  ASSERT_DART_OK(dart_version(&major, &minor, &patch));
  EXPECT_EQ(DART_VERSION_MAJOR, major);
  EXPECT_EQ(DART_VERSION_MINOR, minor);
  EXPECT_EQ(DART_VERSION_PATCH, patch);
  EXPECT_EQ(0, major);
  EXPECT_EQ(1, minor);
  EXPECT_EQ(0, patch);
  char s[32];
  std::snprintf(s, sizeof s, "%d.%d.%d", major, minor, patch);
  EXPECT_STREQ(s, DART_VERSION_STRING);
  ASSERT_DART_OK(dart_version(nullptr, &minor, nullptr));  // NULL: skipped
}

TEST(Version, MpiLibraryBuiltWithIsTheOneRunning) {
  char built[64], running[256];
  ASSERT_DART_OK(dart_mpi_library_version(built, sizeof built, running, sizeof running));
  std::string b = built, r = running;
  EXPECT_EQ(std::string::npos, r.find('\n'));
  EXPECT_EQ(std::string::npos, r.find("  "));
  if (b.rfind("MPICH ", 0) == 0) {  // "MPICH 4.0.2" / "MPICH Version: 4.0.2"
    EXPECT_EQ(0u, r.rfind("MPICH Version: ", 0)) << r;
    EXPECT_NE(std::string::npos, r.find(b.substr(6))) << b << " vs " << r;
  } else if (b.rfind("Open MPI ", 0) == 0) {  // "Open MPI 4.1.4" / "Open MPI v4.1.4, ..."
    EXPECT_EQ(0u, r.rfind("Open MPI v" + b.substr(9), 0)) << b << " vs " << r;
  } else {
    EXPECT_EQ(0u, b.rfind("MPI ", 0)) << b;
    EXPECT_FALSE(r.empty());
  }
}

TEST(Version, MpiLibraryTruncatesAndChecksLengths) {
  char full[256], small[6];
  ASSERT_DART_OK(dart_mpi_library_version(nullptr, 0, full, sizeof full));
  ASSERT_DART_OK(dart_mpi_library_version(nullptr, 0, small, sizeof small));
  // At most 5 characters, a prefix of the whole (trailing blanks trimmed:
  // Open MPI's text has a blank as its fifth character).
  EXPECT_GE(5u, std::strlen(small));
  EXPECT_LT(0u, std::strlen(small));
  EXPECT_EQ(0, std::strncmp(full, small, std::strlen(small)));
  char one[1] = {'x'};
  ASSERT_DART_OK(dart_mpi_library_version(one, sizeof one, nullptr, 0));
  EXPECT_EQ('\0', one[0]);
  EXPECT_EQ(DART_ERR_INVAL, dart_mpi_library_version(full, 0, nullptr, 0));
  EXPECT_NE(nullptr, std::strstr(dart_last_error(), "dart_mpi_library_version"));
  EXPECT_EQ(DART_ERR_INVAL, dart_mpi_library_version(nullptr, 0, full, 0));
}

TEST(Version, PrintedWithTheConfiguration) {
  char built[64], running[256];
  ASSERT_DART_OK(dart_mpi_library_version(built, sizeof built, running, sizeof running));
  char buf[1024] = {};
  FILE *f = fmemopen(buf, sizeof buf, "w");
  ASSERT_DART_OK(dart_config_print(f));
  std::fclose(f);
  std::string first = std::string(buf).substr(0, std::string(buf).find('\n'));
  EXPECT_EQ(std::string("DART " DART_VERSION_STRING ", built with ") + built + ", running with " + running,
            first);
}
