#!/usr/bin/env python3
"""audit_compare.py: are two audit databases' results the same, row by row?

A change that makes `snc audit` run fewer executions (copies instead of runs) must not
change what it stores. Given the databases of two audits of the same library (before and
after the change), this compares, per harness (by name), the tables the classification
writes, keyed by what they mean rather than by row ids:

  states      label -> status, digest
  executions  (state label, first op, args, second op, args) -> results, digest,
              deterministic
  verdicts    (f, g) -> verdict, direction, every count, deterministic, contract
  witnesses   (f, g, role) -> state, calls, the four returns, digests
  preconditions (op, args) -> every column but ids

Executions marked non-deterministic in both databases are compared by their flag only:
what a non-deterministic op (a cycle counter) returns differs between any two runs. The
same holds for the witnesses of the 'nondeterminism' role. It prints the count of equal
and differing rows per table and harness, and the first differing rows; exit 1 when any
row differs or is missing on one side.

usage: audit_compare.py BEFORE.db AFTER.db [HARNESS...]
"""
import sqlite3
import sys

SHOWN = 5


def rows(db, harness, table):
    q = {
        "states": """SELECT s.label, s.status, s.digest FROM states s
                     JOIN harnesses h ON h.id = s.harness_id WHERE h.name = ?""",
        "executions": """SELECT s.label, fo.name, e.first_args, so.name, e.second_args,
                         e.first_result, e.second_result, e.digest, e.deterministic
                         FROM executions e JOIN states s ON s.id = e.state_id
                         JOIN harnesses h ON h.id = s.harness_id
                         JOIN ops fo ON fo.id = e.first_op
                         LEFT JOIN ops so ON so.id = e.second_op WHERE h.name = ?""",
        "verdicts": """SELECT fo.name, go.name, v.verdict, v.direction, v.states,
                       v.conflict_states, v.mutual_states, v.f_to_g_states, v.g_to_f_states,
                       v.crash_states, v.blocked_states, v.deterministic, v.contract
                       FROM verdicts v JOIN harnesses h ON h.id = v.harness_id
                       JOIN ops fo ON fo.id = v.f_op JOIN ops go ON go.id = v.g_op
                       WHERE h.name = ?""",
        "witnesses": """SELECT fo.name, go.name, w.role, w.state, w.f_call, w.g_call,
                        w.f_alone, w.g_alone, w.f_after_g, w.g_after_f, w.digest_fg,
                        w.digest_gf
                        FROM witnesses w JOIN verdicts v ON v.id = w.verdict_id
                        JOIN harnesses h ON h.id = v.harness_id
                        JOIN ops fo ON fo.id = v.f_op JOIN ops go ON go.id = v.g_op
                        WHERE h.name = ?""",
        "preconditions": """SELECT o.name, p.* FROM preconditions p
                            JOIN harnesses h ON h.id = p.harness_id
                            JOIN ops o ON o.id = p.op_id WHERE h.name = ?""",
    }[table]
    keylen = {"states": 1, "executions": 5, "verdicts": 2, "witnesses": 3,
              "preconditions": 1}[table]
    out = {}
    try:
        cur = db.execute(q, (harness,))
    except sqlite3.OperationalError:
        return out
    names = [d[0] for d in cur.description]
    for r in cur:
        r = list(r)
        if table == "preconditions":   # drop the ids, keep the op and what it requires
            r = [v for n, v in zip(names, r) if n not in ("id", "harness_id", "op_id")]
        key, value = tuple(r[:keylen]), r[keylen:]
        if table == "executions" and value[-1] == 0:
            value = ["(non-deterministic)", 0]
        if table == "witnesses" and key[2] == "nondeterminism":
            value = ["(non-deterministic)"]
        out.setdefault(key, []).append(value)
    for k in out:
        out[k].sort(key=repr)
    return out


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    a, b = sqlite3.connect(argv[1]), sqlite3.connect(argv[2])
    wanted = argv[3:]
    names = sorted({r[0] for db in (a, b) for r in db.execute("SELECT name FROM harnesses")})
    differ = 0
    for h in names:
        if wanted and h not in wanted:
            continue
        for table in ("states", "executions", "verdicts", "witnesses", "preconditions"):
            ra, rb = rows(a, h, table), rows(b, h, table)
            keys = sorted(set(ra) | set(rb), key=repr)
            bad = [k for k in keys if ra.get(k) != rb.get(k)]
            print(f"{h:28} {table:13} {len(keys) - len(bad):7} equal {len(bad):5} differ")
            for k in bad[:SHOWN]:
                print(f"    {k}\n      before {ra.get(k)}\n      after  {rb.get(k)}")
            differ += len(bad)
    print("identical" if differ == 0 else f"{differ} rows differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
