#!/bin/sh
# Times each contest game's table two ways, whole process, on this machine: the rules
# script through `sprague table` (release build, every core) and a plain CPython brute
# force of the same game. Prints seconds and peak memory (from /usr/bin/time -v) of both
# and their ratio; each side runs RUNS times (default 3), the two alternating, and the
# fastest run of each is shown (a shared machine's noise only ever adds time). Run from
# the repository root:
#
#   cargo build --release -p sprague-cli && sh bench/contest/run.sh
#
# SPRAGUE (the binary), PYTHON and RUNS may be set; a game name as argument runs that one
# only.
set -eu
SPRAGUE=${SPRAGUE:-target/release/sprague}
PYTHON=${PYTHON:-python3}
RUNS=${RUNS:-3}
R=examples/rules
B=bench/contest
only=${1:-}

measure() { # command... ; prints "SECONDS KB"
    /usr/bin/time -v "$@" >/dev/null 2>/tmp/sprague-bench.$$ || {
        echo "failed: $*" >&2; tail -5 /tmp/sprague-bench.$$ >&2; echo "- -"; return 0; }
    awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0;
            for (i = 1; i <= n; i++) s = s * 60 + t[i] }
        /Maximum resident/ { kb = $2 } END { printf "%.2f %d\n", s, kb }' /tmp/sprague-bench.$$
    rm -f /tmp/sprague-bench.$$
}

# The faster of two "SECONDS KB" results (a failed run, "- -", loses).
faster() {
    awk -v a="$1 $2" -v b="$3 $4" 'BEGIN { split(a, x, " "); split(b, y, " ");
        if (x[1] == "-" || (y[1] != "-" && y[1] + 0 < x[1] + 0)) print b; else print a }'
}

row() { # name, size, script, python file, size argument
    name=$1; size=$2; script=$3; py=$4; n=$5
    [ -n "$only" ] && [ "$only" != "$name" ] && return 0
    s="- -"; p="- -"
    i=0
    while [ "$i" -lt "$RUNS" ]; do
        s=$(faster $s $(measure "$SPRAGUE" table "rules:$R/$script" --upto "$n"))
        p=$(faster $p $(measure "$PYTHON" "$B/$py" "$n"))
        i=$((i + 1))
    done
    set -- $s; st=$1; sm=$2
    set -- $p; pt=$1; pm=$2
    ratio=$(awk -v a="$st" -v b="$pt" 'BEGIN { if (b > 0 && a != "-") printf "%.2f", a / b; else print "-" }')
    printf '%-22s %-10s %8s s %7s MB   %8s s %7s MB   %6s\n' "$name" "$size" "$st" \
        "$(awk -v k="$sm" 'BEGIN { printf "%.0f", k / 1024 }')" "$pt" \
        "$(awk -v k="$pm" 'BEGIN { printf "%.0f", k / 1024 }')" "$ratio"
}

printf '%-22s %-10s %10s %10s   %10s %10s   %6s\n' game size "sprague" "memory" "CPython" "memory" ratio
row "HDU 1847 powers of 2"  "10^5"    take-powers-of-two.luau  powers_of_two.py 100000
row "LC 1510 squares"       "10^5"    take-squares.luau        squares.py       100000
row "LC 1025 divisor"       "10^5"    divisor-game.luau        divisor.py       100000
row "CF 768E stones"        "60"      game-of-stones.luau      stones.py        60
row "POJ 2348 Euclid"       "200x200" euclid.luau              euclid.py        200
row "POJ 2311 cutting"      "200x200" cutting-game.luau        cutting.py       200
row "POJ 3537 crosses"      "2000"    crosses-and-crosses.luau crosses.py       2000
row "ABC059 D two piles"    "200x200" two-piles.luau           two_piles.py     200
row "HDU 2147 kiki"         "200x200" kiki.luau                kiki.py          200
row "HDU 3032 Lasker"       "2000"    lasker-nim.luau          lasker.py        2000
row "Grundy's game"         "5000"    grundy-game.luau         grundy_game.py   5000
