#ifndef DASH_IO_IOSTREAM_H
#define DASH_IO_IOSTREAM_H

// The mode flags of dash's I/O streams (DASH's dash::io::IOSBaseMode,
// IOStreamMode and IOSBase), as std::ios_base's openmode: combine with |,
// test with & (true if any flag is set).

#include <cstdint>
#include <type_traits>

namespace dash::io {

enum class IOSBaseMode : std::uint32_t {
  no_flags = 0,
  app = 1 << 0,
  ate = 1 << 1,
  binary = 1 << 2,
  in = 1 << 3,
  out = 1 << 4,
  trunk = 1 << 5
};

/// A set of mode flags of enum type IOSModeType.
template <typename IOSModeType>
class IOStreamMode {
  using bits_type = std::underlying_type_t<IOSModeType>;

 public:
  IOStreamMode(IOSModeType mode = IOSModeType::no_flags) : mode_(mode) {}

  operator IOSModeType() const { return mode_; }
  /// True if any flag is set.
  explicit operator bool() const { return mode_ != IOSModeType::no_flags; }

  IOStreamMode &operator|=(const IOStreamMode &rhs) { return *this = *this | rhs; }
  IOStreamMode &operator&=(const IOStreamMode &rhs) { return *this = *this & rhs; }
  IOStreamMode &operator^=(const IOStreamMode &rhs) { return *this = *this ^ rhs; }
  IOStreamMode operator~() const { return make(static_cast<bits_type>(~bits())); }
  IOStreamMode operator|(const IOStreamMode &rhs) const { return make(bits() | rhs.bits()); }
  IOStreamMode operator&(const IOStreamMode &rhs) const { return make(bits() & rhs.bits()); }
  IOStreamMode operator^(const IOStreamMode &rhs) const { return make(bits() ^ rhs.bits()); }

 private:
  bits_type bits() const { return static_cast<bits_type>(mode_); }
  static IOStreamMode make(bits_type b) { return IOStreamMode(static_cast<IOSModeType>(b)); }
  IOSModeType mode_;
};

namespace internal {
template <typename T>
struct mode_enum {
  using type = T;
};
template <typename E>
struct mode_enum<IOStreamMode<E>> {
  using type = E;
};
}  // namespace internal

/// Base of the streams: holds their mode. IOSModeType is the flags' enum
/// or an IOStreamMode of it.
template <typename IOSModeType>
class IOSBase {
 public:
  using ios_mode_type = IOStreamMode<typename internal::mode_enum<IOSModeType>::type>;
  IOSBase() : _io_stream_mode(internal::mode_enum<IOSModeType>::type::no_flags) {}

 protected:
  ios_mode_type _io_stream_mode;
};

}  // namespace dash::io

#endif  // DASH_IO_IOSTREAM_H
