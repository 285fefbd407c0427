/* Reduction operations made by the program (dart_op_create).
 *
 * MPI's user functions get no user data, only the datatype: every
 * operation reduces over its own duplicate of its element type, which
 * carries the operation's slot as an attribute, so that one MPI function
 * (dispatch) finds the program's function and data. */
#include <stdint.h>
#include "amo.h"
#include "datatype.h"
#include "userop.h"

#define NUSEROPS (DART_OP_USER_LAST - DART_OP_USER_FIRST + 1)

static struct {
  int live;
  dart_operator_t fn;
  void *user_data;
  dart_datatype_t type;
  int type_owned;
  MPI_Op mpi_op;
  MPI_Datatype mpi_type; /* duplicate of the type's element, with the slot attribute */
} ops[NUSEROPS];
static pthread_mutex_t ops_mutex = PTHREAD_MUTEX_INITIALIZER;
static int slot_keyval = MPI_KEYVAL_INVALID;

static void dispatch(void *in, void *inout, int *len, MPI_Datatype *type) {
  void *attr;
  int found = 0;
  MPI_Type_get_attr(*type, slot_keyval, &attr, &found);
  if (!found) return;
  intptr_t slot = (intptr_t)attr;
  ops[slot].fn(in, inout, (size_t)*len, ops[slot].user_data);
}

dart_ret_t dart_op_create(dart_operator_t fn, void *user_data, int commute, dart_datatype_t type,
                          int type_owned, dart_operation_t *op) {
  static const char fn_name[] = "dart_op_create";
  DART_CHECK_INIT(fn_name);
  const dart_type_info_t *ti;
  dart_ret_t r = dart__type_get(type, fn_name, &ti);
  if (r != DART_OK) return r;
  if (!fn || !op) return dart__error(DART_ERR_INVAL, "%s: fn or op is NULL", fn_name);
  if (!ti->simple)
    return dart__error(DART_ERR_INVAL, "%s: needs a basic or custom type, not a layout", fn_name);
  MPI_Datatype base = ti->mpi_base;
  dart__lock(&ops_mutex);
  int slot = 0;
  while (slot < NUSEROPS && ops[slot].live) slot++;
  if (slot == NUSEROPS) {
    dart__unlock(&ops_mutex);
    return dart__error(DART_ERR_NOMEM, "%s: %d operations are alive", fn_name, NUSEROPS);
  }
  int ret = MPI_SUCCESS;
  if (slot_keyval == MPI_KEYVAL_INVALID)
    ret = MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &slot_keyval, NULL);
  MPI_Datatype mine = MPI_DATATYPE_NULL;
  MPI_Op mop = MPI_OP_NULL;
  if (ret == MPI_SUCCESS) ret = MPI_Type_dup(base, &mine);
  if (ret == MPI_SUCCESS) ret = MPI_Type_set_attr(mine, slot_keyval, (void *)(intptr_t)slot);
  if (ret == MPI_SUCCESS) ret = MPI_Type_commit(&mine);
  if (ret == MPI_SUCCESS) ret = MPI_Op_create(dispatch, commute != 0, &mop);
  if (ret != MPI_SUCCESS) {
    if (mine != MPI_DATATYPE_NULL) MPI_Type_free(&mine);
    dart__unlock(&ops_mutex);
    return dart__mpi_error(ret, "MPI_Op_create");
  }
  ops[slot].fn = fn;
  ops[slot].user_data = user_data;
  ops[slot].type = type;
  ops[slot].type_owned = type_owned != 0;
  ops[slot].mpi_op = mop;
  ops[slot].mpi_type = mine;
  ops[slot].live = 1;
  dart__unlock(&ops_mutex);
  *op = (dart_operation_t)(DART_OP_USER_FIRST + slot);
  return DART_OK;
}

static void op_release(int slot) {
  MPI_Op_free(&ops[slot].mpi_op);
  MPI_Type_free(&ops[slot].mpi_type);
  ops[slot].live = 0;
}

dart_ret_t dart_op_destroy(dart_operation_t *op) {
  static const char fn[] = "dart_op_destroy";
  DART_CHECK_INIT(fn);
  if (!op || *op < DART_OP_USER_FIRST || *op > DART_OP_USER_LAST)
    return dart__error(DART_ERR_INVAL, "%s: not an operation of dart_op_create", fn);
  int slot = (int)*op - DART_OP_USER_FIRST;
  dart__lock(&ops_mutex);
  int live = ops[slot].live;
  dart_datatype_t type = ops[slot].type;
  int owned = ops[slot].type_owned;
  if (live) op_release(slot);
  dart__unlock(&ops_mutex);
  if (!live) return dart__error(DART_ERR_INVAL, "%s: operation %d was destroyed", fn, (int)*op);
  *op = DART_OP_UNDEFINED;
  return owned ? dart_type_destroy(&type) : DART_OK;
}

dart_ret_t dart__userop_get(dart_operation_t op, dart_datatype_t type, const char *fn, MPI_Op *mop,
                            MPI_Datatype *mtype) {
  int slot = (int)op - DART_OP_USER_FIRST;
  dart__lock(&ops_mutex);
  int live = ops[slot].live, same = ops[slot].type == type;
  *mop = ops[slot].mpi_op;
  *mtype = ops[slot].mpi_type;
  dart__unlock(&ops_mutex);
  if (!live) return dart__error(DART_ERR_INVAL, "%s: operation %d was destroyed", fn, (int)op);
  if (!same)
    return dart__error(DART_ERR_INVAL, "%s: operation %d was made for another type than %d", fn, (int)op,
                       (int)type);
  return DART_OK;
}

void dart__userop_fini(void) {
  dart__lock(&ops_mutex);
  for (int slot = 0; slot < NUSEROPS; slot++)
    if (ops[slot].live) op_release(slot);
  if (slot_keyval != MPI_KEYVAL_INVALID) MPI_Type_free_keyval(&slot_keyval);
  dart__unlock(&ops_mutex);
}
