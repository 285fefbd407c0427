#ifndef DASH_IO_HDF5_INTERNAL_HANDLE_H
#define DASH_IO_HDF5_INTERNAL_HANDLE_H

// RAII for HDF5 identifiers, and the checks that turn HDF5's negative
// returns into exceptions. Every identifier dash::io::hdf5 opens is owned by
// a Handle, so an exception thrown half-way through a store or load closes
// what was open (all units throw at the same point: the checks run on data
// every unit has, so no unit is left alone in a collective HDF5 call).

#include <hdf5.h>

#include <string>
#include <utility>

#include <dash/Exception.h>

namespace dash::io::hdf5::internal {

/// Owns one HDF5 identifier and closes it with the matching H5*close.
class Handle {
 public:
  using closer = herr_t (*)(hid_t);

  Handle() = default;
  Handle(hid_t id, closer close) : id_(id), close_(close) {}
  Handle(Handle &&other) noexcept : id_(std::exchange(other.id_, H5I_INVALID_HID)), close_(other.close_) {}
  Handle &operator=(Handle &&other) noexcept {
    std::swap(id_, other.id_);
    std::swap(close_, other.close_);
    return *this;
  }
  Handle(const Handle &) = delete;
  Handle &operator=(const Handle &) = delete;
  ~Handle() {
    if (id_ >= 0 && close_ != nullptr) close_(id_);
  }

  hid_t get() const { return id_; }

 private:
  hid_t id_ = H5I_INVALID_HID;
  closer close_ = nullptr;
};

/// Returns a Handle owning `id`; throws dash::RuntimeError naming `what` if
/// HDF5 failed (id < 0).
inline Handle checked(hid_t id, Handle::closer close, const std::string &what) {
  if (id < 0) throw dash::RuntimeError("dash::io::hdf5: " + what + " failed");
  return Handle(id, close);
}

/// Throws dash::RuntimeError naming `what` if an HDF5 call returned < 0.
inline void check(herr_t status, const std::string &what) {
  if (status < 0) throw dash::RuntimeError("dash::io::hdf5: " + what + " failed");
}

/// Silences HDF5's automatic error stack printing while it lives: failures
/// are reported by the exceptions above instead of a trace on stderr.
class QuietErrors {
 public:
  QuietErrors() {
    H5Eget_auto2(H5E_DEFAULT, &func_, &data_);
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  }
  ~QuietErrors() { H5Eset_auto2(H5E_DEFAULT, func_, data_); }
  QuietErrors(const QuietErrors &) = delete;
  QuietErrors &operator=(const QuietErrors &) = delete;

 private:
  H5E_auto2_t func_ = nullptr;
  void *data_ = nullptr;
};

}  // namespace dash::io::hdf5::internal

#endif  // DASH_IO_HDF5_INTERNAL_HANDLE_H
