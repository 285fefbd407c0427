/**
 * @file dart/communication.h
 * One-sided communication (put, get, atomics) and collective and two-sided
 * communication on teams.
 *
 * Element counts are size_t; transfers above 2^31 elements are split
 * internally (MPI counts are int).
 *
 * Paths: a target on the caller's node (real, or virtual with
 * DART_UNITS_PER_NODE) is reached with plain loads/stores/memcpy through
 * node shared memory; other targets through MPI RMA. On the
 * shared-memory path every put and get, blocking or not, has copied its data
 * when the call returns (handles are DART_HANDLE_NULL); a dart_put's data is
 * ordered before later signals by dart_flush, as on the MPI path.
 *
 * Threads (DART_THREAD_MULTIPLE): completion is per unit, as in MPI: a
 * flush completes the operations every thread of the calling unit issued
 * to that target before it, and a handle may be completed by any thread.
 */
#ifndef DART_COMMUNICATION_H
#define DART_COMMUNICATION_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- One-sided: non-blocking, completed by flush ---- */

/**
 * Starts copying nelem elements from local src (layout src_type) to the
 * global memory at gptr (layout dst_type). Both types must share the same
 * basic type. src may be reused after dart_flush_local(gptr); the data is
 * visible at the target after dart_flush(gptr). Threads: any.
 */
dart_ret_t dart_put(dart_gptr_t gptr, const void *src, size_t nelem, dart_datatype_t src_type,
                    dart_datatype_t dst_type);

/**
 * Starts copying nelem elements from gptr (layout src_type) into local dst
 * (layout dst_type). dst holds the data after dart_flush_local(gptr). Threads: any.
 */
dart_ret_t dart_get(void *dst, dart_gptr_t gptr, size_t nelem, dart_datatype_t src_type,
                    dart_datatype_t dst_type);

/**
 * Completes all puts/gets/atomics of the calling unit (of all its threads) to gptr's unit in gptr's
 * segment, at origin and target. Threads: any.
 */
dart_ret_t dart_flush(dart_gptr_t gptr);

/** As dart_flush, for all units of gptr's segment. Threads: any. */
dart_ret_t dart_flush_all(dart_gptr_t gptr);

/** Completes them locally only: buffers may be reused / read. Threads: any. */
dart_ret_t dart_flush_local(dart_gptr_t gptr);

/** As dart_flush_local, for all units of gptr's segment. Threads: any. */
dart_ret_t dart_flush_local_all(dart_gptr_t gptr);

/* ---- One-sided: blocking ---- */

/** As dart_put, and returns when the data is visible at the target. Threads: any. */
dart_ret_t dart_put_blocking(dart_gptr_t gptr, const void *src, size_t nelem, dart_datatype_t src_type,
                             dart_datatype_t dst_type);

/** As dart_get, and returns when the data is in dst. Threads: any. */
dart_ret_t dart_get_blocking(void *dst, dart_gptr_t gptr, size_t nelem, dart_datatype_t src_type,
                             dart_datatype_t dst_type);

/* ---- One-sided: handle-based ---- */

/**
 * A handle to one outstanding transfer; DART_HANDLE_NULL when complete.
 * An opaque value, not a pointer to memory: copies may be made, but only
 * one of them may be completed. Waiting on or testing a copy of a handle
 * that has completed, or a value no DART call returned, is DART_ERR_INVAL
 * (the value is left as it is), never a crash or a corrupted later call.
 * DART_HANDLE_NULL is always a valid, complete handle: waiting on it is a
 * no-op. At most 262,144 handles are outstanding per unit (then
 * DART_ERR_NOMEM from dart_put_handle / dart_get_handle).
 */
typedef struct dart_handle_struct *dart_handle_t;
/** The handle of no (or of an already completed) transfer. */
#define DART_HANDLE_NULL ((dart_handle_t)NULL)

/**
 * As dart_put, tracked by *handle. *handle is DART_HANDLE_NULL if the
 * transfer already completed (always on the shared-memory path). Threads: any.
 */
dart_ret_t dart_put_handle(dart_gptr_t gptr, const void *src, size_t nelem, dart_datatype_t src_type,
                           dart_datatype_t dst_type, dart_handle_t *handle);

/** As dart_get, tracked by *handle. Threads: any. */
dart_ret_t dart_get_handle(void *dst, dart_gptr_t gptr, size_t nelem, dart_datatype_t src_type,
                           dart_datatype_t dst_type, dart_handle_t *handle);

/**
 * Waits until the transfer is complete at origin and target; frees *handle
 * (sets it to DART_HANDLE_NULL). DART_ERR_INVAL if *handle is neither
 * DART_HANDLE_NULL nor outstanding (already completed through a copy, or
 * not a handle). Threads: any.
 */
