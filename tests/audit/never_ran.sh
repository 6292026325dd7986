# audit.never_ran: an operation that gave no result alone from any state (each crashed) is
# not counted in a verdict: it is listed as failed with the outcome, and so is a family in
# which no operation ever gave one. Before, each was "in a verdict" (every verdict of its
# pairs unknown), and the summary said 100% of the API was. A finding about a library's
# function (an archive's) points at its declaration.
. "$(dirname "$0")/lib.sh"
audit "$AFIX/allocs.h"
expect_match "$(item function vec_push)" "^failed: gave no result alone from any state \(crash: SIGABRT\)" \
	"vec_push crashed from every state"
expect_eq "$(item function vec_len)" "" "vec_len is in a verdict (no item of its own)"
expect_eq "$(v vec vec_len vec_len)" "commutative" "its verdict"
expect_match "$(item family 'struct set')" "^failed: no operation gave a result alone from any state \(set_add: crash: SIGABRT, set_has: crash: SIGABRT\): the initial state \(set_init\)" \
	"no op of the set ever ran"
expect_match "$out" "API: 6 public names \(6 functions, 0 macros\), 2 in a verdict \(33%\), 0 build an initial state, 0 skipped, 4 failed" \
	"the summary counts them as failed"
expect_match "$out" "2 families: 1 audited, 1 ran no operation to a result" "the family that never ran is not audited"

# A library's function whose body the scan never sees (an archive and its header): the
# finding about its operation points at its declaration in the header, not at the
# generated harness (a temporary file, gone after the audit).
mkdir -p lib && cat > lib/cell.h <<'H'
struct cell;
struct cell *cell_new(void);
/* the value, once: the cell is then spent, and taking again crashes */
int cell_take(struct cell *c);
H
cat > lib/cell.c <<'C'
#include <stdlib.h>
#include "cell.h"
struct cell { int *value; };
struct cell *cell_new(void) { struct cell *c = malloc(sizeof *c); c->value = malloc(sizeof *c->value); *c->value = 7; return c; }
int cell_take(struct cell *c) { int v = *c->value; c->value = NULL; return v; }
C
cc -c lib/cell.c -o lib/cell.o && ar rcs lib/libcell.a lib/cell.o || fail "cannot build the fixture"
audit --lib lib/libcell.a lib/cell.h
expect_eq "$(q "$DB" "SELECT group_concat(name || ':' || line, ' ') FROM (SELECT name, line FROM audit_declarations
                      WHERE run_id = $run AND file LIKE '%/lib/cell.h' ORDER BY line)")" "cell_new:2 cell_take:4" \
	"where each function is declared"
expect_status 0 "snc report" -- "$SNC" report --db "$DB" --run "$run"
expect_match "$out" "lib/cell.h:4: note: precondition: cell_take in cell" "the finding points at cell_take's declaration"
case $out in *snc-audit-*) fail "a finding points into the audit's temporary folder: $out";; esac
finish
