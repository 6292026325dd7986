/* prove.h: the proof pass of a harness program (--prove; prove.c): schedules explored for
 * the SNC pairs that pay no heavyweight instruction, from their witness states. */
#ifndef SNC_PROVE_H
#define SNC_PROVE_H

#include "runtime.h"
#include "snc_db.h"

/* Runs after classification (and measurement) of the harness stored as harness_id.
 * Returns 0, or 2 on a database error. */
int prove_harness(const struct snc_harness *def, const struct runtime_options *opt,
		  struct snc_db *db, int64_t harness_id);

#endif
