# analyzer.crossunit: a memory order that is an argument, resolved per call site across
# units. lib.c defines store_with_order (ordered.h), whose store order is its argument 3
# mapped through a switch and whose trailing fence is only for seq_cst; app.c calls it
# with constant orders and with its own argument, and through wrappers that pass their
# order on (wrap_store in wrap.c, a static helper in app.c). Checked: the stored
# variants, each call's resolved order and weight, the callers' weights and call paths,
# and the same facts after rescans that reuse some units or all, and from a
# compile_commands.json.
. "$(dirname "$0")/lib.sh"
DB=$PWD/x.db
cp -r "$FIXTURES/crossunit" src
"$SNC" scan --db "$DB" --quiet src || exit 1
variants() { q "SELECT function, argument, value, coalesce(memory_order, '-'), heavyweight, derived, coalesce(sites, '-') FROM scan_variants WHERE run_id = $1 ORDER BY derived, function, argument, value"; }
orders() { q "SELECT caller, callee, line, argument, coalesce(value, '-'), coalesce(memory_order, '-'), resolved, heavyweight, coalesce(passed_on, '-') FROM scan_call_orders WHERE run_id = $1 ORDER BY caller"; }
weights() { q "SELECT name, heavyweight_sites, transitive_heavyweight FROM scan_functions WHERE run_id = $1 AND name LIKE 'set_%' ORDER BY name"; }
paths() { q "SELECT function, kind, op, coalesce(memory_order, '-'), site_function, distance, path FROM scan_heavyweight WHERE run_id = $1 AND function LIKE 'set_%' ORDER BY function, line, kind"; }

expect "the callee's own store stays cautious: depends on argument 3" "seq_cst-store|__atomic_store_n|3" "$(q "SELECT kind, op, order_param FROM scan_site_origins WHERE function = 'store_with_order'")"
expect "its unit records one variant per value of enum lib_order; the functions passing it on get derived ones" "store_with_order|3|0|relaxed|0|0|light __atomic_store_n relaxed
store_with_order|3|1|acquire|0|0|light __atomic_store_n acquire
store_with_order|3|2|release|0|0|light __atomic_store_n release
store_with_order|3|3|seq_cst|2|0|seq_cst-store __atomic_store_n seq_cst; fence __atomic_thread_fence seq_cst
set_via|2|0|relaxed|0|1|-
set_via|2|1|acquire|0|1|-
set_via|2|2|release|0|1|-
set_via|2|3|seq_cst|2|1|-
set_with|2|0|relaxed|0|1|-
set_with|2|1|acquire|0|1|-
set_with|2|2|release|0|1|-
set_with|2|3|seq_cst|2|1|-
wrap_store|3|0|relaxed|0|1|-
wrap_store|3|1|acquire|0|1|-
wrap_store|3|2|release|0|1|-
wrap_store|3|3|seq_cst|2|1|-" "$(variants 1)"
expect "at seq_cst the fence comes from the static helper walked at the bound order" "fence_after_atomic" "$(q "SELECT via FROM scanned_variant_sites s JOIN scanned_variants v ON v.id = s.variant_id WHERE v.value = 3 AND s.kind = 'fence'")"
expect "the callers' constant orders are stored, and the argument set_with passes on" "set_relaxed|3|0|-
set_release|3|2|-
set_seq_cst|3|3|-
set_via|3|-|2
set_with|3|-|2
set_wrapped_relaxed|3|0|-
set_wrapped_seq_cst|3|3|-
wrap_store|3|-|3" "$(q "SELECT f.name, a.position, coalesce(a.value, '-'), coalesce(a.caller_param, '-') FROM scanned_call_arguments a JOIN scanned_calls c ON c.id = a.call_id JOIN scanned_functions f ON f.id = c.function_id WHERE a.position = 3 ORDER BY f.name")"
expect "each call is resolved at its constant; set_with's is not: it depends on set_with's argument 2" "set_relaxed|store_with_order|10|3|0|relaxed|1|0|-
set_release|store_with_order|15|3|2|release|1|0|-
set_seq_cst|store_with_order|20|3|3|seq_cst|1|2|-
set_via|store_with_order|41|3|-|-|0|2|2
set_via_release|set_via|46|2|2|release|1|0|-
set_with|store_with_order|26|3|-|-|0|2|2
set_wrapped_relaxed|wrap_store|31|3|0|relaxed|1|0|-
set_wrapped_seq_cst|wrap_store|36|3|3|seq_cst|1|2|-
wrap_store|store_with_order|7|3|-|-|0|2|3" "$(orders 1)"
expect "relaxed and release callers pay nothing heavyweight; seq_cst and the unresolved one do" "set_relaxed|0|0
set_release|0|0
set_seq_cst|0|2
set_via|0|2
set_via_release|0|0
set_with|0|2
set_wrapped_relaxed|0|0
set_wrapped_seq_cst|0|2" "$(weights 1)"
expect "call paths: the seq_cst store and fence at the value, through the wrapper too; the cautious sites for a non-constant" "set_seq_cst|seq_cst-store|__atomic_store_n|seq_cst|store_with_order|1|set_seq_cst -> store_with_order
set_seq_cst|fence|__atomic_thread_fence|seq_cst|store_with_order|1|set_seq_cst -> store_with_order
set_via|fence|__atomic_thread_fence|seq_cst|fence_after_atomic|2|set_via -> store_with_order -> fence_after_atomic
set_via|seq_cst-store|__atomic_store_n|-|store_with_order|1|set_via -> store_with_order
set_with|fence|__atomic_thread_fence|seq_cst|fence_after_atomic|2|set_with -> store_with_order -> fence_after_atomic
set_with|seq_cst-store|__atomic_store_n|-|store_with_order|1|set_with -> store_with_order
set_wrapped_seq_cst|seq_cst-store|__atomic_store_n|seq_cst|store_with_order|2|set_wrapped_seq_cst -> wrap_store -> store_with_order
set_wrapped_seq_cst|fence|__atomic_thread_fence|seq_cst|store_with_order|2|set_wrapped_seq_cst -> wrap_store -> store_with_order" "$(paths 1)"
expect "relaxed and release callers, direct or through a wrapper, reach no heavyweight instruction" "0" "$(q "SELECT count(*) FROM scan_heavyweight WHERE function IN ('set_relaxed', 'set_release', 'set_wrapped_relaxed', 'set_via_release')")"
expect "findings: the seq_cst caller's evidence is the variant's store and fence; relaxed and release callers have none" "1|0" "$(q "SELECT count(*) FROM findings WHERE run_id = 1 AND subject = 'set_seq_cst' AND evidence LIKE '%(seq_cst-store, seq_cst) at %lib.c:28, reached as set_seq_cst -> store_with_order%' AND evidence LIKE '%(fence, seq_cst) at %lib.c:29, reached as set_seq_cst -> store_with_order%'")|$(q "SELECT count(*) FROM findings WHERE run_id = 1 AND subject IN ('set_relaxed', 'set_release')")"

