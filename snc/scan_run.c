/* scan_run.c: the scan pipeline between the analyzer and the store.
 *
 * Units come from the paths and/or the compile_commands.json. Before anything is parsed,
 * each unit is looked up in the database: an earlier unit of the same file with the same
 * flags whose files all still hash the same is not parsed again, its facts are loaded
 * back (incremental scans). The rest are parsed in parallel. For path scans, headers that
 * no unit included are then scanned as units of their own. The model is built over all
 * units and stored in one transaction, so a run holds complete results or none. */
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "scan.h"

int scan_prepare(const struct scan_request *req, struct scan_outcome *out)
{
	memset(out, 0, sizeof *out);
	char err[1024];
	if (req->npaths > 0 &&
	    sa_units_from_paths(req->paths, req->npaths, req->flags, req->nflags, &out->units,
				&out->headers, err, sizeof err) != 0)
		return cli_error(req->cmd, "%s", err);
	if (req->compdb) {
		struct sa_units more = { 0 };
		if (sa_units_from_compdb(req->compdb, &more, err, sizeof err) != 0) {
			sa_units_free(&more);
			return cli_error(req->cmd, "%s", err);
		}
		out->units.units = realloc(out->units.units,
					   (size_t)(out->units.count + more.count + 1) * sizeof *more.units);
		if (!out->units.units)
			return cli_error(req->cmd, "out of memory");
		memcpy(out->units.units + out->units.count, more.units, (size_t)more.count * sizeof *more.units);
		out->units.count += more.count;
		free(more.units);
		sa_units_sort(&out->units);
	}
	int excluded = scan_exclude(&out->units, req->excludes, req->nexcludes);
	scan_exclude(&out->headers, req->excludes, req->nexcludes);
	if (out->units.count == 0 && out->headers.count == 0)
		return cli_error(req->cmd, "nothing to scan: no C source%s", excluded ?
				 " left after --exclude" : " found");
	scan_shard(&out->units, req->shard);   /* a shard may be left with none: still a part */
	scan_shard(&out->headers, req->shard);
	return 0;
}

/* Marks every pending unit that an earlier scan saw unchanged as reused: its files, status
 * and diagnostics are loaded now, its functions by load_reused_functions() once it is
 * known that the model must be built. The lookups share one read transaction. */
static int find_unchanged(struct snc_db *db, struct sa_units *units)
{
	for (int i = 0; i < units->count; i++) {
		struct sa_unit *u = &units->units[i];
		if (u->status != SA_UNIT_PENDING)
			continue;
		int64_t prev = snc_db_scan_find_unit(db, u->file, u->flags_hash);
		if (prev < 0)
			return -1;
		if (prev == 0)
			continue;
		if (snc_db_scan_load_files(db, prev, u) != 0)
			return -1;
		if (!sa_unit_files_unchanged(u)) {
			sa_unit_clear_facts(u);
			continue;
		}
		if (snc_db_scan_load_status(db, prev, u) != 0)
			return -1;
	}
	return 0;
}

static int reuse_unchanged(struct snc_db *db, struct sa_units *units)
{
	if (snc_db_begin_read(db) != 0)
		return -1;
	int rc = find_unchanged(db, units);
	return snc_db_commit(db) != 0 ? -1 : rc;
}

static int load_reused_functions(struct snc_db *db, struct sa_units *units)
{
	for (int i = 0; i < units->count; i++) {
		struct sa_unit *u = &units->units[i];
		if (u->reused_from && snc_db_scan_load_functions(db, u->reused_from, u) != 0)
			return -1;
	}
	return 0;
}

/* The earlier run every unit was reused from, when it is one and the same; else 0. */
static int64_t reused_run(struct snc_db *db, const struct sa_units *units)
{
	int64_t run = 0;
	for (int i = 0; i < units->count; i++) {
		int64_t r = units->units[i].reused_from ?
				    snc_db_scan_unit_run(db, units->units[i].reused_from) : 0;
		if (r <= 0 || (run && r != run))
			return 0;
		run = r;
	}
	return run;
}

struct progress {
	bool on;
	int total, jobs;
	FILE *out;      /* the terminal, while fd 2 is silenced */
};

