/* Put, get and handles (internal): what setup.c calls at exit. */
#ifndef DART_SRC_RMA_H
#define DART_SRC_RMA_H

/* Frees the recycled transfer handles (dart_exit): handles still
 * outstanding become invalid. */
void dart__rma_fini(void);

#endif
