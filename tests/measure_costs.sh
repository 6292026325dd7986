# What the snc Valgrind tool measured in the demo database (fixture.demo: `snc demo
# --measure`): what each op executes per call (op_costs, measured_sites), the AWAR/RAW
# evidence of each snc verdict (verdict_evidence), and `snc show` printing both. Exact
# counts where the machine code is ours. The pass measures each example's build without the
# scheduler's instrumentation, so nothing is attributed to its hooks. Skipped only when valgrind is not installed;
# anything else that keeps the tool from measuring fails the test. (A sanitizer build,
# whose programs Valgrind cannot run, disables this test.)
. "$(dirname "$0")/lib.sh"
have_valgrind || skip "valgrind is not installed"
need_demo_db
db=$SNC_DEMO_DB
expect_eq "$(q $db "SELECT group_concat(harness || ': ' || status || coalesce(' (' || reason || ')', ''), ', ')
	FROM cost_measurements WHERE status <> 'measured'")" "" "nothing left unmeasured"

# cost OP-COLUMN HARNESS OP: one column of op_costs for the newest measurement.
cost() {
	q $db "SELECT $1 FROM op_costs WHERE harness = '$2' AND op = '$3' ORDER BY run_id DESC LIMIT 1"
}
expect_eq "$(q $db "SELECT count(*) FROM cost_measurements WHERE status = 'measured'")" 10 "every harness measured"
expect_eq "$(q $db "SELECT loop_calls FROM cost_measurements WHERE harness = 'mutex-set'")" 16 "loop calls recorded"

# Quick quiz 1: a lock xadd per atomic_add_return, a lock add per atomic_inc, exactly.
expect_eq "$(cost rmw_per_call atomic-counter atomic_add_return)" 1.0 "atomic_add_return: 1 RMW per call"
expect_eq "$(cost first_rmw_per_call atomic-counter atomic_add_return)" 1.0 "atomic_add_return: 1 RMW on a first call too"
expect_eq "$(cost fences_per_call atomic-counter atomic_add_return)" 0.0 "atomic_add_return: no fence"
expect_eq "$(cost rmw_per_call atomic-counter atomic_inc)" 1.0 "atomic_inc: 1 RMW per call"
expect_eq "$(cost heavyweight_call_share atomic-counter atomic_inc)" 1.0 "atomic_inc: every call pays"
expect_eq "$(cost rmw_per_call atomic-counter atomic_read)" 0.0 "atomic_read: relaxed load, no RMW"
# The site is in atomic_add_return itself: the pass measures the build without the
# scheduler's hooks.
expect_eq "$(q $db "SELECT kind || ' ' || function || ' ' || file || ' ' || coalesce(caller, '-') || ' ' || per_call
	FROM measured_sites WHERE harness = 'atomic-counter' AND op = 'atomic_add_return' AND phase = 'loop'")" \
	"lock xadd atomic_add_return counters.c - 1.0" "the lock xadd site, resolved to source"
# Quick quiz 2: the split counter's increment is plain in a loop; only a thread's first
# increment registers its slot (a lock xadd), which shows in the first calls alone.
expect_eq "$(cost rmw_per_call split-counter split_inc)" 0.0 "split_inc: 0 RMW per call"
expect_eq "$(cost heavyweight_call_share split-counter split_inc)" 0.0 "split_inc: no call pays"
expect_match "$(cost first_rmw_per_call split-counter split_inc)" '^0\.[0-9]+$' "split_inc: the slot registration on first calls"

# Quick quiz 3: the per-thread cache takes the lock once per batch of 8 (lock + unlock),
# the global allocator on every call.
expect_eq "$(cost heavyweight_call_share cache-allocator alloc)" 0.125 "cache alloc: 1 call in 8 pays"
expect_eq "$(cost rmw_per_call cache-allocator alloc)" 0.25 "cache alloc: 2 RMW per 8 calls"
expect_eq "$(cost "rmw_per_call >= 1" global-allocator alloc)" 1 "global alloc: >= 1 RMW per call"
expect_eq "$(cost heavyweight_call_share global-allocator alloc)" 1.0 "global alloc: every call pays"
# The mutex set pays with glibc's mutex, which takes the atomic path because the measure
# worker is multi-threaded. Sites name the innermost function: glibc's inline lock helper
# where its debug information is installed (libc6-dbg), else pthread_mutex_lock; the caller
# is where the library entered glibc (set_to, inlined into mutex_set_add).
glibc_lock='(lll_mutex_lock_optimized|pthread_mutex_lock)'
set_caller='(set_to|mutex_set_add)'
expect_eq "$(cost "rmw_per_call >= 2" mutex-set set_add)" 1 "mutex set_add: lock and unlock"
expect_match "$(q $db "SELECT group_concat(kind || ' in ' || function || ' from ' || caller, '|') FROM measured_sites
	WHERE harness = 'mutex-set' AND op = 'set_add' AND phase = 'loop'")" \
	"lock cmpxchg in $glibc_lock from $set_caller" "mutex site with its caller"

# Quick quiz 5: the solo executions of the snc witnesses. The byte set's set_add has
# neither AWAR nor fenced RAW (by the theorem it cannot be linearizable); the mutex set's
# has an AWAR, the lock's cmpxchg.
expect_eq "$(q $db "SELECT group_concat(role || ':' || call || ':' || awar || ':' || raw_fenced, ' ') FROM verdict_evidence
	WHERE harness = 'byte-set' AND f = 'set_add' AND g = 'set_add'")" \
	"f:set_add(1):0:0 g:set_add(1):0:0" "byte-set add: no AWAR, no fenced RAW"
