#!/usr/bin/env python3
"""suite_bench.py BUILD [-j N] [--labels a,b,...] [--tests N] [--lock-depth N] [--no-suite] [--no-lock]:
where the test suite's time goes, and what blocking decided from behaviour saves.

Runs the whole suite once (the baseline: `ctest -j N`, wall-clock seconds and the CPU
seconds of everything it ran), then the tests of each label alone (`ctest -L '^label$' -j N`,
which also runs the fixtures they need, e.g. fixture.demo for the tests that read the demo
database), and prints each label's wall-clock and CPU time as ratios to the whole suite's,
next to its tests' summed time in the baseline run (seconds of test processes, from
ctest's JUnit output). Before the labels, the tests with the most CPU time in the whole
run, each with its wall-clock time (the `cpu` lines tests/lib.sh prints at the end of a
shell test, from ctest's JUnit output). CPU time (user + system of every process ctest waited for) is the
figure to trust on a shared machine: wall-clock time grows with the load, CPU time much less.

Then the spin-lock harness of tests/fixtures (lock, trylock, unlock, a reader and a bounded
poll): `snc run --schedules --measure --blocking-observable --depth N` with blocking decided
from behaviour (the default) and with the old rule, the per-op timer alone
(SNC_BLOCKING_RULE=timer), wall-clock and CPU seconds and their ratio. The machine's load
average is printed before each part. Figures only: it asserts nothing; a run fails loudly
only when ctest or snc cannot run at all."""
import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(argv, env=None):
    """Runs argv; returns (wall seconds, CPU seconds of it and its children, exit status)."""
    cpu, start = children_cpu(), time.monotonic()
    proc = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.monotonic() - start, children_cpu() - cpu, proc.returncode


def ctest(build, jobs, extra, junit):
    return timed(["ctest", "--test-dir", build, "-j", str(jobs), "--output-junit", junit] + extra)


def load():
    return f"load average {os.getloadavg()[0]:.1f}"


def test_labels(build):
    out = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"], check=True,
                         capture_output=True, text=True).stdout
    labels = {}
    for t in json.loads(out)["tests"]:
        for p in t.get("properties", []):
            if p["name"] == "LABELS":
                labels[t["name"]] = p["value"]
    return labels


def junit_times(path):
    return {c.get("name"): float(c.get("time", 0)) for c in ET.parse(path).getroot().iter("testcase")}


def seconds(field):
    """bash's `times` format, e.g. 1m2.500s."""
    m = re.fullmatch(r"(\d+)m([\d.]+)s", field)
    return int(m.group(1)) * 60 + float(m.group(2)) if m else 0.0


def junit_cpu(path):
    """Per test, the CPU seconds it used: the `cpu (...):` lines that tests/lib.sh's finish
    prints with bash's `times`, the shell's user and system time, then its processes'
    (shell tests only; C tests have none)."""
    cpu = {}
    for c in ET.parse(path).getroot().iter("testcase"):
        out = c.findtext("system-out") or ""
        m = re.search(r"^cpu \(.*\):\n(\S+) (\S+)\n(\S+) (\S+)$", out, re.M)
        if m:
            cpu[c.get("name")] = sum(seconds(g) for g in m.groups())
    return cpu


def suite(args, tmp):
    labels = test_labels(args.build)
    names = sorted({l for ls in labels.values() for l in ls})
    if args.labels:
        names = [l for l in args.labels.split(",") if l]
    junit = os.path.join(tmp, "all.xml")
    print(f"test suite ({load()}):")
    total, total_cpu, rc = ctest(args.build, args.j, [], junit)
    times = junit_times(junit)
    print(f"whole suite: {len(times)} tests, {total:.1f} s wall-clock with -j{args.j}"
          f" (ctest exit {rc}), {total_cpu:.1f} s CPU, {sum(times.values()):.1f} s of test processes")
    cpu = junit_cpu(junit)
    if cpu:
        print(f"the {min(args.tests, len(cpu))} tests with the most CPU (shell tests: their processes' user +"
              f" system, {sum(cpu.values()):.1f} s in all):")
        print(f"{'TEST':32} {'CPU (s)':>8} {'SHARE':>7} {'WALL (s)':>9}")
        for t in sorted(cpu, key=cpu.get, reverse=True)[:args.tests]:
            print(f"{t:32} {cpu[t]:8.1f} {100 * cpu[t] / max(total_cpu, 1e-9):6.1f}% {times.get(t, 0.0):9.1f}")
    print(f"{'LABEL':12} {'TESTS':>5} {'ALONE (s)':>10} {'RATIO':>7} {'CPU (s)':>8} {'RATIO':>7}"
          f" {'IN SUITE (s)':>13} {'SHARE':>7}")
    for name in names:
        members = [t for t, ls in labels.items() if name in ls]
        alone, cpu, _ = ctest(args.build, args.j, ["-L", f"^{name}$"], os.path.join(tmp, name + ".xml"))
        summed = sum(times.get(t, 0.0) for t in members)
        print(f"{name:12} {len(members):5d} {alone:10.1f} {alone / total:6.2f}x {cpu:8.1f}"
              f" {cpu / max(total_cpu, 1e-9):6.2f}x {summed:13.1f}"
              f" {100 * summed / max(sum(times.values()), 1e-9):6.1f}%")


def lock_harness(args, tmp):
    snc = os.path.join(args.build, "bin", "snc")
    fixtures = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "fixtures")
    print(f"spin-lock harness, snc run --schedules --measure --blocking-observable --depth {args.lock_depth}"
          f" ({load()}):")
    figures = {}
    for rule in ("behaviour", "timer"):
        env = dict(os.environ)
        env.pop("SNC_BLOCKING_RULE", None)
        if rule == "timer":
            env["SNC_BLOCKING_RULE"] = "timer"
        db = os.path.join(tmp, f"lock-{rule}.db")
        wall, cpu, rc = timed([snc, "run", "--db", db, "--quiet", "--schedules", "--measure",
                               "--blocking-observable", "--depth", str(args.lock_depth),
                               os.path.join(fixtures, "spin_lock_harness.c"),
                               os.path.join(fixtures, "locks.c")], env)
        if rc != 0:
            print(f"snc run on the spin-lock harness failed (exit {rc}, rule {rule})", file=sys.stderr)
            return 1
        figures[rule] = (wall, cpu)
        print(f"  {'from behaviour' if rule == 'behaviour' else 'timer alone':15} {wall:7.1f} s wall-clock"
              f" {cpu:7.1f} s CPU")
    (bw, bc), (tw, tc) = figures["behaviour"], figures["timer"]
    print(f"  the timer rule takes {tw / bw:.1f}x the wall-clock time and {tc / max(bc, 1e-9):.1f}x the CPU time")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--labels", help="comma-separated labels (default: every label)")
    ap.add_argument("--lock-depth", type=int, default=1,
                    help="--depth of the lock-harness runs (default 1: the timer rule needs minutes)")
    ap.add_argument("--tests", type=int, default=25, help="how many tests to list by CPU time (default 25)")
    ap.add_argument("--no-suite", action="store_true", help="only the lock harness")
    ap.add_argument("--no-lock", action="store_true", help="only the suite")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if not args.no_suite:
            suite(args, tmp)
        if not args.no_lock:
            return lock_harness(args, tmp)
    return 0


sys.exit(main())
