/* ARMCI on DART: accumulate and rmw on allocations within the caller's node (shmacc.c) (internal). */
#ifndef ARMCI_DART_SHMACC_H
#define ARMCI_DART_SHMACC_H

#include "mem.h"

void armci__stripes_init(void);
void armci__stripes_fini(void);
/* Adds scale * src (bytes, ARMCI type datatype of esize bytes) at t, which
 * must be on an allocation that does not span nodes. one: scale is 1.
 * held: NULL, or a lock the caller keeps across calls (a batch of segments
 * in one block takes it once); release it with armci__shm_release. */
void armci__shm_acc(const armci_target_t *t, int datatype, const void *scale, int one, const void *src,
                    size_t bytes, size_t esize, uint32_t **held);
void armci__shm_release(uint32_t **held);
/* Segments of a strided accumulate: segment k (seg bytes) goes from
 * src + so(k) to t + do(k), where (so, do) = (offs[2k], offs[2k+1]), or
 * (k * sstride, k * dstride) when offs is NULL (one stride level). They
 * span sspan bytes at src and dspan at t; bits: OR of seg and every stride
 * (the alignment of all offsets). */
typedef struct {
  size_t seg, nseg;
  const size_t *offs;
  size_t sstride, dstride;
  size_t sspan, dspan, bits;
} armci_segs_t;
void armci__shm_acc_batch(const armci_target_t *t, int datatype, const void *scale, int one, const void *src,
                          const armci_segs_t *sg, size_t esize);
/* Fetch-and-add (swap = 0) or swap of an int or long at t. */
void armci__shm_rmw(const armci_target_t *t, int is_long, int swap, const void *val, void *old);

#endif