expect_eq "$(q $db "SELECT count(*) FROM verdict_evidence WHERE harness = 'mutex-set' AND f = 'set_add'
	AND g = 'set_add' AND awar >= 1")" 2 "mutex-set add: AWAR in both solo executions"
expect_match "$(q $db "SELECT example FROM verdict_evidence WHERE harness = 'mutex-set' AND f = 'set_add' AND role = 'f'")" \
	"^lock cmpxchg in $glibc_lock .*called from $set_caller \\(mutex_set.c:[0-9]+\\)\$" "AWAR example"
expect_eq "$(q $db "SELECT state || ' ' || call || ' ' || awar FROM verdict_evidence
	WHERE harness = 'atomic-counter' AND f = 'atomic_add_return' AND role = 'g'")" \
	"fresh atomic_add_return(1) 1" "atomic_add_return: exactly one AWAR"
expect_eq "$(q $db "SELECT count(*) FROM verdict_evidence WHERE harness = 'split-counter'")" 0 "evidence only for snc verdicts"

# What every site and example names is the library's code (or glibc's): never a hook of
# the scheduler (__tsan_*), a file of snc's runtime, or the runtime's call of the op.
runtime_files=$(cd "$SNC_SOURCE_DIR/runtime" && ls ./*.c sched/*.c | sed 's,.*/,,' | sort -u)
runtime_list=$(printf "'%s'," $runtime_files)
not_library() {   # not_library COLUMN: an SQL condition true when COLUMN names snc's code
	echo "(substr($1, 1, 6) = '__tsan' OR $1 IN ($runtime_list 'call_instance', 'measure_region_call'))"
}
expect_eq "$(q $db "SELECT harness || ' ' || op || ': ' || kind || ' in ' || function || ' (' || file || ') from ' || coalesce(caller, '-') || ' (' || coalesce(caller_file, '-') || ')'
	FROM measured_sites WHERE $(not_library function) OR $(not_library file) OR $(not_library caller) OR $(not_library caller_file)")" \
	"" "no site is attributed to snc's hooks or runtime"
expect_eq "$(q $db "SELECT count(*) FROM measured_sites WHERE caller IS NULL AND (function IS NULL OR file IS NULL)")" 0 \
	"every site of the library's own code resolved to source"
examples=$(q $db "SELECT coalesce(awar_example, '') || ' ' || coalesce(raw_fenced_example, '') || ' ' ||
	coalesce(raw_unfenced_example, '') FROM verdict_evidence")
expect_eq "$(printf '%s\n' "$examples" | grep -oE "__tsan[a-z0-9_]*|(call_instance|measure_region_call)|\(($(printf '%s|' $runtime_files | sed 's/|$//; s/\./\\./g')):" | sort -u)" \
	"" "no AWAR or RAW example names snc's hooks or runtime"
expect_eq "$(cost instructions_per_call atomic-counter atomic_inc)" "$(cost first_instructions_per_call atomic-counter atomic_inc)" \
	"atomic_inc: the same instructions on every call"

# snc show prints the costs next to the verdicts, and --json carries them.
run=$(q $db "SELECT max(run_id) FROM cost_measurements WHERE harness = 'mutex-set'")
expect_status 0 "show" -- "$SNC" show --db $db --run "$run"
expect_match "$out" 'OP +CALLS +INSTR/CALL +RMW/CALL +FENCES/CALL +HW SHARE' "show: cost table"
expect_match "$out" 'set_add +[0-9]+ +[0-9.]+ +2\.000 +0\.000 +100\.0%' "show: set_add costs"
expect_match "$out" "measured: solo set_add\\(1\\) from fresh: AWAR: lock cmpxchg in $glibc_lock" "show: evidence"
run=$(q $db "SELECT max(run_id) FROM cost_measurements WHERE harness = 'byte-set'")
expect_status 0 "show byte-set" -- "$SNC" show --db $db --run "$run"
expect_match "$out" 'measured: solo set_add\(1\) from fresh: no AWAR, no fenced RAW' "show: no AWAR"
expect_status 0 "show --json" -- "$SNC" show --db $db --run "$run" --json
expect_eq "$(printf '%s' "$out" | python3 -c 'import json,sys
d = json.load(sys.stdin)
c = [c for c in d["costs"] if c["harness"] == "byte-set"][0]
add = [o for o in c["ops"] if o["op"] == "set_add"][0]
ev = [v for v in d["verdicts"] if v["harness"] == "byte-set" and v["f"] == "set_add" and v["g"] == "set_add"][0]["evidence"]
print(c["status"], add["rmw_per_call"], ev[0]["awar"], ev[0]["raw_fenced"])')" "measured 0.0 0 0" "json costs and evidence"

# What the measured demo printed (fixture.demo's demo.out) has no message of Valgrind's
# own (--PID-- or ==PID==), e.g. "unhandled amd64-linux syscall: 434" for pidfd_open, which
# the runtime does not call under Valgrind.
expect_eq "$(grep -E '^(--|==)[0-9]+(--|==) ' "$(dirname "$db")/demo.out" | sort -u | head -3)" "" \
	"no Valgrind message in the measured demo's output"
finish
