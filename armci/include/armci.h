/**
 * @file armci.h
 * ARMCI one-sided communication API, implemented on DART.
 *
 * This header is binary compatible with the armci.h of ARMCI-MPI 0.3.1 as
 * shipped by Debian (package libarmci-mpi-dev), against which Debian's
 * Global Arrays (libga-mpich.a) is compiled: every function below has the
 * same C signature, and every type and constant has the same layout and
 * value. armci/test/abi_check.sh verifies this against the installed header.
 *
 * Conventions used throughout:
 *  - "proc" is an absolute process id (rank in the world group).
 *  - A remote address is a pointer taken from the base-pointer vector that
 *    ARMCI_Malloc/ARMCI_Malloc_group returned for that process, plus an
 *    offset within that allocation.
 *  - Strided transfers: count[0] is the length in BYTES of a contiguous
 *    chunk; count[1..stride_levels] are the number of chunks in each higher
 *    dimension; *_stride_ar[i] is the byte distance between successive
 *    elements of dimension i+1.
 *  - Functions returning int return 0 on success unless stated otherwise.
 *  - Local completion: when a blocking call (or Wait on a handle) returns,
 *    the local buffer may be reused. Remote completion of puts/accumulates
 *    needs ARMCI_Fence / ARMCI_AllFence (or ARMCI_Barrier).
 */
#ifndef DART_ARMCI_H
#define DART_ARMCI_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/** API level marker: the ARMCI-MPI flavour of the interface (groups passed
 *  by pointer, armci_size_t sizes, Access_begin/end). Same value as
 *  ARMCI-MPI so that sources testing for it keep working. */
#define ARMCI_MPI 3

/** Marker that this ARMCI is the DART-based implementation. */
#define ARMCI_DART 1

/* ------------------------------------------------------------------------ */
/* Types and constants                                                      */
/* ------------------------------------------------------------------------ */

/** Size type of collective allocations (a signed long). */
typedef long armci_size_t;

/** Element types for accumulate operations (the "datatype" argument). */
enum ARMCI_Acc_e {
  ARMCI_ACC_INT = 0, /**< int */
  ARMCI_ACC_LNG = 1, /**< long */
  ARMCI_ACC_FLT = 2, /**< float */
  ARMCI_ACC_DBL = 3, /**< double */
  ARMCI_ACC_CPL = 4, /**< complex float (two floats) */
  ARMCI_ACC_DCP = 5  /**< complex double (two doubles) */
};

/** Read-modify-write operations for ARMCI_Rmw. */
enum ARMCI_Rmw_e {
  ARMCI_FETCH_AND_ADD = 0,      /**< int:  *ploc = old; *prem += value */
  ARMCI_FETCH_AND_ADD_LONG = 1, /**< long: *ploc = old; *prem += value */
  ARMCI_SWAP = 2,               /**< int:  exchange *ploc and *prem */
  ARMCI_SWAP_LONG = 3           /**< long: exchange *ploc and *prem */
};

/** Handle of a non-blocking operation. The caller owns the storage (Global
 *  Arrays embeds it in its own structures), so its size is part of the ABI:
 *  two ints. The implementation decides what the fields mean. */
typedef struct armci_hdl_s {
  int target;    /**< process the operation went to (or implementation use) */
  int aggregate; /**< nonzero if this is an aggregate (implicit) handle */
} armci_hdl_t;

/** One entry of a generalized I/O vector: ptr_array_len segments, each
 *  `bytes` long, copied from src_ptr_array[i] to dst_ptr_array[i]. */
typedef struct {
  void **src_ptr_array; /**< source address of each segment */
  void **dst_ptr_array; /**< destination address of each segment */
  int bytes;            /**< length of every segment in bytes */
  int ptr_array_len;    /**< number of segments */
} armci_giov_t;

/** A process group. Passed by pointer; the caller owns the storage (Global
 *  Arrays keeps one inside each of its processor groups), so the layout is
 *  part of the ABI. Global Arrays reads `comm` directly (GA_MPI_Comm_pgroup)
 *  and hands it to MPI, so it must be a valid MPI communicator spanning
 *  exactly the group's processes in group-rank order. */
