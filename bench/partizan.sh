#!/bin/sh
# Times sprague against cgt-tools on the partizan rulesets both have (Amazons, Konane,
# Fission, Ski-Jumps, Snort, Col, Domineering), checks that both compute the same canonical
# form of every position, and prints a table: whole-process wall time and peak RSS (from
# /usr/bin/time) of `sprague solve RULESET POSITION --json` and of the peer, each on one
# thread and on every core, and the ratios cgt / sprague with the same threads.
#
# Usage: bench/partizan.sh [LIMIT] [POSITIONS]
#   LIMIT      seconds each run may take (default 60); a ruleset's ladder stops at its first
#              position that a program does not finish within it
#   POSITIONS  the ladders, `RULESET POSITION` lines (default bench/partizan/positions.txt)
#   KEEP=N     how many of each ladder's largest finished positions to print (default 10)
#
# sprague: target/release/sprague (cargo build --release -p sprague-cli), with --threads 1
# and --threads <cores> (its partizan search uses at most 16).
# The peer: bench/partizan/peer, a small program outside sprague's workspace (not built by
# CI) that links cgt-tools' library, the `cgt` crate from crates.io (AGPL-3.0; its licence
# stays its own, nothing of it is in sprague's crates). Build it once with
#   (cd bench/partizan/peer && cargo build --release)
# or name another build with CGT_PEER=path. Its threads are rayon's: RAYON_NUM_THREADS.
# cgt's canonical forms are read back with `sprague value` and compared with sprague's.
# Timings on a loaded machine are noisy: run it twice.
set -eu
LIMIT=${1:-60}
POSITIONS=${2:-bench/partizan/positions.txt}
SPRAGUE=${SPRAGUE:-target/release/sprague}
CGT_PEER=${CGT_PEER:-bench/partizan/peer/target/release/cgt-peer}
if [ ! -x "$SPRAGUE" ]; then
  echo "no $SPRAGUE: build it with cargo build --release -p sprague-cli" >&2
  exit 1
fi
if [ ! -x "$CGT_PEER" ]; then
  echo "no $CGT_PEER: build it with (cd bench/partizan/peer && cargo build --release)" >&2
  exit 1
fi
exec python3 -u bench/partizan/run.py "$SPRAGUE" "$CGT_PEER" "$POSITIONS" "$LIMIT"
