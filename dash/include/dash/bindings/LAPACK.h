#ifndef DASH_BINDINGS_LAPACK_H
#define DASH_BINDINGS_LAPACK_H

// The Fortran entry points of BLAS and LAPACK that DASH programs call
// directly (every argument by address, as Fortran passes them). Declared
// only: a program that calls them links a BLAS/LAPACK itself.

#ifdef __cplusplus
extern "C" {
#endif

// C = alpha op(A) op(B) + beta C
#define DASH_LAPACK_GEMM_(p)                                                                            \
  void p##gemm_(void *, void *, void *, void *, void *, void *, void *, void *, void *, void *, void *, \
                void *, void *);
// LU factorization, solve with it, and both at once
#define DASH_LAPACK_GETRF_(p) void p##getrf_(void *, void *, void *, void *, void *, void *);
#define DASH_LAPACK_GETRS_(p) \
  void p##getrs_(void *, void *, void *, void *, void *, void *, void *, void *, void *);
#define DASH_LAPACK_GESV_(p) void p##gesv_(void *, void *, void *, void *, void *, void *, void *, void *);
// the same for banded matrices
#define DASH_LAPACK_GBTRF_(p) void p##gbtrf_(void *, void *, void *, void *, void *, void *, void *, void *);
#define DASH_LAPACK_GBTRS_(p) \
  void p##gbtrs_(void *, void *, void *, void *, void *, void *, void *, void *, void *, void *, void *);
#define DASH_LAPACK_GBSV_(p) \
  void p##gbsv_(void *, void *, void *, void *, void *, void *, void *, void *, void *, void *);
#define DASH_LAPACK_ALL_(p) \
  DASH_LAPACK_GEMM_(p)      \
  DASH_LAPACK_GETRF_(p)     \
  DASH_LAPACK_GETRS_(p)     \
  DASH_LAPACK_GESV_(p)      \
  DASH_LAPACK_GBTRF_(p)     \
  DASH_LAPACK_GBTRS_(p)     \
  DASH_LAPACK_GBSV_(p)

DASH_LAPACK_ALL_(d)
DASH_LAPACK_ALL_(s)
DASH_LAPACK_ALL_(z)
DASH_LAPACK_ALL_(c)

#undef DASH_LAPACK_ALL_
#undef DASH_LAPACK_GEMM_
#undef DASH_LAPACK_GETRF_
#undef DASH_LAPACK_GETRS_
#undef DASH_LAPACK_GESV_
#undef DASH_LAPACK_GBTRF_
#undef DASH_LAPACK_GBTRS_
#undef DASH_LAPACK_GBSV_

#ifdef __cplusplus
}
#endif

#endif  // DASH_BINDINGS_LAPACK_H
