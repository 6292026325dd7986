#!/usr/bin/env python3
"""case_tables.py: the tables of docs/case-studies.md, from audits' databases: `snc report
--json` (harnesses, operations, pairs, costs) and the documented views (op_costs for the
first calls, harnesses for the executions, op_preconditions, audit_items for the notes,
run_summary for the date). Nothing is typed by hand: re-run the audits, then

    docs/case_tables.py --snc build/bin/snc AUDIT.db > tables.md
    docs/case_tables.py --snc build/bin/snc --family int CK_PR.db > int.md
    docs/case_tables.py --coverage LIBRARY=AUDIT.db=AUDIT.log ... > coverage.md
    docs/case_tables.py --snc build/bin/snc --update docs/case-studies.md --dir DIR

The last rewrites, in the page, every block between a line `<!-- case_tables ARGS -->`
and the next `<!-- end case_tables -->` with what the script prints for ARGS (database
and log names relative to DIR): the page's tables are regenerated in place.

The first prints (with --brief: one line per family, then the same last notes), for
every audited family (or only those named by --family), its line (states, executions,
verdicts counted over every pair), one row per operation (with the function that
implements it when the verdicts name it by its macro, `rcu_read_lock`
(`urcu_memb_read_lock`), or the macro users call it by when they name it by its function;
its verdict with itself; what the calls of an snc witness executed from the witness
state, an AWAR, a fenced RAW or nothing, from verdict_evidence; contract; RMW and fences
per call in the loop and in the first call; heaviest site), the snc pairs of two
different operations, the pairs whose schedules were explored (the non-linearizable
outcome, or how many schedules found none), the preconditions its ops were found to
have and the family's notes; then the notes that belong to no audited
family. The second (--coverage) prints one row per audit: what became of its public
names and families, from the two summary lines the audit wrote on stderr (AUDIT.log: `snc
audit: N families: ...` and `snc audit: API: ...`), the states and executions of its
harnesses and its wall time, from the database, and with LIBRARY=AUDIT.db=AUDIT.log=TIME
its CPU time, from the line `... U user + S sys` that `/usr/bin/time -f "%e s wall, %U
user + %S sys"` wrote to TIME.
"""
import argparse
import collections
import contextlib
import datetime
import io
import json
import os
import re
import shlex
import sqlite3
import subprocess
import sys

SHOWN = 12   # pairs, preconditions and notes listed before "..."


def number(v):
    """1.0 -> "1", 0.25 -> "0.25"."""
    if v is None:
        return "n/a"
    return ("%.2f" % v).rstrip("0").rstrip(".")


def heaviest(sites):
    """"lock cmpxchg in f (x86.h:102), 2.00 per call; ..." -> "lock cmpxchg in f"."""
    if not sites:
        return ""
    first = sites.split(";")[0].split(" (")[0].split(",")[0].strip()
    if first.endswith(" in ?"):     # no symbol (a library without debug information)
        return first[:-5] + " in an unnamed function"
    return first


def listing(title, items):
    """"title (3): a; b; c", at most SHOWN items."""
    if not items:
        return []
    return ["", "%s (%d): %s%s" % (title, len(items), "; ".join(items[:SHOWN]),
                                    " ..." if len(items) > SHOWN else "")]


def first_site(db, run, harness, op):
    """The heaviest site of an op's first calls, for an op whose loop executed none (the
    report's sites are the loop's): "lock cmpxchg in f (first calls)"."""
    row = db.execute("SELECT kind, function, file, caller FROM measured_sites WHERE run_id = ? "
                     "AND harness = ? AND op = ? AND phase = 'first' ORDER BY count DESC LIMIT 1",
                     (run, harness, op)).fetchone()
    if not row:
        return ""
    kind, function, file, caller = row
    return "%s in %s%s (first calls)" % (kind, function or file,
                                         " (called from %s)" % caller if caller else "")


