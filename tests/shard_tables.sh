# shard_tables.sh: what the shard tests compare between a whole job's database and its
# shards merged, sourced after lib.sh. tables DB prints every row that says what a job
# found; audit_tables DB what an audit adds (its notes, harnesses, ops, states and
# schedules), in the order of their row ids where the order is what reports show.

# Every row that says what the job found, in a deterministic order, without row ids and
# times (a merged database numbers its rows anew).
tables() {
	q "$1" "SELECT run_id, command, target, status, exit_code FROM run_summary ORDER BY run_id"
	q "$1" "SELECT run_id, harness, f, g, verdict, direction, states, conflict_states,
	        deterministic, contract, witness_state, witness_args, f_alone, g_alone, f_after_g,
	        g_after_f, crash_states, blocked_states FROM pair_verdicts ORDER BY 1, 2, 3, 4"
	q "$1" "SELECT h.run_id, h.name, fo.name, go.name, w.role, w.state, w.f_call, w.g_call,
	        w.f_alone, w.g_alone, w.f_after_g, w.g_after_f, w.digest_fg, w.digest_gf
	        FROM witnesses w JOIN verdicts v ON v.id = w.verdict_id
	        JOIN harnesses h ON h.id = v.harness_id JOIN ops fo ON fo.id = v.f_op
	        JOIN ops go ON go.id = v.g_op ORDER BY 1, 2, 3, 4, 5, 6, 7, 8"
	q "$1" "SELECT * FROM op_outcomes ORDER BY run_id, harness, state_ordinal, first_op,
	        first_args, second_op, second_args"
	q "$1" "SELECT run_id, harness, op, violated_states, states, state, call, outcome,
	        satisfied_state FROM op_preconditions ORDER BY 1, 2, 3"
	q "$1" "SELECT run_id, name, source, depth, max_states, seed, repeats, timeout_ms,
	        blocking_observable, state_space, states_tried, executions, finished
	        FROM harnesses ORDER BY 1, 2"
	q "$1" "SELECT run_id, rule, severity, fingerprint, subject, message, file, line, harness,
	        f, g, intentional, reason, evidence FROM findings ORDER BY 1, 4, 2, 5"
	q "$1" "SELECT run_id, file, line, name, returns_value, linkage, heavyweight_sites,
	        transitive_heavyweight, signature, callers_use, callers_discard, api
	        FROM scan_functions ORDER BY 1, 2, 3, 4"
	q "$1" "SELECT run_id, f, g, shared_state, static_class, heavyweight_f, heavyweight_g,
	        f_callers_use, f_callers_discard, g_callers_use, g_callers_discard
	        FROM scan_pairs ORDER BY 1, 2, 3"
	q "$1" "SELECT run_id, function, kind, op, memory_order, macro, site_function, file, line,
	        \"column\", distance, path FROM scan_heavyweight ORDER BY 1, 2, 8, 9, 10, 7"
	q "$1" "SELECT run_id, caller, callee, defined, file, line, \"column\", value_used
	        FROM scan_calls ORDER BY 1, 5, 6, 7, 2, 3"
	q "$1" "SELECT run_id, function, state, mode, line, via FROM scan_state ORDER BY 1, 2, 3, 4, 6"
	q "$1" "SELECT run_id, file, status, reused, diagnostics, flags FROM scan_units ORDER BY 1, 2"
}

# An audit's rows: its verdicts in the order reports list them (verdict ids), its notes,
# the harnesses with their ops and states, and the schedules explored for its proofs.
audit_tables() {
	q "$1" "SELECT run_id, harness, f, g, verdict, direction, states, witness_state, f_alone,
	        g_alone, f_after_g, g_after_f, linearizable, schedules, failing_state,
	        failing_schedule, failing_outcome FROM pair_verdicts ORDER BY verdict_id"
	q "$1" "SELECT * FROM audit_items ORDER BY 1, 2, 3, 4, 5, 6, 7"
	q "$1" "SELECT h.run_id, h.name, h.source, o.ordinal, o.name, o.arity, o.returns, o.contract,
	        o.domains FROM ops o JOIN harnesses h ON h.id = o.harness_id ORDER BY o.id"
	q "$1" "SELECT h.run_id, h.name, s.ordinal, s.label, s.length, s.status, s.digest
	        FROM states s JOIN harnesses h ON h.id = s.harness_id ORDER BY s.id"
	q "$1" "SELECT harness, f, g, state, f_call, g_call, schedules, blocking_schedules, exhaustive,
	        independent, outcomes FROM explorations ORDER BY 1, 2, 3, 4, 5, 6"
}

# The generated harnesses of an audit live in a temporary folder of their own: its name is
# the one thing two audits of the same headers store differently.
same_tmp() { sed 's#snc-audit-[A-Za-z0-9]\{6\}#snc-audit-TMP#g'; }
