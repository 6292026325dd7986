/* show.c: the verdicts of a run, as a table for the terminal or as JSON for scripts.
 *
 * Every verdict is printed with its witness, read the way the article reads them: the
 * state, then each call with what it returns alone and what it returns after the other
 * one. A pair whose executions did not repeat identically is flagged non-deterministic,
 * and a pair whose ops share a contract (single consumer, ...) says so. JSON is written
 * with json-c, so escaping is right for any string a harness can produce. */
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "findings_input.h"
#include "show_schedules.h"
#include "show_costs.h"
#include "snc_db.h"

struct text_row {
	char pair[160], verdict[96], conflict[32], witness[1400], note[2][160];
	char schedules[1400];      /* what the schedules found (--schedules), or empty */
	char evidence[1400];       /* measured AWAR/RAW of the witness's solo executions */
};

/* Rows of one harness are buffered so the columns can fit the longest name. */
struct show_ctx {
	char harness[256];
	int64_t states;
	struct text_row *rows;
	int nrows, cap, total;
	json_object *list;
	const char *db_path;       /* for the replay command of a failing schedule */
	struct show_costs *costs;
};

static void flush_harness(struct show_ctx *ctx)
{
	if (ctx->nrows == 0)
		return;
	int wp = 4, wv = 7;
	for (int i = 0; i < ctx->nrows; i++) {
		int lp = (int)strlen(ctx->rows[i].pair), lv = (int)strlen(ctx->rows[i].verdict);
		wp = lp > wp ? lp : wp;
		wv = lv > wv ? lv : wv;
	}
	printf("%s%s  (%lld states)\n", ctx->total > ctx->nrows ? "\n" : "", ctx->harness,
	       (long long)ctx->states);
	printf("  %-*s  %-*s  %-9s %s\n", wp, "PAIR", wv, "VERDICT", "CONFLICT", "WITNESS");
	for (int i = 0; i < ctx->nrows; i++) {
		const struct text_row *r = &ctx->rows[i];
		printf("  %-*s  %-*s  %-9s %s\n", wp, r->pair, wv, r->verdict, r->conflict, r->witness);
		for (int k = 0; k < 2; k++)
			if (r->note[k][0])
				printf("  %-*s  %s\n", wp, "", r->note[k]);
		if (r->schedules[0])
			printf("  %-*s  schedules: %s\n", wp, "", r->schedules);
		if (r->evidence[0])
			printf("  %-*s  measured: %s\n", wp, "", r->evidence);
	}
	show_costs_print(ctx->costs, ctx->harness);
	ctx->nrows = 0;
}

static void witness_text(const struct snc_db_pair_verdict *r, char *buf, size_t len)
{
	if (!r->witness_state) {
		snprintf(buf, len, "-");
		return;
	}
	/* witness_args is "f(a), g(b)": split it back at the top-level comma. */
	char calls[512];
	snprintf(calls, sizeof calls, "%s", r->witness_args);
	char *g_call = NULL;
	int depth = 0;
	for (char *p = calls; *p; p++) {
		depth += (*p == '(') - (*p == ')');
		if (depth == 0 && p[0] == ',' && p[1] == ' ') {
			*p = '\0';
			g_call = p + 2;
			break;
		}
	}
	snprintf(buf, len, "%s: %s = %s (%s after %s); %s = %s (%s after %s)", r->witness_state,
		 calls, r->f_alone, r->f_after_g, g_call ? g_call : "?", g_call ? g_call : "?",
		 r->g_alone, r->g_after_f, calls);
}

static int print_row(const struct snc_db_pair_verdict *r, void *vctx)
{
	struct show_ctx *ctx = vctx;
	if (ctx->total == 0 || strcmp(ctx->harness, r->harness) != 0) {
		flush_harness(ctx);
		snprintf(ctx->harness, sizeof ctx->harness, "%s", r->harness);
		ctx->states = r->states;
	}
	if (ctx->nrows == ctx->cap) {
		ctx->cap = ctx->cap ? ctx->cap * 2 : 64;
		ctx->rows = realloc(ctx->rows, (size_t)ctx->cap * sizeof *ctx->rows);
		if (!ctx->rows)
			return -1;
	}
	struct text_row *t = &ctx->rows[ctx->nrows++];
	ctx->total++;
	memset(t->note, 0, sizeof t->note);
	if (!show_schedules_text(r, ctx->db_path, t->schedules, sizeof t->schedules))
		t->schedules[0] = '\0';
	if (!show_costs_evidence_text(ctx->costs, r->harness, r->f, r->g, t->evidence,
				      sizeof t->evidence))
		t->evidence[0] = '\0';
	snprintf(t->pair, sizeof t->pair, "%s x %s", r->f, r->g);
	snprintf(t->verdict, sizeof t->verdict, "%s%s%s", r->verdict,
		 r->direction ? (strcmp(r->direction, "f->g") == 0 ? " ->" : " <-") : "",
		 r->deterministic ? "" : " nondet");
	snprintf(t->conflict, sizeof t->conflict, "%lld/%lld", (long long)r->conflict_states,
		 (long long)r->states);
	witness_text(r, t->witness, sizeof t->witness);
	if (r->contract)
		snprintf(t->note[0], sizeof t->note[0],
			 "contract: %s (the API never runs these concurrently)", r->contract);
	if (r->crash_states || r->blocked_states)
		snprintf(t->note[1], sizeof t->note[1],
			 "%lld state(s) with a crash, %lld with an op that blocks",
			 (long long)r->crash_states, (long long)r->blocked_states);
	return 0;
}

