"""Times sprague against cgt-tools (the `cgt` crate, through bench/partizan/peer) on
ladders of partizan positions, checks they compute equal canonical forms, and prints a
table. Run it through bench/partizan.sh, whose top says how."""

import json
import os
import subprocess
import sys
import tempfile


def run_timed(cmd, limit, stdin_text=None, env=None):
    """Runs cmd under /usr/bin/time with a wall-clock limit. Returns (stdout, seconds,
    peak RSS in MiB), or None when it ran out of time or failed."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as tf:
        full = ["/usr/bin/time", "-f", "%e %M", "-o", tf.name, "timeout", str(limit)] + cmd
        r = subprocess.run(full, input=stdin_text, capture_output=True, text=True, env=env)
        if r.returncode != 0:
            return None
        fields = open(tf.name).read().split()
        return r.stdout, float(fields[-2]), int(fields[-1]) / 1024


def normalise(sprague, expression):
    """The canonical form of a value written in CGSuite-like notation, as sprague prints it."""
    r = subprocess.run([sprague, "value", expression, "--json"], capture_output=True, text=True)
    if r.returncode != 0:
        return "unreadable: " + expression
    return json.loads(r.stdout)["canonical"]


def main():
    sprague, peer, positions, limit = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    keep = int(os.environ.get("KEEP", "10"))
    cores = os.cpu_count() or 1
    one = dict(os.environ, RAYON_NUM_THREADS="1")
    every = dict(os.environ, RAYON_NUM_THREADS=str(cores))
    ladders = {}
    for line in open(positions):
        line = line.strip()
        if line and not line.startswith(";"):
            ruleset, position = line.split(None, 1)
            ladders.setdefault(ruleset, []).append(position)

    header = "%-12s %-28s %-14s %16s %16s %16s %16s %7s %7s" % (
        "ruleset", "position", "value", "sprague 1 s/MiB", "cgt 1 s/MiB",
        "sprague %d s/MiB" % cores, "cgt %d s/MiB" % cores, "x 1thr", "x %dthr" % cores)
    print("each program on one thread, then on every core (sprague --threads; cgt: rayon's pool)")
    print("x = cgt's time / sprague's with the same threads; limit %d s per run; %d cores"
          % (limit, cores))
    print(header)
    print("-" * len(header))
    disagreements = 0
    compared = 0
    for ruleset, ladder in ladders.items():
        rows = []
        for position in ladder:
            ours1 = run_timed([sprague, "solve", ruleset, position, "--json", "--threads", "1"],
                              limit)
            if ours1 is None:
                break
            value = json.loads(ours1[0])["value"]
            ours_n = run_timed([sprague, "solve", ruleset, position, "--json",
                                "--threads", str(cores)], limit)
            if ours_n is None or json.loads(ours_n[0])["value"] != value:
                break
            theirs1 = run_timed([peer], limit, ruleset + " " + position + "\n", one)
            if theirs1 is None:
                break
            theirs_n = run_timed([peer], limit, ruleset + " " + position + "\n", every)
            if theirs_n is None:
                break
            peer_value = normalise(sprague, theirs1[0].strip())
            compared += 1
            if peer_value != value:
                disagreements += 1
                print("DIFFERENT %s %s: sprague %s, cgt %s" % (ruleset, position, value, peer_value))
            rows.append((position, value, ours1, theirs1, ours_n, theirs_n))
        for position, value, o1, t1, on, tn in rows[-keep:]:
            short = value if len(value) <= 14 else value[:11] + "..."
            print("%-12s %-28s %-14s %8.2f %7.0f %8.2f %7.0f %8.2f %7.0f %8.2f %7.0f %7.1f %7.1f" % (
                ruleset, position, short, o1[1], o1[2], t1[1], t1[2], on[1], on[2], tn[1], tn[2],
                t1[1] / max(o1[1], 0.01), tn[1] / max(on[1], 0.01)))
    print("%d positions compared (every rung both finished), %d with different values"
          % (compared, disagreements))
    if disagreements:
        sys.exit(1)


main()
