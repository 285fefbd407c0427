/* A minimal Global Arrays program on our ARMCI: every rank increments one
 * counter atomically; all must see the sum. */
#include <ga.h>
#include <macdecls.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  GA_Initialize();
  MA_init(C_INT, 1000, 1000);
  int dims[1] = {10}, zero[1] = {0};
  int g = NGA_Create(C_INT, 1, dims, "counter", NULL);
  GA_Zero(g);
  NGA_Read_inc(g, zero, 1);
  GA_Sync();
  long counter = NGA_Read_inc(g, zero, 0);
  int ok = counter == GA_Nnodes();
  printf("rank %d: counter %ld: %s\n", GA_Nodeid(), counter, ok ? "ok" : "WRONG");
  GA_Destroy(g);
  GA_Terminate();
  MPI_Finalize();
  return ok ? 0 : 1;
}
