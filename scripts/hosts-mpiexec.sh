#!/usr/bin/env bash
# Starts an MPI job across the emulated hosts of scripts/hosts.sh, as on a
# cluster: the MPI's own launcher runs on the first host and starts the
# processes of the others through an rsh agent (the hosts' "ssh"):
#   hosts-mpiexec.sh [--mpi mpich|openmpi] [--per-host K] [--timeout S] -n NP -- COMMAND...
# (inside `scripts/hosts.sh -- ...`; default mpich, K=2, S=120). Units are
# placed K per host in order (units 0..K-1 on dhost1). Traffic between
# hosts is TCP over the hosts' eth0; within a host the MPI's shared memory.
#   MPICH (hydra): -launcher ssh -launcher-exec <agent> -f <hostfile>; hydra
#     passes the whole environment on (-genvall).
#   Open MPI: --hostfile, --mca plm_rsh_agent <agent>, btl tcp between hosts
#     and vader within one; every DART_*, UCX_* and MPICH-free variable the
#     caller set is passed with -x, as a real remote shell would drop it.
# Exit status: the job's; 124 if (and only if) it ran out of time.
set -euo pipefail
mpi=mpich per=2 np="" limit=120
while (($#)); do
  case $1 in
    --mpi) mpi=$2; shift 2 ;;
    --per-host) per=$2; shift 2 ;;
    --timeout) limit=$2; shift 2 ;;
    -n) np=$2; shift 2 ;;
    --) shift; break ;;
    *) break ;;
  esac
done
if [ -z "${DART_HOSTS_ENTER:-}" ] || [ -z "$np" ] || (($# == 0)); then
  echo "usage (inside scripts/hosts.sh): hosts-mpiexec.sh [--mpi mpich|openmpi] [--per-host K] -n NP -- COMMAND..." >&2
  exit 2
fi
first=${DART_HOSTS%% *}
case $mpi in
  mpich)
    launch=(mpiexec.mpich -launcher ssh -launcher-exec "$DART_HOSTS_ENTER" -f "$DART_HOSTFILE"
            -ppn "$per" -n "$np") ;;
  openmpi)
    pass=()
    for v in $(compgen -e); do
      case $v in DART_* | UCX_* | OMP_* | ARMCI_* | GA_*) pass+=(-x "$v") ;; esac
    done
    # Slots from the host file: K per host.
    hostfile=$(mktemp /tmp/dart-hostfile.XXXXXX)
    trap 'rm -f "$hostfile"' EXIT
    sed "s/\$/ slots=$per/" "$DART_HOSTFILE" >"$hostfile"
    launch=(mpirun.openmpi --allow-run-as-root --oversubscribe --hostfile "$hostfile"
            --mca plm_rsh_agent "$DART_HOSTS_ENTER" --mca btl tcp,vader,self
            --mca btl_tcp_if_include eth0 --mca oob_tcp_if_include eth0
            --map-by "ppr:$per:node" -n "$np" "${pass[@]}") ;;
  *) echo "hosts-mpiexec.sh: unknown MPI '$mpi' (mpich or openmpi)" >&2; exit 2 ;;
esac
# The launcher itself runs on the first host, as after a login there.
printf -v cmd '%q ' timeout -k 5 "$limit" "${launch[@]}" "$@"
set +e
t0=$SECONDS
"$DART_HOSTS_ENTER" "$first" "$cmd"
rc=$?
# 124 means out of time, only: mpirun's own status is 137 when a process
# was killed (SIGKILL), which is no timeout.
if ((rc == 124 || rc == 137)); then
  if ((SECONDS - t0 >= limit)); then
    echo "hosts-mpiexec.sh: the job ran out of time (${limit} s)" >&2
    rc=124
  else
    rc=1
  fi
fi
exit "$rc"
