/**
 * @file parmci.h
 * ARMCI's profiling interface: the PARMCI_* names.
 *
 * The idea is MPI's PMPI interface, with the names of ARMCI-MPI. Each call
 * below is implemented under its PARMCI_ name, and the ARMCI_ name of
 * armci.h is a weak alias of it: one function with two names at the same
 * address, so an application's call costs nothing extra. A tool defines
 * its own (strong) ARMCI_Put, does its work there and calls PARMCI_Put;
 * the linker takes the tool's definition over the library's weak one, with
 * the static library as with the shared one.
 *
 * Calls inside the library go to PARMCI_ names or to internal functions,
 * never to ARMCI_ names, so a tool sees each application call once: an
 * ARMCI_PutValueInt is not also counted as an ARMCI_Put, an ARMCI_Test not
 * as an ARMCI_Wait, an ARMCI_Finalize does not call the tool's
 * ARMCI_Destroy_mutexes.
 *
 * The names and signatures are those of Debian's ARMCI-MPI 0.3.1 (which
 * declares them in its armci.h); armci/test/abi_check.sh checks these
 * prototypes against it. The other calls (groups, ARMCI_Malloc_group,
 * ARMCI_Copy, ARMCI_Trylock, handles, domains, the armci_msg_* layer apart
 * from its two barriers) have no profiling name, as in ARMCI-MPI.
 *
 * armci.h includes this header, as ARMCI-MPI's armci.h declares these
 * names itself.
 */
#ifndef DART_ARMCI_PARMCI_H
#define DART_ARMCI_PARMCI_H

#include "armci.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Initialization and termination                                           */
/* ------------------------------------------------------------------------ */

/** ARMCI_Init under its profiling name. */
int PARMCI_Init(void);
/** ARMCI_Init_args under its profiling name. */
int PARMCI_Init_args(int *argc, char ***argv);
/** ARMCI_Init_thread under its profiling name. */
int PARMCI_Init_thread(int armci_requested);
/** ARMCI_Init_thread_comm under its profiling name. */
int PARMCI_Init_thread_comm(int armci_requested, MPI_Comm comm);
/** ARMCI_Initialized under its profiling name. */
int PARMCI_Initialized(void);
/** ARMCI_Finalize under its profiling name. */
int PARMCI_Finalize(void);

/* ------------------------------------------------------------------------ */
/* Memory management                                                        */
/* ------------------------------------------------------------------------ */

/** ARMCI_Malloc under its profiling name. */
int PARMCI_Malloc(void **base_ptrs, armci_size_t size);
/** ARMCI_Free under its profiling name. */
int PARMCI_Free(void *ptr);
/** ARMCI_Malloc_memdev under its profiling name. */
int PARMCI_Malloc_memdev(void **ptr_arr, armci_size_t bytes, const char *device);
/** ARMCI_Malloc_group_memdev under its profiling name. */
int PARMCI_Malloc_group_memdev(void **ptr_arr, armci_size_t bytes, ARMCI_Group *group, const char *device);
/** ARMCI_Free_memdev under its profiling name. */
int PARMCI_Free_memdev(void *ptr);
/** ARMCI_Malloc_local under its profiling name. */
void *PARMCI_Malloc_local(armci_size_t size);
/** ARMCI_Free_local under its profiling name. */
int PARMCI_Free_local(void *ptr);
/** ARMCI_Access_begin under its profiling name. */
void PARMCI_Access_begin(void *ptr);
/** ARMCI_Access_end under its profiling name. */
void PARMCI_Access_end(void *ptr);

/* ------------------------------------------------------------------------ */
/* Synchronization and completion                                           */
/* ------------------------------------------------------------------------ */

/** ARMCI_Barrier under its profiling name. */
void PARMCI_Barrier(void);
/** ARMCI_Fence under its profiling name. */
void PARMCI_Fence(int proc);
/** ARMCI_AllFence under its profiling name. */
void PARMCI_AllFence(void);
/** ARMCI_Wait under its profiling name. */
int PARMCI_Wait(armci_hdl_t *hdl);
/** ARMCI_Test under its profiling name. */
int PARMCI_Test(armci_hdl_t *hdl);
/** ARMCI_WaitProc under its profiling name. */
int PARMCI_WaitProc(int proc);
/** ARMCI_WaitAll under its profiling name. */
int PARMCI_WaitAll(void);

/* ------------------------------------------------------------------------ */
/* Contiguous, strided and I/O-vector transfers                             */
/* ------------------------------------------------------------------------ */

/** ARMCI_Get under its profiling name. */
int PARMCI_Get(void *src, void *dst, int size, int target);
/** ARMCI_Put under its profiling name. */
int PARMCI_Put(void *src, void *dst, int size, int target);
/** ARMCI_Acc under its profiling name. */
int PARMCI_Acc(int datatype, void *scale, void *src, void *dst, int bytes, int proc);
/** ARMCI_Put_flag under its profiling name. */
int PARMCI_Put_flag(void *src, void *dst, int size, int *flag, int value, int proc);

/** ARMCI_PutS under its profiling name. */
int PARMCI_PutS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                int stride_levels, int proc);
/** ARMCI_GetS under its profiling name. */
int PARMCI_GetS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                int stride_levels, int proc);
/** ARMCI_AccS under its profiling name. */
int PARMCI_AccS(int datatype, void *scale, void *src_ptr, int src_stride_ar[], void *dst_ptr,
                int dst_stride_ar[], int count[], int stride_levels, int proc);
