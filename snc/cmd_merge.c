/* cmd_merge.c: `snc merge OUT.db SHARD.db...`, one database from the shards of a job.
 *
 * The shards of a job (`--shard K/N` on every command of it, each shard into its own
 * database) hold the same sequence of runs. Before anything is written, the inputs are
 * checked: every run of every input made with --shard and finished, the same N
 * everywhere, each K from 1 to N exactly once, and at each position of the sequence the
 * same command, options, source revision and snc version. Then each position becomes one
 * run of OUT: a scan's units from every shard in one model (as one scan of the whole tree
 * builds it), a harness run's rows from the shard it fell to, with the schedules the other
 * shards explored for it (`--schedules`: its pairs are split over the shards), an audit's
 * scan from one shard (each scanned the whole library), each of its harnesses from the
 * shard its family fell to, in the order of their names as the audit stores them, and
 * the notes every shard stored for its families. The findings of every
 * merged run are computed in OUT as the command would have, so `snc report` and `snc
 * gate` read the same as from one unsharded database. OUT is written under a temporary
 * name and renamed when complete; the inputs are only read. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "config.h"
#include "interrupt.h"
#include "scan.h"

static const struct snc_opt merge_options[] = {
	CLI_OPT_QUIET,
	{ 0 },
};
static const struct snc_opt *const merge_tables[] = { merge_options, NULL };

const struct snc_command_doc cmd_merge_doc = {
	.prog = "snc merge",
	.usage = "snc merge [options] OUT.db SHARD.db...",
	.about = "Combines the databases of the N shards of a job (every command of it run with\n"
		 "--shard K/N, docs/ci.md) into one new database OUT.db, from which report and gate\n"
		 "give what one unsharded database gives. Refuses (exit 2) shards of different source\n"
		 "revisions or options, and a missing or repeated shard. The inputs are only read.",
	.tables = merge_tables,
	.version = SNC_VERSION,
};

struct shard_db {
	const char *path;
	struct snc_db_run_origin *runs;
	int nruns;
};

static const char *or_none(const char *s)
{
	return s ? s : "(none)";
}

static bool same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* Reads an input's runs and checks that each of them is one finished shard run of the
 * same K/N. Returns 0 or the exit status of the one-line error. */
static int read_shard(struct shard_db *s)
{
	char err[512];
	struct stat st;
	if (stat(s->path, &st) != 0)
		return cli_error("merge", "shard database '%s' not found", s->path);
	struct snc_db *db = snc_db_open(s->path, SNC_DB_READONLY, err, sizeof err);
	if (!db)
		return cli_error("merge", "%s", err);
	int rc = snc_db_run_origins(db, &s->runs, &s->nruns);
	if (rc != 0)
		cli_error("merge", "%s: %s (made by an older snc?)", s->path, snc_db_errmsg(db));
	snc_db_close(db);
	if (rc != 0)
		return EXIT_USAGE;
	if (s->nruns == 0)
		return cli_error("merge", "%s holds no run", s->path);
	for (int i = 0; i < s->nruns; i++) {
		const struct snc_db_run_origin *r = &s->runs[i];
		if (!r->has_origin || r->shard_count == 0)
			return cli_error("merge", "%s: run %lld (%s) was not made with --shard", s->path,
					 (long long)r->run_id, r->command);
		if (r->shard_index != s->runs[0].shard_index || r->shard_count != s->runs[0].shard_count)
			return cli_error("merge", "%s: run %lld is shard %d/%d, run %lld shard %d/%d",
					 s->path, (long long)s->runs[0].run_id, s->runs[0].shard_index,
					 s->runs[0].shard_count, (long long)r->run_id, r->shard_index,
					 r->shard_count);
		if (strcmp(r->status, "ok") != 0 && strcmp(r->status, "findings") != 0 &&
		    strcmp(r->status, "failed") != 0)
			return cli_error("merge", "%s: run %lld is %s", s->path, (long long)r->run_id,
					 r->status);
	}
	return 0;
}

