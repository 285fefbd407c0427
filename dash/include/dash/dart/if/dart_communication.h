#ifndef DASH_DART_IF_DART_COMMUNICATION_H
#define DASH_DART_IF_DART_COMMUNICATION_H

// Communication in DASH's form (DASH's header name): <dart/communication.h>
// (one-sided put/get, blocking and handle-based, flushes, atomics,
// collectives; a dart_team_unit_t root converts to DART's team-relative
// dart_unit_t) plus, for C++, the calls whose form differs:
//
//   dart_send(buf, n, DART_TYPE_INT, tag, dart_global_unit_t{1});  // in DART_TEAM_ALL
//   dart_accumulate_blocking_local(gptr, vals, n, DART_TYPE_INT, DART_OP_SUM);
//   dart_handle_free(&handle);

#include <dart/communication.h>
#include <dash/dart/if/dart_globmem.h>
#include <dash/dart/if/dart_types.h>
#include <dash/dart/if/dart_util.h>

/// DASH's form: sends to global unit `unit` (in DART_TEAM_ALL).
inline dart_ret_t dart_send(const void *buf, size_t nelem, dart_datatype_t dtype, int tag,
                            dart_global_unit_t unit) {
  return dart_send(buf, nelem, dtype, tag, unit.id, DART_TEAM_ALL);
}

/// DASH's form: receives from global unit `unit` (in DART_TEAM_ALL).
inline dart_ret_t dart_recv(void *buf, size_t nelem, dart_datatype_t dtype, int tag,
                            dart_global_unit_t unit) {
  return dart_recv(buf, nelem, dtype, tag, unit.id, DART_TEAM_ALL);
}

/// DASH's form: sends to `dest` and receives from `src` (global units).
inline dart_ret_t dart_sendrecv(const void *sendbuf, size_t send_nelem, dart_datatype_t send_dtype,
                                int send_tag, dart_global_unit_t dest, void *recvbuf, size_t recv_nelem,
                                dart_datatype_t recv_dtype, int recv_tag, dart_global_unit_t src) {
  return dart_sendrecv(sendbuf, send_nelem, send_dtype, send_tag, dest.id, recvbuf, recv_nelem, recv_dtype,
                       recv_tag, src.id, DART_TEAM_ALL);
}

// DASH's tests pass a plain dart_unit_t as the global unit: these take it
// as DASH does (a unit of DART_TEAM_ALL).
inline dart_ret_t dart_send(const void *buf, size_t nelem, dart_datatype_t dtype, int tag, dart_unit_t unit) {
  return dart_send(buf, nelem, dtype, tag, unit, DART_TEAM_ALL);
}
inline dart_ret_t dart_recv(void *buf, size_t nelem, dart_datatype_t dtype, int tag, dart_unit_t unit) {
  return dart_recv(buf, nelem, dtype, tag, unit, DART_TEAM_ALL);
}
inline dart_ret_t dart_sendrecv(const void *sendbuf, size_t send_nelem, dart_datatype_t send_dtype,
                                int send_tag, dart_unit_t dest, void *recvbuf, size_t recv_nelem,
                                dart_datatype_t recv_dtype, int recv_tag, dart_unit_t src) {
  return dart_sendrecv(sendbuf, send_nelem, send_dtype, send_tag, dest, recvbuf, recv_nelem, recv_dtype,
                       recv_tag, src, DART_TEAM_ALL);
}

/// DASH's form: an accumulate whose `values` may be reused on return
/// (complete at the origin; at the target after dart_flush).
inline dart_ret_t dart_accumulate_blocking_local(dart_gptr_t gptr, const void *values, size_t nelem,
                                                 dart_datatype_t dtype, dart_operation_t op) {
  dart_ret_t status = dart_accumulate(gptr, values, nelem, dtype, op);
  return status != DART_OK ? status : dart_flush_local(gptr);
}

/// DASH's form: releases a handle. Ours completes the transfer at the
/// origin first (DASH leaves it to a later flush), so the buffer is free.
inline dart_ret_t dart_handle_free(dart_handle_t *handle) { return dart_wait_local(handle); }

#endif  // DASH_DART_IF_DART_COMMUNICATION_H