typedef struct {
  MPI_Comm comm;                /**< communicator of the group's members */
  MPI_Comm noncoll_pgroup_comm; /**< spare communicator (implementation use) */
  int *grp_to_abs;              /**< group rank -> absolute id, or NULL */
  int *abs_to_grp;              /**< absolute id -> group rank, or NULL */
  int rank;                     /**< calling process's rank in the group */
  int size;                     /**< number of processes in the group */
} ARMCI_Group;

/** Topology domains (only the shared-memory node exists). */
enum armci_domain_e { ARMCI_DOMAIN_SMP = 0 };

/** A topology domain kind. */
typedef int armci_domain_t;

/* ------------------------------------------------------------------------ */
/* Initialization and termination                                           */
/* ------------------------------------------------------------------------ */

/** Initialize ARMCI (initializes MPI if the application has not). */
int ARMCI_Init(void);
/** Initialize ARMCI, passing the program arguments through to MPI. */
int ARMCI_Init_args(int *argc, char ***argv);
/** Initialize ARMCI requesting an MPI thread level (MPI_THREAD_*). */
int ARMCI_Init_thread(int armci_requested);
/** Initialize ARMCI over communicator `comm` instead of MPI_COMM_WORLD. */
int ARMCI_Init_thread_comm(int armci_requested, MPI_Comm comm);
/** Return nonzero if ARMCI is initialized. */
int ARMCI_Initialized(void);
/** Shut ARMCI down (collective); frees what ARMCI still holds. */
int ARMCI_Finalize(void);
/** Release resources without the collective shutdown (abnormal exit). */
void ARMCI_Cleanup(void);
/** Print `msg` and `code` and abort all processes. */
void ARMCI_Error(const char *msg, int code);

/* ------------------------------------------------------------------------ */
/* Memory management                                                        */
/* ------------------------------------------------------------------------ */

/** Collectively (over the WORLD group, as in ARMCI-MPI, whatever the
 *  default group) allocate `size` bytes (may differ per process, may be 0)
 *  of remotely accessible memory; base_ptrs[p] receives process p's address
 *  (NULL where p asked for 0 bytes). */
int ARMCI_Malloc(void **base_ptrs, armci_size_t size);
/** Collectively free an allocation, given this process's base pointer
 *  (which may be NULL for a zero-sized local part). */
int ARMCI_Free(void *ptr);
/** Collective allocation over a group; ptr_arr is indexed by group rank. */
int ARMCI_Malloc_group(void **ptr_arr, armci_size_t bytes, ARMCI_Group *group);
/** Collectively free a group allocation. */
int ARMCI_Free_group(void *ptr, ARMCI_Group *group);
/** ARMCI_Malloc with a memory-device hint (the hint may be ignored). */
int ARMCI_Malloc_memdev(void **ptr_arr, armci_size_t bytes, const char *device);
/** ARMCI_Malloc_group with a memory-device hint (may be ignored). */
int ARMCI_Malloc_group_memdev(void **ptr_arr, armci_size_t bytes, ARMCI_Group *group, const char *device);
/** Free memory from ARMCI_Malloc_memdev / ARMCI_Malloc_group_memdev. */
int ARMCI_Free_memdev(void *ptr);
/** Allocate local memory suitable as a communication buffer. */
void *ARMCI_Malloc_local(armci_size_t size);
/** Free memory from ARMCI_Malloc_local. */
int ARMCI_Free_local(void *ptr);

/** Begin direct load/store access to this process's part of the allocation
 *  containing `ptr`. */
void ARMCI_Access_begin(void *ptr);
/** End direct load/store access begun with ARMCI_Access_begin. */
void ARMCI_Access_end(void *ptr);
/** Local memory copy of `size` bytes (like memcpy, src first). */
void ARMCI_Copy(void *src, void *dst, int size);

/* ------------------------------------------------------------------------ */
/* Synchronization and completion                                           */
/* ------------------------------------------------------------------------ */

