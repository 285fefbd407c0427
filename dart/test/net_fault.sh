#!/usr/bin/env bash
# net_fault.sh HOST COMMAND...: runs COMMAND (a job of net_fault across the
# emulated hosts of scripts/hosts.sh) and, once its unit 0 says
# "net_fault: running", sets HOST's network interface down, as a cable
# pulled or a switch port lost mid-run. Prints when the cut came and how
# long the job lasted after it; exits with the job's status.
set -uo pipefail
host=$1
shift
"$@" 2>&1 | {
  cut=
  while IFS= read -r line; do
    printf '%s\n' "$line"
    if [ -z "$cut" ] && [ "$line" = "net_fault: running" ]; then
      "$DART_HOSTS_ENTER" "$host" ip link set eth0 down
      cut=$SECONDS
      echo "net_fault.sh: $host's eth0 is down"
    fi
  done
  [ -n "$cut" ] && echo "net_fault.sh: the job ended $((SECONDS - cut)) s after the cut"
}
exit "${PIPESTATUS[0]}"