/** ARMCI_PutS_flag under its profiling name. */
int PARMCI_PutS_flag(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                     int stride_levels, int *flag, int value, int proc);

/** ARMCI_PutV under its profiling name. */
int PARMCI_PutV(armci_giov_t *iov, int iov_len, int proc);
/** ARMCI_GetV under its profiling name. */
int PARMCI_GetV(armci_giov_t *iov, int iov_len, int proc);
/** ARMCI_AccV under its profiling name. */
int PARMCI_AccV(int datatype, void *scale, armci_giov_t *iov, int iov_len, int proc);

/* ------------------------------------------------------------------------ */
/* Non-blocking transfers                                                   */
/* ------------------------------------------------------------------------ */

/** ARMCI_NbPut under its profiling name. */
int PARMCI_NbPut(void *src, void *dst, int bytes, int proc, armci_hdl_t *hdl);
/** ARMCI_NbGet under its profiling name. */
int PARMCI_NbGet(void *src, void *dst, int bytes, int proc, armci_hdl_t *hdl);
/** ARMCI_NbAcc under its profiling name. */
int PARMCI_NbAcc(int datatype, void *scale, void *src, void *dst, int bytes, int proc, armci_hdl_t *hdl);
/** ARMCI_NbPutS under its profiling name. */
int PARMCI_NbPutS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                  int stride_levels, int proc, armci_hdl_t *hdl);
/** ARMCI_NbGetS under its profiling name. */
int PARMCI_NbGetS(void *src_ptr, int src_stride_ar[], void *dst_ptr, int dst_stride_ar[], int count[],
                  int stride_levels, int proc, armci_hdl_t *hdl);
/** ARMCI_NbAccS under its profiling name. */
int PARMCI_NbAccS(int datatype, void *scale, void *src_ptr, int src_stride_ar[], void *dst_ptr,
                  int dst_stride_ar[], int count[], int stride_levels, int proc, armci_hdl_t *hdl);
/** ARMCI_NbPutV under its profiling name. */
int PARMCI_NbPutV(armci_giov_t *iov, int iov_len, int proc, armci_hdl_t *handle);
/** ARMCI_NbGetV under its profiling name. */
int PARMCI_NbGetV(armci_giov_t *iov, int iov_len, int proc, armci_hdl_t *handle);
/** ARMCI_NbAccV under its profiling name. */
int PARMCI_NbAccV(int datatype, void *scale, armci_giov_t *iov, int iov_len, int proc, armci_hdl_t *handle);

/* ------------------------------------------------------------------------ */
/* Single-value transfers                                                   */
/* ------------------------------------------------------------------------ */

/** ARMCI_PutValueInt under its profiling name. */
int PARMCI_PutValueInt(int src, void *dst, int proc);
/** ARMCI_PutValueLong under its profiling name. */
int PARMCI_PutValueLong(long src, void *dst, int proc);
/** ARMCI_PutValueFloat under its profiling name. */
int PARMCI_PutValueFloat(float src, void *dst, int proc);
/** ARMCI_PutValueDouble under its profiling name. */
int PARMCI_PutValueDouble(double src, void *dst, int proc);
/** ARMCI_NbPutValueInt under its profiling name. */
int PARMCI_NbPutValueInt(int src, void *dst, int proc, armci_hdl_t *hdl);
/** ARMCI_NbPutValueLong under its profiling name. */
int PARMCI_NbPutValueLong(long src, void *dst, int proc, armci_hdl_t *hdl);
/** ARMCI_NbPutValueFloat under its profiling name. */
int PARMCI_NbPutValueFloat(float src, void *dst, int proc, armci_hdl_t *hdl);
/** ARMCI_NbPutValueDouble under its profiling name. */
int PARMCI_NbPutValueDouble(double src, void *dst, int proc, armci_hdl_t *hdl);
/** ARMCI_GetValueInt under its profiling name. */
int PARMCI_GetValueInt(void *src, int proc);
/** ARMCI_GetValueLong under its profiling name. */
long PARMCI_GetValueLong(void *src, int proc);
/** ARMCI_GetValueFloat under its profiling name. */
float PARMCI_GetValueFloat(void *src, int proc);
/** ARMCI_GetValueDouble under its profiling name. */
double PARMCI_GetValueDouble(void *src, int proc);

/* ------------------------------------------------------------------------ */
/* Atomics, mutexes and message-layer barriers                              */
/* ------------------------------------------------------------------------ */

/** ARMCI_Rmw under its profiling name. */
int PARMCI_Rmw(int op, void *ploc, void *prem, int value, int proc);
/** ARMCI_Create_mutexes under its profiling name. */
int PARMCI_Create_mutexes(int count);
/** ARMCI_Destroy_mutexes under its profiling name. */
int PARMCI_Destroy_mutexes(void);
/** ARMCI_Lock under its profiling name. */
void PARMCI_Lock(int mutex, int proc);
/** ARMCI_Unlock under its profiling name. */
void PARMCI_Unlock(int mutex, int proc);

/** armci_msg_barrier (message.h) under its profiling name. */
void parmci_msg_barrier(void);
/** armci_msg_group_barrier (message.h) under its profiling name. */
void parmci_msg_group_barrier(ARMCI_Group *group);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* DART_ARMCI_PARMCI_H */
