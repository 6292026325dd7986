/* findings_input.c: loading a run's facts and a baseline, and computing the findings, for
 * `snc report` and `snc gate`.
 *
 * Readers never write: the database is opened read-only (so a read-only file or folder is
 * reported on, and a run writing at the same time is never waited for), and the findings
 * are computed in memory from the stored facts, so improving a rule improves the findings
 * of every database already written. (The command that produced a run stored its findings
 * for the `findings` view when it finished.) A baseline is an snc database (its newest
 * run) or the JSON that `snc report --json` wrote; which one is told by the file's first
 * bytes. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "findings_input.h"
#include "snc_report.h"

static bool is_sqlite(const char *path)
{
	char head[16] = { 0 };
	FILE *f = fopen(path, "rb");
	if (!f)
		return false;
	size_t n = fread(head, 1, sizeof head, f);
	fclose(f);
	return n == sizeof head && memcmp(head, "SQLite format 3", 16) == 0;
}

static int latest_run(const char *cmd, struct snc_db *db, const char *path, int64_t *run)
{
	if (*run == 0 && (*run = snc_db_latest_run(db, NULL)) < 0)
		return cli_error(cmd, "%s", snc_db_errmsg(db));
	if (*run == 0)
		return cli_error(cmd, "'%s' holds no results yet (run 'snc run' or 'snc demo')", path);
	if (snc_db_run_exists(db, *run) != 1)
		return cli_error(cmd, "there is no run %lld in '%s'", (long long)*run, path);
	return 0;
}

static int load_baseline(const char *cmd, const char *path, struct findings_input *in)
{
	char err[512];
	in->has_baseline = true;
	if (access(path, R_OK) != 0)
		return cli_error(cmd, "baseline '%s': %s", path, strerror(errno));
	if (!is_sqlite(path)) {
		if (report_read_json(path, &in->baseline, &in->baseline_fingerprints,
				     &in->nbaseline_fingerprints, err, sizeof err) != 0)
			return cli_error(cmd, "baseline: %s", err);
		return 0;
	}
	struct snc_db *db = snc_db_open(path, SNC_DB_READONLY, err, sizeof err);
	if (!db)
		return cli_error(cmd, "baseline: %s", err);
	int64_t run = 0;
	int rc = latest_run(cmd, db, path, &run);
	if (rc == 0 && snc_db_facts_load(db, run, &in->baseline) != 0)
		rc = cli_error(cmd, "baseline '%s': %s", path, snc_db_errmsg(db));
	snc_db_close(db);
	if (rc != 0)
		return rc;
	struct snc_findings old;
	snc_findings_compute(&in->baseline, NULL, &old);
	in->baseline_fingerprints = calloc((size_t)old.count + 1, sizeof(char *));
	for (int i = 0; i < old.count; i++)
		in->baseline_fingerprints[in->nbaseline_fingerprints++] = strdup(old.items[i].fingerprint);
	snc_findings_free(&old);
	return 0;
}

int findings_input_load(const char *cmd, const char *db_path, int64_t run, const char *baseline,
			struct findings_input *in)
{
	memset(in, 0, sizeof *in);
	char err[512];
	struct snc_db *db = snc_db_open(db_path, SNC_DB_READONLY, err, sizeof err);
	if (!db)
		return cli_error(cmd, "%s", err);
	in->run_chosen = run != 0;
	int rc = latest_run(cmd, db, db_path, &run);
	in->run = run;
	if (rc == 0 && snc_db_run_state(db, run, &in->state) != 0)
		rc = cli_error(cmd, "%s", snc_db_errmsg(db));
	if (rc == 0 && !in->state.finished)
		findings_warn_unfinished(cmd, run);
	if (rc == 0 && snc_db_facts_load(db, run, &in->facts) != 0)
		rc = cli_error(cmd, "%s", snc_db_errmsg(db));
	if (rc == 0 && snc_db_history_load(db, run, &in->history) != 0)
		rc = cli_error(cmd, "%s", snc_db_errmsg(db));
	if (rc == 0 && baseline)
		rc = load_baseline(cmd, baseline, in);
	if (rc == 0)
		snc_findings_compute(&in->facts, in->has_baseline ? &in->baseline : NULL,
				     &in->findings);
	snc_db_close(db);
	return rc;
}

void findings_warn_unfinished(const char *cmd, int64_t run)
{
	fprintf(stderr, "snc %s: warning: run %lld is unfinished (it was killed, or is still "
		"running): what it stored so far is shown\n", cmd, (long long)run);
}

bool findings_input_in_baseline(const struct findings_input *in, const char *fingerprint)
{
	for (int i = 0; i < in->nbaseline_fingerprints; i++)
		if (strcmp(in->baseline_fingerprints[i], fingerprint) == 0)
			return true;
	return false;
}

void findings_input_free(struct findings_input *in)
{
	snc_findings_free(&in->findings);
	snc_facts_free(&in->facts);
	snc_facts_free(&in->baseline);
	snc_history_free(&in->history);
	report_free_strings(in->baseline_fingerprints, in->nbaseline_fingerprints);
	memset(in, 0, sizeof *in);
}

int findings_request_parse(const struct snc_command_doc *doc, const char *cmd, int argc,
			   char **argv, struct findings_request *rq,
			   void (*take)(void *ctx, const struct snc_opt_value *v), void *ctx)
{
	struct snc_cmdline cl;
	struct snc_opt_value v;
	*rq = (struct findings_request){ .db_path = "snc.db" };
	if (snc_cmdline_init(&cl, doc, argc, argv) != 0)
		return EXIT_USAGE;
	int id;
	while ((id = snc_cmdline_next(&cl, &v)) > 0)
		switch (id) {
		case CLI_DB: rq->db_path = v.text; break;
		case CLI_RUN: rq->run = v.number; break;
		case CLI_BASELINE: rq->baseline = v.text; break;
		case CLI_ROOT: rq->root = v.text; break;
		case CLI_SUPPRESSIONS: rq->suppressions = v.text; break;
		default:
			if (!cli_shared_option(&v))
				take(ctx, &v);
			break;
		}
	int rc = cli_options_done(id);
	if (rc < 0)
		rc = cli_no_operands(cmd, &cl);
	snc_cmdline_free(&cl);
	return rc;
}

struct suppressing {
	struct snc_findings *findings;
	const char *path;
};

static int suppress_line(void *ctx, char *text, int lineno, char *why, size_t whylen)
{
	struct suppressing *s = ctx;
	char origin[4200];
	snprintf(origin, sizeof origin, "%s:%d", s->path, lineno);
	return snc_findings_suppress(s->findings, text, origin, why, whylen) < 0 ? -1 : 0;
}

/* Applies a --suppressions file to the findings (NULL: none). Returns 0, or the exit status
 * of the one-line error. */
static int apply_suppressions(const char *cmd, struct snc_findings *findings, const char *path)
{
	char err[1024];
	struct suppressing s = { findings, path };
	if (path && snc_lines_read(path, suppress_line, &s, err, sizeof err) != 0)
		return cli_error(cmd, "%s", err);
	return 0;
}

int findings_input_request(const char *cmd, const struct findings_request *rq,
			   struct findings_input *in)
{
	int rc = findings_input_load(cmd, rq->db_path, rq->run, rq->baseline, in);
	return rc == 0 ? apply_suppressions(cmd, &in->findings, rq->suppressions) : rc;
}