# rescans: unchanged and printing the model (every unit loaded back), unchanged and quiet
# (run copied in the database), then one unit changed at a time (the other loaded back)
check_run() {
	expect "$2: same variants" "$(variants 1)" "$(variants "$1")"
	expect "$2: same resolved calls" "$(orders 1)" "$(orders "$1")"
	expect "$2: same weights" "$(weights 1)" "$(weights "$1")"
	expect "$2: same call paths" "$(paths 1)" "$(paths "$1")"
}
j() { sqlite3 :memory: "SELECT json_extract(readfile('$1'), '$2')"; }
"$SNC" scan --db "$DB" --json src > second.json || exit 1
expect "unchanged rescan reuses every unit" "0|3" "$(j second.json '$.units.parsed')|$(j second.json '$.units.reused')"
check_run 2 "loaded back"
expect "--json: set_seq_cst reaches store_with_order at argument 3 = 3, set_relaxed reaches nothing" "store_with_order|3|3|set_seq_cst -> store_with_order|0" "$(sqlite3 :memory: "SELECT json_extract(f.value, '\$.reaches[0].function') || '|' || json_extract(f.value, '\$.reaches[0].argument') || '|' || json_extract(f.value, '\$.reaches[0].value') || '|' || json_extract(f.value, '\$.reaches[0].path') FROM json_each(json_extract(readfile('second.json'), '\$.functions')) f WHERE json_extract(f.value, '\$.name') = 'set_seq_cst'")|$(sqlite3 :memory: "SELECT json_array_length(json_extract(f.value, '\$.reaches')) FROM json_each(json_extract(readfile('second.json'), '\$.functions')) f WHERE json_extract(f.value, '\$.name') = 'set_relaxed'")"
"$SNC" scan --db "$DB" --quiet src || exit 1
check_run 3 "copied run"
printf '\n/* changed */\n' >> src/app.c
"$SNC" scan --db "$DB" --json src > app.json || exit 1
expect "app.c changed: lib.c and wrap.c (the callees) reused" "1|2" "$(j app.json '$.units.parsed')|$(j app.json '$.units.reused')"
check_run 4 "callee's unit reused"
printf '\n/* changed */\n' >> src/lib.c
"$SNC" scan --db "$DB" --json src > lib.json || exit 1
expect "lib.c changed: app.c and wrap.c (the callers) reused" "1|2" "$(j lib.json '$.units.parsed')|$(j lib.json '$.units.reused')"
check_run 5 "callers' unit reused"
# the same units from a compile_commands.json (bear's style: arguments, absolute file),
# read from another folder: the same resolutions
mkdir -p build
for u in app lib wrap; do
	printf '{"directory": "%s/src", "arguments": ["cc", "-c", "-I.", "%s.c", "-o", "%s.o"], "file": "%s/src/%s.c"}\n' "$PWD" "$u" "$u" "$PWD" "$u"
done | sed '1s/^/[/; $!s/$/,/; $s/$/]/' > build/compile_commands.json
(cd / && "$SNC" scan --db "$DB" --quiet -p "$OLDPWD/build/compile_commands.json") || exit 1
run=$(q "SELECT max(run_id) FROM scan_units")
expect "from compile_commands.json: every unit parses, resolved the same" "3|$(orders 1)" "$(q "SELECT count(*) FROM scan_units WHERE run_id = $run AND status = 'parsed'")|$(orders "$run")"
expect "the database is consistent" "" "$(q "PRAGMA foreign_key_check")"
finish