dart_ret_t dart_wait(dart_handle_t *handle);

/** Waits until the transfer is complete at the origin (buffer reusable); frees *handle; errors as dart_wait. Threads: any. */
dart_ret_t dart_wait_local(dart_handle_t *handle);

/**
 * dart_wait on n handles. An invalid one (see dart_wait) is left as it is
 * and makes the call DART_ERR_INVAL after the others have completed. Threads: any.
 */
dart_ret_t dart_waitall(dart_handle_t handles[], size_t n);

/** dart_wait_local on n handles. Threads: any. */
dart_ret_t dart_waitall_local(dart_handle_t handles[], size_t n);

/**
 * Sets *flag to 1 and frees *handle if the transfer is complete at origin
 * and target (for a put this flushes the target once the local part is done),
 * else sets *flag to 0. Drives MPI progress. DART_ERR_INVAL (and *flag 0)
 * for an invalid handle, as dart_wait. Threads: any.
 */
dart_ret_t dart_test(dart_handle_t *handle, int *flag);

/** As dart_test for local completion. Threads: any. */
dart_ret_t dart_test_local(dart_handle_t *handle, int *flag);

/**
 * dart_test on n handles: *flag is 1 only if all are complete. Invalid
 * handles as dart_waitall: DART_ERR_INVAL, *flag 0. Threads: any.
 */
dart_ret_t dart_testall(dart_handle_t handles[], size_t n, int *flag);

/** dart_test_local on n handles. Threads: any. */
dart_ret_t dart_testall_local(dart_handle_t handles[], size_t n, int *flag);

/* ---- Atomics (docs/design.md: which path each segment uses) ---- */

/**
 * Element-wise atomic update of n elements at gptr: target[i] = target[i]
 * op values[i]. op: MIN MAX SUM PROD BAND BOR BXOR LAND LOR LXOR REPLACE on
 * the basic types MPI defines them for. type may also be a strided or
 * indexed layout of such a type: then the n target elements follow that
 * layout (n a multiple of its elements per instance) and values holds them
 * densely, in order. Complete at dart_flush(gptr). Threads: any.
 */
dart_ret_t dart_accumulate(dart_gptr_t gptr, const void *values, size_t n, dart_datatype_t type,
                           dart_operation_t op);

/**
 * Batched element-wise atomic updates of one unit's memory: for each i < n,
 * target[offsets[i]] = target[offsets[i]] op values[i], where target is the
 * array of basic-type `type` elements starting at gptr (offsets count
 * elements; any order; an offset may repeat: every update is applied). op
 * and type as dart_accumulate (a basic type only). Atomic per element, as
 * dart_accumulate: it may be mixed with dart_accumulate and
 * dart_fetch_and_op of the same op on the same elements.
 * The cheap way to apply many small scattered updates to one unit: across
 * nodes they travel as one MPI_Accumulate per 1,024 updates (an indexed
 * target datatype) instead of one per update; repeats of an offset among
 * them are combined at the origin into a second MPI_Accumulate (integer
 * types, and REPLACE: the last value wins; the call then completes both
 * locally before it returns) or, for floating-point SUM, PROD, MIN and
 * MAX, sent as k calls for an offset that occurs k times, to keep MPI's
 * order of rounding. On the shared-memory path they are CPU atomics. Any
 * unit may call it. Completion as
 * dart_accumulate: on return on the shared-memory path, else at
 * dart_flush(gptr); `values` must not change before dart_flush_local(gptr),
 * `offsets` may change on return. n == 0 does nothing (gptr is still
 * checked). DART_ERR_INVAL for NULL offsets or values with n > 0 and for an
 * offset past the end of the target unit's part of the segment (nothing is
 * updated then). Threads: any.
 */
dart_ret_t dart_accumulate_scattered(dart_gptr_t gptr, const uint64_t *offsets, const void *values, size_t n,
                                     dart_datatype_t type, dart_operation_t op);

/**
 * Atomically: *result = target; target = target op *value. op: SUM PROD
 * MIN MAX BAND BOR BXOR REPLACE NO_OP. Blocking: complete on return. Threads: any.
 */
dart_ret_t dart_fetch_and_op(dart_gptr_t gptr, const void *value, void *result, dart_datatype_t type,
                             dart_operation_t op);

/**
 * Atomically: *result = target; if target == *compare then target = *value.
 * Integer types only. Blocking: complete on return. Threads: any.
 */
dart_ret_t dart_compare_and_swap(dart_gptr_t gptr, const void *value, const void *compare, void *result,
                                 dart_datatype_t type);

/* ---- User-defined reduction operations ---- */

/**
 * A reduction function: inout[i] = in[i] op inout[i] for i < len, on
 * elements of the operation's type; user_data as given to dart_op_create.
 */
typedef void (*dart_operator_t)(const void *in, void *inout, size_t len, void *user_data);

