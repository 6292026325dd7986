# The one-way architecture (docs/design.md §3, §4), checked over the sources:
#   1. the store (db/store/) includes no analyzer, audit or runtime header: it speaks in its
#      own row types;
#   2. no runtime file opens the database except the harness program's entry point
#      (runtime/classifier/main.c), which hands the store to the passes;
#   3. the readers (report, show, gate and what they share) open it read-only and store
#      nothing;
#   4. the CLI holds no generator or scanner algorithm: no analyzer walk, no harness emission.
# And docs/design.md names only folders, files, headers and tables that exist.
. "$(dirname "$0")/lib.sh"
src="$SNC_SOURCE_DIR"
foreign='snc_analyzer\.h|snc_audit\.h|"snc\.h"|<snc\.h>|snc_sched\.h|runtime\.h|measure\.h|schedules\.h|schedules_internal\.h|runner\.h'
bad=$(grep -nE "#include *[\"<]($foreign)" "$src"/db/store/*.c "$src"/db/store/*.h "$src"/db/store/include/*.h 2>/dev/null)
expect_eq "$bad" "" "rule 1: the store includes no analyzer/audit/runtime header"

bad=$(grep -rnE "snc_db_open *\(" "$src/runtime" --include=*.c | grep -v "^$src/runtime/classifier/main.c:")
expect_eq "$bad" "" "rule 2: only the harness program's main opens the database"

readers="$src/snc/cmd_report.c $src/snc/cmd_gate.c $src/snc/cmd_show.c $src/snc/show.c
	$src/snc/show_costs.c $src/snc/show_schedules.c $src/snc/findings_input.c"
bad=$(grep -nE "SNC_DB_(CREATE|EXISTING)|snc_db_[a-z_]*_(store|add|set|start|finish|record) *\(" $readers "$src"/db/report/*.c)
expect_eq "$bad" "" "rule 3: report, show and gate open the database read-only and write nothing"

bad=$(grep -nE "\bclang_[a-zA-Z]+ *\(|CXCursor|\"SNC_HARNESS\(" "$src"/snc/*.c)
expect_eq "$bad" "" "rule 4: no scanner or generator code in the CLI"

# docs/design.md: every path it names exists, every table and view it names is in the schema.
design="$src/docs/design.md"
for path in $(grep -oE '`[a-z_./-]+/`|`[a-z_./-]+\.(c|h|md|sql)`' "$design" | tr -d '`' | sort -u); do
	case "$path" in
	*.h) found=$(find "$src" -path "$src/build*" -prune -o -name "$path" -print | head -1)
	     [ -n "$found" ] || found=$(ls "$src/$path" 2>/dev/null) ;;
	*) found=$(ls -d "$src/$path" 2>/dev/null) ;;
	esac
	checks=$((checks + 1))
	[ -n "$found" ] || fail "docs/design.md names '$path', which does not exist"
done
schema="$src/db/store/schema.sql"
section=$(awk '/^## 5\./{on=1} on' "$design")
for name in $(printf '%s\n' "$section" | grep -oE '`[a-z_]+`' | tr -d '`' | sort -u); do
	checks=$((checks + 1))
	grep -qE "(TABLE|VIEW)( IF NOT EXISTS)? $name\b" "$schema" || \
		fail "docs/design.md names table or view '$name', which the schema does not have"
done
finish