/* Every K of N once, and the same job in every shard. */
static int check_shards(struct shard_db *shards, int n)
{
	int count = shards[0].runs[0].shard_count;
	for (int i = 0; i < n; i++) {
		const struct snc_db_run_origin *a = &shards[i].runs[0];
		if (a->shard_count != count)
			return cli_error("merge", "%s is shard %d/%d but %s is shard %d/%d",
					 shards[0].path, shards[0].runs[0].shard_index, count,
					 shards[i].path, a->shard_index, a->shard_count);
		for (int j = 0; j < i; j++)
			if (shards[j].runs[0].shard_index == a->shard_index)
				return cli_error("merge", "shard %d/%d is given twice: %s and %s",
						 a->shard_index, count, shards[j].path, shards[i].path);
	}
	for (int k = 1; k <= count; k++) {
		bool found = false;
		for (int i = 0; i < n; i++)
			found |= shards[i].runs[0].shard_index == k;
		if (!found)
			return cli_error("merge", "shard %d/%d is missing", k, count);
	}
	const struct shard_db *first = &shards[0];
	for (int i = 1; i < n; i++) {
		const struct shard_db *s = &shards[i];
		if (s->nruns != first->nruns)
			return cli_error("merge", "%s holds %d runs but %s %d: not the same job",
					 first->path, first->nruns, s->path, s->nruns);
		for (int r = 0; r < s->nruns; r++) {
			const struct snc_db_run_origin *a = &first->runs[r], *b = &s->runs[r];
			if (!same(a->command, b->command) || !same(a->options, b->options))
				return cli_error("merge", "run %d differs: '%s' in %s, '%s' in %s", r + 1,
						 a->options, first->path, b->options, s->path);
			if (!same(a->source_revision, b->source_revision))
				return cli_error("merge", "run %d: source revision %s in %s, %s in %s",
						 r + 1, or_none(a->source_revision), first->path,
						 or_none(b->source_revision), s->path);
			if (!same(a->tool_version, b->tool_version))
				return cli_error("merge", "run %d: snc %s in %s, %s in %s", r + 1,
						 a->tool_version, first->path, b->tool_version, s->path);
		}
	}
	return 0;
}

static int by_shard_index(const void *a, const void *b)
{
	const struct shard_db *x = a, *y = b;
	return x->runs[0].shard_index - y->runs[0].shard_index;
}

