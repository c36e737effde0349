#!/bin/sh
# Runs sprague's take-and-break sequence computations side by side with the peer solvers
# that are built on this machine, checks that every program computed the same values
# (Fletcher-32 of g(0..=N), docs/sequences.md), and prints the times and their ratios.
#
# Usage: bench/peers.sh [N]            (default N = 1000000)
#
# sprague: target/release/sprague (cargo build --release -p sprague-cli).
# Peers are not bundled: build them yourself and say how to run each one with an
# environment variable holding a command with {code} and {n} in it, whose standard output
# holds the values g(0), g(1), ..., g(n) as whitespace-separated numbers (other words on
# the output are ignored, so keep only the values: pipe through a filter if needed):
#   OGSOLVE='path/to/ogsolve ... {code} {n}'           ogsolve
#   TCZAJKA='path/to/analyze ... {code} {n}'           tczajka's analyze
#   ROGALSKI='path/to/octal ... {code} {n}'            rogalski's octal
#   CGT_TOOLS='path/to/cgt-tools ... {code} {n}'       cgt-tools
# A peer whose variable is unset is skipped with a note. Timings on a loaded machine are
# noisy: run it twice.
set -eu
N=${1:-1000000}
SPRAGUE=${SPRAGUE:-target/release/sprague}
if [ ! -x "$SPRAGUE" ]; then
  echo "no $SPRAGUE: build it with cargo build --release -p sprague-cli" >&2
  exit 1
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# fletcher32 < values: the checksum of whitespace-separated numbers.
fletcher32() {
  python3 -c '
import sys
lo = hi = 0
for w in sys.stdin.read().split():
    if not w.isdigit():
        continue
    v = int(w)
    for x in ([v & 0xFFFF] if v <= 0xFFFF else [v & 0xFFFF, v >> 16]):
        lo = (lo + x) % 65535
        hi = (hi + lo) % 65535
print("%08x" % (hi << 16 | lo))'
}

# seconds CMD...: runs CMD (stdout to $TMP/out), prints its wall time in seconds.
seconds() {
  python3 -c '
import subprocess, sys, time
t = time.time()
with open(sys.argv[1], "w") as out:
    r = subprocess.run(sys.argv[2:], stdout=out)
if r.returncode:
    sys.exit("failed: " + " ".join(sys.argv[2:]))
print("%.3f" % (time.time() - t))' "$TMP/out" "$@"
}

for code in 0.77 0.07 0.6; do
  echo "== octal:$code, g(0..=$N)"
  base=""; every=""
  for mode in copied every; do
    [ "$code" = 0.6 ] && [ "$mode" = every ] && continue   # Officers has no known period
    flag=""; [ "$mode" = every ] && flag="--every-value"
    for threads in 1 2; do
      t=$(seconds "$SPRAGUE" table "octal:$code" --upto "$N" --checksum --threads "$threads" $flag)
      sum=$(sed -n 's/.*Fletcher-32 of the values g(0..=[0-9]*): \([0-9a-f]*\).*/\1/p' "$TMP/out")
      [ -z "$base" ] && base=$t && want=$sum
      [ "$mode" = every ] && [ "$threads" = 1 ] && every=$t
      ratio=$(python3 -c "print('%.2f' % ($base / max($t, 1e-3)))")
      same=$([ "$sum" = "$want" ] && echo same || echo DIFFERENT)
      printf '  %-28s %8s s  x%-6s Fletcher-32 %s (%s)\n' "sprague $mode, $threads thread(s)" "$t" "$ratio" "$sum" "$same"
    done
  done
  for peer in OGSOLVE TCZAJKA ROGALSKI CGT_TOOLS; do
    eval "tmpl=\${$peer:-}"
    if [ -z "$tmpl" ]; then
      echo "  $peer: not set (build the peer and set $peer, see the top of this script)"
      continue
    fi
    cmd=$(printf '%s' "$tmpl" | sed "s/{code}/$code/g; s/{n}/$N/g")
    # shellcheck disable=SC2086
    t=$(seconds sh -c "$cmd")
    sum=$(fletcher32 < "$TMP/out")
    ratio=$(python3 -c "print('%.2f' % ($t / max($base, 1e-3)))")
    # A peer that computes every value is compared with sprague's every value too.
    [ -n "$every" ] && ratio="$ratio; every value: $(python3 -c "print('%.2f' % ($t / max($every, 1e-3)))")"
    same=$([ "$sum" = "$want" ] && echo same || echo DIFFERENT)
    printf '  %-28s %8s s  (%s x sprague, 1 thread) Fletcher-32 %s (%s)\n' "$peer" "$t" "$ratio" "$sum" "$same"
  done
done
