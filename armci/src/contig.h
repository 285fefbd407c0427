/* ARMCI on DART: contiguous transfers (contig.c); nb = 0: complete on return (internal). */
#ifndef ARMCI_DART_CONTIG_H
#define ARMCI_DART_CONTIG_H

#include "state.h"

int armci__put_contig(void *src, void *dst, int bytes, int proc, armci_hdl_t *h, int nb, const char *fn);
int armci__get_contig(void *src, void *dst, int bytes, int proc, armci_hdl_t *h, int nb, const char *fn);

#endif
