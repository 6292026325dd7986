/* report_internal.h: what the report writers share: the verdicts in the order reports list
 * them, counts over the facts, and how a finding's place is written. */
#ifndef SNC_REPORT_INTERNAL_H
#define SNC_REPORT_INTERNAL_H

#include <json-c/json.h>
#include <stdbool.h>
#include "snc_report.h"

/* The "format_version" of `snc report --json`: changes when a field changes meaning; a
 * baseline of a newer version is refused. */
#define REPORT_JSON_FORMAT_VERSION 1

enum { NVERDICTS = 6 };
/* snc, snc-split, non-commutative, state-only, commutative, unknown. */
extern const char *const report_verdicts[NVERDICTS];

struct report_counts {
	int harnesses, ops, pairs;
	int verdicts[NVERDICTS];
	int outstanding[SNC_ERROR + 1];   /* by severity, intentional ones excluded */
	int intentional;
};
void report_count(const struct snc_report *r, struct report_counts *c);

/* Conflict rate of a pair in [0, 1]: states where it does not commute over states tried. */
double report_conflict_rate(const struct snc_fact_pair *p);

#endif
