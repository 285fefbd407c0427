#!/usr/bin/env bash
# expect_failure.sh REGEX COMMAND...: runs COMMAND (a job under mpiexec that
# must fail); passes if it exits non-zero AND its output (stdout and stderr)
# matches the extended regular expression REGEX; a timeout (timeout(1)'s
# status 124 or 137) fails. Prints the output either way.
regex=$1
shift
out=$("$@" 2>&1)
status=$?
printf '%s\n' "$out"
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
  echo "expect_failure: the job timed out (status $status)" >&2
  exit 1
fi
if [ "$status" -eq 0 ]; then
  echo "expect_failure: the job exited 0, expected a failure" >&2
  exit 1
fi
if ! printf '%s\n' "$out" | grep -Eq -- "$regex"; then
  echo "expect_failure: exit status $status, but no line matches: $regex" >&2
  exit 1
fi
echo "expect_failure: failed as expected (status $status)"
