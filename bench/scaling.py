#!/usr/bin/env python3
"""Measures how sprague's long computations use the cores, and checks the targets of its
throughput work: each job run with 1, 2, 4, ... threads, the outputs compared across the
thread counts (they must be byte for byte the same), and a table printed of wall time, CPU
time, peak RSS, speed-up over one thread and, for sequences, values a second.

Usage: bench/scaling.py [JOB ...]

Jobs (default: every job but officers8):
  officers     sprague table officers --upto 10^7 --checksum
  officers8    the same to 10^8 (minutes on one thread)
  proof1777    sprague table octal:0.1777 --period --checksum --upto 450000000 (computes
               until the period is proven, about 4.43·10^8 values, then copies it)
  domineering  sprague solve domineering on the empty 6×6 board
  every        sprague table kayles / octal:0.07 --upto 10^6 --every-value --checksum, on
               one thread
  memory       peak RSS of Officers to 10^7 above an empty run, in bytes a value (needs
               GNU time, /usr/bin/time)

Environment:
  SPRAGUE   the binary (default target/release/sprague; build it with
            cargo build --release -p sprague-cli)
  THREADS   the thread counts, e.g. "1 4 16" (default: 1, 2, 4, 8, 16 up to the cores,
            and the core count)
  LIMIT     seconds a run may take (default 600); a run past it is reported and the
            job's larger thread counts still run

Each figure is one whole-process run (wall clock; CPU time and peak RSS from the kernel's
accounting of the child). A shared machine is noisy: run it twice. The targets checked at
the end are those of the throughput issue: Officers >= 12x one thread and >= 5·10^6 values
a second on 16 cores (>= 1.8x on 2), the .1777 proof under 10 s, Domineering 6×6 under
15 s and 500 MB, every value of Kayles and Dawson's Kayles to 10^6 under 2 s on one core,
and at most 2 bytes a value for Officers to 10^7.
"""

import os
import subprocess
import sys
import tempfile
import time

SPRAGUE = os.environ.get("SPRAGUE", "target/release/sprague")
LIMIT = float(os.environ.get("LIMIT", "600"))
CORES = os.cpu_count() or 1
BOARD6 = "|".join(["......"] * 6)


def thread_counts():
    if "THREADS" in os.environ:
        return [int(t) for t in os.environ["THREADS"].split()]
    counts = [t for t in (1, 2, 4, 8, 16) if t <= CORES]
    if CORES not in counts:
        counts.append(CORES)
    return counts


TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def measure(args):
    """(wall s, CPU s, peak RSS KiB, stdout) of one run of sprague with `args`, or None
    past LIMIT; exits when sprague fails.

    Peak RSS comes from GNU time where it is installed. Not from this script's own
    accounting: a child forked from Python starts with Python's resident pages, and the
    kernel keeps that as the child's high-water mark (about 13 MiB, more than sprague's
    empty run). Without GNU time, the high-water mark of sprague's own memory
    (`VmHWM` in /proc) is read every 10 ms, which misses growth in its last 10 ms."""
    with tempfile.TemporaryFile() as out, tempfile.NamedTemporaryFile("r") as report:
        if TIME:
            cmd = [TIME, "-f", "%e %U %S %M", "-o", report.name, SPRAGUE] + args
        else:
            cmd = [SPRAGUE] + args
        start = time.monotonic()
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL)
        hwm = 0
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - start > LIMIT:
                proc.kill()
                os.wait4(proc.pid, 0)
                return None
            if not TIME:
                hwm = max(hwm, vm_hwm(proc.pid))
            time.sleep(0.01)
        wall = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            sys.exit(f"sprague {' '.join(args)} failed with exit status {proc.returncode}")
        cpu = usage.ru_utime + usage.ru_stime
        if TIME:
            wall, user, system, hwm = report.read().split()[-4:]
            wall, cpu, hwm = float(wall), float(user) + float(system), int(hwm)
        out.seek(0)
        return wall, cpu, hwm, out.read().decode(errors="replace")


