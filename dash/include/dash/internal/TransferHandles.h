#ifndef DASH_INTERNAL_TRANSFER_HANDLES_H
#define DASH_INTERNAL_TRANSFER_HANDLES_H

// Transfers: the DART handles, derived types and flushes of one-sided
// transfers in flight, completed together (wait/test) and at the latest by
// the destructor, so that no buffer is released with transfers in flight.

#include <cstdint>
#include <cstdio>
#include <utility>
#include <vector>

#include <dart/dart.h>
#include <dash/Exception.h>
#include <dash/Init.h>

namespace dash {

namespace detail {

/// The DART handles and derived data types of transfers in flight.
class Transfers {
 public:
  Transfers() : epoch_(current_epoch) {}
  ~Transfers() {
    try {
      wait();
    } catch (const std::exception &e) {
      std::fprintf(stderr, "dash: completing transfers failed: %s\n", e.what());
    }
  }
  Transfers(Transfers &&other) noexcept
      : handles_(std::move(other.handles_)),
        types_(std::move(other.types_)),
        flushes_(std::move(other.flushes_)),
        epoch_(other.epoch_) {
    other.handles_.clear();
    other.types_.clear();
    other.flushes_.clear();
  }
  Transfers &operator=(Transfers &&other) noexcept {
    std::swap(handles_, other.handles_);
    std::swap(types_, other.types_);
    std::swap(flushes_, other.flushes_);
    std::swap(epoch_, other.epoch_);
    return *this;
  }
  Transfers(const Transfers &) = delete;
  Transfers &operator=(const Transfers &) = delete;

  void add(dart_handle_t handle) {
    if (handle != DART_HANDLE_NULL) handles_.push_back(handle);
  }
  /// Keeps a derived type alive until the transfers using it complete.
  void keep(dart_datatype_t type) { types_.push_back(type); }
  /// Records gets without a handle into `segment`, completed by a local
  /// flush. Used for strided gets: MPICH 4.0.2 completes an MPI_Rget with
  /// a non-contiguous datatype without delivering the data.
  void flush_local(dart_gptr_t segment) {
    for (const dart_gptr_t &g : flushes_)
      if (g.segid == segment.segid && g.flags == segment.flags) return;
    flushes_.push_back(segment);
  }

  void wait() {
    if (handles_.empty() && types_.empty() && flushes_.empty()) return;
    if (!alive(epoch_)) {  // finalize already released everything
      handles_.clear();
      types_.clear();
      flushes_.clear();
      return;
    }
    if (!handles_.empty()) {
      std::vector<dart_handle_t> handles = std::move(handles_);
      handles_.clear();
      check(dart_waitall(handles.data(), handles.size()), "dart_waitall");
    }
    std::vector<dart_gptr_t> flushes = std::move(flushes_);
    flushes_.clear();
    for (const dart_gptr_t &g : flushes) check(dart_flush_local_all(g), "dart_flush_local_all");
    for (dart_datatype_t &type : types_) dart_type_destroy(&type);
    types_.clear();
  }

  /// True if all handles completed; then also completes the flushed gets.
  bool test() {
    if (!handles_.empty()) {
      int flag = 0;
      check(dart_testall(handles_.data(), handles_.size(), &flag), "dart_testall");
      if (!flag) return false;
      handles_.clear();
    }
    wait();
    return true;
  }

 private:
  std::vector<dart_handle_t> handles_;
  std::vector<dart_datatype_t> types_;
  std::vector<dart_gptr_t> flushes_;
  std::uint64_t epoch_;
};

}  // namespace detail

}  // namespace dash

#endif  // DASH_INTERNAL_TRANSFER_HANDLES_H
