#ifndef DASH_META_TYPEINFO_H
#define DASH_META_TYPEINFO_H

// Readable type names, as DASH's dash::typestr: the demangled name of the
// dynamic type of an object, or of a type.
//
//   dash::typestr(pattern)      // "dash::Pattern<2, (dash::MemArrange)1, long>"
//   dash::typestr<double>()     // "double"

#include <cstdlib>
#include <cxxabi.h>
#include <memory>
#include <string>
#include <typeinfo>

namespace dash {

namespace internal {

/// The demangled form of a typeid name (the name itself if it is not a
/// mangled one).
inline std::string demangle(const char *typeid_name) {
  int status = 0;
  std::unique_ptr<char, void (*)(void *)> readable(
      abi::__cxa_demangle(typeid_name, nullptr, nullptr, &status), std::free);
  return status == 0 && readable ? std::string(readable.get()) : std::string(typeid_name);
}

}  // namespace internal

/// The name of the dynamic type of obj.
template <class T>
std::string typestr(const T &obj) {
  return internal::demangle(typeid(obj).name());
}

/// The name of T.
template <class T>
std::string typestr() {
  return internal::demangle(typeid(T).name());
}

}  // namespace dash

#endif  // DASH_META_TYPEINFO_H
