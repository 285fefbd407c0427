#!/usr/bin/env bash
# shm_check.sh MIB: passes if /dev/shm has at least MIB MiB free, else names
# the fix. The scale tests need it (cmake/MpiTest.cmake, dart_add_scale_test):
# 64 MPICH processes on one machine take ~270 MiB of /dev/shm in UCX's
# shared-memory transport alone, and with less MPI_Init fails inside UCX
# ("No resources are available to initiate the operation").
need=$1
avail=$(($(df -k --output=avail /dev/shm | tail -n 1) / 1024))
if [ "$avail" -lt "$need" ]; then
  echo "shm_check: /dev/shm has $avail MiB free; the scale tests need $need MiB" \
    "(64 MPI processes on this machine). In a container: docker run --shm-size=512m;" \
    "else enlarge the tmpfs (mount -o remount,size=512m /dev/shm) or free it." >&2
  exit 1
fi
echo "shm_check: /dev/shm has $avail MiB free (the scale tests need $need MiB)"
