#!/usr/bin/env bash
# Emulated hosts on one machine, for jobs started by an MPI launcher across
# hosts (docs/cluster.md):
#   scripts/hosts.sh [-n 2|4] [--shm SIZE] [-- COMMAND [ARGS...]]
# makes N hosts (default 2), runs COMMAND (default: a shell) in the machine's
# own namespaces, then removes everything it made -- also on failure, Ctrl-C
# or SIGTERM. Each host has its own
#   - network namespace: one interface eth0 (10.77.0.<i>/24), a veth pair
#     whose other end is on a bridge in a namespace of its own (the
#     "switch"), and loopback; nothing is added to the machine's network;
#   - host name (UTS namespace): dhost1 .. dhostN, listed with the addresses
#     in its own /etc/hosts (a bind mount in its mount namespace);
#   - /dev/shm (mount namespace: a tmpfs of SIZE, default 512m) and SysV IPC
#     (IPC namespace), so no shared memory reaches another host.
# COMMAND sees
#   DART_HOSTS        "dhost1 dhost2 ...";
#   DART_HOSTS_ENTER  a command that runs a command on a host, as ssh does
#                     (`$DART_HOSTS_ENTER dhost2 hostname`): the launchers'
#                     rsh agent (Open MPI plm_rsh_agent, MPICH -launcher-exec);
#   DART_HOSTFILE     one host name a line.
# At exit it prints the bytes each host sent and received on its eth0.
# Needs root (CAP_SYS_ADMIN, CAP_NET_ADMIN), iproute2 and util-linux
# (scripts/install-deps.sh installs them); `hosts.sh --check` says whether
# this machine allows it (status 0) or why not (status 1). Where it does
# not, hosts.sh exits with status 77 (CTest's skip: SKIP_RETURN_CODE).
set -euo pipefail
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")

# hosts.sh --dir DIR enter HOST COMMAND...: the rsh agent. Like ssh, it joins
# its arguments into one shell command, run on HOST in the caller's folder.
if [ "${1:-}" = --dir ] && [ "${3:-}" = enter ]; then
  dir=$2
  shift 3
  while [[ ${1:-} =~ ^-[xqTnt]$ ]]; do shift; done # ssh's flags, as launchers pass them (hydra: -x)
  host=${1:-}
  shift || { echo "hosts.sh enter: no host given" >&2; exit 2; }
  pid=$(sed -n "s/^$host //p" "$dir/pids" 2>/dev/null || true)
  [ -n "$pid" ] || { echo "hosts.sh enter: no emulated host '$host' (hosts: $(cut -d' ' -f1 "$dir/pids" | xargs))" >&2; exit 255; }
  exec nsenter -t "$pid" --net --uts --mount --ipc -- /bin/sh -c 'cd "$1" 2>/dev/null || cd /; shift; eval "$*"' sh "$PWD" "$*"
fi

check() { # why this machine cannot make hosts, or nothing
  [ "$(id -u)" = 0 ] || { echo "not root"; return; }
  command -v ip >/dev/null && command -v nsenter >/dev/null && command -v unshare >/dev/null \
    || { echo "iproute2 or util-linux missing (scripts/install-deps.sh)"; return; }
  local probe=dhcheck$$
  ip netns add "$probe" 2>/dev/null || { echo "cannot make a network namespace (no CAP_SYS_ADMIN?)"; return; }
  ip netns del "$probe"
  unshare --uts --mount --ipc true 2>/dev/null || echo "cannot make UTS, mount or IPC namespaces"
}

n=2 shm=512m
while (($#)); do
  case $1 in
    -n) n=$2; shift 2 ;;
    --shm) shm=$2; shift 2 ;;
    --check)
      why=$(check)
      [ -z "$why" ] && exit 0
      echo "$why"; exit 1 ;;
    --) shift; break ;;
    *) echo "usage: hosts.sh [-n 2|4] [--shm SIZE] [--check] [-- COMMAND...]" >&2; exit 2 ;;
  esac
