/* snc_report.h: the reports of a run, for people (terminal, HTML), code-scanning services
 * (SARIF 2.1.0) and scripts (JSON), and the JSON read back as a gate's baseline.
 *
 * A report renders what db/ computed: the facts as of a run and their findings
 * (snc_db.h, "findings"). It reads nothing from the database itself and writes no SQL;
 * the only other input is the source files that findings and pages point at (excerpts).
 * Paths are shown relative to a root (the project's top folder, by default the current
 * directory) when they lie under it, as code-scanning services expect.
 *
 * Every function returns 0, or -1 after writing a one-line reason into err. */
#ifndef SNC_REPORT_H
#define SNC_REPORT_H

#include <stdio.h>
#include "snc_db.h"

struct snc_report {
	const struct snc_facts *facts;
	const struct snc_findings *findings;
	const char *root;          /* paths are shown relative to it; NULL: the current directory
				    * (SARIF: the repository holding the scanned sources) */
	const char *docs_dir;      /* the folder of snc's docs pages, where SARIF's helpUri
				    * points (findings.md#RULE); NULL: no helpUri */
	const struct snc_history *history;  /* results across runs (HTML report); NULL: none */
};

/* A summary for the terminal: verdicts by kind, findings by severity, then each finding. */
int report_terminal(const struct snc_report *r, FILE *out, char *err, size_t errlen);
/* A static, self-contained site in dir (created if needed): index.html, a page per harness,
 * pair, operation and scanned function. Works from file://, loads nothing from the network.
 * The pages an earlier report wrote into dir and this one does not are deleted (a manifest
 * in dir lists them), no other file. */
int report_html(const struct snc_report *r, const char *dir, char *err, size_t errlen);
/* A SARIF 2.1.0 log with one result per finding (path "-": stdout). */
int report_sarif(const struct snc_report *r, const char *path, char *err, size_t errlen);
/* Everything in the report as JSON (docs/report.md describes it; path "-": stdout). */
int report_json(const struct snc_report *r, const char *path, char *err, size_t errlen);

/* A baseline written by report_json: its facts into a zeroed facts, and the fingerprints of
 * its findings (a malloc'd array of malloc'd strings, freed with report_free_strings). */
int report_read_json(const char *path, struct snc_facts *facts, char ***fingerprints,
		     int *nfingerprints, char *err, size_t errlen);
void report_free_strings(char **strings, int n);

/* Where a finding is, as a reader should see it: "file:line" (file relative to the root
 * when under it; no line when unknown), or the harness name when there is no file. Returns
 * buf. */
const char *report_finding_place(const struct snc_report *r, const struct snc_finding *x,
				 char *buf, size_t len);
/* path as a reader should see it: relative to root when under it, else as given. Returns
 * buf. */
const char *report_shown_path(const char *root, const char *path, char *buf, size_t len);

/* ---- hostile strings (safe_text.c) ---- */

/* s with every control character, bidirectional override and byte that is not UTF-8
 * escaped (\n, \xNN, \u{202e}): safe on a terminal and as one line of text. malloc'd;
 * NULL for NULL. */
char *report_text_dup(const char *s);
/* Writes s to out as report_text_dup escapes it. */
void report_put_text(FILE *out, const char *s);
struct json_object;
/* o serialized with json-c's flags, every byte that is not UTF-8 replaced by U+FFFD.
 * malloc'd, or NULL when out of memory. */
char *report_json_text(struct json_object *o, int flags);
/* Writes report_json_text(o, flags) and a newline to path ("-": stdout); 0, or -1 with
 * errno. */
int report_json_to_file(const char *path, struct json_object *o, int flags);

#endif