static bool has_word(const char *line, const char *word)
{
	size_t n = strlen(word);
	for (const char *p = strstr(line, word); p; p = strstr(p + 1, word))
		if ((p == line || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

/* One scan over the units every shard scanned at position r, stored into run_id. An
 * audit's shards each scanned everything: the first one's units are the scan (whole). */
static int merge_scan(struct snc_db *out, const struct shard_db *shards, int n, int r,
		      int64_t run_id, bool whole)
{
	if (whole)
		n = 1;
	struct sa_units units = { 0 };
	char err[512];
	int rc = 0;
	for (int i = 0; i < n && rc == 0; i++) {
		if (shards[i].runs[r].skipped)
			continue;
		struct snc_db *db = snc_db_open(shards[i].path, SNC_DB_READONLY, err, sizeof err);
		if (!db) {
			cli_error("merge", "%s", err);
			rc = -1;
			break;
		}
		int64_t *ids = NULL;
		int nids = 0;
		rc = snc_db_scan_run_unit_ids(db, shards[i].runs[r].run_id, &ids, &nids);
		struct sa_unit *grown = rc == 0 ? realloc(units.units, (size_t)(units.count + nids + 1) *
							  sizeof *units.units) : NULL;
		if (rc == 0 && !grown)
			rc = -1;
		if (grown)
			units.units = grown;
		for (int k = 0; k < nids && rc == 0; k++) {
			struct sa_unit *u = &units.units[units.count++];
			memset(u, 0, sizeof *u);
			rc = snc_db_scan_load_unit(db, ids[k], u);
		}
		if (rc != 0)
			cli_error("merge", "%s: %s", shards[i].path, snc_db_errmsg(db));
		free(ids);
		snc_db_close(db);
	}
	if (rc == 0 && !whole && scan_shard_merge(&units) != 0)
		rc = cli_error("merge", "out of memory merging the scans");
	if (rc == 0) {
		struct sa_model_options opt = {
			.system_api = has_word(shards[0].runs[r].options, "--system"),
		};
		struct sa_model *model = sa_model_build(units.units, units.count, &opt);
		if (snc_db_begin(out) != 0 || snc_db_scan_store(out, run_id, model) != 0 ||
		    snc_db_commit(out) != 0) {
			cli_error("merge", "storing the merged scan: %s", snc_db_errmsg(out));
			snc_db_rollback(out);
			rc = -1;
		}
		sa_model_free(model);
	}
	sa_units_free(&units);
	return rc;
}

struct shard_harness {
	char *name;
	int shard;   /* index into the shards */
};

static int by_harness(const void *a, const void *b)
{
	return strcmp(((const struct shard_harness *)a)->name, ((const struct shard_harness *)b)->name);
}

/* The harnesses of every shard's run at position r, by name; -1 after a one-line error
 * (a harness in two shards: the split was not the same). */
static int audit_harnesses(const struct shard_db *shards, int n, int r, struct shard_harness **out,
			   int *nout)
{
	char err[512];
	int rc = 0;
	*out = NULL;
	*nout = 0;
	for (int i = 0; i < n && rc == 0; i++) {
		struct snc_db *db = snc_db_open(shards[i].path, SNC_DB_READONLY, err, sizeof err);
		if (!db)
			return cli_error("merge", "%s", err);
		char **names = NULL;
		int nnames = 0;
		rc = snc_db_run_harness_names(db, shards[i].runs[r].run_id, &names, &nnames);
		if (rc != 0)
			cli_error("merge", "%s: %s", shards[i].path, snc_db_errmsg(db));
		struct shard_harness *grown = rc == 0 ? realloc(*out, (size_t)(*nout + nnames + 1) *
								 sizeof **out) : NULL;
		if (rc == 0 && !grown)
			rc = cli_error("merge", "out of memory");
		if (grown)
			*out = grown;
		for (int k = 0; k < nnames; k++) {
			if (rc == 0)
				(*out)[(*nout)++] = (struct shard_harness){ names[k], i };
			else
				free(names[k]);
		}
		free(names);
		snc_db_close(db);
	}
	if (rc != 0)
		return -1;
	qsort(*out, (size_t)*nout, sizeof **out, by_harness);
	for (int k = 1; k < *nout; k++)
		if (strcmp((*out)[k - 1].name, (*out)[k].name) == 0)
			return cli_error("merge", "run %d: harness %s is in %s and in %s", r + 1,
					 (*out)[k].name, shards[(*out)[k - 1].shard].path,
					 shards[(*out)[k].shard].path);
	return 0;
}

/* An audit at position r: the scan, each harness from its shard (in the order of their
 * names, as one audit stores them), every shard's notes, and the audit's status. */
static int merge_audit(struct snc_db *out, const struct shard_db *shards, int n, int r,
		       int64_t run_id)
{
	if (merge_scan(out, shards, n, r, run_id, true) != 0)
		return -1;
	struct shard_harness *harnesses;
	int nharnesses, rc = audit_harnesses(shards, n, r, &harnesses, &nharnesses);
	for (int k = 0; k < nharnesses && rc == 0; k++) {
		const struct shard_db *s = &shards[harnesses[k].shard];
		if (snc_db_merge_copy_harness(out, s->path, s->runs[r].run_id, harnesses[k].name,
					      run_id) != 0)
			rc = cli_error("merge", "copying harness %s of %s: %s", harnesses[k].name,
				       s->path, snc_db_errmsg(out));
	}
	for (int k = 0; k < nharnesses; k++)
		free(harnesses[k].name);
	free(harnesses);
	for (int i = 0; i < n && rc == 0; i++)
		if (snc_db_merge_copy_notes(out, shards[i].path, shards[i].runs[r].run_id, run_id) != 0)
			rc = cli_error("merge", "copying the notes of %s: %s", shards[i].path,
				       snc_db_errmsg(out));
	if (rc == 0 && snc_db_merge_audit_status(out, run_id) != 0)
		rc = cli_error("merge", "%s", snc_db_errmsg(out));
	return rc == 0 ? 0 : -1;
}

/* Position r of the job as one run of out. Returns 0 or -1 after a one-line error. */
static int merge_position(struct snc_db *out, const struct shard_db *shards, int n, int r,
			  int64_t *merged)
{
	const struct snc_db_run_origin *like = &shards[0].runs[r];
	int working = 0;
	for (int i = 0; i < n; i++)
		if (!shards[i].runs[r].skipped && !shards[i].runs[r].schedules_only && working++ == 0)
			like = &shards[i].runs[r];
	int64_t run_id = snc_db_merge_run_add(out, like, n);
	if (run_id < 0) {
		cli_error("merge", "%s", snc_db_errmsg(out));
		return -1;
	}
	*merged = run_id;
	if (strcmp(like->command, "scan") == 0)
		return merge_scan(out, shards, n, r, run_id, false);
	if (strcmp(like->command, "audit") == 0)
		return merge_audit(out, shards, n, r, run_id);
	/* Whole runs first, then the schedules other shards explored for their harnesses. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < n; i++) {
			const struct snc_db_run_origin *o = &shards[i].runs[r];
			if (o->skipped || o->schedules_only != pass)
				continue;
			int copied = pass ? snc_db_merge_copy_schedules(out, shards[i].path, o->run_id, run_id)
					  : snc_db_merge_copy_run(out, shards[i].path, o->run_id, run_id);
			if (copied != 0) {
				cli_error("merge", "copying run %lld of %s: %s", (long long)o->run_id,
					  shards[i].path, snc_db_errmsg(out));
				return -1;
			}
		}
	return 0;
}

static void remove_database(const char *path)
{
	char side[PATH_MAX + 8];
	unlink(path);
	snprintf(side, sizeof side, "%s-wal", path);
	unlink(side);
	snprintf(side, sizeof side, "%s-shm", path);
	unlink(side);
}

static int write_merged(const char *out_path, struct shard_db *shards, int n, bool quiet)
{
	char tmp[PATH_MAX], err[512];
	if (snprintf(tmp, sizeof tmp, "%s.merging-XXXXXX", out_path) >= (int)sizeof tmp)
		return cli_error("merge", "path too long: %s", out_path);
	int fd = mkstemp(tmp);
	if (fd < 0)
		return cli_error("merge", "cannot write next to '%s': %s", out_path, strerror(errno));
	mode_t mask = umask(0);   /* the mode any new file gets, not mkstemp's 0600 */
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	close(fd);
	interrupt_catch();   /* SIGINT and the like: the partial file is removed, not left */
	struct snc_db *out = snc_db_open(tmp, SNC_DB_CREATE, err, sizeof err);
	int rc = out ? 0 : cli_error("merge", "%s", err);
	int nruns = shards[0].nruns;
	int64_t *merged = calloc((size_t)nruns, sizeof *merged);
	if (rc == 0 && !merged)
		rc = cli_error("merge", "out of memory");
	for (int r = 0; rc == 0 && r < nruns && !interrupt_caught(); r++)
		if (merge_position(out, shards, n, r, &merged[r]) != 0)
			rc = EXIT_USAGE;
	/* The findings of each run, as of the runs before it, as the command stored them. */
	for (int r = 0; rc == 0 && r < nruns && !interrupt_caught(); r++)
		if (snc_db_merge_findings(out, merged[r]) != 0)
			rc = cli_error("merge", "computing the findings: %s", snc_db_errmsg(out));
	if (rc == 0 && interrupt_caught()) {
		fprintf(stderr, "snc merge: interrupted by SIG%s: nothing written\n",
			sigabbrev_np(interrupt_caught()));
		rc = 128 + interrupt_caught();
	}
	free(merged);
	snc_db_close(out);
	if (rc == 0 && rename(tmp, out_path) != 0)
		rc = cli_error("merge", "cannot write '%s': %s", out_path, strerror(errno));
	if (rc != 0) {
		remove_database(tmp);
		return rc;
	}
	if (!quiet)
		printf("snc merge: %d shards, %d runs each, merged into %s\n", n, nruns, out_path);
	return 0;
}

int cmd_merge(int argc, char **argv)
{
	bool quiet = false;
	struct snc_cmdline cl;
	struct snc_opt_value v;
	if (snc_cmdline_init(&cl, &cmd_merge_doc, argc, argv) != 0)
		return cli_error("merge", "out of memory");
	int id;
	while ((id = snc_cmdline_next(&cl, &v)) > 0)
		if (id == CLI_QUIET)
			quiet = true;
	int rc = cli_options_done(id);
	struct shard_db *shards = NULL;
	int n = cl.noperands - 1;
	if (rc >= 0)
		goto out;
	rc = EXIT_USAGE;
	if (cl.rest < argc) {
		cli_error("merge", "unexpected argument '%s'", argv[cl.rest]);
		goto out;
	}
	if (n < 1) {
		cli_error("merge", "give the new database and the shards' (see 'snc merge --help')");
		goto out;
	}
	const char *out_path = cl.operands[0];
	struct stat st;
	if (stat(out_path, &st) == 0) {
		cli_error("merge", "'%s' exists: give a new file (the shards are never overwritten)",
			  out_path);
		goto out;
	}
	shards = calloc((size_t)n, sizeof *shards);
	if (!shards) {
		cli_error("merge", "out of memory");
		goto out;
	}
	for (int i = 0; i < n; i++) {
		shards[i].path = cl.operands[i + 1];
		if (read_shard(&shards[i]) != 0)
			goto out;
	}
	if (check_shards(shards, n) != 0)
		goto out;
	qsort(shards, (size_t)n, sizeof *shards, by_shard_index);
	rc = write_merged(out_path, shards, n, quiet);
out:
	for (int i = 0; shards && i < n; i++)
		snc_db_run_origins_free(shards[i].runs, shards[i].nruns);
	free(shards);
	snc_cmdline_free(&cl);
	return rc;
}
