/* sarif_internal.h: what the SARIF writer's files share (sarif.c, sarif_location.c,
 * sarif_flows.c): the root that artifact URIs are relative to, locations with regions, and
 * the code flow of a concurrent schedule. */
#ifndef SNC_SARIF_INTERNAL_H
#define SNC_SARIF_INTERNAL_H

#include <json-c/json.h>
#include <limits.h>
#include <stdbool.h>
#include "snc_report.h"

/* The uriBaseId of every relative artifact URI; originalUriBaseIds says what it is. */
#define SARIF_ROOT_ID "SRCROOT"

struct sarif_ctx {
	const struct snc_report *r;
	bool has_root;             /* URIs under root are relative to it */
	char root[PATH_MAX];       /* a real path, without a trailing '/' (except "/") */
};

/* The root of the log: --root (r->root) as given, else the nearest folder above the sources
 * the findings point at (then the harness sources, then the scanned files) that holds a
 * .git (a folder, or the file of a worktree). has_root is false when there is none. */
void sarif_root_find(struct sarif_ctx *c);
/* originalUriBaseIds for the root: { SRCROOT: { uri: "file:///root/" } }, or NULL. */
json_object *sarif_root_base(const struct sarif_ctx *c);

/* The file:// URI of docs_dir/findings.md into buf, or NULL when it is not there. */
const char *sarif_docs_uri(const char *docs_dir, char *buf, size_t len);

/* A location: physicalLocation with the artifact (a URI relative to the root with its
 * uriBaseId, else an absolute file URI) and, when line > 0, a region with startLine and,
 * where name is found as a word on that line of the file, startColumn and endColumn
 * (UTF-16 code units, 1-based, the run's columnKind) around it. message may be NULL. */
json_object *sarif_location(const struct sarif_ctx *c, const char *file, int line,
			    const char *name, const char *message);

/* Where an op is for a reader: the scanned function it exercises (its name on its
 * definition line), else its SNC_OP line in the harness source. file is NULL when neither
 * is known. */
struct sarif_place {
	const char *file, *name;
	int line;
};
struct sarif_place sarif_op_place(const struct snc_facts *facts, const struct snc_fact_op *op);

/* The codeFlows of a finding resting on a concurrent schedule of pair p of harness h: one
 * code flow with a thread flow per thread, each step a location with its message and
 * executionOrder across both threads. NULL when the schedule string is malformed. */
json_object *sarif_code_flows(const struct sarif_ctx *c, const struct snc_fact_harness *h,
			      const struct snc_fact_pair *p, const struct snc_fact_schedule *s);

#endif
