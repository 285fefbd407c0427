/* Data types: the table of basic types and user-made layouts. */
#include <stdlib.h>
#include <string.h>
#include "amo.h"
#include "datatype.h"

dart_type_info_t *dart__types;
int dart__ntypes;
static int types_cap;
/* Creation and destruction take the mutex. Transfers read the table without
 * it, so an outgrown table is kept (it may still be read) until dart_exit:
 * at most one per doubling. */
static pthread_mutex_t types_mutex = PTHREAD_MUTEX_INITIALIZER;
static dart_type_info_t *retired[32];
static int nretired;

/* The fetch-and-op operations per class of amo.h's table (checked against
 * dart__op_defined at dart_init). */
#define OP_(o) (1u << DART_OP_##o)
#define FETCH_OPS_ANY (OP_(REPLACE) | OP_(NO_OP))
#define FETCH_OPS_BYTE (FETCH_OPS_ANY | OP_(BAND) | OP_(BOR) | OP_(BXOR))
#define FETCH_OPS_INT \
  (FETCH_OPS_BYTE | OP_(MIN) | OP_(MAX) | OP_(SUM) | OP_(PROD) | OP_(LAND) | OP_(LOR) | OP_(LXOR))
#define FETCH_OPS_CHAR FETCH_OPS_ANY
#define FETCH_OPS_FLOAT (FETCH_OPS_ANY | OP_(MIN) | OP_(MAX) | OP_(SUM) | OP_(PROD))
#define FETCH_OPS_COMPLEX (FETCH_OPS_ANY | OP_(SUM) | OP_(PROD))

const dart_basic_type_t dart__basic[DART_TYPE_LAST_BASIC + 1] = {
#define BASIC_(name, ctype, cls, mpi) [DART_TYPE_##name] = {sizeof(ctype), mpi, FETCH_OPS_##cls},
    DART_BASIC_TYPES(BASIC_)
#undef BASIC_
};
#define basic dart__basic

dart_ret_t dart__types_init(void) {
  types_cap = 64;
  dart__types = calloc((size_t)types_cap, sizeof *dart__types);
  if (!dart__types) return dart__error(DART_ERR_NOMEM, "dart_init: out of memory");
  for (int t = 1; t <= DART_TYPE_LAST_BASIC; t++) {
    dart_type_info_t *ti = &dart__types[t];
    ti->live = 1;
    ti->base = t;
    ti->elem_size = basic[t].size;
    ti->mpi_base = ti->mpi_inst = basic[t].mpi;
    ti->period = ti->extent = ti->nblocks = 1;
    ti->one_[0] = 1; /* len */
    ti->one_[1] = 0; /* off */
    ti->len = &ti->one_[0];
    ti->off = &ti->one_[1];
    ti->contiguous = ti->simple = 1;
    ti->reach = 1;
  }
  dart__ntypes = DART_TYPE_LAST_BASIC + 1;
  for (int t = 1; t <= DART_TYPE_LAST_BASIC; t++)
    for (int op = 0; op < 32; op++)
      if (!(basic[t].fetch_ops >> op & 1) != !(op != DART_OP_MINMAX && dart__op_defined(op, t)))
        return dart__error(DART_ERR_OTHER, "dart_init: the table of atomic operations disagrees on %d, %d", t,
                           op);
  return DART_OK;
}

static void type_release(dart_type_info_t *ti) {
  if (ti->len != &ti->one_[0]) {
    free(ti->len);
    free(ti->off);
  }
  if (ti->mpi_inst != ti->mpi_base && ti->mpi_inst != MPI_DATATYPE_NULL) MPI_Type_free(&ti->mpi_inst);
  if (ti->custom) MPI_Type_free(&ti->mpi_base);
  memset(ti, 0, sizeof *ti);
}

void dart__types_fini(void) {
  for (int t = DART_TYPE_LAST_BASIC + 1; t < dart__ntypes; t++)
    if (dart__types[t].live) type_release(&dart__types[t]);
  free(dart__types);
  for (int i = 0; i < nretired; i++) free(retired[i]);
  dart__types = NULL;
  dart__ntypes = types_cap = nretired = 0;
}

/* A free slot for a new type (slots of destroyed types are reused). Called
 * with types_mutex held. */