/** Complete all outstanding operations and barrier over all processes. */
void ARMCI_Barrier(void);
/** Wait until all puts/accumulates this process issued to `proc` are
 *  complete at `proc`. */
void ARMCI_Fence(int proc);
/** ARMCI_Fence for every process. */
void ARMCI_AllFence(void);

/* ------------------------------------------------------------------------ */
/* Contiguous transfers                                                     */
/* ------------------------------------------------------------------------ */

/** Copy `size` bytes from remote `src` on `target` to local `dst`. */
int ARMCI_Get(void *src, void *dst, int size, int target);
/** Copy `size` bytes from local `src` to remote `dst` on `target`. */
int ARMCI_Put(void *src, void *dst, int size, int target);
/** Atomically add scale*src[i] to remote dst[i] on `proc`; `datatype` is an
 *  ARMCI_ACC_* code, `scale` points to one element of that type. */
int ARMCI_Acc(int datatype, void *scale, void *src, void *dst, int bytes, int proc);
/** Put `size` bytes, then set remote int *flag to `value` after the data. */
int ARMCI_Put_flag(void *src, void *dst, int size, int *flag, int value, int proc);

/* ------------------------------------------------------------------------ */
/* Strided transfers                                                        */
/* ------------------------------------------------------------------------ */

/** Strided put from local src_ptr to remote dst_ptr on `proc`. */
int ARMCI_PutS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
               int stride_levels, int proc);
/** Strided get from remote src_ptr on `proc` to local dst_ptr. */
int ARMCI_GetS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
               int stride_levels, int proc);
/** Strided accumulate (see ARMCI_Acc for datatype/scale). */
int ARMCI_AccS(int datatype, void *scale, void *src_ptr, int src_stride_ar[], void *dst_ptr,
               int dst_stride_ar[], int count[], int stride_levels, int proc);
/** Strided put, then set remote int *flag to `value` after the data. */
int ARMCI_PutS_flag(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                    int stride_levels, int *flag, int value, int proc);

/** Local helper: scatter the packed buffer `buf` into the strided layout at
 *  `ptr` (stride_arr/count as in the strided calls). */
void armci_write_strided(void *ptr, int stride_levels, int stride_arr[], int count[], char *buf);
/** Local helper: gather the strided layout at `ptr` into packed `buf`. */
void armci_read_strided(void *ptr, int stride_levels, int stride_arr[], int count[], char *buf);

/* ------------------------------------------------------------------------ */
/* I/O-vector transfers                                                     */
/* ------------------------------------------------------------------------ */

/** Put the segments of iov[0..iov_len-1] to `proc`. */
int ARMCI_PutV(armci_giov_t *iov, int iov_len, int proc);
/** Get the segments of iov[0..iov_len-1] from `proc`. */
int ARMCI_GetV(armci_giov_t *iov, int iov_len, int proc);
/** Accumulate the segments of iov[0..iov_len-1] into `proc`. */
int ARMCI_AccV(int datatype, void *scale, armci_giov_t *iov, int iov_len, int proc);

/* ------------------------------------------------------------------------ */
/* Non-blocking transfers and handles                                       */
/* ------------------------------------------------------------------------ */

/** Initialize a handle before its first use. */
void ARMCI_INIT_HANDLE(armci_hdl_t *hdl);
/** Mark a handle as aggregate (several operations complete together). */
void ARMCI_SET_AGGREGATE_HANDLE(armci_hdl_t *handle);
/** Clear the aggregate mark of a handle. */
void ARMCI_UNSET_AGGREGATE_HANDLE(armci_hdl_t *handle);