done
[[ $n =~ ^[1-8]$ ]] || { echo "hosts.sh: -n takes 1 to 8 hosts" >&2; exit 2; }
why=$(check)
[ -z "$why" ] || { echo "hosts.sh: cannot emulate hosts here: $why (status 77: skipped)" >&2; exit 77; }
(($#)) || set -- "${SHELL:-/bin/bash}"

# A run killed outright (SIGKILL: no clean-up) leaves its hosts behind:
# remove those of runs whose script is gone (names dh<pid>-...).
for ns in $(ip netns list | sed -n 's/^\(dh[0-9]*-[a-z0-9]*\).*/\1/p'); do
  owner=${ns%%-*}
  kill -0 "${owner#dh}" 2>/dev/null && continue
  for p in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$p" 2>/dev/null || true; done
  ip netns del "$ns" 2>/dev/null && echo "hosts.sh: removed $ns, left by an earlier run" >&2
done

# Names unique to this run: several runs may share the machine.
tag=dh$$
sw=$tag-sw
dir=$(mktemp -d /tmp/dart-hosts.XXXXXX)
made_ns=()
holders=()

cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  set +e # every step runs, whatever failed before it
  [ -n "${cmd_pid:-}" ] && kill -TERM "$cmd_pid" 2>/dev/null
  if [ -s "$dir/pids" ] && [ "${quiet_stats:-0}" = 0 ]; then
    while read -r h _; do
      ip -n "$tag-$h" -s -j link show eth0 2>/dev/null |
        sed -n 's/.*"rx":{"bytes":\([0-9]*\).*"tx":{"bytes":\([0-9]*\).*/\1 \2/p' |
        { read -r rx tx && echo "hosts.sh: $h eth0: received $rx B, sent $tx B"; } || true
    done <"$dir/pids"
  fi
  # Whatever still runs on a host (a launcher's leftovers) was started
  # inside our namespaces: end it with the host.
  for ns in "${made_ns[@]}"; do
    for p in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$p" 2>/dev/null || true; done
  done
  for p in "${holders[@]}"; do kill -KILL "$p" 2>/dev/null || true; done
  for ns in "${made_ns[@]}"; do ip netns del "$ns" 2>/dev/null || true; done
  rm -rf "$dir"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

ip netns add "$sw"
made_ns+=("$sw")
ip -n "$sw" link add br0 type bridge
ip -n "$sw" link set br0 up
: >"$dir/hosts"
for i in $(seq 1 "$n"); do
  echo "10.77.0.$i dhost$i" >>"$dir/hosts"
done
echo "127.0.0.1 localhost" >>"$dir/hosts"
for i in $(seq 1 "$n"); do
  h=dhost$i ns=$tag-dhost$i
  mkfifo "$dir/ready.$h"
  ip netns add "$ns"
  made_ns+=("$ns")
  # The veth pair is made inside the switch's namespace (no device ever
  # appears in the machine's), then one end moves to the host.
  ip -n "$sw" link add "$h" type veth peer name eth0 netns "$ns"
  ip -n "$sw" link set "$h" master br0 up
  ip -n "$ns" addr add "10.77.0.$i/24" dev eth0
  ip -n "$ns" link set eth0 up
  ip -n "$ns" link set lo up
  # The holder keeps the host's UTS, mount and IPC namespaces alive; the
  # rsh agent enters them through its pid.
  ip netns exec "$ns" unshare --uts --mount --ipc --propagation private /bin/sh -c '
    hostname "$1" && mount -t tmpfs -o size="$2",mode=1777 tmpfs /dev/shm &&
    mount --bind "$3" /etc/hosts && echo ready >"$4" && exec sleep infinity' sh \
    "$h" "$shm" "$dir/hosts" "$dir/ready.$h" &
  holders+=($!)
  disown "$!" # (no "Killed" line when the cleanup ends it)
  echo "$h $!" >>"$dir/pids"
done
for i in $(seq 1 "$n"); do # each holder says when its host is set up
  read -r -t 10 ok <>"$dir/ready.dhost$i" || ok=
  [ "$ok" = ready ] || { echo "hosts.sh: dhost$i failed to start" >&2; exit 1; }
done

cat >"$dir/enter" <<EOF
#!/bin/sh
exec "$self" --dir "$dir" enter "\$@"
EOF
chmod +x "$dir/enter"
seq 1 "$n" | sed 's/^/dhost/' >"$dir/hostfile"
export DART_HOSTS=$(cut -d' ' -f1 "$dir/pids" | xargs)
export DART_HOSTS_ENTER=$dir/enter DART_HOSTFILE=$dir/hostfile
echo "hosts.sh: $n hosts up: $DART_HOSTS (10.77.0.1-$n, /dev/shm $shm each)" >&2

"$@" &
cmd_pid=$!
set +e
wait "$cmd_pid"
rc=$?
cmd_pid=
exit "$rc"