def family_table(h, db, run):
    ops = h["operations"]
    pairs = h["pairs"]
    counts = collections.Counter(p["verdict"] for p in pairs)
    executions = db.execute("SELECT executions FROM harnesses WHERE run_id = ? AND name = ?",
                            (run, h["name"])).fetchone()
    first = {r[0]: r[1] for r in db.execute(
        "SELECT op, first_rmw_per_call FROM op_costs WHERE run_id = ? AND harness = ? AND "
        "first_calls > 0", (run, h["name"]))}
    verdicts = ", ".join("%d %s" % (n, v) for v, n in counts.most_common())
    out = ["**`%s`** (%d states, %d executions run; %s)" % (
        h["name"], h["states"], executions[0] if executions and executions[0] else 0,
        verdicts), "",
        "| operation | with itself | witness pays | contract | RMW/call | first RMW/call | fences/call | heaviest site |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    evidence = {}
    for op, awar, fenced in db.execute(
            "SELECT f, max(awar), max(raw_fenced) FROM verdict_evidence WHERE run_id = ? AND "
            "harness = ? AND f = g GROUP BY f", (run, h["name"])):
        evidence[op] = "AWAR" if awar else "fenced RAW" if fenced else "nothing"
    aliases = collections.defaultdict(list)
    for name, target in db.execute("SELECT name, target FROM api_aliases WHERE run_id = ? AND "
                                   "target IS NOT NULL ORDER BY name", (run,)):
        aliases[target].append(name)
    itself = {p["f"]: p for p in pairs if p["f"] == p["g"]}
    for op in ops:
        public = [a for a in aliases.get(op["function"], []) if a != op["name"]]
        if op["function"] and op["function"] != op["name"]:   # named by its macro
            called = " (`%s`)" % op["function"]
        else:
            called = " (`%s`%s)" % (public[0], ", ..." if len(public) > 1 else "") if public else ""
        p = itself.get(op["name"])
        verdict = p["verdict"] if p else "-"
        if p and not p["deterministic"]:
            verdict += " (nondet)"
        # the loop's figures; a cost with first calls only (it blocked in its loop) has none
        cost = op["cost"] if op["cost"] and op["cost"]["calls"] else None
        measured = cost or op["name"] in first
        rmw = number(cost["rmw_per_call"]) if cost else "-" if measured else "n/a"
        fences = number(cost["fences_per_call"]) if cost else "-" if measured else "n/a"
        site = heaviest(cost["sites"]) if cost else ""
        if measured and not site:
            site = first_site(db, run, h["name"], op["name"])
        out.append("| `%s`%s | %s | %s | %s | %s | %s | %s | %s |" % (
            op["name"], called, verdict, evidence.get(op["name"], "") if p and p["verdict"] == "snc" else "",
            op["contract"] or "", rmw,
            number(first.get(op["name"])) if measured else "n/a", fences, site))
    others = ["`%s` x `%s`" % (p["f"], p["g"]) for p in pairs
              if p["f"] != p["g"] and p["verdict"] == "snc"]
    if others:
        out += ["", "snc pairs of two different operations (%d): %s%s" % (
            len(others), ", ".join(others[:SHOWN]), " ..." if len(others) > SHOWN else "")]
    return out


def brief_line(h, db, run):
    """One list item per family: its counts and the ops that are snc with themselves."""
    executions = db.execute("SELECT executions FROM harnesses WHERE run_id = ? AND name = ?",
                            (run, h["name"])).fetchone()
    counts = collections.Counter(p["verdict"] for p in h["pairs"])
    snc = [p["f"] for p in h["pairs"] if p["f"] == p["g"] and p["verdict"] == "snc"]
    rmw = [op["name"] for op in h["operations"] if op["cost"] and op["cost"].get("rmw_per_call")]
    return "* `%s`: %d operations, %d states, %d executions; %s; snc with itself: %d; paying an RMW per call in the loop: %d" % (
        h["name"], len(h["operations"]), h["states"], executions[0] if executions and executions[0] else 0,
        ", ".join("%d %s" % (n, v) for v, n in counts.most_common()), len(snc), len(rmw))


def proofs(h):
    """The pairs run concurrently under controlled schedules (the audit's proof of an snc
    pair that pays nothing): the non-linearizable outcome found, or how many schedules
    were explored without one."""
    text = []
    for p in h["pairs"]:
        if not p["schedules"]:
            continue
        b = p["broken_schedule"]
        if b:
            text.append("`%s` x `%s` non-linearizable from %s: `%s` and `%s` ended `%s` "
                        "(alone in either order: `%s`, `%s`; %d preemptions)" % (
                            p["f"], p["g"], b["state"], b["f_call"], b["g_call"], b["outcome"],
                            b["f_then_g"], b["g_then_f"], b["preemptions"]))
        else:
            text.append("`%s` x `%s`: %d schedules, every outcome linearizable" % (
                p["f"], p["g"], p["schedules"]))
    return listing("schedules", text)


def preconditions(db, run, harness):
    rows = db.execute("SELECT op, violated_states, states, state, call, outcome, satisfied_state "
                      "FROM op_preconditions WHERE run_id = ? AND harness = ? ORDER BY op",
                      (run, harness)).fetchall()
    text = ["`%s` requires %s (alone from `%s`, `%s` = %s, in %d of %d states)" % (
        op, "a state like `%s`" % satisfied if satisfied else "a state no explored sequence builds",
        state, call, outcome, violated, states)
        for op, violated, states, state, call, outcome, satisfied in rows]
    return listing("preconditions", text)


def notes(db, run, where, args):
    rows = db.execute("SELECT kind, name, status, detail FROM audit_items WHERE run_id = ? "
                      "AND kind IN ('function', 'macro', 'family') AND status <> 'audited' AND "
                      + where, (run,) + args).fetchall()
    return ["%s `%s` %s: %s" % r for r in rows]


def family_tables(args):
    report = json.loads(subprocess.run([args.snc, "report", "--db", args.db, "--json", "-"],
                                       check=True, capture_output=True, text=True).stdout)
    run = report["run"]["id"]
    db = sqlite3.connect(args.db)
    keys = dict(db.execute("SELECT harness, family FROM audit_items WHERE run_id = ? AND "
                           "kind = 'family' AND status = 'audited'", (run,)).fetchall())
    shown = [h for h in report["harnesses"] if not args.family or h["name"] in args.family]
    if args.family and len(shown) != len(set(args.family)):
        sys.exit("case_tables.py: no audited family %s in %s" % (
            ", ".join(set(args.family) - {h["name"] for h in shown}), args.db))
    if args.brief:
        print("\n".join(brief_line(h, db, run) for h in shown) + "\n")
    for h in shown if not args.brief else []:
        lines = family_table(h, db, run) + proofs(h) + preconditions(db, run, h["name"]) + listing(
            "notes", notes(db, run, "family = ?", (keys.get(h["name"]),)))
        print("\n".join(lines) + "\n")
    if not args.family:
        marks = ",".join("?" * len(keys))
        rest = notes(db, run, "(family IS NULL OR family NOT IN (%s))" % marks,
                     tuple(keys.values()))
        if rest:
            print("\n".join(listing("notes of no audited family", rest)[1:]) + "\n")


SUMMARY = re.compile(r"snc audit: (\d+) famil(?:y|ies): (\d+) audited(.*?); .*scan ([\d.]+) s, "
                     r"generate\+build ([\d.]+) s, classify ([\d.]+) s, measure ([\d.]+) s")
API = re.compile(r"snc audit: API: (\d+) public names? .*?, (\d+) in a verdict \((\d+)%\), "
                 r"(\d+) builds? an initial state, (\d+) skipped, (\d+) failed"
                 r"(?:; (\d+) internal helpers? not counted)?")


CPU = re.compile(r"([\d.]+) user \+ ([\d.]+) sys")


def seconds(start, end):
    t = [datetime.datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ") for s in (start, end)]
    return int((t[1] - t[0]).total_seconds())


def coverage(specs):
    print("| library | public names | in a verdict | build an initial state | skipped | failed "
          "| internal helpers | families | states, executions | wall (scan, build, classify, measure) "
          "| CPU user + sys |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    dates = set()
    for spec in specs:
        library, path, log, *timing = spec.split("=")
        cpu = ""
        if timing:
            times = CPU.search(open(timing[0], encoding="utf-8").read())
            if not times:
                sys.exit("case_tables.py: %s has no `U user + S sys` line" % timing[0])
            cpu = "%.0f + %.0f s" % (float(times.group(1)), float(times.group(2)))
        text = open(log, encoding="utf-8", errors="replace").read().replace("\r", "\n")
        summary, api = SUMMARY.search(text), API.search(text)
        if not summary or not api:
            sys.exit("case_tables.py: %s has no audit summary lines" % log)
        db = sqlite3.connect(path)
        run, start, end, status = db.execute(
            "SELECT run_id, started_at, finished_at, status FROM run_summary "
            "WHERE command = 'audit' ORDER BY run_id DESC LIMIT 1").fetchone()
        if end is None:
            sys.exit("case_tables.py: the audit in %s did not finish (%s)" % (path, status))
        states, executions = db.execute("SELECT sum(states_tried), sum(executions) FROM "
                                        "harnesses WHERE run_id = ?", (run,)).fetchone()
        dates.add(start[:10])
        total, audited, others = summary.group(1), summary.group(2), summary.group(3)
        print("| %s | %s | %s (%s%%) | %s | %s | %s | %s | %s: %s audited%s | %d, %d | %d s (%s, %s, %s, %s) | %s |" % (
            library, api.group(1), api.group(2), api.group(3), api.group(4), api.group(5),
            api.group(6), api.group(7) or 0, total, audited, others, states or 0,
            executions or 0, seconds(start, end), *summary.group(4, 5, 6, 7), cpu))
    print("\n(audits of %s)" % ", ".join(sorted(dates)))


MARK = re.compile(r"^<!-- case_tables ([^\n]*) -->\n(.*?)^<!-- end case_tables -->\n", re.M | re.S)


def update(page, snc, folder):
    """Regenerates every marked block of the page from the databases in folder."""
    text = open(page, encoding="utf-8").read()

    def block(m):
        argv = ["--snc", snc] + [
            "=".join(p if i == 0 else os.path.join(folder, p) for i, p in enumerate(a.split("=")))
            if "=" in a else (a if a.startswith("-") or not a.endswith(".db") else os.path.join(folder, a))
            for a in shlex.split(m.group(1))]
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            run(parser().parse_args(argv))
        return "<!-- case_tables %s -->\n\n%s\n\n<!-- end case_tables -->\n" % (
            m.group(1), out.getvalue().strip("\n"))

    new, count = MARK.subn(block, text)
    if count == 0:
        sys.exit("case_tables.py: no `<!-- case_tables ARGS -->` block in %s" % page)
    with open(page, "w", encoding="utf-8") as f:
        f.write(new)
    print("case_tables.py: %d blocks of %s regenerated" % (count, page), file=sys.stderr)


def parser():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("db", nargs="*", help="an audit's database (with --coverage: "
                    "LIBRARY=AUDIT.db=AUDIT.log[=TIME], one per audit)")
    ap.add_argument("--snc", default="snc", help="the snc program (default: snc on PATH)")
    ap.add_argument("--family", action="append", help="only this family (harness name); repeatable")
    ap.add_argument("--coverage", action="store_true", help="the coverage table of the audits given")
    ap.add_argument("--brief", action="store_true", help="one line per family instead of its table")
    ap.add_argument("--update", metavar="PAGE", help="regenerate the marked blocks of PAGE")
    ap.add_argument("--dir", default=".", help="with --update: where the databases and logs are")
    return ap


def main():
    args = parser().parse_args()
    if args.update:
        update(args.update, args.snc, args.dir)
        return 0
    return run(args)


def run(args):
    if args.coverage:
        coverage(args.db)
        return 0
    if len(args.db) != 1:
        sys.exit("case_tables.py: one database at a time (several only with --coverage)")
    args.db = args.db[0]
    family_tables(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