/** Non-blocking ARMCI_Put; hdl may be NULL (implicit handle). */
int ARMCI_NbPut(void *src, void *dst, int bytes, int proc, armci_hdl_t *hdl);
/** Non-blocking ARMCI_Get; hdl may be NULL (implicit handle). */
int ARMCI_NbGet(void *src, void *dst, int bytes, int proc, armci_hdl_t *hdl);
/** Non-blocking ARMCI_Acc; hdl may be NULL (implicit handle). */
int ARMCI_NbAcc(int datatype, void *scale, void *src, void *dst, int bytes, int proc, armci_hdl_t *hdl);
/** Non-blocking ARMCI_PutS. */
int ARMCI_NbPutS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                 int stride_levels, int proc, armci_hdl_t *hdl);
/** Non-blocking ARMCI_GetS. */
int ARMCI_NbGetS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                 int stride_levels, int proc, armci_hdl_t *hdl);
/** Non-blocking ARMCI_AccS. */
int ARMCI_NbAccS(int datatype, void *scale, void *src_ptr, int src_stride_ar[], void *dst_ptr,
                 int dst_stride_ar[], int count[], int stride_levels, int proc, armci_hdl_t *hdl);
/** Non-blocking ARMCI_PutV. */
int ARMCI_NbPutV(armci_giov_t *iov, int iov_len, int proc, armci_hdl_t *handle);
/** Non-blocking ARMCI_GetV. */
int ARMCI_NbGetV(armci_giov_t *iov, int iov_len, int proc, armci_hdl_t *handle);
/** Non-blocking ARMCI_AccV. */
int ARMCI_NbAccV(int datatype, void *scale, armci_giov_t *iov, int iov_len, int proc, armci_hdl_t *handle);

/** Wait for local completion of the operation(s) behind `hdl`. */
int ARMCI_Wait(armci_hdl_t *hdl);
/** Return 0 if the operation(s) behind `hdl` are complete, else nonzero. */
int ARMCI_Test(armci_hdl_t *hdl);
/** Wait for local completion of all implicit-handle operations to `proc`. */
int ARMCI_WaitProc(int proc);
/** Wait for local completion of all implicit-handle operations. */
int ARMCI_WaitAll(void);

/* ------------------------------------------------------------------------ */
/* Single-value transfers                                                   */
/* ------------------------------------------------------------------------ */

/** Store int `src` at remote address `dst` on `proc`. */
int ARMCI_PutValueInt(int src, void *dst, int proc);
/** Store long `src` at remote address `dst` on `proc`. */
int ARMCI_PutValueLong(long src, void *dst, int proc);
/** Store float `src` at remote address `dst` on `proc`. */
int ARMCI_PutValueFloat(float src, void *dst, int proc);
/** Store double `src` at remote address `dst` on `proc`. */
int ARMCI_PutValueDouble(double src, void *dst, int proc);

/** Non-blocking ARMCI_PutValueInt. */
int ARMCI_NbPutValueInt(int src, void *dst, int proc, armci_hdl_t *hdl);
/** Non-blocking ARMCI_PutValueLong. */
int ARMCI_NbPutValueLong(long src, void *dst, int proc, armci_hdl_t *hdl);
/** Non-blocking ARMCI_PutValueFloat. */
int ARMCI_NbPutValueFloat(float src, void *dst, int proc, armci_hdl_t *hdl);
/** Non-blocking ARMCI_PutValueDouble. */
int ARMCI_NbPutValueDouble(double src, void *dst, int proc, armci_hdl_t *hdl);

/** Load the int at remote address `src` on `proc`. */
int ARMCI_GetValueInt(void *src, int proc);
/** Load the long at remote address `src` on `proc`. */
long ARMCI_GetValueLong(void *src, int proc);
/** Load the float at remote address `src` on `proc`. */
float ARMCI_GetValueFloat(void *src, int proc);
/** Load the double at remote address `src` on `proc`. */
double ARMCI_GetValueDouble(void *src, int proc);

/* ------------------------------------------------------------------------ */
/* Atomics and mutexes                                                      */
/* ------------------------------------------------------------------------ */

/** Atomic read-modify-write on remote `prem` at `proc` (op is an
 *  ARMCI_Rmw_e code). Fetch-and-add: the old remote value goes to *ploc and
 *  `value` is added remotely. Swap: *ploc and the remote value exchange. */
int ARMCI_Rmw(int op, void *ploc, void *prem, int value, int proc);

