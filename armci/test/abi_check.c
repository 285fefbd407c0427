/*
 * abi_check.c -- print the binary layout of the ARMCI API types and the
 * values of its constants, for whichever armci.h is first on the include
 * path. abi_check.sh builds it once against our armci/include and once
 * against Debian's ARMCI-MPI header and requires identical output.
 */
#include <stddef.h>
#include <stdio.h>

#include <armci.h>
#include <message.h>

/* Name of the (scalar or pointer) type of an expression. */
#define TYPE_NAME(x) \
  _Generic((x),                                  \
    char: "char", signed char: "signed char", short: "short",       \
    int: "int", unsigned: "unsigned", long: "long",                 \
    unsigned long: "unsigned long", long long: "long long",         \
    float: "float", double: "double",                               \
    int *: "int *", void *: "void *", void **: "void **",           \
    default: "other")

#define MEMBER(T, m)                                                                                \
  printf("  %-28s offset %2zu size %2zu type %s\n", #T "." #m, offsetof(T, m), sizeof(((T *)0)->m), \
         TYPE_NAME(((T *)0)->m))

#define TYPE(T) printf("%-30s size %2zu align %2zu\n", #T, sizeof(T), _Alignof(T))

#define CONST(c) printf("%-30s = %ld\n", #c, (long)(c))

int main(void) {
  printf("ARMCI_MPI defined: %s\n",
#ifdef ARMCI_MPI
         "yes"
#else
         "no"
#endif
  );
#ifdef ARMCI_MPI
  CONST(ARMCI_MPI);
#endif

  /* scalar typedefs */
  TYPE(armci_size_t);
  printf("  armci_size_t type %s, signed %d\n", TYPE_NAME((armci_size_t)0), (armci_size_t)-1 < 0);
  TYPE(armci_domain_t);
  printf("  armci_domain_t type %s\n", TYPE_NAME((armci_domain_t)0));
  TYPE(MPI_Comm);

  /* aggregate types owned by the caller */
  TYPE(armci_hdl_t);
  MEMBER(armci_hdl_t, target);
  MEMBER(armci_hdl_t, aggregate);
  TYPE(armci_giov_t);
  MEMBER(armci_giov_t, src_ptr_array);
  MEMBER(armci_giov_t, dst_ptr_array);
  MEMBER(armci_giov_t, bytes);
  MEMBER(armci_giov_t, ptr_array_len);
  TYPE(ARMCI_Group);
  MEMBER(ARMCI_Group, comm);
  MEMBER(ARMCI_Group, noncoll_pgroup_comm);
  MEMBER(ARMCI_Group, grp_to_abs);
  MEMBER(ARMCI_Group, abs_to_grp);
  MEMBER(ARMCI_Group, rank);
  MEMBER(ARMCI_Group, size);

  /* enums */
  TYPE(enum ARMCI_Acc_e);
  CONST(ARMCI_ACC_INT);
  CONST(ARMCI_ACC_LNG);
  CONST(ARMCI_ACC_FLT);
  CONST(ARMCI_ACC_DBL);
  CONST(ARMCI_ACC_CPL);
  CONST(ARMCI_ACC_DCP);
  TYPE(enum ARMCI_Rmw_e);
  CONST(ARMCI_FETCH_AND_ADD);
  CONST(ARMCI_FETCH_AND_ADD_LONG);
  CONST(ARMCI_SWAP);
  CONST(ARMCI_SWAP_LONG);
  TYPE(enum armci_domain_e);
  CONST(ARMCI_DOMAIN_SMP);
  TYPE(enum armci_scope_e);
  CONST(SCOPE_ALL);
  CONST(SCOPE_NODE);
  CONST(SCOPE_MASTERS);
  TYPE(enum armci_type_e);
  CONST(ARMCI_INT);
  CONST(ARMCI_LONG);
  CONST(ARMCI_LONG_LONG);
  CONST(ARMCI_FLOAT);
  CONST(ARMCI_DOUBLE);

  /* return types of the value getters */
  printf("ARMCI_GetValueInt    returns %s\n", TYPE_NAME(ARMCI_GetValueInt(0, 0)));
  printf("ARMCI_GetValueLong   returns %s\n", TYPE_NAME(ARMCI_GetValueLong(0, 0)));
  printf("ARMCI_GetValueFloat  returns %s\n", TYPE_NAME(ARMCI_GetValueFloat(0, 0)));
  printf("ARMCI_GetValueDouble returns %s\n", TYPE_NAME(ARMCI_GetValueDouble(0, 0)));
  printf("ARMCI_Malloc_local   returns %s\n", TYPE_NAME(ARMCI_Malloc_local(0)));
  return 0;
}