static void show_progress(int done, int total, const struct sa_unit *u, void *ctx)
{
	const struct progress *p = ctx;
	(void)total;
	if (!p->out)
		return;
	const char *slash = strrchr(u->file, '/');
	fprintf(p->out, "\r\033[Kscanning %d/%d (-j %d) %s", done, p->total, p->jobs,
		slash ? slash + 1 : u->file);
	fflush(p->out);
}

/* libclang's driver prints some complaints (unknown flags) straight to file descriptor 2
 * while it parses; they are stored as diagnostics already, and the user gets one line per
 * unit from report_errors(). So fd 2 points to /dev/null while units are parsed, and the
 * progress line goes to a duplicate of the real stderr. */
static void parse_pending(struct sa_units *units, const struct scan_request *req)
{
	struct progress p = { req->progress && isatty(STDERR_FILENO), 0, req->jobs, NULL };
	for (int i = 0; i < units->count; i++)
		if (units->units[i].status == SA_UNIT_PENDING)
			p.total++;
	if (p.total == 0)
		return;
	fflush(stderr);
	int saved = dup(STDERR_FILENO), devnull = open("/dev/null", O_WRONLY | O_CLOEXEC);
	bool quiet = saved >= 0 && devnull >= 0 && dup2(devnull, STDERR_FILENO) >= 0;
	if (p.on && saved >= 0)
		p.out = fdopen(dup(saved), "w");
	sa_scan_units(units, req->jobs, show_progress, &p);
	if (p.out) {
		fprintf(p.out, "\r\033[K");
		fclose(p.out);
	}
	if (quiet)
		dup2(saved, STDERR_FILENO);
	if (saved >= 0)
		close(saved);
	if (devnull >= 0)
		close(devnull);
}

static void report_errors(const struct sa_unit *u, const char *cmd)
{
	if (u->ndiagnostics == 0)
		return;
	const struct sa_diagnostic *d = &u->diagnostics[0];
	fprintf(stderr, "snc %s: warning: %s: %d error%s%s, first: %s:%d:%d: %s\n", cmd, u->file,
		u->ndiagnostics, u->ndiagnostics == 1 ? "" : "s",
		u->status == SA_UNIT_FAILED ? " (not scanned)" : " (scanned what clang recovered)",
		d->file ? d->file : u->file, d->line, d->column, d->message);
}

/* "N units parsed, M with errors (first: file:line: message)" on stderr. */
static void print_summary(const struct scan_outcome *o, const struct sa_unit *first,
			  const struct scan_request *req)
{
	if (req->quiet && o->with_errors == 0)
		return;
	int total = o->parsed + o->reused;
	fprintf(stderr, "snc %s: %d unit%s parsed, %d with errors", req->cmd, total,
		total == 1 ? "" : "s", o->with_errors);
	if (first) {
		const struct sa_diagnostic *d = &first->diagnostics[0];
		fprintf(stderr, " (first: %s:%d: %s)", d->file ? d->file : first->file, d->line,
			d->message);
	}
	if (o->refuse_alone)
		fprintf(stderr, "; %d header%s refuse%s to be included alone (#error), left to the "
			"headers that include %s", o->refuse_alone, o->refuse_alone == 1 ? "" : "s",
			o->refuse_alone == 1 ? "s" : "", o->refuse_alone == 1 ? "it" : "them");
	if (o->needs_includer)
		fprintf(stderr, "; %d header%s that need%s what %s includers include first, read "
			"as the sources read %s", o->needs_includer, o->needs_includer == 1 ? "" : "s",
			o->needs_includer == 1 ? "s" : "", o->needs_includer == 1 ? "its" : "their",
			o->needs_includer == 1 ? "it" : "them");
	if (o->units.nleft_out)
		fprintf(stderr, "; %d header%s of another platform left out (%s: %s)",
			o->units.nleft_out, o->units.nleft_out == 1 ? "" : "s",
			o->units.left_out[0].file, o->units.left_out[0].why);
	fputc('\n', stderr);
}

