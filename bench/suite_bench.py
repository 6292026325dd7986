#!/usr/bin/env python3
"""suite_bench.py BUILD [-j N] [--labels a,b,...]: where the test suite's time goes.

Runs the whole suite once (the baseline: `ctest -j N`, wall-clock seconds), then the tests
of each label alone (`ctest -L '^label$' -j N`, which also runs the fixtures they need,
e.g. fixture.demo for the tests that read the demo database), and prints each label's
wall-clock time as a ratio to the whole suite's, next to its tests' summed time in the
baseline run (seconds of test processes, from ctest's JUnit output). Figures only: it
asserts nothing; a label's run fails loudly only when ctest cannot run at all."""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET


def ctest(build, jobs, extra, junit):
    start = time.monotonic()
    proc = subprocess.run(["ctest", "--test-dir", build, "-j", str(jobs), "--output-junit", junit] + extra,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.monotonic() - start, proc.returncode


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


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--labels", help="comma-separated labels (default: every label)")
    args = ap.parse_args()
    labels = test_labels(args.build)
    names = sorted({l for ls in labels.values() for l in ls})
    if args.labels:
        names = [l for l in args.labels.split(",") if l]
    with tempfile.TemporaryDirectory() as tmp:
        junit = os.path.join(tmp, "all.xml")
        total, rc = ctest(args.build, args.j, [], junit)
        times = junit_times(junit)
        print(f"whole suite: {len(times)} tests, {total:.1f} s wall-clock with -j{args.j}"
              f" (ctest exit {rc}), {sum(times.values()):.1f} s of test processes")
        print(f"{'LABEL':12} {'TESTS':>5} {'ALONE (s)':>10} {'RATIO':>7} {'IN SUITE (s)':>13} {'SHARE':>7}")
        for name in names:
            members = [t for t, ls in labels.items() if name in ls]
            alone, _ = ctest(args.build, args.j, ["-L", f"^{name}$"], os.path.join(tmp, name + ".xml"))
            summed = sum(times.get(t, 0.0) for t in members)
            print(f"{name:12} {len(members):5d} {alone:10.1f} {alone / total:6.2f}x {summed:13.1f}"
                  f" {100 * summed / max(sum(times.values()), 1e-9):6.1f}%")
    return 0


sys.exit(main())
