#ifndef DASH_TYPES_H
#define DASH_TYPES_H

// Vocabulary types shared by the whole library, under DASH's names:
// unit ids typed by their scope (global_unit_t, team_unit_t:
// <dash/internal/Unit.h>), and the default index and size types.

#include <cstddef>
#include <type_traits>

#include <dart/types.h>
#include <dash/internal/DartType.h>
#include <dash/internal/Unit.h>

namespace dash {

/// DASH's trait: the DART basic type of T (DART_TYPE_UNDEFINED if none),
/// for programs that call DART collectives directly. As in DASH, char and
/// unsigned char are DART_TYPE_BYTE; cv-qualifiers are ignored.
template <typename T>
struct dart_datatype
    : std::integral_constant<dart_datatype_t, (std::is_same_v<std::remove_cv_t<T>, char> ||
                                               std::is_same_v<std::remove_cv_t<T>, unsigned char>)
                                                  ? dart_datatype_t(DART_TYPE_BYTE)
                                                  : detail::dart_type<std::remove_cv_t<T>>()> {};

/// DASH's trait for moving values whole (e.g. in reductions that only
/// select values): dart_datatype<T> if T has one, else the integer type of
/// T's size (1, 2, 4, 8 bytes: BYTE, SHORT, INT, LONGLONG), else
/// DART_TYPE_UNDEFINED.
template <typename T>
struct dart_punned_datatype
    : std::integral_constant<dart_datatype_t, dart_datatype<T>::value != DART_TYPE_UNDEFINED
                                                  ? dart_datatype<T>::value
                                              : sizeof(T) == 1 ? dart_datatype_t(DART_TYPE_BYTE)
                                              : sizeof(T) == 2 ? dart_datatype_t(DART_TYPE_SHORT)
                                              : sizeof(T) == 4 ? dart_datatype_t(DART_TYPE_INT)
                                              : sizeof(T) == 8 ? dart_datatype_t(DART_TYPE_LONGLONG)
                                                               : dart_datatype_t(DART_TYPE_UNDEFINED)> {};

/// DASH's transfer size of `nvalues` values of T for DART calls: nelem
/// elements of dtype, T's DART type if it has one, else bytes.
template <typename T>
struct dart_storage {
  static constexpr dart_datatype_t dtype = dart_datatype<T>::value == DART_TYPE_UNDEFINED
                                               ? dart_datatype_t(DART_TYPE_BYTE)
                                               : dart_datatype<T>::value;
  const std::size_t nelem;
  constexpr explicit dart_storage(std::size_t nvalues) noexcept
      : nelem(dart_datatype<T>::value == DART_TYPE_UNDEFINED ? nvalues * sizeof(T) : nvalues) {}
};

/// Dimension number (0 is the first dimension).
using dim_t = int;
/// Signed index type.
using default_index_t = std::ptrdiff_t;
/// Unsigned extent type.
using default_extent_t = std::size_t;
/// Unsigned size type.
using default_size_t = std::size_t;

/// DASH's order of a pattern's elements: of global indices, local storage
/// (also of tiles) and blocks. ROW_MAJOR: the last dimension varies
/// fastest; COL_MAJOR: the first one does.
enum MemArrange { MEM_ARRANGE_UNDEFINED = 0, ROW_MAJOR, COL_MAJOR };

/// Whether T can be an element of a DASH container (and so be moved in
/// global memory byte by byte): standard layout and trivially copyable.
template <class T>
struct is_container_compatible
    : std::integral_constant<bool, std::is_standard_layout_v<T> && std::is_trivially_copyable_v<T>> {};

/// Whether T can be the value type of dash::Atomic (DASH's trait).
template <typename T>
struct is_atomic_compatible : std::integral_constant<bool, std::is_arithmetic_v<T>> {};

}  // namespace dash

#endif  // DASH_TYPES_H