/** Collectively create `count` mutexes on every process (count may differ). */
int ARMCI_Create_mutexes(int count);
/** Collectively destroy the mutexes from ARMCI_Create_mutexes. */
int ARMCI_Destroy_mutexes(void);
/** Acquire mutex number `mutex` hosted on `proc` (blocks). */
void ARMCI_Lock(int mutex, int proc);
/** Release mutex number `mutex` hosted on `proc`. */
void ARMCI_Unlock(int mutex, int proc);
/** Try to acquire mutex `mutex` hosted on `proc` without blocking: returns
 *  0 if the caller now holds it, nonzero if it is taken (an extension of
 *  this implementation; ARMCI-MPI offers ARMCIX_Trylock_hdl). */
int ARMCI_Trylock(int mutex, int proc);

/* ------------------------------------------------------------------------ */
/* Process groups                                                           */
/* ------------------------------------------------------------------------ */

/** Create a group of the `grp_size` absolute ids in pid_list; collective
 *  over the current default group. Non-members get a group whose `comm` is
 *  MPI_COMM_NULL. */
void ARMCI_Group_create(int grp_size, int *pid_list, ARMCI_Group *group_out);
/** Create a group of processes of `group_parent` (ids relative to parent);
 *  collective over the parent. */
void ARMCI_Group_create_child(int grp_size, int *pid_list, ARMCI_Group *group_out, ARMCI_Group *group_parent);
/** Free a group created by ARMCI_Group_create(_child). */
void ARMCI_Group_free(ARMCI_Group *group);
/** Store the caller's rank in `group` into *rank (-1 for a non-member);
 *  returns 0 for a member, nonzero otherwise. */
int ARMCI_Group_rank(ARMCI_Group *group, int *rank);
/** Store the number of processes of `group` into *size. */
void ARMCI_Group_size(ARMCI_Group *group, int *size);
/** Record `group` as the default group (returned by ..._get_default; it
 *  does not change the scope of ARMCI_Malloc, as in ARMCI-MPI). */
void ARMCI_Group_set_default(ARMCI_Group *group);
/** Copy the current default group into *group_out. */
void ARMCI_Group_get_default(ARMCI_Group *group_out);
/** Copy the world group into *group_out. */
void ARMCI_Group_get_world(ARMCI_Group *group_out);
/** Translate rank `group_rank` of `group` to an absolute id. */
int ARMCI_Absolute_id(ARMCI_Group *group, int group_rank);

/* ------------------------------------------------------------------------ */
/* Topology                                                                 */
/* ------------------------------------------------------------------------ */

/** Number of processes in domain instance `id`. */
int armci_domain_nprocs(armci_domain_t domain, int id);
/** Domain instance that absolute process `glob_proc_id` belongs to. */
int armci_domain_id(armci_domain_t domain, int glob_proc_id);
/** Absolute id of local process `loc_proc_id` of domain instance `id`. */
int armci_domain_glob_proc_id(armci_domain_t domain, int id, int loc_proc_id);
/** Domain instance of the calling process. */
int armci_domain_my_id(armci_domain_t domain);
/** Number of domain instances (e.g. nodes). */
int armci_domain_count(armci_domain_t domain);
/** Nonzero if `proc` is in the calling process's domain instance. */
int armci_domain_same_id(armci_domain_t domain, int proc);
/** Nonzero if `proc` runs on the caller's node. */
int ARMCI_Same_node(int proc);

/* ------------------------------------------------------------------------ */
/* Shared-memory queries                                                    */
/* ------------------------------------------------------------------------ */

/** Nonzero if ARMCI uses shared memory between processes. */
int ARMCI_Uses_shm(void);
/** Hint: limit on shared memory ARMCI may use (may be ignored). */
void ARMCI_Set_shm_limit(unsigned long shmemlimit);
/** Nonzero if ARMCI uses shared memory within `group`. */
int ARMCI_Uses_shm_grp(ARMCI_Group *group);

#ifdef __cplusplus
} /* extern "C" */
#endif

/* The message-passing layer (armci_msg_*) is part of the ARMCI API. */
#include "message.h"
/* So are the profiling names (PARMCI_*), as in ARMCI-MPI's armci.h. */
#include "parmci.h"

#endif /* DART_ARMCI_H */
