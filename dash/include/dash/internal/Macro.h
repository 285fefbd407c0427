#ifndef DASH_INTERNAL_MACRO_H
#define DASH_INTERNAL_MACRO_H

// DASH's helper macros: stringification, marking a value as deliberately
// unused, and the decltype-return shorthands DASH's headers are written in.

/// The argument's spelling as a string literal.
#define dash__tostr(s) #s
/// The argument, macro-expanded first, as a string literal.
#define dash__toxstr(s) dash__tostr(s)
/// Marks a variable as used (silences -Wunused for values kept for logs).
#define dash__unused(x) (void)(x)

#ifndef NOINLINE_ATTRIBUTE
#define NOINLINE_ATTRIBUTE __attribute__((noinline))
#endif

/// `auto f(...) DASH__DECLTYPE_AUTO_RETURN(expr)`: returns expr, typed as it.
#define DASH__DECLTYPE_AUTO_RETURN(...) \
  ->decltype(__VA_ARGS__) { return (__VA_ARGS__); }
/// As DASH__DECLTYPE_AUTO_RETURN, noexcept if the expression is.
#define DASH__DECLTYPE_AUTO_RETURN_NOEXCEPT(...) \
  noexcept(noexcept(decltype(__VA_ARGS__)(__VA_ARGS__)))->decltype(__VA_ARGS__) { return (__VA_ARGS__); }
/// The noexcept specification and trailing return type only.
#define DASH__DECLTYPE_NOEXCEPT(...) \
  noexcept(noexcept(decltype(__VA_ARGS__)(__VA_ARGS__)))->decltype(__VA_ARGS__)

// Functions that must stay checkable at run time with assertions enabled.
#ifndef DASH_ENABLE_ASSERTIONS
#define DASH_CONSTEXPR constexpr
#define DASH_NOEXCEPT noexcept
#else
#define DASH_CONSTEXPR
#define DASH_NOEXCEPT
#endif

#endif  // DASH_INTERNAL_MACRO_H
