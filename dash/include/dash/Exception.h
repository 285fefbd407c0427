#ifndef DASH_EXCEPTION_H
#define DASH_EXCEPTION_H

// The exceptions of the library, and the one place where DART status codes
// become exceptions (detail::check).
//
// Misuse the library detects itself is reported with standard exceptions:
//  - std::out_of_range: checked access (at()) outside the container;
//  - std::invalid_argument: arguments that do not fit together (iterators
//    of different containers, transform between different patterns, a
//    pattern for another number of units than the team has, ...).
// Failures reported by the runtime become dash::RuntimeError, or
// dash::NotInitialized when the runtime is not running (use before
// dash::init or after dash::finalize).
//
// DASH's names: dash::exception::RuntimeError, InvalidArgument (the
// std::invalid_argument above), OutOfRange (std::out_of_range) and
// AssertionFailed, thrown by the DASH_ASSERT* checks at the end of this file.

#include <sstream>
#include <string>

#include <dart/types.h>
#include <dash/exception/AssertionFailed.h>
#include <dash/exception/InvalidArgument.h>
#include <dash/exception/NotImplemented.h>
#include <dash/exception/OutOfRange.h>
#include <dash/exception/RuntimeError.h>
#include <dash/exception/StackTrace.h>

namespace dash {
namespace detail {

/// "[ Unit 3 ] ", or "[ Unit - ] " when the runtime is not running: the
/// start of DASH_THROW messages.
std::string unit_prefix();

/// Throws the exception for a failed DART call: `call` names it (e.g.
/// "dart_get_blocking"). Out of line: only the error path.
[[noreturn]] void throw_dart_error(dart_ret_t status, const char *call);

/// Turns a DART status into an exception; the one helper every call uses.
inline void check(dart_ret_t status, const char *call) {
  if (__builtin_expect(status != DART_OK, 0)) throw_dart_error(status, call);
}

}  // namespace detail
}  // namespace dash

/// Prints the calling unit's call stack to stderr (DASH's diagnostic).
#define DASH_STACK_TRACE() dash__print_stacktrace()

/// Throws `excep_type(message)`; `msg_stream` is streamed into the message
/// (DASH_THROW(dash::exception::InvalidArgument, "n = " << n)), which
/// starts with the unit id.
#define DASH_THROW(excep_type, msg_stream)                         \
  do {                                                             \
    ::std::ostringstream dash_throw_os_;                           \
    dash_throw_os_ << ::dash::detail::unit_prefix() << msg_stream; \
    throw excep_type(dash_throw_os_.str());                        \
  } while (0)

/// Throws dash::exception::AssertionFailed unless `expr`; always checked.
#define DASH_ASSERT_ALWAYS(expr) DASH_ASSERT_MSG_ALWAYS(expr, "")
#define DASH_ASSERT_MSG_ALWAYS(expr, msg)                                                         \
  do {                                                                                            \
    if (!(expr))                                                                                  \
      DASH_THROW(::dash::exception::AssertionFailed,                                              \
                 "assertion failed: " #expr " " << msg << " at " << __FILE__ << ":" << __LINE__); \
  } while (0)
// A failed comparison shows both values.
#define DASH_ASSERT_CMP_ALWAYS_(a, op, b, msg)                                                            \
  do {                                                                                                    \
    if (!((a)op(b)))                                                                                      \
      DASH_THROW(::dash::exception::AssertionFailed, "assertion failed: " #a " " #op " " #b " ("          \
                                                         << (a) << " vs " << (b) << ") " << msg << " at " \
                                                         << __FILE__ << ":" << __LINE__);                 \
  } while (0)

// The DASH_ASSERT* checks are compiled in unless NDEBUG is defined (as
// assert); the expression of DASH_ASSERT_RETURNS is evaluated either way.
#ifndef NDEBUG
#define DASH_ASSERT(expr) DASH_ASSERT_MSG_ALWAYS(expr, "")
#define DASH_ASSERT_MSG(expr, msg) DASH_ASSERT_MSG_ALWAYS(expr, msg)
#define DASH_ASSERT_RETURNS(expr, value) DASH_ASSERT_CMP_ALWAYS_(expr, ==, value, "")
#define DASH_ASSERT_EQ(a, b, msg) DASH_ASSERT_CMP_ALWAYS_(a, ==, b, msg)
#define DASH_ASSERT_NE(a, b, msg) DASH_ASSERT_CMP_ALWAYS_(a, !=, b, msg)
#define DASH_ASSERT_LT(a, b, msg) DASH_ASSERT_CMP_ALWAYS_(a, <, b, msg)
#define DASH_ASSERT_LE(a, b, msg) DASH_ASSERT_CMP_ALWAYS_(a, <=, b, msg)
#define DASH_ASSERT_GT(a, b, msg) DASH_ASSERT_CMP_ALWAYS_(a, >, b, msg)
#define DASH_ASSERT_GE(a, b, msg) DASH_ASSERT_CMP_ALWAYS_(a, >=, b, msg)
/// Throws dash::exception::OutOfRange unless lower <= value <= upper.
#define DASH_ASSERT_RANGE(lower, value, upper, msg)                                                     \
  do {                                                                                                  \
    if (!((lower) <= (value) && (value) <= (upper)))                                                    \
      DASH_THROW(::dash::exception::OutOfRange,                                                         \
                 "range assertion failed: " << (lower) << " <= " << (value) << " <= " << (upper) << " " \
                                            << msg << " at " << __FILE__ << ":" << __LINE__);           \
  } while (0)
#else
// sizeof: the operands are not evaluated but still count as used.
#define DASH_ASSERT(expr) ((void)sizeof(expr))
#define DASH_ASSERT_MSG(expr, msg) ((void)sizeof(expr))
#define DASH_ASSERT_RETURNS(expr, value) ((void)(expr))
#define DASH_ASSERT_EQ(a, b, msg) ((void)sizeof((a) == (b)))
#define DASH_ASSERT_NE(a, b, msg) ((void)sizeof((a) != (b)))
#define DASH_ASSERT_LT(a, b, msg) ((void)sizeof((a) < (b)))
#define DASH_ASSERT_LE(a, b, msg) ((void)sizeof((a) <= (b)))
#define DASH_ASSERT_GT(a, b, msg) ((void)sizeof((a) > (b)))
#define DASH_ASSERT_GE(a, b, msg) ((void)sizeof((a) >= (b)))
#define DASH_ASSERT_RANGE(lower, value, upper, msg) ((void)sizeof((lower) <= (value)))
#endif

#endif  // DASH_EXCEPTION_H