static int compare_paths(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int count_files(const struct sa_units *units)
{
	int n = 0;
	for (int i = 0; i < units->count; i++)
		n += units->units[i].nfiles;
	const char **paths = malloc((size_t)(n + 1) * sizeof *paths);
	if (!paths)
		return 0;
	n = 0;
	for (int i = 0; i < units->count; i++)
		for (int k = 0; k < units->units[i].nfiles; k++)
			paths[n++] = units->units[i].files[k].path;
	qsort(paths, (size_t)n, sizeof *paths, compare_paths);
	int distinct = 0;
	for (int i = 0; i < n; i++)
		if (i == 0 || strcmp(paths[i - 1], paths[i]) != 0)
			distinct++;
	free(paths);
	return distinct;
}

static bool has_suffix_h(const char *file)
{
	size_t n = strlen(file);
	return n > 2 && strcmp(file + n - 2, ".h") == 0;
}

/* Does a unit other than units[self] read file? */
static bool read_by_another(const struct sa_units *units, int self, const char *file)
{
	for (int i = 0; i < units->count; i++)
		for (int k = 0; i != self && k < units->units[i].nfiles; k++)
			if (strcmp(units->units[i].files[k].path, file) == 0)
				return true;
	return false;
}

/* Moves the header units that no other unit read and that are another platform's
 * (sa_other_platforms: urcu/arch/ppc.h on x86-64) to units->left_out: not API, and their
 * errors (a <windows.h> not found) are no errors of this build. */
static void leave_out_other_platforms(struct sa_units *units)
{
	int kept = 0, cap = units->nleft_out;
	char (*why)[512] = calloc((size_t)units->count + 1, sizeof *why);
	const char **candidates = calloc((size_t)units->count + 1, sizeof *candidates);
	if (!why || !candidates) {
		free(why);
		free(candidates);
		return;
	}
	for (int i = 0; i < units->count; i++) {   /* decided on the whole set, then moved */
		const char *file = units->units[i].file;
		if (has_suffix_h(file) && !read_by_another(units, i, file))
			candidates[i] = file;
	}
	sa_other_platforms(units, candidates, units->count, why);
	free(candidates);
	for (int i = 0; i < units->count; i++) {
		struct sa_unit *u = &units->units[i];
		if (!why[i][0]) {
			units->units[kept++] = *u;
			continue;
		}
		if (units->nleft_out == cap) {
			struct sa_left_out *grown = realloc(units->left_out,
							    (size_t)(cap ? 2 * cap : 8) * sizeof *grown);
			if (!grown) {
				units->units[kept++] = *u;
				continue;
			}
			units->left_out = grown;
			cap = cap ? 2 * cap : 8;
		}
		struct sa_left_out *l = &units->left_out[units->nleft_out++];
		l->file = strdup(u->file);
		l->why = strdup(why[i]);
		sa_unit_clear(u);
	}
	units->count = kept;
	free(why);
}

int scan_execute(struct snc_db *db, int64_t run_id, const struct scan_request *req,
		 struct scan_outcome *out)
{
	struct sa_units *units = &out->units;
	if (!req->parse_all && reuse_unchanged(db, units) != 0)
		return cli_error(req->cmd, "%s", snc_db_errmsg(db));
	parse_pending(units, req);
	if (out->headers.count > 0) {
		sa_units_add_orphan_headers(units, &out->headers);
		if (!req->parse_all && reuse_unchanged(db, units) != 0)
			return cli_error(req->cmd, "%s", snc_db_errmsg(db));
		parse_pending(units, req);
		sa_units_sort(units);
	}
	if (req->platform_apart)
		leave_out_other_platforms(units);
	const struct sa_unit *first = NULL;
	int refusing_units = 0;
	for (int i = 0; i < units->count; i++) {
		const struct sa_unit *u = &units->units[i];
		if (u->reused_from)
			out->reused++;
		else
			out->parsed++;
		if (sa_unit_refuses_alone(u)) {
			refusing_units++;
			out->refuse_alone += i == 0 || strcmp(units->units[i - 1].file, u->file) != 0;
		} else if (u->status == SA_UNIT_ERRORS && has_suffix_h(u->file) &&
			   sa_units_source_reading(units, u->file)) {   /* needs its includers */
			out->needs_includer++;
		} else if (u->status == SA_UNIT_ERRORS || u->status == SA_UNIT_FAILED) {
			out->with_errors++;
			report_errors(u, req->cmd);
			if (!first && u->ndiagnostics > 0)
				first = u;
		}
	}
	print_summary(out, first, req);
	out->files = count_files(units);
	/* nothing changed since one earlier run and nobody reads the model: copy that run.
	 * Either way the references of the rows written below are not checked: a copy's held
	 * together in the run it copies, and a fresh store takes every id it refers to from a
	 * row it has just inserted (the checks were a fifth of the store's CPU; the tests run
	 * PRAGMA foreign_key_check on what scans stored) */
	int64_t earlier = req->model_unused ? reused_run(db, units) : 0;
	if (snc_db_enforce_references(db, false) != 0)
		return cli_error(req->cmd, "%s", snc_db_errmsg(db));
	if (snc_db_begin(db) != 0) {
		snc_db_enforce_references(db, true);
		return cli_error(req->cmd, "%s", snc_db_errmsg(db));
	}
	int copied = earlier > 0 ? snc_db_scan_copy_run(db, earlier, run_id, units->count,
							 req->system_api) : 1;
	bool progress = req->progress && isatty(STDERR_FILENO);
	if (progress)   /* the next phase: seconds for a large project */
		fprintf(stderr, "\r\033[Kscanning: the pairs of %d units, into the database",
			units->count);
	if (copied == 1 && load_reused_functions(db, units) == 0) {
		struct sa_model_options opt = { .system_api = req->system_api };
		out->model = sa_model_build(units->units, units->count, &opt);
		copied = snc_db_scan_store(db, run_id, out->model);
	}
	if (progress)
		fputs("\r\033[K", stderr);
	if (copied != 0) {
		int rc = cli_error(req->cmd, "storing the scan: %s", snc_db_errmsg(db));
		snc_db_rollback(db);
		snc_db_enforce_references(db, true);
		return rc;
	}
	int committed = snc_db_commit(db);
	if (snc_db_enforce_references(db, true) != 0)
		return cli_error(req->cmd, "%s", snc_db_errmsg(db));
	if (committed != 0)
		return cli_error(req->cmd, "%s", snc_db_errmsg(db));
	out->stored = true;
	int total = units->count - refusing_units;
	if (total > 0 && out->with_errors == total)
		return cli_error(req->cmd, "no unit parsed without errors (results stored, but they "
				 "cannot be trusted: check the flags)");
	if (2 * out->with_errors > total)
		return cli_error(req->cmd, "more than half of the units (%d of %d) have errors "
				 "(results stored, but they cannot be trusted: check the flags)",
				 out->with_errors, total);
	return 0;
}

void scan_outcome_free(struct scan_outcome *out)
{
	sa_model_free(out->model);
	sa_units_free(&out->units);
	sa_units_free(&out->headers);
	out->model = NULL;
}

int scan_examples(struct snc_db *db, int64_t run_id, const char *example_source,
		  const char *include_dir, bool quiet)
{
	char dir[4096], inc[4200];
	snprintf(dir, sizeof dir, "%s", example_source);
	char *examples = dirname(dirname(dir));   /* examples/counters/x.c -> examples */
	snprintf(inc, sizeof inc, "-I%s", include_dir);
	char *paths[] = { examples }, *flags[] = { inc };
	struct scan_request req = { .paths = paths, .npaths = 1, .flags = flags, .nflags = 1,
				    .jobs = snc_cpu_count(), .progress = !quiet,
				    .quiet = quiet, .cmd = "demo" };
	struct scan_outcome out;
	int rc = scan_prepare(&req, &out);
	if (rc == 0)
		rc = scan_execute(db, run_id, &req, &out);
	if (rc == 0 && !quiet) {
		int candidates = 0;
		for (int i = 0; i < out.model->npairs; i++)
			candidates += out.model->pairs[i].cls == SA_SNC_CANDIDATE;
		printf("Scanned %s: %d functions, %d candidate pairs (%d snc-candidate); "
		       "see the scan_functions and scan_pairs views.\n\n", examples, out.model->nfns,
		       out.model->npairs, candidates);
	}
	scan_outcome_free(&out);
	return rc;
}
