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
	{ "non-deterministic", SNC_WARNING,
	  "The same operation from the same state gave different results.",
	  "An execution repeated from an identical copy of the state did not give the same "
	  "result. The Laws of Order bind only deterministic operations, so this is loophole 3 "
	  "(accept non-determinism): if the variation is meant (a clock, a random choice, a "
	  "timeout), mark it intentional; otherwise the operation depends on something the "
	  "harness does not rebuild, and every other verdict about it is in doubt." },
	{ "regression", SNC_ERROR,
	  "Compared with the baseline, a pair became SNC.",
	  "Against the baseline (an older database or `snc report --json` file), a pair of "
	  "operations became strongly non-commutative. The Laws of Order now demand a heavyweight "
	  "instruction on this pair from every deterministic, linearizable implementation. "
	  "Loophole 1 keeps the API non-SNC: return nothing, as atomic_inc does, where callers do "
	  "not read the value." },
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
