/* findings_rules.c: the rules a finding can come from, with their severity and the words a
 * reviewer reads in code-scanning UIs (SARIF rule descriptions) and in docs/findings.md.
 *
 * Each rule is phrased in the loopholes of the Laws of Order (McKenney's reading of Attiya
 * et al.): an SNC pair of a deterministic, linearizable implementation must execute a
 * heavyweight instruction (an atomic read-modify-write or a store-load fence), unless the
 * developer (1) makes the API non-SNC, (2) makes the heavyweight path rare, (3) accepts
 * non-determinism, or (4) accepts non-linearizability. */
#include <string.h>
#include "findings_internal.h"

const struct snc_rule snc_rules[] = {
	{ "snc-unsynchronized", SNC_ERROR,
	  "An SNC pair with no heavyweight instruction: by the Laws of Order, not linearizable.",
	  "The pair is strongly non-commutative from one common state (each operation changes "
	  "what the other returns) and deterministic, yet neither function executes, nor calls "
	  "anything that executes, an atomic read-modify-write or a store-load fence. By the "
	  "Laws of Order such an implementation cannot be linearizable: concurrent calls can "
	  "return what no sequential order returns. Add the synchronization, make the API "
	  "non-SNC (loophole 1: return nothing where callers do not need the value), or accept "
	  "non-linearizability (loophole 4: a byte-array set, a split counter) and mark it "
	  "intentional. From the scan alone (no harness yet) the pair is only a candidate and "
	  "the finding is a warning." },
	{ "non-linearizable", SNC_ERROR,
	  "Two calls run concurrently gave an outcome no sequential order gives.",
	  "Under a controlled schedule, the two calls run as two threads from a state ended with "
	  "returns (or a final state) that neither order of the two calls gives from that state: "
	  "a lost update, two winners. The implementation is not linearizable. That may be the "
	  "design (loophole 4: a split counter whose readers tolerate stale sums, a byte-array "
	  "set): mark it intentional. Otherwise add the synchronization the Laws of Order ask "
	  "for. The finding names the schedule; `snc replay` re-runs it step by step." },
	{ "non-deterministic", SNC_WARNING,
	  "The same operation from the same state gave different results.",
	  "An execution repeated from an identical copy of the state (or a concurrent schedule "
	  "re-run) did not give the same result. The Laws of Order bind only deterministic operations, so this is loophole 3 "
	  "(accept non-determinism): if the variation is meant (a clock, a random choice, a "
	  "timeout), mark it intentional; otherwise the operation depends on something the "
	  "harness does not rebuild, and every other verdict about it is in doubt." },
	{ "needless-heavyweight", SNC_NOTE,
	  "A non-SNC operation that pays for heavyweight instructions.",
	  "The operation is not SNC with any partner, itself included, so the Laws of Order do "
	  "not force an atomic read-modify-write or a store-load fence on it, yet it reaches "
	  "some. A question, not a defect: a split per-thread design (loophole 1 or 2, like a "
	  "per-CPU counter) could make it cheap, but the instruction may protect what return "
	  "values cannot show: concurrent void updates from being lost, a lock, a grace period. "
	  "Lock acquisitions (which block when taken twice) and fence-only primitives are not "
	  "reported." },
	{ "contract-reliant", SNC_NOTE,
	  "An SNC pair without heavyweight instructions, correct only under its contract.",
	  "The pair is SNC with no heavyweight instruction, which the Laws of Order allow only "
	  "because the API's contract (single producer, single consumer, owner only) forbids "
	  "calling the two concurrently: the single-owner loophole. It stays correct while "
	  "every caller honours the contract; the finding names it so that reviewers check "
	  "the callers." },
	{ "hot-heavyweight", SNC_NOTE,
	  "A pair that rarely conflicts pays a heavyweight instruction on nearly every call.",
	  "The pair does not commute in at most a quarter of the explored states, yet one of its "
	  "operations executes an atomic read-modify-write or a full fence on at least 90% of "
	  "its calls (measured by snc run --measure). The Laws of Order require the heavyweight "
	  "instruction to exist, not to run every time: loophole 2, the kmalloc design, keeps a "
	  "cheap path for the common case (a per-CPU or per-thread cache, a check before taking "
	  "the lock) and pays only when a conflict is possible." },
	{ "gratuitous-snc", SNC_NOTE,
	  "A pair is SNC only through a return value that nobody reads.",
	  "The pair is SNC only because one operation returns something the other changes, and "
	  "no call site in the scanned code uses that return value. Loophole 1: make it return "
	  "nothing (as atomic_inc does, where atomic_add_return would be SNC) and the pair is no "
	  "longer SNC, so it no longer needs heavyweight synchronization." },
	{ "regression", SNC_ERROR,
	  "Compared with the baseline, a pair became SNC or lost its heavyweight instruction, or "
	  "an operation pays more heavyweight instructions per call.",
	  "Against the baseline (an older database, or a `snc report --json` file), a pair of "
	  "operations became strongly non-commutative, so the Laws of Order now demand a "
	  "heavyweight instruction on it from every deterministic, linearizable implementation "
	  "(loophole 1 keeps the API non-SNC: return nothing, as atomic_inc does, where callers "
	  "do not read the value); or a pair that stays SNC no longer has the heavyweight "
	  "instruction it had; or an operation executes more heavyweight instructions per call "
	  "than it did (measured)." },
	{ "precondition", SNC_NOTE,
	  "An operation that cannot run alone from some states: what it requires.",
	  "Run alone from some states, the operation crashed, exited, or blocked for good (with "
	  "blocking not observable): unlock without lock, dequeue on a queue without its stub "
	  "node. That is a precondition its callers must meet, not a concurrency bug, so those "
	  "states are kept out of its verdicts and of its schedules; the finding says the first "
	  "state it ran from (what it requires) and where it failed. A non-linearizable outcome "
	  "whose sequential orders themselves fail (the second call's precondition is violated "
	  "after the first) is reported as a note of the non-linearizable rule, apart from real "
	  "ones." },
	{ NULL, 0, NULL, NULL },
};

const char *snc_severity_name(enum snc_severity s)
{
	switch (s) {
	case SNC_NOTE: return "note";
	case SNC_WARNING: return "warning";
	case SNC_ERROR: return "error";
	}
	return "?";
}

enum snc_severity snc_severity_parse(const char *name)
{
	for (enum snc_severity s = SNC_NOTE; s <= SNC_ERROR; s++)
		if (strcmp(name, snc_severity_name(s)) == 0)
			return s;
	return 0;
}
