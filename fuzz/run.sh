#!/usr/bin/env bash
# Runs fuzz targets for a given time (fuzz/README.md):
#   fuzz/run.sh TARGET SECONDS     one target
#   fuzz/run.sh all SECONDS        every target in turn, SECONDS each
# Extra libFuzzer flags may follow, e.g. `fuzz/run.sh judge 60 -jobs=2`. FUZZ_TIMEOUT (seconds,
# default 10) bounds one input: legal work on the largest inputs takes seconds under
# AddressSanitizer, more on a busy machine.
# Crashes land in fuzz/artifacts/TARGET/; the corpus grows in fuzz/corpus/TARGET/ and
# starts from the committed seeds in fuzz/seeds/TARGET/.
set -euo pipefail
cd "$(dirname "$0")"

if [ $# -lt 2 ] || ! [[ $2 =~ ^[0-9]+$ ]]; then
    echo "usage: $0 TARGET|all SECONDS [LIBFUZZER FLAGS...]" >&2
    echo "targets: $(cargo +nightly fuzz list | tr '\n' ' ')" >&2
    exit 2
fi
target=$1
seconds=$2
shift 2

# AddressSanitizer's own bookkeeping grows with every input: its quarantine of freed memory
# (256 MB by default) and its store of allocation stacks, which never shrinks and gains an
# entry for each distinct stack (the canonical-form recursion makes many). Loading the
# cgsuite corpus took 1150 MB that way (60 MB without either), and a ten-minute run passed
# the 2 GiB limit with no input using more than a few MB. A smaller quarantine and shorter
# stacks keep the limit a measure of the inputs (178 MB for the same corpus).
export ASAN_OPTIONS="${ASAN_OPTIONS:-quarantine_size_mb=64:malloc_context_size=8}"

run_one() {
    local t=$1
    shift
    mkdir -p "corpus/$t"
    local dirs=("corpus/$t")
    if [ -d "seeds/$t" ]; then
        dirs+=("seeds/$t")
    fi
    echo "== fuzzing $t for ${seconds}s"
    cargo +nightly fuzz run "$t" "${dirs[@]}" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout="${FUZZ_TIMEOUT:-10}" "$@"
}

if [ "$target" = all ]; then
    failed=()
    for t in $(cargo +nightly fuzz list); do
        run_one "$t" "$@" || failed+=("$t")
    done
    if [ ${#failed[@]} -gt 0 ]; then
        echo "targets that found a crash: ${failed[*]} (see fuzz/artifacts/)" >&2
        exit 1
    fi
    echo "every target ran ${seconds}s without a crash"
else
    run_one "$target" "$@"
fi