static json_object *str_or_null(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

static int add_json_row(const struct snc_db_pair_verdict *r, void *vctx)
{
	struct show_ctx *ctx = vctx;
	json_object *o = json_object_new_object();
	json_object_object_add(o, "harness", json_object_new_string(r->harness));
	json_object_object_add(o, "f", json_object_new_string(r->f));
	json_object_object_add(o, "g", json_object_new_string(r->g));
	json_object_object_add(o, "verdict", json_object_new_string(r->verdict));
	json_object_object_add(o, "direction", str_or_null(r->direction));
	json_object_object_add(o, "states", json_object_new_int64(r->states));
	json_object_object_add(o, "conflict_states", json_object_new_int64(r->conflict_states));
	json_object_object_add(o, "crash_states", json_object_new_int64(r->crash_states));
	json_object_object_add(o, "blocked_states", json_object_new_int64(r->blocked_states));
	json_object_object_add(o, "deterministic", json_object_new_boolean(r->deterministic));
	json_object_object_add(o, "contract", str_or_null(r->contract));
	if (r->witness_state) {
		json_object *w = json_object_new_object();
		json_object_object_add(w, "state", json_object_new_string(r->witness_state));
		json_object_object_add(w, "calls", json_object_new_string(r->witness_args));
		json_object_object_add(w, "f_alone", str_or_null(r->f_alone));
		json_object_object_add(w, "g_alone", str_or_null(r->g_alone));
		json_object_object_add(w, "f_after_g", str_or_null(r->f_after_g));
		json_object_object_add(w, "g_after_f", str_or_null(r->g_after_f));
		json_object_object_add(o, "witness", w);
	} else {
		json_object_object_add(o, "witness", NULL);
	}
	json_object_object_add(o, "evidence",
			       show_costs_evidence_json(ctx->costs, r->harness, r->f, r->g));
	json_object_object_add(o, "schedules", show_schedules_json(r));
	json_object_array_add(ctx->list, o);
	return 0;
}

int show_run(const char *db_path, int64_t run_id, bool json, const char *cmd)
{
	char err[512];
	struct snc_db *db = snc_db_open(db_path, SNC_DB_READONLY, err, sizeof err);
	if (!db)
		return cli_error(cmd, "%s", err);
	if (run_id == 0 && (run_id = snc_db_latest_run(db, NULL)) <= 0) {
		int rc = run_id < 0 ? cli_error(cmd, "%s", snc_db_errmsg(db))
				    : cli_error(cmd, "'%s' holds no verdicts yet (run 'snc run' or "
						"'snc demo')", db_path);
		snc_db_close(db);
		return rc;
	}
	struct snc_db_run_state state;
	if (snc_db_run_exists(db, run_id) != 1 || snc_db_run_state(db, run_id, &state) != 0) {
		int rc = snc_db_run_exists(db, run_id) == 0
			? cli_error(cmd, "there is no run %lld in '%s'", (long long)run_id, db_path)
			: cli_error(cmd, "%s", snc_db_errmsg(db));
		snc_db_close(db);
		return rc;
	}
	if (!state.finished) {
		findings_warn_unfinished(cmd, run_id);
		if (!json)
			printf("run %lld is unfinished (killed, or still running): partial results\n\n",
			       (long long)run_id);
	}
	struct show_ctx ctx = { .costs = show_costs_load(db, run_id) };
	if (!ctx.costs) {
		cli_error(cmd, "%s", snc_db_errmsg(db));
		snc_db_close(db);
		return EXIT_USAGE;
	}
	ctx.db_path = db_path;
	int rc;
	if (json) {
		ctx.list = json_object_new_array();
		rc = snc_db_each_pair_verdict(db, run_id, add_json_row, &ctx);
		json_object *top = json_object_new_object();
		json_object_object_add(top, "run_id", json_object_new_int64(run_id));
		json_object_object_add(top, "verdicts", ctx.list);
		json_object_object_add(top, "costs", show_costs_json(ctx.costs));
		if (rc == 0)
			puts(json_object_to_json_string_ext(top, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
								    JSON_C_TO_STRING_NOSLASHESCAPE));
		json_object_put(top);
	} else {
		rc = snc_db_each_pair_verdict(db, run_id, print_row, &ctx);
		flush_harness(&ctx);
		free(ctx.rows);
		if (rc == 0 && ctx.total == 0)
			printf("run %lld has no verdicts\n", (long long)run_id);
	}
	if (rc != 0)
		cli_error(cmd, "%s", snc_db_errmsg(db));
	show_costs_free(ctx.costs);
	snc_db_close(db);
	return rc == 0 ? 0 : EXIT_USAGE;
}
