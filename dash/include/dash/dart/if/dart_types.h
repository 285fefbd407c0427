#ifndef DASH_DART_IF_DART_TYPES_H
#define DASH_DART_IF_DART_TYPES_H

// DASH's DART types (DASH's header name). The locality types (scopes,
// dart_domain_locality_t, dart_unit_locality_t, dart_hwinfo_t) are DART's
// C types of <dart/locality.h> and <dart/domain.h>: DASH's scopes are
// enumerators of dart_locality_scope_t, in DASH's order (a finer scope
// compares greater), so `scope > DART_LOCALITY_SCOPE_NODE` means what it
// means in DASH; printed as numbers they differ from DASH's.
// Also DASH's constants and helpers of its dart_types.h; its user-defined
// operations and custom types are DART's dart_op_create/dart_op_destroy
// (<dart/communication.h>) and dart_type_create_custom (<dart/globmem.h>).

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include <ostream>

#include <dart/dart.h>
#include <dart/domain.h>
#include <dash/dart/if/dart_util.h>
#include <dash/internal/Unit.h>

// DASH's counting for DART_OP_MINMAX in dart_reduce/dart_allreduce: nelem
// counts elements, two per (min, max) pair (DART's own DART_OP_MINMAX
// counts pairs), and the positions of min and max in a pair.
#define DART_OP_MINMAX DART_OP_MINMAX_ELEMENTS
#define DART_OP_MINMAX_MIN 0
#define DART_OP_MINMAX_MAX 1

/// DASH's exit codes.
enum { DART_EXIT_SUCCESS = EXIT_SUCCESS, DART_EXIT_ABORT = EXIT_FAILURE, DART_EXIT_ASSERT = -6 };

/// The DART type of size_t.
#if SIZE_MAX == UINT64_MAX
#define DART_TYPE_SIZET DART_TYPE_ULONGLONG
#else
#define DART_TYPE_SIZET DART_TYPE_ULONG
#endif

/// DASH's constructors of typed unit ids.
inline dart_team_unit_t dart_create_team_unit(dart_unit_t unit) { return dart_team_unit_t{unit}; }
inline dart_global_unit_t dart_create_global_unit(dart_unit_t unit) { return dart_global_unit_t{unit}; }
#define DART_TEAM_UNIT_ID(u) (dart_create_team_unit(u))
#define DART_GLOBAL_UNIT_ID(u) (dart_create_global_unit(u))
#define DART_UNDEFINED_TEAM_UNIT_ID DART_TEAM_UNIT_ID(DART_UNDEFINED_UNIT_ID)
#define DART_UNDEFINED_GLOBAL_UNIT_ID DART_GLOBAL_UNIT_ID(DART_UNDEFINED_UNIT_ID)

/// DASH's unit ids from the C ones of the domain tree (typed ids of
/// <dart/types.h>: dart_domain_locality_t.unit_ids, dart_unit_locality_t.unit).
inline std::ostream &operator<<(std::ostream &os, dart_global_unit_id_t u) { return os << u.id; }
inline std::ostream &operator<<(std::ostream &os, dart_team_unit_id_t u) { return os << u.id; }

#endif  // DASH_DART_IF_DART_TYPES_H
