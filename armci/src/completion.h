/* ARMCI on DART: completion of non-blocking MPI-path operations (completion.c) (internal). */
#ifndef ARMCI_DART_COMPLETION_H
#define ARMCI_DART_COMPLETION_H

#include "state.h"

enum { PEND_PUT = 1, PEND_GET = 2, PEND_ACC = 4 };

/* Completes what the caller has outstanding to proc (all if proc < 0). */
void armci__complete(int proc);
/* Completes outstanding operations to proc that conflict with an
 * operation of kind `kind` about to be issued. */
void armci__order(int proc, int kind);
/* The same, only for conflicts on g's allocation (its DART segment): an
 * operation cannot observe or disturb another allocation's memory, so a
 * GA patch get need not wait for an accumulate into another array. Used
 * by the strided calls (GA's patches). */
void armci__order_seg(int proc, int kind, dart_gptr_t g);
/* Records an issued, not completed operation of kind on segment g to proc. */
void armci__pending(int proc, int kind, dart_gptr_t g);
/* Notes in handle h (may be NULL) an operation to proc left outstanding. */
void armci__handle_note(armci_hdl_t *h, int proc);
/* A blocking put or accumulate of up to ARMCI_STAGE_MAX bytes on the MPI
 * path copies (or scales) its source into a slot of this ring and is
 * issued from there: the source is reusable at once, without
 * MPI_Win_flush_local, an MPI progress call per operation that costs about
 * half of an 8 B put. Returns a slot of `bytes`, valid until the caller's
 * operations are complete; a full ring (64 KiB) completes them first. */
#define ARMCI_STAGE_MAX 256
/* The same for a blocking strided put or accumulate (packed into the ring):
 * a GA patch (SCF's 20 x 20 doubles: 3,200 B) returns without waiting for
 * a computing target; larger ones complete locally (MPI_Win_flush_local). */
#define ARMCI_STAGE_STRIDED_MAX (16 * 1024)
void *armci__stage(size_t bytes);
void armci__completion_init(void);
void armci__completion_fini(void);

/* Completes the caller's operations to g's unit in g's segment, remotely
 * (dart_flush: also MPI accumulates to a same-node target on a segment
 * that spans nodes). */
void armci__flush(dart_gptr_t g);

#endif
