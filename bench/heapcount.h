/* Heap accounting for the scale probe (scale_probe.c): which live heap
 * bytes of this process DART's own code allocated, apart from MPI's and
 * every other library's.
 *
 * heapcount.c replaces malloc and its relatives in the program that links
 * it (the executable's definitions take precedence over the C library's for
 * every shared library too) and forwards to glibc's allocator. A block is
 * DART's when the return address of the allocating call lies in the code of
 * the object that holds DART (the executable, libdart being a static
 * library; or libdart.so): an allocation MPI, hwloc or the C library make
 * on DART's behalf counts as theirs. DART's blocks are kept in a table
 * (pointer -> size) outside the heap, so a free by anyone subtracts exactly
 * what was counted. The program's own code lies in the same object: it must
 * not allocate between two reads it compares (heapcount_check does so on
 * purpose). glibc only (it forwards to __libc_malloc and its relatives). */
#ifndef BENCH_HEAPCOUNT_H
#define BENCH_HEAPCOUNT_H

#include <stddef.h>

/* Counts from now on the blocks allocated from the code of the object that
 * holds `dart_code` (a DART function). 0, or -1 if the object is not found. */
int heapcount_setup(const void *dart_code);

/* Live bytes DART's code asked for (sizes as requested). */
size_t heapcount_dart(void);

/* Live bytes of every block of the process (usable sizes, glibc's). */
size_t heapcount_all(void);

#endif /* BENCH_HEAPCOUNT_H */
