/**
 * @file message.h
 * ARMCI message-passing layer (armci_msg_*), implemented on
 * DART/MPI.
 *
 * Binary compatible with the message.h of Debian's ARMCI-MPI 0.3.1 (same
 * signatures and constant values); Global Arrays calls these for its
 * collectives. Declares only the routines the library really provides.
 *
 * Reduction operators ("op" arguments) are C strings:
 *   "+", "*", "max", "min", "absmax", "absmin" (all types) and, for the
 *   integer types, "or"/"bor"/"|" (bitwise or), "and"/"band"/"&", "land"/"&&"
 *   (logical and), "lor"/"||" (as ARMCI-MPI).
 * "type" arguments take an armci_type_e code; "scope" an armci_scope_e code.
 * All collectives are over the world group unless a group is passed.
 */
#ifndef DART_ARMCI_MESSAGE_H
#define DART_ARMCI_MESSAGE_H

#include "armci.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Process sets a scoped collective runs over. */
enum armci_scope_e {
  SCOPE_ALL = 0,    /**< all processes */
  SCOPE_NODE = 1,   /**< processes on the caller's node */
  SCOPE_MASTERS = 2 /**< one process per node */
};

/** Element types of reductions and selections. */
enum armci_type_e {
  ARMCI_INT = 0,       /**< int */
  ARMCI_LONG = 1,      /**< long */
  ARMCI_LONG_LONG = 2, /**< long long */
  ARMCI_FLOAT = 3,     /**< float */
  ARMCI_DOUBLE = 4     /**< double */
};

/* ---- Process identity and utilities ------------------------------------ */

/** Rank of the calling process in the world group. */
int armci_msg_me(void);
/** Number of processes in the world group. */
int armci_msg_nproc(void);
/** Abort all processes with exit code `code`. */
void armci_msg_abort(int code);
/** Wall-clock time in seconds. */
double armci_timer(void);

/* ---- Point-to-point ---------------------------------------------------- */

/** Blocking send of `len` bytes to process `to` with `tag`. */
void armci_msg_snd(int tag, void *buffer, int len, int to);
/** Blocking receive from `from` (up to buflen bytes); *msglen gets the
 *  received length if msglen is not NULL. */
void armci_msg_rcv(int tag, void *buffer, int buflen, int *msglen, int from);
/** Blocking receive from any process; returns the sender's rank. */
int armci_msg_rcvany(int tag, void *buffer, int buflen, int *msglen);

/* ---- Barriers and broadcasts ------------------------------------------- */

/** Barrier over all processes. */
void armci_msg_barrier(void);
/** Barrier over the processes of `group`. */
void armci_msg_group_barrier(ARMCI_Group *group);
/** Binary-tree neighbours of the caller in `scope`: *Root, *Up (parent or
 *  -1), *Left and *Right (children or -1). */
void armci_msg_bintree(int scope, int *Root, int *Up, int *Left, int *Right);
/** Broadcast `len` bytes from `root` to all processes. */
void armci_msg_bcast(void *buffer, int len, int root);
/** Broadcast within `scope`. */
void armci_msg_bcast_scope(int scope, void *buffer, int len, int root);
/** Broadcast (alternative name of armci_msg_bcast). */
void armci_msg_brdcst(void *buffer, int len, int root);
/** Broadcast within `group`; `root` is the ABSOLUTE id of a member (as in
 *  ARMCI-MPI; Global Arrays translates its group ranks before calling). */
void armci_msg_group_bcast_scope(int scope, void *buf, int len, int root, ARMCI_Group *group);

/* ---- Reductions (all-reduce, result everywhere) ------------------------- */

/** All-reduce n elements of `type` at x with `op` within `scope`. */
void armci_msg_gop_scope(int scope, void *x, int n, char *op, int type);
/** All-reduce n ints. */
void armci_msg_igop(int *x, int n, char *op);
/** All-reduce n longs. */
void armci_msg_lgop(long *x, int n, char *op);
/** All-reduce n long longs. */
void armci_msg_llgop(long long *x, int n, char *op);
/** All-reduce n floats. */
void armci_msg_fgop(float *x, int n, char *op);
/** All-reduce n doubles. */
void armci_msg_dgop(double *x, int n, char *op);
/** All-reduce n elements of `type` over all processes. */
void armci_msg_reduce(void *x, int n, char *op, int type);
/** All-reduce n elements of `type` within `scope`. */
void armci_msg_reduce_scope(int scope, void *x, int n, char *op, int type);

/** All-reduce n elements of `type` over the processes of `group`. */
void armci_msg_group_gop_scope(int scope, void *x, int n, char *op, int type, ARMCI_Group *group);
/** Group all-reduce of n ints. */
void armci_msg_group_igop(int *x, int n, char *op, ARMCI_Group *group);
/** Group all-reduce of n longs. */
void armci_msg_group_lgop(long *x, int n, char *op, ARMCI_Group *group);
/** Group all-reduce of n long longs. */
void armci_msg_group_llgop(long long *x, int n, char *op, ARMCI_Group *group);
/** Group all-reduce of n floats. */
void armci_msg_group_fgop(float *x, int n, char *op, ARMCI_Group *group);
/** Group all-reduce of n doubles. */
void armci_msg_group_dgop(double *x, int n, char *op, ARMCI_Group *group);

/* ---- Selection ---------------------------------------------------------- */

/** Select the "max"/"min" over processes: x holds one value of `type`
 *  followed by n-size(type) bytes of payload; the contribution of the
 *  winning process (among those with contribute != 0) is copied to all. */
void armci_msg_sel(void *x, int n, char *op, int type, int contribute);
/** armci_msg_sel within `scope`. */
void armci_msg_sel_scope(int scope, void *x, int n, char *op, int type, int contribute);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* DART_ARMCI_MESSAGE_H */
