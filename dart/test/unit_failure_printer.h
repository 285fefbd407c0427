// A GoogleTest listener for units other than 0 under mpiexec: unit 0 prints
// the full report, every other unit only its failures, tagged with its id.
// Shared by the DART and DASH test mains.
#ifndef DART_TEST_UNIT_FAILURE_PRINTER_H
#define DART_TEST_UNIT_FAILURE_PRINTER_H

#include <gtest/gtest.h>

#include <cstdio>

class UnitFailurePrinter : public ::testing::EmptyTestEventListener {
 public:
  explicit UnitFailurePrinter(int rank) : rank_(rank) {}
  void OnTestPartResult(const ::testing::TestPartResult& r) override {
    if (r.failed())
      std::fprintf(stderr, "[unit %d] %s:%d: Failure\n%s\n", rank_, r.file_name() ? r.file_name() : "?",
                   r.line_number(), r.summary());
  }

 private:
  int rank_;
};

#endif
