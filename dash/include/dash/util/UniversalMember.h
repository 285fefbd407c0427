#ifndef DASH_UTIL_UNIVERSALMEMBER_H
#define DASH_UTIL_UNIVERSALMEMBER_H

// UniversalMember<T>: a member that either refers to an object the caller
// keeps (constructed from an lvalue or a pointer: no copy, the caller's
// object must outlive it) or owns one moved in (constructed from an
// rvalue). Copies share the value. Lets a view keep its origin by
// reference when given a named object and by value when given a temporary,
// without requiring T to be copyable or movable in the first case.

#include <memory>
#include <utility>

namespace dash {

template <class ValueType>
class UniversalMember {
 public:
  UniversalMember() = default;
  /// Owns `value` (moved).
  explicit UniversalMember(ValueType &&value) : value_(std::make_shared<ValueType>(std::move(value))) {}
  /// Refers to `value`.
  explicit UniversalMember(const ValueType &value) : value_(referring(&value)) {}
  /// Refers to `*value`.
  explicit UniversalMember(const ValueType *value) : value_(referring(value)) {}

  operator ValueType &() { return *value_; }
  operator const ValueType &() const { return *value_; }

  /// Assigns to the held value (the referred object, if it refers).
  UniversalMember &operator=(ValueType &&value) {
    *value_ = std::move(value);
    return *this;
  }

  /// The value as a shared pointer (which owns nothing when referring).
  const std::shared_ptr<ValueType> &shared() const { return value_; }

 private:
  static std::shared_ptr<ValueType> referring(const ValueType *value) {
    // Aliasing constructor: shares no ownership, deletes nothing.
    return std::shared_ptr<ValueType>(std::shared_ptr<ValueType>(), const_cast<ValueType *>(value));
  }

  std::shared_ptr<ValueType> value_;
};

}  // namespace dash

#endif  // DASH_UTIL_UNIVERSALMEMBER_H