static int type_slot(void) {
  for (int t = DART_TYPE_LAST_BASIC + 1; t < dart__ntypes; t++)
    if (!dart__types[t].live) return t;
  if (dart__ntypes == types_cap) {
    if (nretired == (int)(sizeof retired / sizeof *retired)) return -1;
    dart_type_info_t *v = calloc((size_t)types_cap * 2, sizeof *v);
    if (!v) return -1;
    memcpy(v, dart__types, sizeof *v * (size_t)types_cap);
    retired[nretired++] = dart__types;
    __atomic_store_n(&dart__types, v, __ATOMIC_RELEASE);
    types_cap *= 2;
  }
  __atomic_store_n(&dart__ntypes, dart__ntypes + 1, __ATOMIC_RELEASE);
  return dart__ntypes - 1;
}

/* Fills a derived type from its blocks and builds its MPI instance type. */
static dart_ret_t type_make(dart_datatype_t base, size_t nblocks, const size_t *len, const size_t *off,
                            size_t extent, const char *fn, dart_datatype_t *newtype) {
  const dart_type_info_t *b;
  dart_ret_t r = dart__type_get(base, fn, &b);
  if (r != DART_OK) return r;
  if (base > DART_TYPE_LAST_BASIC) return dart__error(DART_ERR_INVAL, "%s: base must be a basic type", fn);
  if (!newtype || nblocks == 0 || nblocks > INT32_MAX)
    return dart__error(DART_ERR_INVAL, "%s: newtype is NULL or no blocks", fn);
  size_t period = 0, reach = 0;
  int overlapping = 0;
  for (size_t i = 0; i < nblocks; i++) {
    if (len[i] == 0 || len[i] > INT32_MAX || off[i] > INT32_MAX || (i && off[i] < off[i - 1]))
      return dart__error(DART_ERR_INVAL,
                         "%s: block %zu is empty, too large, or starts before the previous one", fn, i);
    period += len[i];
    if (i && off[i] < off[i - 1] + len[i - 1]) overlapping = 1;
    if (off[i] + len[i] > reach) reach = off[i] + len[i];
  }
  if (extent < reach) extent = reach; /* indexed: instances follow the furthest block end */
  dart__lock(&types_mutex);
  int slot = type_slot();
  /* type_slot() may move the table that b points into: keep what is needed. */
  const MPI_Datatype mpi_base = dart__types[base].mpi_base;
  const size_t elem_size = dart__types[base].elem_size;
  size_t *l = malloc(sizeof *l * nblocks), *o = malloc(sizeof *o * nblocks);
  int *il = malloc(sizeof *il * nblocks), *io = malloc(sizeof *io * nblocks);
  if (slot < 0 || !l || !o || !il || !io) {
    dart__unlock(&types_mutex);
    free(l);
    free(o);
    free(il);
    free(io);
    return dart__error(DART_ERR_NOMEM, "%s: out of memory", fn);
  }
  for (size_t i = 0; i < nblocks; i++) {
    l[i] = len[i];
    o[i] = off[i];
    il[i] = (int)len[i];
    io[i] = (int)off[i];
  }
  MPI_Datatype idx, inst;
  MPI_Type_indexed((int)nblocks, il, io, mpi_base, &idx);
  MPI_Type_create_resized(idx, 0, (MPI_Aint)(extent * elem_size), &inst);
  MPI_Type_free(&idx);
  MPI_Type_commit(&inst);
  free(il);
  free(io);
  dart_type_info_t *ti = &dart__types[slot];
  int contiguous = nblocks == 1 && len[0] == extent && off[0] == 0;
  *ti = (dart_type_info_t){.live = 1,
                           .base = base,
                           .elem_size = elem_size,
                           .mpi_base = mpi_base,
                           .period = period,
                           .extent = extent,
                           .nblocks = nblocks,
                           .len = l,
                           .off = o,
                           .contiguous = contiguous,
                           .simple = contiguous && period == 1,
                           .overlapping = overlapping,
                           .reach = reach,
                           .mpi_inst = inst};
  dart__unlock(&types_mutex);
  *newtype = slot;
  return DART_OK;
}

dart_ret_t dart_type_create_strided(dart_datatype_t base, size_t stride, size_t blocklen,
                                    dart_datatype_t *newtype) {
  DART_CHECK_INIT("dart_type_create_strided");
  if (blocklen == 0 || stride < blocklen)
    return dart__error(DART_ERR_INVAL, "dart_type_create_strided: need 0 < blocklen <= stride");
  size_t off = 0;
  return type_make(base, 1, &blocklen, &off, stride, "dart_type_create_strided", newtype);
}

dart_ret_t dart_type_create_indexed(dart_datatype_t base, size_t count, const size_t blocklen[],
                                    const size_t offset[], dart_datatype_t *newtype) {
  DART_CHECK_INIT("dart_type_create_indexed");
  if (count == 0 || !blocklen || !offset)
    return dart__error(DART_ERR_INVAL, "dart_type_create_indexed: no blocks");
  return type_make(base, count, blocklen, offset, offset[count - 1] + blocklen[count - 1],
                   "dart_type_create_indexed", newtype);
}

