#!/usr/bin/env python3
"""skipped.py JUNIT.xml: after the suite (make test, make asan), list the tests that did not
pass or fail, from ctest's --output-junit file: the skipped ones (exit 77: an optional tool
is absent here) with the reason each printed (its "SKIP: ..." line), those that could not
run (their fixture failed: ctest counts them as failures), and the disabled ones; or
"No test skipped." when every test ran."""
import sys
import xml.etree.ElementTree as ET


def reason(case):
    out = case.findtext("system-out") or ""
    lines = [l for l in out.splitlines() if l.startswith("SKIP:")]
    if lines:
        return lines[-1][len("SKIP:"):].strip()
    rest = [l for l in out.splitlines() if l.strip()]
    return rest[-1].strip() if rest else "(no reason printed)"


def main():
    try:
        root = ET.parse(sys.argv[1]).getroot()
    except (OSError, ET.ParseError) as e:
        print(f"skipped.py: cannot read the test results: {e}")
        return 2
    skipped, disabled, not_run = [], [], []
    for case in root.iter("testcase"):
        status, name = case.get("status", ""), case.get("name")
        marker = case.find("skipped")
        if status == "disabled":
            disabled.append(name)
        elif marker is not None and "SKIP_RETURN_CODE" in marker.get("message", ""):
            skipped.append((name, reason(case)))
        elif status == "notrun":
            not_run.append((name, marker.get("message", "") if marker is not None else ""))
    if not_run:
        print(f"\n{len(not_run)} test(s) NOT RUN (a failure, e.g. of the fixture they need):")
        for name, why in not_run:
            print(f"  {name}: {why}")
    if skipped:
        print(f"\n{len(skipped)} test(s) SKIPPED (an optional tool is absent on this machine):")
        for name, why in skipped:
            print(f"  {name}: {why}")
    if disabled:
        print(f"\n{len(disabled)} test(s) disabled in this build: {' '.join(disabled)}")
    if not (skipped or disabled or not_run):
        print("\nNo test skipped.")
    return 0


sys.exit(main())