/**
 * Creates a reduction operation for dart_reduce and dart_allreduce on
 * elements of `type` (a basic type or one of dart_type_create_custom;
 * the reductions then take exactly this type): *op is an id between
 * DART_OP_USER_FIRST and DART_OP_USER_LAST. commute: the function is
 * commutative. type_owned: dart_op_destroy destroys `type` as well.
 * Local (every unit that reduces with it creates its own, in any order).
 * DART_ERR_NOMEM when 1,024 operations are alive. Threads: any.
 */
dart_ret_t dart_op_create(dart_operator_t fn, void *user_data, int commute, dart_datatype_t type,
                          int type_owned, dart_operation_t *op);

/** Destroys an operation of dart_op_create and sets *op to DART_OP_UNDEFINED. Threads: any. */
dart_ret_t dart_op_destroy(dart_operation_t *op);

/* ---- Collectives on a team (all units of the team call them) ----
 *
 * Every unit of the team must call the same collective with the same
 * nelem, type (its basic type), operation and root (dart_allgatherv: the
 * same nrecvcounts and recvdispls). Arguments every unit passes alike are
 * checked before any communication: every unit fails alike. A mismatch
 * between units, or an argument only some units get wrong (a NULL buffer),
 * is detected only with DART_CHECK=1 (the default in debug builds, docs/environment.md):
 * then every unit of the team returns DART_ERR_INVAL, before any data moves,
 * and dart_last_error names the call and the argument that differs (or, on
 * the units whose arguments were fine, the first unit whose were not).
 * Without it such a call is erroneous, as in MPI: an MPI error
 * (DART_ERR_OTHER) on some units, wrong results or a hang. An unknown team
 * fails on the unit that passed it, without communicating. */

/** Broadcasts nelem elements from team-relative root to all units. Errors: see above. Threads: per team. */
dart_ret_t dart_bcast(void *buf, size_t nelem, dart_datatype_t type, dart_unit_t root, dart_team_t team);

/** Unit i receives nelem elements from block i of root's sendbuf. Threads: per team. */
dart_ret_t dart_scatter(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                        dart_unit_t root, dart_team_t team);

/** Root receives nelem elements from every unit, in team order. Threads: per team. */
dart_ret_t dart_gather(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                       dart_unit_t root, dart_team_t team);

/** Every unit receives nelem elements from every unit, in team order. Threads: per team. */
dart_ret_t dart_allgather(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                          dart_team_t team);

/** As allgather with per-unit counts and displacements (in elements). Threads: per team. */
dart_ret_t dart_allgatherv(const void *sendbuf, size_t nsend, dart_datatype_t type, void *recvbuf,
                           const size_t *nrecvcounts, const size_t *recvdispls, dart_team_t team);

/**
 * Reduces nelem elements with op to root. DART_OP_MINMAX reduces pairs:
 * sendbuf holds nelem (min, max) pairs, i.e. 2*nelem elements. Threads: per team.
 */
dart_ret_t dart_reduce(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                       dart_operation_t op, dart_unit_t root, dart_team_t team);

/** As dart_reduce with the result on every unit. Threads: per team. */
dart_ret_t dart_allreduce(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                          dart_operation_t op, dart_team_t team);

/** Every unit sends block j of nelem elements to unit j. Threads: per team. */
dart_ret_t dart_alltoall(const void *sendbuf, void *recvbuf, size_t nelem, dart_datatype_t type,
                         dart_team_t team);

/* ---- Two-sided between units of a team (team-relative ids) ---- */

/**
 * Blocking send, receive, and both at once (MPI_Send, MPI_Recv,
 * MPI_Sendrecv on the team's communicator). Threads: any; messages of
 * different threads with the same source, tag and team match in no
 * particular order (as in MPI).
 */
dart_ret_t dart_send(const void *buf, size_t nelem, dart_datatype_t type, int tag, dart_unit_t unit,
                     dart_team_t team);
/** Receives what dart_send sent from unit (team-relative) with tag (MPI_Recv). Threads: any. */
dart_ret_t dart_recv(void *buf, size_t nelem, dart_datatype_t type, int tag, dart_unit_t unit,
                     dart_team_t team);
/** Sends to dest and receives from src at once (MPI_Sendrecv). Threads: any. */
dart_ret_t dart_sendrecv(const void *sendbuf, size_t send_nelem, dart_datatype_t send_type, int send_tag,
                         dart_unit_t dest, void *recvbuf, size_t recv_nelem, dart_datatype_t recv_type,
                         int recv_tag, dart_unit_t src, dart_team_t team);

#ifdef __cplusplus
}
#endif

/* The inline same-node fast path of the calls above (not API). */
#include "detail/fast_path.h"

#endif /* DART_COMMUNICATION_H */
