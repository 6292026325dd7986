/* show.c: the verdicts of a run, as a table for the terminal or as JSON for scripts.
 *
 * Every verdict is printed with its witness, read the way the article reads them: the
 * state, then each call with what it returns alone and what it returns after the other
 * one. A pair whose executions did not repeat identically is flagged non-deterministic,
 * and a pair whose ops share a contract (single consumer, ...) says so. JSON is written
 * with json-c, so escaping is right for any string a harness can produce. */
#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "findings_input.h"
#include "show_schedules.h"
#include "show_costs.h"
#include "snc_db.h"
#include "snc_report.h"

/* Each field is escaped (report_text_dup): names come from harnesses and scanned code and
 * may hold newlines or escape sequences. NULL fields are empty. */
struct text_row {
	char *pair, *verdict, *conflict, *witness, *note[2];
	char *schedules;           /* what the schedules found (--schedules), or NULL */
	char *evidence;            /* measured AWAR/RAW of the witness's solo executions */
};

static void row_free(struct text_row *r)
{
	char *fields[] = { r->pair, r->verdict, r->conflict, r->witness, r->note[0], r->note[1],
			   r->schedules, r->evidence };
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		free(fields[i]);
	memset(r, 0, sizeof *r);
}

/* Rows of one harness are buffered so the columns can fit the longest name. */
struct show_ctx {
	char *harness;             /* as stored (compared), never cut */
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
	fputs(ctx->total > ctx->nrows ? "\n" : "", stdout);
	report_put_text(stdout, ctx->harness);
	printf("  (%lld states)\n", (long long)ctx->states);
	printf("  %-*s  %-*s  %-9s %s\n", wp, "PAIR", wv, "VERDICT", "CONFLICT", "WITNESS");
	for (int i = 0; i < ctx->nrows; i++) {
		const struct text_row *r = &ctx->rows[i];
		char kind[32];   /* the verdict without its direction: what its colour says */
		snprintf(kind, sizeof kind, "%.*s", (int)strcspn(r->verdict, " "), r->verdict);
		printf("  %-*s  %s%s%s%*s  %-9s %s\n", wp, r->pair, snc_color_start(stdout, kind),
		       r->verdict, snc_color_end(stdout, kind), wv - (int)strlen(r->verdict), "",
		       r->conflict, r->witness);
		for (int k = 0; k < 2; k++)
			if (r->note[k])
				printf("  %-*s  %s\n", wp, "", r->note[k]);
		if (r->schedules)
			printf("  %-*s  schedules: %s\n", wp, "", r->schedules);
		if (r->evidence)
			printf("  %-*s  measured: %s\n", wp, "", r->evidence);
	}
	show_costs_print(ctx->costs, ctx->harness);
	for (int i = 0; i < ctx->nrows; i++)
		row_free(&ctx->rows[i]);
	ctx->nrows = 0;
}

/* The witness in words. witness_args is "f(a), g(b)": f's call is f's name followed by its
 * argument list, which holds numbers only, so it ends at the first ')' after the name
 * (a name holding '(' or ", " cannot mislead the split). */
static void witness_text(const struct snc_db_pair_verdict *r, char *buf, size_t len)
{
	if (!r->witness_state) {
		snprintf(buf, len, "-");
		return;
	}
	const char *args = r->witness_args;
	size_t name = strlen(r->f), f_len = strlen(args);
	const char *close = strncmp(args, r->f, name) == 0 && args[name] == '('
		? strchr(args + name, ')') : NULL;
	if (close && strncmp(close + 1, ", ", 2) == 0)
		f_len = (size_t)(close + 1 - args);
	const char *g_call = f_len < strlen(args) ? args + f_len + 2 : "?";
	snprintf(buf, len, "%s: %.*s = %s (%s after %s); %s = %s (%s after %.*s)",
		 r->witness_state, (int)f_len, args, r->f_alone, r->f_after_g, g_call, g_call,
		 r->g_alone, r->g_after_f, (int)f_len, args);
}