def vm_hwm(pid):
    """The peak resident memory of process `pid` so far, in KiB (0 when unreadable)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def answer(out):
    """The lines of an output that must agree whatever the threads."""
    return "\n".join(l for l in out.splitlines() if not l.startswith("method:"))


results = {}


def ladder(name, args, values=None):
    """Runs `args` (with --threads T appended) for each thread count and prints a row each."""
    base = None
    first_out = None
    for t in thread_counts():
        m = measure(args + ["--threads", str(t)])
        if m is None:
            print(f"{name:12} {t:>3}  past {LIMIT:.0f} s")
            continue
        wall, cpu, rss, out = m
        if first_out is None:
            first_out = answer(out)
        same = "same" if answer(out) == first_out else "DIFFERS"
        if t == 1:
            base = wall
        speedup = f"{base / wall:6.2f}x" if base else "      -"
        rate = f"{values / wall:10.3e}" if values else " " * 10
        print(
            f"{name:12} {t:>3} {wall:9.2f} {cpu:9.2f} {rss / 1024:9.1f} {speedup} {rate}  {same}"
        )
        results[(name, t)] = (wall, rss, base)


def header():
    print(f"sprague: {SPRAGUE}; cores: {CORES}; threads: {thread_counts()}")
    print(f"{'job':12} {'T':>3} {'wall s':>9} {'cpu s':>9} {'RSS MiB':>9} {'speedup':>7} {'values/s':>10}  output")


def job_every():
    for code in ("kayles", "octal:0.07"):
        m = measure(["table", code, "--upto", "1000000", "--every-value", "--checksum", "--threads", "1"])
        if m is None:
            print(f"every {code}: past {LIMIT:.0f} s")
            continue
        wall, cpu, rss, _ = m
        print(f"{'every ' + code:18} 1 {wall:9.2f} {cpu:9.2f} {rss / 1024:9.1f}")
        results[("every " + code, 1)] = (wall, rss, wall)


def job_memory():
    n = 10**7
    if not TIME:
        print("memory: needs GNU time (/usr/bin/time, Debian's `time`) to measure the empty run")
        return
    empty = measure(["table", "officers", "--upto", "0", "--checksum"])
    for t in sorted({1, max(thread_counts())}):
        m = measure(["table", "officers", "--upto", str(n), "--checksum", "--threads", str(t)])
        if m is None or empty is None:
            print(f"memory T={t}: past {LIMIT:.0f} s")
            continue
        per_value = (m[2] - empty[2]) * 1024 / n
        print(
            f"memory officers 10^7 T={t}: peak {m[2] / 1024:.1f} MiB, empty run {empty[2] / 1024:.1f} MiB: "
            f"{per_value:.2f} bytes a value"
        )
        results[("memory", t)] = (per_value, m[2], None)


JOBS = {
    "officers": lambda: ladder(
        "officers", ["table", "officers", "--upto", str(10**7), "--checksum"], 10**7 + 1
    ),
    "officers8": lambda: ladder(
        "officers8", ["table", "officers", "--upto", str(10**8), "--checksum"], 10**8 + 1
    ),
    "proof1777": lambda: ladder(
        "proof1777",
        ["table", "octal:0.1777", "--period", "--checksum", "--upto", "450000000"],
    ),
    "domineering": lambda: ladder(
        "domineering",
        ["solve", "domineering", BOARD6, "--max-positions", "3000000000"],
    ),
    "every": job_every,
    "memory": job_memory,
}


def verdicts():
    print()
    top = max(thread_counts())

    def check(what, ok):
        print(f"{'met    ' if ok else 'NOT met'}  {what}")

    for name in ("officers", "officers8"):
        if (name, top) in results and (name, 1) in results:
            wall, _, base = results[(name, top)]
            n = 10**7 if name == "officers" else 10**8
            want = 12 if top >= 16 else 1.8 if top == 2 else None
            if want:
                check(f"{name} on {top} threads: {base / wall:.2f}x one thread (>= {want}x)", base / wall >= want)
            if top >= 16:
                check(f"{name} on {top} threads: {n / wall:.3e} values/s (>= 5e6)", n / wall >= 5e6)
    if ("proof1777", top) in results:
        # Asked of 16 cores; met on fewer, it is met there too.
        wall = results[("proof1777", top)][0]
        check(f"the .1777 proof on {top} threads: {wall:.2f} s (< 10 s)", wall < 10)
    if ("domineering", top) in results:
        wall, rss, _ = results[("domineering", top)]
        if top >= 16:
            check(f"Domineering 6x6 on {top} threads: {wall:.2f} s (< 15 s)", wall < 15)
        check(f"Domineering 6x6 on {top} threads: {rss / 1024:.0f} MiB (< 500 MB = 476.8 MiB)", rss * 1024 < 500e6)
    for code in ("kayles", "octal:0.07"):
        if ("every " + code, 1) in results:
            wall = results[("every " + code, 1)][0]
            check(f"every value of {code} to 10^6 on one thread: {wall:.2f} s (< 2 s)", wall < 2)
    for t in sorted({1, top}):
        if ("memory", t) in results:
            per = results[("memory", t)][0]
            check(f"Officers to 10^7 on {t} threads: {per:.2f} bytes a value (<= 2)", per <= 2)


def main():
    names = sys.argv[1:] or [j for j in JOBS if j != "officers8"]
    for n in names:
        if n not in JOBS:
            sys.exit(f"unknown job `{n}`: choose from {', '.join(JOBS)}")
    if not os.access(SPRAGUE, os.X_OK):
        sys.exit(f"no {SPRAGUE}: build it with cargo build --release -p sprague-cli")
    header()
    for n in names:
        JOBS[n]()
    verdicts()


if __name__ == "__main__":
    main()
