#!/usr/bin/env python3
"""case_tables.py: the per-family verdict tables of docs/case-studies.md, from an audit's
database: `snc report --json` (harnesses, operations, pairs, costs) and the documented
views (op_costs for the first calls, harnesses for the executions, audit_items for the
notes). Nothing is typed by hand: re-run the audit, then

    docs/case_tables.py --snc build/bin/snc AUDIT.db > tables.md

prints, for every audited family, its line (states, executions, verdicts counted over
every pair), one row per operation (its verdict with itself, contract, RMW and fences per
call in the loop and in the first call, heaviest site), the snc pairs of two different
operations and the family's notes.
"""
import argparse
import collections
import json
import sqlite3
import subprocess
import sys

SHOWN = 12   # pairs and notes listed before "..."


def number(v):
    """1.0 -> "1", 0.25 -> "0.25"."""
    if v is None:
        return "n/a"
    return ("%.2f" % v).rstrip("0").rstrip(".")


def heaviest(sites):
    """"lock cmpxchg in f (x86.h:102), 2.00 per call; ..." -> "lock cmpxchg in f"."""
    if not sites:
        return ""
    first = sites.split(";")[0]
    return first.split(" (")[0].split(",")[0].strip()


def family_table(h, db, run):
    ops = h["operations"]
    pairs = h["pairs"]
    counts = collections.Counter(p["verdict"] for p in pairs)
    executions = db.execute("SELECT executions FROM harnesses WHERE run_id = ? AND name = ?",
                            (run, h["name"])).fetchone()
    first = {r[0]: r[1] for r in db.execute(
        "SELECT op, first_rmw_per_call FROM op_costs WHERE run_id = ? AND harness = ?",
        (run, h["name"]))}
    verdicts = ", ".join("%d %s" % (n, v) for v, n in counts.most_common())
    out = ["**%s** (%d states, %d executions run; %s)" % (
        h["name"], h["states"], executions[0] if executions else 0, verdicts), "",
        "| operation | with itself | contract | RMW/call | first RMW/call | fences/call | heaviest site |",
        "| --- | --- | --- | --- | --- | --- | --- |"]
    itself = {p["f"]: p for p in pairs if p["f"] == p["g"]}
    for op in ops:
        p = itself.get(op["name"])
        verdict = p["verdict"] if p else "-"
        if p and not p["deterministic"]:
            verdict += " (nondet)"
        cost = op["cost"]
        rmw = number(cost["rmw_per_call"]) if cost else "n/a"
        fences = number(cost["fences_per_call"]) if cost else "n/a"
        site = heaviest(cost["sites"]) if cost else ""
        out.append("| `%s` | %s | %s | %s | %s | %s | %s |" % (
            op["name"], verdict, op["contract"] or "", rmw,
            number(first.get(op["name"])) if cost else "n/a", fences, site))
    others = ["`%s` x `%s`" % (p["f"], p["g"]) for p in pairs
              if p["f"] != p["g"] and p["verdict"] == "snc"]
    if others:
        out += ["", "snc pairs of two different operations (%d): %s%s" % (
            len(others), ", ".join(others[:SHOWN]), " ..." if len(others) > SHOWN else "")]
    return out


def notes(db, run, family_key):
    rows = db.execute("SELECT kind, name, status, detail FROM audit_items WHERE run_id = ? "
                      "AND family = ? AND kind IN ('function', 'macro') AND status <> 'audited'",
                      (run, family_key)).fetchall()
    if not rows:
        return []
    text = ["%s `%s` %s: %s" % r for r in rows]
    return ["", "notes (%d): %s%s" % (len(text), "; ".join(text[:SHOWN]),
                                        " ..." if len(text) > SHOWN else "")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("db")
    ap.add_argument("--snc", default="snc", help="the snc program (default: snc on PATH)")
    args = ap.parse_args()
    report = json.loads(subprocess.run([args.snc, "report", "--db", args.db, "--json", "-"],
                                       check=True, capture_output=True, text=True).stdout)
    run = report["run"]["id"]
    db = sqlite3.connect(args.db)
    keys = dict(db.execute("SELECT harness, family FROM audit_items WHERE run_id = ? AND "
                           "kind = 'family' AND status = 'audited'", (run,)).fetchall())
    for h in report["harnesses"]:
        lines = family_table(h, db, run) + notes(db, run, keys.get(h["name"]))
        print("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