/* snprintf into a scratch buffer, then the escaped copy. */
static char *escaped(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *escaped(const char *fmt, ...)
{
	char *raw = NULL;
	va_list ap;
	va_start(ap, fmt);
	int n = vasprintf(&raw, fmt, ap);
	va_end(ap);
	char *safe = n >= 0 ? report_text_dup(raw) : NULL;
	free(raw);
	return safe;
}

static int print_row(const struct snc_db_pair_verdict *r, void *vctx)
{
	struct show_ctx *ctx = vctx;
	if (ctx->total == 0 || strcmp(ctx->harness, r->harness) != 0) {
		flush_harness(ctx);
		free(ctx->harness);
		if (!(ctx->harness = strdup(r->harness)))
			return -1;
		ctx->states = r->states;
	}
	if (ctx->nrows == ctx->cap) {
		ctx->cap = ctx->cap ? ctx->cap * 2 : 64;
		ctx->rows = realloc(ctx->rows, (size_t)ctx->cap * sizeof *ctx->rows);
		if (!ctx->rows)
			return -1;
	}
	struct text_row *t = &ctx->rows[ctx->nrows++];
	memset(t, 0, sizeof *t);
	ctx->total++;
	size_t wlen = strlen(r->witness_args ? r->witness_args : "") * 2 + 4096;
	char *text = malloc(wlen);
	if (!text)
		return -1;
	if (show_schedules_text(r, ctx->db_path, text, wlen))
		t->schedules = report_text_dup(text);
	if (show_costs_evidence_text(ctx->costs, r->harness, r->f, r->g, text, wlen))
		t->evidence = report_text_dup(text);
	t->pair = escaped("%s%s%s%s x %s%s%s%s", r->f, r->f_function ? " (" : "",   /* macro (function) */
			  r->f_function ? r->f_function : "", r->f_function ? ")" : "", r->g,
			  r->g_function ? " (" : "", r->g_function ? r->g_function : "",
			  r->g_function ? ")" : "");
	t->verdict = escaped("%s%s%s", r->verdict,
			     r->direction ? (strcmp(r->direction, "f->g") == 0 ? " ->" : " <-") : "",
			     r->deterministic ? "" : " nondet");
	t->conflict = escaped("%lld/%lld", (long long)r->conflict_states, (long long)r->states);
	witness_text(r, text, wlen);
	t->witness = report_text_dup(text);
	free(text);
	if (r->contract)
		t->note[0] = escaped("contract: %s (the API never runs these concurrently)",
				     r->contract);
	/* an unknown that blocking made: say how to count it (lock x lock) */
	bool blocks_hid_it = r->blocked_states && strcmp(r->verdict, "unknown") == 0;
	if (r->crash_states || r->blocked_states)
		t->note[1] = escaped("%lld state(s) with a crash, %lld with an op that blocks%s",
				     (long long)r->crash_states, (long long)r->blocked_states,
				     blocks_hid_it ? " (a block is a result only with "
						     "--blocking-observable: lock x lock is then snc)" : "");
	return t->pair && t->verdict && t->conflict && t->witness ? 0 : -1;
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
		/* report_json_text: a name that is not UTF-8 must not make the JSON invalid */
		char *text = rc == 0 ? report_json_text(top, JSON_C_TO_STRING_PRETTY |
							JSON_C_TO_STRING_SPACED |
							JSON_C_TO_STRING_NOSLASHESCAPE) : NULL;
		if (text)
			puts(text);
		free(text);
		json_object_put(top);
	} else {
		rc = snc_db_each_pair_verdict(db, run_id, print_row, &ctx);
		flush_harness(&ctx);
		free(ctx.rows);
		free(ctx.harness);
		if (rc == 0 && ctx.total == 0)
			printf("run %lld has no verdicts\n", (long long)run_id);
	}
	if (rc != 0)
		cli_error(cmd, "%s", snc_db_errmsg(db));
	show_costs_free(ctx.costs);
	snc_db_close(db);
	return rc == 0 ? 0 : EXIT_USAGE;
}
