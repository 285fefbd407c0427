#ifndef DASH_META_TYPEINFO_H
#define DASH_META_TYPEINFO_H

// dash::typestr: the readable (demangled) name of a type, for logs and
// messages: typestr<int>() == "int", typestr(obj) names obj's dynamic type.

#include <cstdlib>
#include <cxxabi.h>
#include <memory>
#include <string>
#include <typeinfo>

namespace dash {

namespace internal {
/// The demangled form of a typeid name (the name itself if it is none).
inline std::string demangle(const char *typeid_name) {
  int status = 0;
  std::unique_ptr<char, void (*)(void *)> name(abi::__cxa_demangle(typeid_name, nullptr, nullptr, &status),
                                               std::free);
  return status == 0 && name ? std::string(name.get()) : std::string(typeid_name);
}
}  // namespace internal

template <class T>
std::string typestr(const T &obj) {
  return internal::demangle(typeid(obj).name());
}

template <class T>
std::string typestr() {
  return internal::demangle(typeid(T).name());
}

}  // namespace dash

#endif  // DASH_META_TYPEINFO_H
