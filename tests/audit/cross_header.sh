# audit.cross_header: a family whose operations two headers declare. Concurrency Kit's
# ck_rwlock.h defines ck_elide_ck_rwlock_*(struct ck_elide_stat *, ck_rwlock_t *) with a
# macro of ck_elide.h, so the family of struct ck_elide_stat (ck_elide.h's) has operations
# that use ck_rwlock.h's types. Its harness includes both headers (it included only the
# family's, and did not compile: "variable 'lock' has initializer but incomplete type").
. "$(dirname "$0")/lib.sh"
mkdir -p proj/include proj/src
cat > proj/include/elide.h <<'H'
#ifndef STAT_H
#define STAT_H
struct stat_s { unsigned long tries, fails; void *ctx; };
void stat_init(struct stat_s *st);
void *stat_ctx(const struct stat_s *st);
unsigned long stat_fails(const struct stat_s *st);
#endif
H
cat > proj/include/rwlock.h <<'H'
#ifndef LOCK_H
#define LOCK_H
#include "elide.h"
struct lock_s { int held; };
int lock_try_counted(struct stat_s *st, struct lock_s *l);
long cell_add(void *cell, long v);
#endif
H
cat > proj/src/lib.c <<'C'
#include "rwlock.h"
void stat_init(struct stat_s *st) { st->tries = st->fails = 0; }
unsigned long stat_fails(const struct stat_s *st) { return st->fails; }
void *stat_ctx(const struct stat_s *st) { return st->ctx; }
long cell_add(void *cell, long v) { return __atomic_add_fetch((long *)cell, v, __ATOMIC_SEQ_CST); }
int lock_try_counted(struct stat_s *st, struct lock_s *l)
{
	st->tries++;
	if (__atomic_exchange_n(&l->held, 1, __ATOMIC_ACQUIRE)) {
		st->fails++;
		return 0;
	}
	return 1;
}
C
audit --emit-harness kept proj
expect_eq "$(grep '^#include "' kept/stat_s.c | sed 's|.*/||')" 'rwlock.h"' \
	"the harness includes rwlock.h, which includes elide.h (once: a header may have no guard)"
expect_eq "$(item family 'struct stat_s')" "audited: a zeroed struct stat_s, then stat_init(obj, ...)" "the family is audited"
expect_eq "$(v stat_s lock_try_counted stat_init)" "state-only" \
	"lock_try_counted (rwlock.h) is one of its operations: it counts into the stats stat_init clears"
# cell_add(void *cell, ...) is of an opaque cell's family; stat_ctx(st), of another header,
# returns a void * (a field of st), but it does not make a cell: before, it was taken for
# the family's constructor, every cell was NULL and cell_add crashed in every state.
expect_eq "$(item family void)" "audited: a zeroed void" "the cell is a zeroed one"
expect_eq "$(v rwlock cell_add cell_add)" "snc" "two adds see each other"
expect_match "$out" "API: 5 public names \(5 functions, 0 macros\), 5 in a verdict \(100%\)" "the whole API in a verdict"

# The library's source is compiled once for all the families (once instrumented for the
# schedules, once for the measurement), not once per family's harness; the objects are
# gone after the audit.
cat > cc-log <<'SH'
#!/bin/sh
echo "$*" >> "$CC_LOG"
exec cc "$@"
SH
chmod +x cc-log
mkdir tmp
CC_LOG=$PWD/cc.log CC=$PWD/cc-log TMPDIR=$PWD/tmp audit_into_db --measure-states 1 --no-prove proj
expect_eq "$(q "$DB" "SELECT count(*) FROM harnesses WHERE run_id = $run")" 2 "two families, two harnesses"
expect_eq "$(grep -c -- '-c [^ ]*proj/src/lib.c' cc.log)" 2 "lib.c compiled twice in all: instrumented and for the measurement"
expect_eq "$(grep -cE -- '-o [^ ]*/stat_s\.program(\.measure)?( |$)' cc.log)" 2 "each harness still linked (stat_s: both builds)"
expect_eq "$(ls -A tmp)" "" "no temporary folder left"
finish