dart_ret_t dart_type_create_custom(size_t nbytes, dart_datatype_t *newtype) {
  static const char fn[] = "dart_type_create_custom";
  DART_CHECK_INIT(fn);
  if (!newtype || nbytes == 0 || nbytes > INT32_MAX)
    return dart__error(DART_ERR_INVAL, "%s: newtype is NULL or nbytes is 0 or above 2^31", fn);
  MPI_Datatype t;
  DART_MPI(MPI_Type_contiguous((int)nbytes, MPI_BYTE, &t), "MPI_Type_contiguous");
  DART_MPI(MPI_Type_commit(&t), "MPI_Type_commit");
  dart__lock(&types_mutex);
  int slot = type_slot();
  if (slot < 0) {
    dart__unlock(&types_mutex);
    MPI_Type_free(&t);
    return dart__error(DART_ERR_NOMEM, "%s: out of memory", fn);
  }
  /* One opaque element per instance: the basic types' layout, with the
   * element as the unit (base BYTE: no operation is defined on it). */
  dart_type_info_t *ti = &dart__types[slot];
  *ti = (dart_type_info_t){.live = 1,
                           .base = DART_TYPE_BYTE,
                           .elem_size = nbytes,
                           .mpi_base = t,
                           .period = 1,
                           .extent = 1,
                           .nblocks = 1,
                           .contiguous = 1,
                           .simple = 1,
                           .custom = 1,
                           .reach = 1,
                           .mpi_inst = t,
                           .one_ = {1, 0}};
  ti->len = &ti->one_[0];
  ti->off = &ti->one_[1];
  dart__unlock(&types_mutex);
  *newtype = slot;
  return DART_OK;
}

dart_ret_t dart_type_destroy(dart_datatype_t *type) {
  DART_CHECK_INIT("dart_type_destroy");
  dart__lock(&types_mutex);
  int ok = type && *type > DART_TYPE_LAST_BASIC && *type < dart__ntypes && dart__types[*type].live;
  if (ok) type_release(&dart__types[*type]);
  dart__unlock(&types_mutex);
  if (!ok) return dart__error(DART_ERR_INVAL, "dart_type_destroy: not a type made by dart_type_create_*");
  *type = DART_TYPE_UNDEFINED;
  return DART_OK;
}

dart_ret_t dart_type_size(dart_datatype_t type, size_t *size) {
  DART_CHECK_INIT("dart_type_size");
  const dart_type_info_t *ti;
  dart_ret_t r = dart__type_get(type, "dart_type_size", &ti);
  if (r != DART_OK) return r;
  if (!size) return dart__error(DART_ERR_INVAL, "dart_type_size: size is NULL");
  *size = ti->elem_size;
  return DART_OK;
}

/* Walks the runs (maximal contiguous element ranges) of a layout. */
typedef struct {
  const dart_type_info_t *ti;
  size_t inst, blk, pos; /* current instance, block, element within block */
} run_iter_t;

static size_t run_left(const run_iter_t *it) { return it->ti->len[it->blk] - it->pos; }

static size_t run_offset(const run_iter_t *it) {
  return it->inst * it->ti->extent + it->ti->off[it->blk] + it->pos;
}

static void run_advance(run_iter_t *it, size_t n) {
  it->pos += n;
  if (it->pos == it->ti->len[it->blk]) {
    it->pos = 0;
    if (++it->blk == it->ti->nblocks) {
      it->blk = 0;
      it->inst++;
    }
  }
}

void dart__type_copy(char *dst, const dart_type_info_t *dt, const char *src, const dart_type_info_t *st,
                     size_t nelem) {
  size_t es = st->elem_size;
  if (dt->contiguous && st->contiguous) {
    memcpy(dst, src, nelem * es);
    return;
  }
  run_iter_t d = {dt, 0, 0, 0}, s = {st, 0, 0, 0};
  while (nelem) {
    size_t n = run_left(&d) < run_left(&s) ? run_left(&d) : run_left(&s);
    if (dt->contiguous) n = run_left(&s);
    if (st->contiguous) n = run_left(&d);
    if (n > nelem) n = nelem;
    memcpy(dst + run_offset(&d) * es, src + run_offset(&s) * es, n * es);
    if (dt->contiguous)
      d.pos += n;
    else
      run_advance(&d, n);
    if (st->contiguous)
      s.pos += n;
    else
      run_advance(&s, n);
    nelem -= n;
  }
}
