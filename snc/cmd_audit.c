/* cmd_audit.c: `snc audit HEADER... [SOURCES...] [-- CFLAGS...]` (or `snc audit DIR`: its
 * public headers, audit_project.c), a library's verdicts without a hand-written harness.
 *
 * One run (command "audit") holds everything: the scan of the headers and sources, one
 * harness per object family (audit.h explains the plan), each built with the library and
 * run into the same run, and the notes on what was skipped and why. The steps and their
 * wall times (scan, generate+build, classify, measure) are printed at the end; the bench
 * reads that line. A header that does not parse, a family that cannot be built, a harness
 * that does not compile or whose initial state crashes: each is a note, and the audit goes
 * on; the summary counts families by what became of them. Exit status 0 when some family
 * was audited (whatever it found); 2 for a usage error, a --lib that cannot be linked,
 * nothing audited, or a database that cannot be written. With --shard K/N every shard
 * scans and plans the whole library and runs the families that fall to it (falls_here);
 * `snc merge` joins the shards' runs into what one audit stores. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "snc_audit.h"
#include "cli.h"
#include "config.h"
#include "scan.h"

enum { O_LIB = 100, O_EMIT, O_DOMAIN, O_FAMILY, O_CONFIG, O_NO_MEASURE, O_NO_PROVE };
static const struct snc_opt audit_options[] = {
	{ CLI_COMPDB, "compile-commands", 'p', SNC_OPT_TEXT, "FILE", 0, 0, NULL,
	  "scan the project's sources with their build flags" },
	CLI_OPT_EXCLUDE,
	{ O_LIB, "lib", 0, SNC_OPT_TEXT, "LIB", 0, 0, NULL,
	  "link harnesses with LIB (an archive, a .so, -lNAME);\n"
	  "SOURCE.c files given are compiled in" },
	{ O_EMIT, "emit-harness", 0, SNC_OPT_TEXT, "DIR", 0, 0, NULL,
	  "keep the generated harnesses in DIR (NAME.c)" },
	{ O_DOMAIN, "domain", 0, SNC_OPT_INT, "N", 1, 64, NULL,
	  "integer arguments take 0..N-1 (default 2)" },
	{ O_FAMILY, "family", 0, SNC_OPT_TEXT, "TYPE", 0, 0, NULL,
	  "audit only this family (its type, its typedef or harness\nname); repeat for more" },
	{ O_CONFIG, "config", 0, SNC_OPT_TEXT, "FILE", 0, 0, NULL,
	  "constructors, set-up, roles and domains (docs/audit.md)" },
	CLI_OPT_INCLUDE, CLI_OPT_DEFINE, CLI_OPT_DB,
	{ O_NO_MEASURE, "no-measure", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL,
	  "do not measure costs under the snc Valgrind tool (they\n"
	  "are measured when the tool is available)" },
	{ O_NO_PROVE, "no-prove", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL,
	  "do not explore schedules for the SNC pairs that pay\n"
	  "nothing (their findings then come without a proof)" },
	{ CLI_JSON, "json", 0, SNC_OPT_FLAG, NULL, 0, 0, NULL, "print the verdicts as JSON" },
	CLI_OPT_OUTPUT,
	CLI_OPT_COLOR,
	CLI_OPT_SHARD,
	{ 0 },
};
/* Then every option of harness programs (--depth defaults to 1, --boundary to 8,
 * --max-executions to 30000 and --measure-states to 4 for audits; --quiet prints only the
 * notes and the summary line). */
static const struct snc_opt *const audit_tables[] = { audit_options, snc_run_options, NULL };

const struct snc_command_doc cmd_audit_doc = {
	.prog = "snc audit",
	.usage = "snc audit [options] HEADER... [SOURCE.c|DIR...] [-- CFLAGS...]\n"
		 "snc audit [options] DIR...   (or -p BUILD/compile_commands.json, no header)\n"
		 "snc audit [options] -p BUILD/compile_commands.json --lib LIB HEADER...",
	.about = "Classifies every pair of a library's API functions without a hand-written harness:\n"
		 "scans the headers (and sources), groups the functions into object families (the\n"
		 "same type behind the first parameter), generates one harness per family, builds it\n"
		 "with the library and classifies it. Everything goes into one run of the database;\n"
		 "what cannot be generated is reported with the reason. Every SNC pair with no\n"
		 "heavyweight instruction measured is then run concurrently from its witness state\n"
		 "under controlled schedules: the non-linearizable outcome found is stored as its\n"
		 "proof (or what was explored without finding one; --no-prove skips this). The\n"
		 "options of harness programs (see 'snc run --help') are passed to each one; for\n"
		 "audits --depth is 1, --boundary 8, --max-executions 30000 and --measure-states\n"
		 "4 unless given. Given directories and no header, the API is the headers under\n"
		 "DIR/include (else every header outside tests, examples and build output) and the\n"
		 "library is DIR's sources, less tests, mains and harnesses (with the flags of DIR's\n"
		 "compile_commands.json, or its build folder's, if any); given -p and no header,\n"
		 "the headers of the project's -I directories.",
	.tables = audit_tables,
	.version = SNC_VERSION,
};

struct strings {
	char **v;
	int n, cap;
};

static void push(struct strings *s, const char *value)
{
	if (s->n + 2 > s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		s->v = realloc(s->v, (size_t)s->cap * sizeof *s->v);
		if (!s->v) {
			fprintf(stderr, "snc audit: out of memory\n");
			exit(EXIT_USAGE);
		}
	}
	s->v[s->n++] = strdup(value);
	s->v[s->n] = NULL;
}

static void strings_free(struct strings *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

struct audit_request {
	struct strings headers, sources, libs, cflags, families, forward, excludes;
	struct strings unit_inputs;   /* -p: the units that define the API, each with its own
					 flags (harness_unit_input), compiled into the harnesses */
	int user_cflags;              /* cflags given by the user, before the compile
					 database's (add_compdb_flags) */
	bool headers_named;           /* the headers are the user's, not found in a folder */
	char pkgconfig_note[1024];    /* the pkg-config packages whose flags were added, or "" */
	const char *compdb, *emit_dir, *config_path, *db_path;
	const char *workdir;          /* where harness programs run: the files the library's
					 calls make from relative paths ("0", "1") land there,
					 never in the user's folder; emptied after each family,
					 removed at the end */
	char found_compdb[PATH_MAX + 64];   /* the database a project directory holds */
	const char *wrapper_header;   /* snc_macros.h (it includes every header), or NULL */
	int domain;
	bool json, quiet, depth_given, measure_states_given, boundary_given, budget_given, no_measure,
	     no_prove;
	struct snc_shard shard;      /* --shard K/N; count 0 when not sharded */
	int shard_rc;                /* -1, or the exit status of a bad --shard */
};

struct audit_times {
	double scan, build, classify, measure;
};

/* What became of a planned family. */
enum family_outcome { AUDITED, NOT_BUILT, NOT_RUN, NOT_STARTED, NONE_RAN, NOUTCOMES };


struct audit_counts {
	int planned, skipped, outcome[NOUTCOMES];
	int functions_skipped;
	int elsewhere;               /* planned families that fall to other shards */
};

/* ---- --shard K/N ------------------------------------------------------------------------ */

/* With --shard K/N a shard runs the planned families whose harness name falls to it
 * (snc_shard_owns), and stores the rows that depend on what became of them: a note or
 * item is stored by the shard of the planned family it concerns, one that concerns no
 * planned family (it depends on the plan alone, the same in every shard) by shard 1. The
 * shards' rows are then disjoint and together are what one audit stores (docs/ci.md). */
static bool falls_here(const struct audit_request *rq, const struct audit_plan *plan,
		       const char *family)
{
	if (rq->shard.count <= 1)
		return true;
	for (int i = 0; family && i < plan->nfamilies; i++)   /* a family started again */
		if (plan->families[i].instead_of && strcmp(plan->families[i].name, family) == 0)
			family = plan->families[i].key;
	for (int i = 0; family && i < plan->nfamilies; i++)
		if (strcmp(plan->families[i].key, family) == 0)
			return snc_shard_owns(&rq->shard, plan->families[i].name);
	return rq->shard.index == 1;
}

/* The planned family a function's row depends on: the one it is an operation or the
 * starter of, else the one its first parameter points to (whose note may say why it was
 * not audited), else NULL. */
static const char *row_family(const struct audit_where *w, const struct sa_function *fn)
{
	if (w->family)
		return w->family->key;
	const struct sa_type *first = fn->typed && fn->nparams ? &fn->param_types[0].type : NULL;
	return first ? first->pointee : NULL;
}

static int by_harness_name(const void *a, const void *b)
{
	return strcmp(((const struct audit_family *)a)->name, ((const struct audit_family *)b)->name);
}

/* ---- one family: write, build, run ----------------------------------------------------- */

/* The command that runs an emitted harness again, for its top comment. */
static void rerun_command(const struct audit_request *rq, const char *file, char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "snc run %s", file);
	for (int i = 0; i < rq->sources.n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, " %s", rq->sources.v[i]);
	if (rq->cflags.n + rq->libs.n > 0 && used < len)
		used += (size_t)snprintf(buf + used, len - used, " --");
	for (int i = 0; i < rq->cflags.n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, " %s", rq->cflags.v[i]);
	for (int i = 0; i < rq->libs.n && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, " %s", rq->libs.v[i]);
}

static int write_harness(const struct audit_request *rq, const struct audit_plan *plan,
			 const struct audit_family *fam,
			 const char *dir, char *path, size_t len)
{
	snprintf(path, len, "%s/%s.c", dir, fam->name);
	FILE *out = fopen(path, "w");
	if (!out)
		return -1;
	/* A header path the #include line cannot spell is reached through a link with a plain
	 * name next to the harness (its own folder is added with -I by build_family). */
	char link[PATH_MAX];
	snprintf(link, sizeof link, "%s/%s.header.h", dir, fam->name);
	bool linked = !audit_include_spellable(fam->header);
	char abs[PATH_MAX];
	if (linked && (!realpath(fam->header, abs) || (unlink(link), symlink(abs, link)) != 0))
		return fclose(out), -1;
	/* the named headers it needs: its own, an operation's (a macro of ck_rwlock.h defines
	 * ck_elide_ck_rwlock_* on ck_elide.h's struct), its constructor's, its contexts' */
	const char **headers = NULL;
	int nheaders = rq->wrapper_header || linked ? 0 : audit_family_headers(plan, fam, &headers);
	char **includes = calloc((size_t)nheaders + 1, sizeof *includes);
	int nincludes = 0;
	if (!includes)
		return free(headers), fclose(out), -1;
	if (rq->wrapper_header)   /* it includes every header */
		includes[nincludes++] = audit_include_of(rq->wrapper_header);
	else if (linked && asprintf(&includes[nincludes++], "\"%s.header.h\"", fam->name) < 0)
		includes[nincludes - 1] = NULL;
	for (int i = 0; i < nheaders; i++)
		if (audit_include_spellable(headers[i]))
			includes[nincludes++] = audit_include_of(headers[i]);
	free(headers);
	bool complete = nincludes > 0;   /* not when out of memory: nothing is written */
	for (int i = 0; i < nincludes; i++)
		complete &= includes[i] != NULL;
	int rc = -1;
	if (complete) {
		char command[2048];
		rerun_command(rq, path, command, sizeof command);
		audit_emit(out, fam, includes, nincludes, command);
		rc = 0;
	}
	for (int i = 0; i < nincludes; i++)
		free(includes[i]);
	free(includes);
	return fclose(out) == 0 ? rc : -1;
}

/* What a family's harness is compiled with: the sources and libraries named, and the
 * flags. */
static void family_build_inputs(const struct audit_request *rq, const struct audit_family *fam,
				struct strings *inputs, struct strings *flags)
{
	const struct strings *sources = rq->unit_inputs.n ? &rq->unit_inputs : &rq->sources;
	for (int i = 0; i < sources->n; i++)
		push(inputs, sources->v[i]);
	for (int i = 0; i < rq->libs.n; i++)
		push(inputs, rq->libs.v[i]);
	for (int i = 0; i < rq->cflags.n; i++)
		push(flags, rq->cflags.v[i]);
	if (!audit_include_spellable(fam->header)) {   /* included through a link: its folder */
		char dir[PATH_MAX + 2];
		const char *slash = strrchr(fam->header, '/');
		snprintf(dir, sizeof dir, "-I%.*s", slash ? (int)(slash - fam->header) : 1,
			 slash ? fam->header : ".");
		push(flags, dir);
	}
}

/* Compiles a harness with its inputs and flags (family_build_inputs), and its measure
 * build (the same without the scheduler's instrumentation) unless --no-measure. */
static int build_family(const struct audit_request *rq, const struct strings *inputs,
			const struct strings *flags, const char *source, const char *program)
{
	int rc = harness_program_build("audit", source, inputs->v, inputs->n, flags->v, flags->n,
				       program);
	if (rc == 0 && !rq->no_measure)
		rc = harness_program_build_measure("audit", source, inputs->v, inputs->n, flags->v,
						   flags->n, program);
	if (rc != 0)
		harness_program_remove(program);
	return rc;
}

/* What a family's own notes name it by: its type, or, for a family started again by
 * another constructor, its harness name: its failure is not the first family's. */
static const char *family_of_note(const struct audit_family *fam)
{
	return fam->instead_of ? fam->name : audit_family_label(fam);
}

/* The outcome of op in the list of those that never gave a result, or NULL. */
static const char *never_ran_outcome(const struct snc_db_never_ran *list, int n, const char *op)
{
	for (int k = 0; k < n; k++)
		if (strcmp(list[k].op, op) == 0)
			return list[k].outcome;
	return NULL;
}

/* The note that says fam's function name gave no result alone, or NULL. */
static struct audit_note *failed_note(struct audit_plan *plan, const struct audit_family *fam,
				      const char *name)
{
	for (int k = 0; k < plan->nnotes; k++) {
		struct audit_note *n = &plan->notes[k];
		if (strcmp(n->kind, "function") == 0 && strcmp(n->name, name) == 0 && n->family &&
		    strcmp(n->family, audit_family_label(fam)) == 0 &&
		    strcmp(n->status, "failed") == 0 && strncmp(n->detail, "gave no result alone", 20) == 0)
			return n;
	}
	return NULL;
}

/* Ops that never gave a result alone, from any state (each crashed, blocked or exited:
 * ck_hs_init on a zeroed allocator leaves a set every op crashes on) are not in a verdict:
 * each gets a "failed" note, and a family where no op ever ran did not start. Returns 0,
 * or -1 when the database failed. */
static int note_ops_that_never_ran(struct snc_db *db, struct audit_plan *plan,
				   const struct audit_family *fam, int64_t run_id,
				   enum family_outcome *outcome)
{
	struct snc_db_never_ran never_ran[AUDIT_MAX_OPS];   /* a harness has no more ops */
	int never = 0;
	int found = snc_db_audit_ops_never_ran(db, run_id, fam->name, never_ran, AUDIT_MAX_OPS,
					       &never);
	if (found != 0 || never == 0)
		return found < 0 ? -1 : 0;
	never = never < AUDIT_MAX_OPS ? never : AUDIT_MAX_OPS;
	int ran = 0;   /* ops besides the initializer that gave a result */
	for (int i = 0; i < fam->nops; i++)
		ran += fam->ops[i].fn != fam->starter &&
		       !never_ran_outcome(never_ran, never, fam->ops[i].name);
	if (ran == 0 && fam->instead_of) {
		*outcome = NONE_RAN;   /* started again, to no avail: the first family's notes stand */
		return 0;
	}
	if (ran == 0) {
		char names[1024];
		size_t used = 0;
		names[0] = '\0';
		for (int k = 0; k < never && used < sizeof names; k++)
			used += (size_t)snprintf(names + used, sizeof names - used, "%s%s: %s",
						 k ? ", " : "", never_ran[k].op, never_ran[k].outcome);
		*outcome = NONE_RAN;
		audit_note(plan, "family", audit_family_label(fam), audit_family_label(fam),
			   "failed", "no operation gave a result "
			   "alone from any state (%s): the initial state (%s) is not one they can "
			   "run from; a config file can name the constructor, initializer or setup",
			   names, fam->starter ? fam->starter->name : "a zeroed object");
		return 0;
	}
	for (int i = 0; i < fam->nops && !fam->instead_of; i++) {   /* the first family's stand */
		const char *how = never_ran_outcome(never_ran, never, fam->ops[i].name);
		if (how)
			audit_note(plan, "function", fam->ops[i].fn->name, audit_family_label(fam), "failed",
				   "gave no result alone from any state (%s): every verdict of its "
				   "pairs is unknown", how);
	}
	return 0;
}

/* audit_family, with what the family's harness is compiled with. */
/* Does c end a quote opening a name in a compiler's message: ', `, or the last byte of a
 * UTF-8 left quote? */
static bool quote_before(char c)
{
	return c == '\'' || c == '`' || (unsigned char)c == 0x98;
}

/* The operations whose wrappers the compiler or the linker refused in messages (a line
 * "In function 'op_NAME'", gcc's, or "in function `op_NAME'", ld's): each is taken out of
 * the family with a note that quotes the first error after it, so that the rest is audited
 * (liburing's io_uring_prep_statx took a struct statx the header leaves incomplete;
 * io_uring_enable_rings is declared, but its library does not define it). Returns how many
 * were taken out. */
static int drop_ops_that_do_not_build(struct audit_plan *plan, struct audit_family *fam,
				      const char *messages)
{
	int dropped = 0;
	for (int i = 0; messages && i < fam->nops;) {
		char wrapper[600];
		const char *at = NULL;
		snprintf(wrapper, sizeof wrapper, "op_%s", fam->ops[i].fn->name);
		size_t n = strlen(wrapper);
		for (const char *p = strstr(messages, wrapper); p && !at; p = strstr(p + 1, wrapper))
			if (p > messages && quote_before(p[-1]) && (p[n] == '\'' || (unsigned char)p[n] == 0xe2))
				at = p;   /* 'op_NAME', `op_NAME', or in UTF-8 quotes */
		if (!at) {
			i++;
			continue;
		}
		const char *why = strstr(at, "error"), *undefined = strstr(at, "undefined reference");
		if (undefined && (!why || undefined < why))
			why = undefined;   /* the first of the two */
		char reason[300] = "";
		if (why)
			snprintf(reason, sizeof reason, "%.*s", (int)strcspn(why, "\n"), why);
		audit_note(plan, "function", fam->ops[i].fn->name, audit_family_label(fam), "skipped",
			   "its operation does not build here (%s); the family is audited without it",
			   reason[0] ? reason : "see the compiler's messages");
		audit_free_op(&fam->ops[i]);
		memmove(&fam->ops[i], &fam->ops[i + 1], (size_t)(fam->nops - i - 1) * sizeof *fam->ops);
		fam->nops--;
		dropped++;
	}
	return dropped;
}

static int audit_family_with(struct snc_db *db, const struct audit_request *rq,
			     struct audit_plan *plan, struct audit_family *fam,
			     const char *dir, int64_t run_id, struct audit_times *t,
			     enum family_outcome *outcome, const struct strings *inputs,
			     const struct strings *flags)
{
	*outcome = NOT_BUILT;
	char source[PATH_MAX], program[PATH_MAX];
	double start = now();
	if (write_harness(rq, plan, fam, dir, source, sizeof source) != 0) {
		audit_note(plan, "family", family_of_note(fam), family_of_note(fam),
			   "failed", "cannot write %s: %s", source,
			   strerror(errno));
		return 0;
	}
	snprintf(program, sizeof program, "%s/%s.program", dir, fam->name);
	bool progress = !rq->quiet && isatty(STDERR_FILENO);
	if (!rq->quiet)
		fprintf(stderr, "snc audit: %s: %d operation%s, initial state: %s\n", fam->name, fam->nops,
			fam->nops == 1 ? "" : "s", fam->initial);
	if (progress)   /* compiling takes seconds; the program then draws its own line */
		cli_progress("snc audit: %s: building the harness program", fam->name);
	int built = build_family(rq, inputs, flags, source, program);
	/* an operation the compiler or linker refuses is left out, and the rest built again */
	for (int round = 0; built != 0 && round < 3 && fam->nops > 1; round++) {
		int before = fam->nops;
		if (drop_ops_that_do_not_build(plan, fam, harness_program_messages()) == 0 ||
		    fam->nops == 0 || write_harness(rq, plan, fam, dir, source, sizeof source) != 0)
			break;
		if (!rq->quiet)
			fprintf(stderr, "snc audit: %s: built again without the %d operation%s the "
				"compiler refused\n", fam->name, before - fam->nops,
				before - fam->nops == 1 ? "" : "s");
		built = build_family(rq, inputs, flags, source, program);
	}
	cli_progress_end();
	t->build += now() - start;
	if (built != 0) {
		audit_note(plan, "family", family_of_note(fam), family_of_note(fam),
			   "failed",
			   "the generated harness %s did not compile or link (the compiler's messages "
			   "are above; --emit-harness keeps it)", source);
		return 0;
	}
	*outcome = NOT_RUN;
	start = now();
	int rc = harness_program_run_in(program, source, rq->db_path, run_id, rq->forward.v,
					rq->forward.n, rq->workdir);
	double took = now() - start;
	harness_program_remove(program);
	/* the next family starts from an empty folder, not from the files this one made */
	if (snc_remove_tree(rq->workdir) != 0 || mkdir(rq->workdir, 0700) != 0)
		fprintf(stderr, "snc audit: warning: could not empty %s after the family %s: the "
			"next families find what its calls left there\n", rq->workdir, fam->name);
	/* how `snc replay` builds it again: from the harness kept by --emit-harness; without
	 * it the harness is gone with its temporary folder, and the record says so */
	if (harness_program_record(db, run_id, fam->name, rq->emit_dir ? source : NULL, inputs->v,
				   inputs->n, flags->v, flags->n) != 0)
		return cli_error("audit", "%s", snc_db_errmsg(db));
	double measured = 0;
	char fresh[128] = "";
	int64_t states = 0;
	int found = snc_db_audit_harness(db, run_id, fam->name, fresh, sizeof fresh, &states, &measured);
	if (found < 0)
		return cli_error("audit", "%s", snc_db_errmsg(db));
	t->measure += measured;
	t->classify += took - measured;
	if (rc != 0 || found != 0) {
		audit_note(plan, "family", family_of_note(fam), family_of_note(fam),
			   "failed",
			   "its harness program ended with status %d (its messages are above)", rc);
		return 0;
	}
	*outcome = AUDITED;
	if (strcmp(fresh, "ok") != 0) {
		*outcome = NOT_STARTED;
		if (fam->start == START_CONSTRUCTOR && fam->starter_out < 0 && !fam->globals &&
		    fam->nfallbacks > 0)
			audit_note(plan, "family", family_of_note(fam), family_of_note(fam),
				   "failed", "its initial state could "
				   "not be built (%s in %s, or in one of the %d calls tried while it returned "
				   "NULL; a NULL from every one ends the set-up with SIGABRT): every verdict "
				   "is unknown", fresh, fam->starter->name, fam->nfallbacks);
		else if (fam->start == START_CONSTRUCTOR && fam->starter_out < 0 && !fam->globals)
			audit_note(plan, "family", family_of_note(fam), family_of_note(fam),
				   "failed", "its initial state could "
				   "not be built (%s in %s; a NULL from it ends the set-up with SIGABRT): "
				   "every verdict is unknown", fresh, fam->starter->name);
		else
			audit_note(plan, "family", family_of_note(fam), family_of_note(fam),
				   "failed", "its initial state could "
				   "not be built (%s in %s): every verdict is unknown", fresh,
				   fam->starter ? fam->starter->name : "setup");
	} else if (note_ops_that_never_ran(db, plan, fam, run_id, outcome) != 0) {
		return cli_error("audit", "%s", snc_db_errmsg(db));
	}
	return 0;
}

/* Writes, builds and runs one family's harness; *outcome says how far it got. Returns 0,
 * or EXIT_USAGE when the database failed. */
static int audit_family(struct snc_db *db, const struct audit_request *rq, struct audit_plan *plan,
			struct audit_family *fam, const char *dir, int64_t run_id,
			struct audit_times *t, enum family_outcome *outcome)
{
	struct strings inputs = { 0 }, flags = { 0 };
	family_build_inputs(rq, fam, &inputs, &flags);
	int rc = audit_family_with(db, rq, plan, fam, dir, run_id, t, outcome, &inputs, &flags);
	strings_free(&inputs);
	strings_free(&flags);
	return rc;
}

/* ---- notes ------------------------------------------------------------------------------ */

/* The row of one alias: where its function ended, or skipped with why it has none. */
static int store_alias(struct snc_db *db, const struct audit_request *rq, int64_t run_id,
		       const struct audit_plan *plan, const bool *audited, const struct audit_alias *a,
		       struct audit_coverage *c)
{
	struct snc_db_alias row = {
		.name = a->name, .kind = a->kind, .params = a->params, .target = a->target,
		.args = a->args, .file = a->file, .line = a->line, .header = a->header,
		.status = "skipped", .detail = a->why,
	};
	struct audit_where w = { .status = "skipped" };
	if (a->fn) {
		audit_where_is(plan, audited, a->fn->def, &w);
		row.status = w.status;
		row.detail = w.in_verdict ? NULL : w.detail;
		row.family = w.family ? w.family->key : NULL;
		row.harness = w.family ? w.family->name : NULL;
	}
	if (!falls_here(rq, plan, a->fn ? row_family(&w, a->fn->def) : NULL))
		return 0;   /* another shard's row */
	c->macros++;
	audit_count(&w, c);
	return snc_db_audit_alias_add(db, run_id, &row);
}

/* A row for every API function that is in no verdict and has no note of its own. */
static int store_functions(struct snc_db *db, const struct audit_request *rq, int64_t run_id,
			   const struct audit_plan *plan, const bool *audited,
			   struct audit_coverage *c)
{
	for (int i = 0; i < plan->nfns; i++) {
		struct audit_where w;
		if (audit_wrapped_macro(plan->fns[i].def->name))
			continue;   /* counted as its macro */
		audit_where_is(plan, audited, plan->fns[i].def, &w);
		if (!falls_here(rq, plan, row_family(&w, plan->fns[i].def)))
			continue;   /* counted and stored by another shard */
		const struct sa_function *decl = plan->fns[i].def;
		if (decl->file && decl->line > 0 &&   /* where findings point when no body is tied */
		    snc_db_audit_declaration_add(db, run_id, decl->name, decl->file, decl->line) != 0)
			return -1;
		if (audit_public_name(plan, plan->fns[i].def) == plan->fns[i].def->name) {
			c->functions++;   /* else its macro is the public name, counted with it */
			audit_count(&w, c);
		}
		if (w.in_verdict || w.noted)
			continue;
		if (snc_db_audit_item_add(db, run_id, "function", plan->fns[i].def->name,
					  w.family ? w.family->key : NULL, w.family ? w.family->name : NULL,
					  w.status, w.detail) != 0)
			return -1;
	}
	return 0;
}

/* The harness a note is about: a family's, the first of its type (or the family started
 * again that the note names); a function's, the last family of its type it is an
 * operation of (a part; the family started again where it was audited), else the last
 * of its type. */
static const char *note_harness(const struct audit_plan *plan, const struct audit_note *n)
{
	const char *harness = NULL;
	bool family = strcmp(n->kind, "family") == 0, member = false;
	for (int k = 0; n->family && k < plan->nfamilies; k++) {
		const struct audit_family *f = &plan->families[k];
		if (f->instead_of && strcmp(f->name, n->family) == 0)
			return f->name;
		if (strcmp(f->key, n->family) != 0)
			continue;
		if (family)
			return f->name;
		bool has = false;
		for (int o = 0; o < f->nops && !has; o++)
			has = strcmp(f->ops[o].fn->name, n->name) == 0;
		if (has || !member)
			harness = f->name;
		member |= has;
	}
	return harness;
}

static int store_notes(struct snc_db *db, const struct audit_request *rq, int64_t run_id,
		       const struct audit_plan *plan, const bool *audited, struct audit_coverage *c)
{
	if (snc_db_begin(db) != 0)
		return -1;
	if (store_functions(db, rq, run_id, plan, audited, c) != 0)
		goto fail;
	for (int i = 0; i < plan->naliases; i++)
		if (store_alias(db, rq, run_id, plan, audited, &plan->aliases[i], c) != 0)
			goto fail;
	for (int i = 0; i < plan->nfamilies; i++) {
		const struct audit_family *f = &plan->families[i];
		if (!falls_here(rq, plan, f->key))
			continue;
		bool failed = false;
		for (int k = 0; k < plan->nnotes && !failed; k++)
			failed = strcmp(plan->notes[k].kind, "family") == 0 && plan->notes[k].family &&
				 strcmp(plan->notes[k].family, f->instead_of ? f->name : f->key) == 0 &&
				 strcmp(plan->notes[k].status, "audited") != 0;   /* a split's note */
		if (!failed && snc_db_audit_item_add(db, run_id, "family", f->key, f->key, f->name,
						     "audited", f->initial) != 0)
			goto fail;
	}
	for (int i = 0; i < plan->nnotes; i++) {
		const struct audit_note *n = &plan->notes[i];
		if (!falls_here(rq, plan, n->family))
			continue;
		if (snc_db_audit_item_add(db, run_id, n->kind, n->name, n->family,
					  note_harness(plan, n), n->status, n->detail) != 0)
			goto fail;
	}
	return snc_db_commit(db);
fail:
	snc_db_rollback(db);
	return -1;
}

/* After family i ran: its ops that crashed alone from every state get a family started
 * by another of its constructors, when one fits (audit_plan_restart; `audited` grows with
 * the plan), or those that crashed or waited for good one whose object is an entry linked
 * into a new container (audit_plan_relink: a pushed node); after such a family ran, the
 * notes of the ops that gave results there say so.
 * Returns 0, or an exit status after a one-line error. */
static int start_again(struct snc_db *db, struct audit_plan *plan, int i, int64_t run_id,
		       bool **audited)
{
	struct snc_db_never_ran never[AUDIT_MAX_OPS];
	int nnever = 0;
	const struct audit_family *fam = &plan->families[i];
	if (snc_db_audit_ops_never_ran(db, run_id, fam->name, never, AUDIT_MAX_OPS, &nnever) < 0)
		return cli_error("audit", "%s", snc_db_errmsg(db));
	nnever = nnever < AUDIT_MAX_OPS ? nnever : AUDIT_MAX_OPS;
	if (fam->instead_of) {
		for (int k = 0; k < fam->nops; k++) {
			struct audit_note *n = failed_note(plan, fam, fam->ops[k].fn->name);
			if (!n || never_ran_outcome(never, nnever, fam->ops[k].name))
				continue;
			char detail[600];
			const char *how = strchr(n->detail, '(');   /* "(crash: SIGABRT)" */
			how = how ? how + 1 : "";
			snprintf(detail, sizeof detail, "gave no result alone from the object %s() makes "
				 "(%.*s): audited from the one %s() makes (harness %s)",
				 fam->instead_of->name, (int)strcspn(how, ")"), how, fam->starter->name,
				 fam->name);
			free(n->status);
			free(n->detail);
			n->status = strdup("audited");
			n->detail = strdup(detail);
		}
		return 0;
	}
	const char *crashed[AUDIT_MAX_OPS], *stuck[AUDIT_MAX_OPS];
	int ncrashed = 0, nstuck = 0;
	for (int k = 0; k < nnever; k++) {
		if (strncmp(never[k].outcome, "crash", 5) == 0)
			crashed[ncrashed++] = never[k].op;
		if (strncmp(never[k].outcome, "crash", 5) == 0 ||
		    strncmp(never[k].outcome, "block", 5) == 0)
			stuck[nstuck++] = never[k].op;
	}
	int added = ncrashed ? audit_plan_restart(plan, i, crashed, ncrashed) : -1;
	if (added < 0 && nstuck)   /* an entry's op that waits for a container's link */
		added = audit_plan_relink(plan, i, stuck, nstuck);
	if (added < 0)
		return 0;
	bool *grown = realloc(*audited, (size_t)plan->nfamilies * sizeof *grown);
	if (!grown)
		return cli_error("audit", "out of memory");
	grown[added] = false;
	*audited = grown;
	return 0;
}

/* Notes go to stderr: failures one per line, skipped functions counted by reason after the
 * first few (ck_pr.h alone skips dozens for the same reason). */
static void print_notes(const struct audit_request *rq, const struct audit_plan *plan)
{
	int shown = 0, skipped = 0;
	for (int i = 0; i < plan->nnotes; i++) {
		const struct audit_note *n = &plan->notes[i];
		bool failed = strcmp(n->status, "failed") == 0;
		if (!falls_here(rq, plan, n->family))
			continue;   /* another shard prints it */
		if (!failed && strcmp(n->detail, "not selected (--family)") == 0)
			continue;
		if (!failed && ++skipped > 12)
			continue;
		fprintf(stderr, "snc audit: %s %s %s%s%s: %s\n", n->status, n->kind, n->name,
			n->family && strcmp(n->kind, "family") ? " in " : "",
			n->family && strcmp(n->kind, "family") ? n->family : "", n->detail);
		shown++;
	}
	if (skipped > 12)
		fprintf(stderr, "snc audit: ... and %d more skipped (the audit_items view lists them all)\n",
			skipped - 12);
}

/* ---- the summary ------------------------------------------------------------------------ */

static void count_skipped(const struct audit_request *rq, const struct audit_plan *plan,
			  struct audit_counts *c)
{
	for (int i = 0; i < plan->nnotes; i++) {
		const struct audit_note *n = &plan->notes[i];
		if (strcmp(n->status, "skipped") != 0 || strcmp(n->detail, "not selected (--family)") == 0 ||
		    !falls_here(rq, plan, n->family))
			continue;
		if (strcmp(n->kind, "family") == 0)
			c->skipped++;
		else if (strcmp(n->kind, "function") == 0)
			c->functions_skipped++;
	}
}

/* One line that counts every family by what became of it: "9 families: 7 audited, 2 failed
 * to build; 3 functions skipped; scan ...". The bench reads it. */
static void print_summary(const struct audit_request *rq, const struct audit_counts *c,
			  const struct audit_coverage *api, const struct audit_plan *plan,
			  const struct audit_times *t, int64_t run_id)
{
	static const char *const what[] = {
		[AUDITED] = "audited", [NOT_BUILT] = "failed to build", [NOT_RUN] = "failed to run",
		[NOT_STARTED] = "failed to build their initial state",
		[NONE_RAN] = "ran no operation to a result",
	};
	int total = c->planned + c->skipped;
	char line[512];
	size_t used = (size_t)snprintf(line, sizeof line, "%d famil%s: %d audited", total,
				       total == 1 ? "y" : "ies", c->outcome[AUDITED]);
	for (int k = NOT_BUILT; k < NOUTCOMES; k++)
		if (c->outcome[k])
			used += (size_t)snprintf(line + used, sizeof line - used, ", %d %s", c->outcome[k],
						 what[k]);
	if (c->skipped)
		used += (size_t)snprintf(line + used, sizeof line - used, ", %d skipped", c->skipped);
	if (c->elsewhere && used < sizeof line)
		snprintf(line + used, sizeof line - used, ", %d to other shards than %d/%d",
			 c->elsewhere, rq->shard.index, rq->shard.count);
	fprintf(stderr, "snc audit: %s; %d function%s skipped, %d note%s; scan %.1f s, generate+build "
		"%.1f s, classify %.1f s, measure %.1f s; run %lld in %s\n", line, c->functions_skipped,
		c->functions_skipped == 1 ? "" : "s", plan->nnotes, plan->nnotes == 1 ? "" : "s", t->scan,
		t->build, t->classify, t->measure, (long long)run_id, rq->db_path);
	if (api->functions + api->macros > 0) {
		audit_coverage_line(api, line, sizeof line);
		fprintf(stderr, "snc audit: %s\n", line);
	}
	if (c->planned == 0 && rq->shard.count > 0)
		fprintf(stderr, "snc audit: no family falls to shard %d/%d: its part is the scan and "
			"the notes\n", rq->shard.index, rq->shard.count);
	else if (c->outcome[AUDITED] == 0 && rq->shard.count > 0)
		fprintf(stderr, "snc audit: warning: no family of shard %d/%d was audited (the notes "
			"above say why)\n", rq->shard.index, rq->shard.count);
	else if (c->outcome[AUDITED] == 0)
		fprintf(stderr, "snc audit: error: nothing was audited (the notes above say why)\n");
}

/* ---- the command ------------------------------------------------------------------------ */

/* The flags of the pkg-config packages whose include folders hold the named headers
 * (audit_pkgconfig.c), after the user's: glib/gatomic.h needs -I/usr/include/glib-2.0 and
 * glibconfig.h's folder. */
static void add_pkgconfig_flags(struct audit_request *rq)
{
	char **packages, **flags;
	int nflags, npackages = audit_pkgconfig_flags(rq->headers.v, rq->headers.n, rq->cflags.v,
						      rq->cflags.n, &packages, &flags, &nflags);
	size_t used = 0;
	char *note = rq->pkgconfig_note;
	for (int i = 0; i < npackages; i++) {
		if (nflags > 0 && used < sizeof rq->pkgconfig_note)
			used += (size_t)snprintf(note + used, sizeof rq->pkgconfig_note - used, "%s%s",
						 i ? ", " : "compiled with the flags of pkg-config's ",
						 packages[i]);
		free(packages[i]);
	}
	for (int i = 0; i < nflags; i++) {
		if (used < sizeof rq->pkgconfig_note)
			used += (size_t)snprintf(note + used, sizeof rq->pkgconfig_note - used, "%s%s",
						 i ? " " : " (", flags[i]);
		push(&rq->cflags, flags[i]);
		free(flags[i]);
	}
	if (nflags > 0 && used < sizeof rq->pkgconfig_note)
		snprintf(note + used, sizeof rq->pkgconfig_note - used, "), the package whose include "
			 "folder holds it or what it includes");
	free(packages);
	free(flags);
}

/* Reads the command line into rq. Returns 0 to go on, or an exit status (0 after --help:
 * then *answered is set). */
static int parse_options(struct audit_request *rq, struct snc_cmdline *cl, bool *answered)
{
	struct snc_opt_value v;
	char flag[4200];
	int id;
	while ((id = snc_cmdline_next(cl, &v)) > 0) {
		if (cli_shared_option(&v))
			continue;
		switch (id) {
		case CLI_COMPDB: rq->compdb = v.text; continue;
		case CLI_EXCLUDE: push(&rq->excludes, v.text); continue;
		case CLI_INCLUDE:
		case CLI_DEFINE:
			snprintf(flag, sizeof flag, "-%c%s", v.opt->short_name, v.text);
			push(&rq->cflags, flag);
			continue;
		case CLI_DB: rq->db_path = v.text; continue;
		case CLI_JSON: rq->json = true; continue;
		case CLI_SHARD:
			if (rq->shard_rc < 0)
				rq->shard_rc = cli_shard("audit", v.text, &rq->shard);
			continue;
		case O_LIB: push(&rq->libs, v.text); continue;
		case O_EMIT: rq->emit_dir = v.text; continue;
		case O_FAMILY: push(&rq->families, v.text); continue;
		case O_CONFIG: rq->config_path = v.text; continue;
		case O_NO_MEASURE: rq->no_measure = true; continue;
		case O_NO_PROVE: rq->no_prove = true; continue;
		case O_DOMAIN: rq->domain = (int)v.number; continue;
		case SNC_RUN_QUIET: rq->quiet = true; continue;   /* always passed on */
		case SNC_RUN_MEASURE: continue;                   /* the default */
		}
		/* An option of harness programs, already checked: passed on as given. */
		snprintf(flag, sizeof flag, "--%s", v.opt->name);
		push(&rq->forward, flag);
		if (v.text)
			push(&rq->forward, v.text);
		rq->depth_given |= id == SNC_RUN_DEPTH;
		rq->measure_states_given |= id == SNC_RUN_MEASURE_STATES;
		rq->boundary_given |= id == SNC_RUN_BOUNDARY;
		rq->budget_given |= id == SNC_RUN_MAX_EXECUTIONS;
	}
	*answered = id == SNC_CMDLINE_ANSWERED;
	return id == SNC_CMDLINE_ERROR ? EXIT_USAGE : rq->shard_rc >= 0 ? rq->shard_rc : 0;
}

/* A project directory given alone, holding a compile database (a CMake build folder's):
 * the database gives the sources and the flags they build with, as -p does (the -D and
 * -I a directory walk cannot know), said in one line. */
static void compdb_of_dir(struct audit_request *rq, const char *dir)
{
	if (!audit_compdb_of_dir(dir, rq->found_compdb, sizeof rq->found_compdb))
		return;
	rq->compdb = rq->found_compdb;
	struct strings kept = { 0 };
	for (int i = 0; i < rq->sources.n; i++)
		if (strcmp(rq->sources.v[i], dir) != 0)
			push(&kept, rq->sources.v[i]);
	strings_free(&rq->sources);
	rq->sources = kept;
	if (!rq->quiet)
		fprintf(stderr, "snc audit: the sources and their flags come from %s\n", rq->compdb);
}

/* Directories given without a header: their public headers are the API (the include/
 * directory's, or every header outside tests, examples and build output), said in one
 * line. Returns 0, or the exit status of an error. */
static int headers_of_dirs(struct audit_request *rq, const struct strings *dirs)
{
	for (int d = 0; d < dirs->n; d++) {
		size_t n = 0;
		char **found = audit_headers_of_dir(dirs->v[d], &n);
		if (!found)
			return cli_error("audit", "out of memory listing the headers of '%s'", dirs->v[d]);
		for (size_t i = 0; i < n; i++)
			push(&rq->headers, found[i]);
		char include[PATH_MAX + 16];
		struct stat st;
		snprintf(include, sizeof include, "%s/include", dirs->v[d]);
		if (n > 0 && stat(include, &st) == 0 && S_ISDIR(st.st_mode)) {
			char flag[PATH_MAX + 32];   /* the sources include <ev/ev.h> from there */
			snprintf(flag, sizeof flag, "-I%s", include);
			push(&rq->cflags, flag);
		}
		if (n > 0 && !rq->quiet)
			fprintf(stderr, "snc audit: no header given: the API is the %zu header%s of %s "
				"(%s%s)\n", n, n == 1 ? "" : "s", dirs->v[d], found[0],
				n > 1 ? ", ..." : "");
		audit_headers_free(found);
	}
	if (rq->headers.n == 0)
		return cli_error("audit", "no header given, and no .h file in %s%s: name the "
				 "header(s) that declare the API", dirs->v[0], dirs->n > 1 ? " and the "
				 "other directories" : "");
	return 0;
}

/* -p without a header: the project's public headers are the API (those of its include
 * directories), said in one line. Returns 0, or the exit status of an error. */
static int headers_of_compdb(struct audit_request *rq)
{
	char err[512];
	size_t n = 0;
	char **found = audit_headers_of_compdb(rq->compdb, &n, err, sizeof err);
	if (!found)
		return cli_error("audit", "%s", err);
	for (size_t i = 0; i < n; i++)
		push(&rq->headers, found[i]);
	if (n > 0 && !rq->quiet)
		fprintf(stderr, "snc audit: no header given: the API is the %zu header%s of the "
			"project's include directories (%s%s)\n", n, n == 1 ? "" : "s", found[0],
			n > 1 ? ", ..." : "");
	audit_headers_free(found);
	if (n == 0)
		return cli_error("audit", "no header given, and no .h file in the include directories "
				 "of %s: name the header(s) that declare the API", rq->compdb);
	return 0;
}

static void add_unit_flags(struct strings *cflags, const struct sa_unit *u);

/* With a compile database, the headers are parsed, and the harnesses built, with the
 * include paths, macros and language standard of the project's units: a public header
 * that includes "mylib/export.h" needs the project's -I include, which no header path
 * says. Returns 0, or the exit status of an error. */
static int add_compdb_flags(struct audit_request *rq)
{
	struct sa_units units = { 0 };
	char err[512];
	if (sa_units_from_compdb(rq->compdb, &units, err, sizeof err) != 0) {
		sa_units_free(&units);
		return cli_error("audit", "%s", err);
	}
	for (int i = 0; i < units.count; i++)
		add_unit_flags(&rq->cflags, &units.units[i]);
	sa_units_free(&units);
	return 0;
}

/* Returns 0 to go on, -1 after --help, or the exit status of an error. */
static int parse(int argc, char **argv, struct audit_request *rq)
{
	struct snc_cmdline cl;
	bool answered = false;
	if (snc_cmdline_init(&cl, &cmd_audit_doc, argc, argv) != 0)
		return EXIT_USAGE;
	int rc = parse_options(rq, &cl, &answered);
	if (rc != 0 || answered) {
		snc_cmdline_free(&cl);
		return answered ? -1 : rc;
	}
	for (int i = cl.rest; i < argc; i++)
		push(&rq->cflags, argv[i]);
	struct strings dirs = { 0 };
	for (int i = 0; i < cl.noperands; i++) {
		const char *arg = cl.operands[i];
		struct stat st;
		if (stat(arg, &st) != 0) {
			snc_cmdline_free(&cl);
			strings_free(&dirs);
			return cli_error("audit", "'%s' not found", arg);
		}
		if (S_ISDIR(st.st_mode)) {
			push(&rq->sources, arg);
			push(&dirs, arg);
		} else if (has_suffix(arg, ".c")) {
			push(&rq->sources, arg);
		} else {
			push(&rq->headers, arg);
		}
	}
	snc_cmdline_free(&cl);
	rq->headers_named = rq->headers.n > 0;
	if (rq->headers_named && !rq->compdb)
		add_pkgconfig_flags(rq);
	if (rq->headers.n == 0 && dirs.n == 1 && !rq->compdb)
		compdb_of_dir(rq, dirs.v[0]);
	if (rq->headers.n == 0 && dirs.n > 0)
		rc = headers_of_dirs(rq, &dirs);
	else if (rq->headers.n == 0 && rq->compdb)
		rc = headers_of_compdb(rq);
	strings_free(&dirs);
	rq->user_cflags = rq->cflags.n;
	if (rc == 0 && rq->compdb)
		rc = add_compdb_flags(rq);
	if (rc != 0)
		return rc;
	if (rq->headers.n == 0)
		return cli_error("audit", "no header given: name the header(s) that declare the API "
				 "(see 'snc audit --help')");
	if (!rq->depth_given) {
		push(&rq->forward, "--depth");
		push(&rq->forward, "1");
	}
	if (!rq->boundary_given) {
		push(&rq->forward, "--boundary");
		push(&rq->forward, "8");
	}
	push(&rq->forward, "--private-folders");   /* files made by one execution's calls */
	if (!rq->budget_given) {   /* a family of 64 ops: 11,000 executions a state */
		push(&rq->forward, "--max-executions");
		push(&rq->forward, "30000");
	}
	struct snc_paths paths;
	if (!rq->no_measure) {
		push(&rq->forward, "--measure");
		if (snc_paths_find(&paths) == 0) {   /* the tool beside this snc, wherever it is */
			push(&rq->forward, "--valgrind-lib");
			push(&rq->forward, paths.valgrind_lib);
		}
		if (!rq->measure_states_given) {
			push(&rq->forward, "--measure-states");
			push(&rq->forward, "4");
		}
	}
	if (!rq->no_prove)   /* schedules for the SNC pairs that pay nothing */
		push(&rq->forward, "--prove");
	push(&rq->forward, "--quiet");
	if (!rq->quiet)   /* each program's progress line, on a terminal */
		push(&rq->forward, "--progress");
	return 0;
}

/* The .c files to compile into harness programs: the sources named (directories: every
 * .c the scan found below them that is the library's: not a test's, an example's or a
 * harness, and without a main()). */
static bool defines_main(const struct sa_unit *u)
{
	for (int f = 0; f < u->nfunctions; f++)
		if (strcmp(u->functions[f].name, "main") == 0 && strcmp(u->functions[f].file, u->file) == 0)
			return true;
	return false;
}

static void sources_to_build(struct audit_request *rq, const struct scan_outcome *o)
{
	struct strings files = { 0 };
	for (int i = 0; i < rq->sources.n; i++) {
		struct stat st;
		if (stat(rq->sources.v[i], &st) == 0 && !S_ISDIR(st.st_mode)) {
			push(&files, rq->sources.v[i]);
			continue;
		}
		char real[PATH_MAX];
		if (!realpath(rq->sources.v[i], real))
			continue;
		size_t n = strlen(real);
		for (int u = 0; u < o->units.count; u++) {
			const char *f = o->units.units[u].file;
			if (strncmp(f, real, n) == 0 && f[n] == '/' && has_suffix(f, ".c") &&
			    !defines_main(&o->units.units[u]) && audit_library_source(real, f))
				push(&files, f);
		}
	}
	strings_free(&rq->sources);
	rq->sources = files;
}

/* Does the unit define (with external linkage) a function the headers declare, or main? */
static bool unit_defines(const struct sa_unit *u, const struct audit_plan *plan, const char *name)
{
	for (int f = 0; f < u->nfunctions; f++) {
		const struct sa_function *fn = &u->functions[f];
		if (fn->linkage != SA_LINK_EXTERN || strcmp(u->file, fn->file) != 0)
			continue;
		if (name && strcmp(fn->name, name) == 0)
			return true;
		for (int i = 0; !name && i < plan->nfns; i++)
			if (strcmp(plan->fns[i].def->name, fn->name) == 0)
				return true;
	}
	return false;
}

/* Whether cflags already holds flag (followed by value, for a flag of two arguments). */
static bool has_flag(const struct strings *cflags, const char *flag, const char *value)
{
	for (int i = 0; i < cflags->n; i++)
		if (strcmp(cflags->v[i], flag) == 0 &&
		    (!value || (i + 1 < cflags->n && strcmp(cflags->v[i + 1], value) == 0)))
			return true;
	return false;
}

/* path as the compiler of unit u reads it: absolute against the directory it compiles in. */
static void in_unit_dir(const struct sa_unit *u, const char *path, char *full, size_t len)
{
	bool relative = path[0] != '/' && u->directory;
	if (snprintf(full, len, "%s%s%s", relative ? u->directory : "", relative ? "/" : "", path) >= (int)len)
		full[0] = '\0';   /* too long to be a file: found nowhere */
}

/* Where the compiler finds the file of `-include path` in unit u: first in the directory it
 * compiles in, then along the "..." search chain (-iquote, then -I directories); false when
 * it is nowhere (a flag no compile can satisfy: liburcu's units each pass -include config.h,
 * found through -I../../include, not beside the unit). */
static bool forced_include(const struct sa_unit *u, const char *path, char *full, size_t len)
{
	in_unit_dir(u, path, full, len);
	if (path[0] == '/' || access(full, F_OK) == 0)
		return access(full, F_OK) == 0;
	static const char *const chain[] = { "-iquote", "-I" };
	for (size_t c = 0; c < sizeof chain / sizeof chain[0]; c++)
		for (int i = 0; i < u->nargs; i++) {
			size_t n = strlen(chain[c]);
			if (strncmp(u->args[i], chain[c], n) != 0)
				continue;
			const char *dir = u->args[i][n] ? u->args[i] + n : i + 1 < u->nargs ? u->args[i + 1] : NULL;
			char in_dir[PATH_MAX * 2];
			if (!dir)
				continue;
			snprintf(in_dir, sizeof in_dir, "%s/%s", dir, path);
			in_unit_dir(u, in_dir, full, len);
			if (access(full, F_OK) == 0)
				return true;
		}
	return false;
}

/* Adds to cflags, once each, the unit's flags that a harness build needs too (where headers
 * are, what is defined, the standard), a relative path made absolute against the unit's
 * directory (a forced include where the compiler would find it, forced_include); not the
 * others (warnings, optimization). */
static void add_unit_flags(struct strings *cflags, const struct sa_unit *u)
{
	static const char *const with_path[] = { "-I", "-isystem", "-iquote", "-idirafter", "-include" };
	for (int i = 0; i < u->nargs; i++) {
		const char *a = u->args[i], *next = i + 1 < u->nargs ? u->args[i + 1] : NULL;
		size_t k = 0, n = 0;
		while (k < sizeof with_path / sizeof with_path[0] &&
		       strncmp(a, with_path[k], n = strlen(with_path[k])) != 0)
			k++;
		if (k < sizeof with_path / sizeof with_path[0]) {
			const char *path = a[n] ? a + n : next;
			i += !a[n];
			char full[PATH_MAX * 2];
			if (!path)
				continue;
			in_unit_dir(u, path, full, sizeof full);
			if (k == 4 && !forced_include(u, path, full, sizeof full))
				continue;
			if (k == 0) {   /* -IDIR, one argument */
				char flag[PATH_MAX * 2 + 2];
				snprintf(flag, sizeof flag, "-I%s", full);
				if (!has_flag(cflags, flag, NULL))
					push(cflags, flag);
			} else if (!has_flag(cflags, with_path[k], full)) {
				push(cflags, with_path[k]);
				push(cflags, full);
			}
		} else if ((strncmp(a, "-D", 2) == 0 || strncmp(a, "-U", 2) == 0) && !a[2] && next) {
			i++;
			if (!has_flag(cflags, a, next)) {
				push(cflags, a);
				push(cflags, next);
			}
		} else if ((strncmp(a, "-D", 2) == 0 || strncmp(a, "-U", 2) == 0 ||
			    strncmp(a, "-std=", 5) == 0) && !has_flag(cflags, a, NULL)) {
			push(cflags, a);
		}
	}
}

static bool listed(const struct strings *s, const char *name)
{
	for (int i = 0; i < s->n; i++)
		if (strcmp(s->v[i], name) == 0)
			return true;
	return false;
}

/* Why a unit of the compile database is compiled into the harnesses. */
enum { UNIT_OF_API = 1, UNIT_CALLED = 2 };

/* An extern function a .c unit with no main() defines, by name. */
struct unit_definition {
	const char *name;
	int unit;
};

static int by_name_only(const void *a, const void *b)
{
	return strcmp(((const struct unit_definition *)a)->name,
		      ((const struct unit_definition *)b)->name);
}

static int by_definition_name(const void *a, const void *b)
{
	int c = by_name_only(a, b);
	return c ? c : ((const struct unit_definition *)a)->unit -
		       ((const struct unit_definition *)b)->unit;
}

/* The definitions, sorted by name, of the .c units with no main(): their extern functions
 * and variables. */
struct definitions {
	struct unit_definition *v;
	int n, cap;
};

static void add_definition(struct definitions *d, const char *name, int unit)
{
	if (d->n == d->cap) {
		int cap = d->cap ? 2 * d->cap : 256;
		struct unit_definition *grown = realloc(d->v, (size_t)cap * sizeof *grown);
		if (!grown)
			return;
		d->v = grown;
		d->cap = cap;
	}
	d->v[d->n++] = (struct unit_definition){ name, unit };
}

/* Makes sure what name names is defined by a chosen unit, choosing the first unit that
 * defines it when none does yet. Returns whether a unit was chosen. */
static bool choose_definer(const struct definitions *defs, char *chosen, const char *name)
{
	struct unit_definition key = { name, -1 };
	struct unit_definition *d = defs->n ? bsearch(&key, defs->v, (size_t)defs->n, sizeof *defs->v,
						      by_name_only) : NULL;
	while (d && d > defs->v && strcmp(d[-1].name, name) == 0)   /* the first of them */
		d--;
	for (struct unit_definition *e = d; e && e < defs->v + defs->n && strcmp(e->name, name) == 0; e++)
		if (chosen[e->unit])
			return false;
	if (!d)
		return false;
	chosen[d->unit] = UNIT_CALLED;
	return true;
}

/* What fn needs defined: the functions it calls, and the variables with external linkage
 * it reads or writes (their USR is "c:@NAME"). Returns whether a unit was chosen. */
static bool choose_for(const struct definitions *defs, char *chosen, const struct sa_function *fn)
{
	bool more = false;
	for (int c = 0; c < fn->ncalls; c++)
		if (fn->calls[c].callee)
			more |= choose_definer(defs, chosen, fn->calls[c].callee);
	for (int a = 0; a < fn->naccesses; a++) {
		const char *key = fn->accesses[a].key;
		if (key && strncmp(key, "c:@", 3) == 0 && !strchr(key + 3, '@'))
			more |= choose_definer(defs, chosen, key + 3);
	}
	return more;
}

/* Chooses (UNIT_CALLED), besides the chosen units, those that define what they and the
 * API's inline functions call or use and no chosen unit defines, until none is missing:
 * liburcu's urcu.c calls compat_futex_async, which compat_futex.c defines and no header
 * declares; rculfhash.h's inline cds_lfht_new passes &cds_lfht_mm_order, a variable of
 * rculfhash-mm-order.c. One unit for each missing name (the first that defines it): a file
 * built into several libraries is needed once. */
static void choose_needed_units(const struct sa_units *units, char *chosen, const bool *has_main,
				const struct audit_plan *plan)
{
	struct definitions defs = { 0 };
	for (int u = 0; u < units->count; u++) {
		const struct sa_unit *unit = &units->units[u];
		if (has_main[u] || !has_suffix(unit->file, ".c"))
			continue;
		for (int f = 0; f < unit->nfunctions; f++) {
			const struct sa_function *fn = &unit->functions[f];
			if (fn->linkage == SA_LINK_EXTERN && strcmp(unit->file, fn->file) == 0)
				add_definition(&defs, fn->name, u);
		}
		for (int v = 0; v < unit->nvariables; v++)
			add_definition(&defs, unit->variables[v], u);
	}
	if (defs.n > 1)
		qsort(defs.v, (size_t)defs.n, sizeof *defs.v, by_definition_name);
	for (int i = 0; i < plan->nfns; i++)   /* the headers' inline code */
		if (plan->fns[i].body && has_suffix(plan->fns[i].body->file, ".h"))
			choose_for(&defs, chosen, plan->fns[i].body);
	for (bool more = true; more;) {
		more = false;
		for (int u = 0; u < units->count; u++)
			for (int f = 0; chosen[u] && f < units->units[u].nfunctions; f++)
				more |= choose_for(&defs, chosen, &units->units[u].functions[f]);
	}
	free(defs.v);
}

/* -p without --lib or sources: the API's functions are defined by units of the compile
 * database, which the harnesses then compile instead of linking nothing, each unit with
 * the flags it is built with (the user's, then those add_unit_flags keeps): a file built
 * once per configuration (liburcu's urcu.c with -DRCU_MEMB, -DRCU_MB, ...) is compiled once
 * per set of flags, a file built twice alike (a static and a shared library) once; with
 * them, the units that define what they call (choose_needed_units). Units with a main()
 * (tests, tools) are left out. Said in one line. */
static void compile_the_projects_units(struct audit_request *rq, const struct audit_plan *plan,
				       const struct scan_outcome *scan)
{
	int count = scan->units.count;
	char *chosen = calloc((size_t)count + 1, sizeof *chosen);
	bool *has_main = calloc((size_t)count + 1, sizeof *has_main);
	if (!chosen || !has_main) {
		free(chosen);
		free(has_main);
		return;
	}
	for (int u = 0; u < count; u++) {
		const struct sa_unit *unit = &scan->units.units[u];
		has_main[u] = unit_defines(unit, plan, "main");
		chosen[u] = has_suffix(unit->file, ".c") && !has_main[u] &&
			    unit_defines(unit, plan, NULL) ? UNIT_OF_API : 0;
	}
	choose_needed_units(&scan->units, chosen, has_main, plan);
	char names[2][512] = { "", "" };
	int n[2] = { 0, 0 };
	for (int pass = UNIT_OF_API; pass <= UNIT_CALLED; pass++) {
		size_t used = 0;
		for (int u = 0; u < count; u++) {
			const struct sa_unit *unit = &scan->units.units[u];
			if (chosen[u] != pass)
				continue;
			struct strings own = { 0 };
			for (int i = 0; i < rq->user_cflags; i++)
				push(&own, rq->cflags.v[i]);
			add_unit_flags(&own, unit);
			char *input = harness_unit_input(unit->file, own.v, own.n);
			strings_free(&own);
			if (input && !listed(&rq->unit_inputs, input))
				push(&rq->unit_inputs, input);
			free(input);
			if (listed(&rq->sources, unit->file))
				continue;
			push(&rq->sources, unit->file);
			const char *base = strrchr(unit->file, '/');
			if (used < sizeof names[0])
				used += (size_t)snprintf(names[pass - 1] + used, sizeof names[0] - used,
							 "%s%s", n[pass - 1] ? ", " : "",
							 base ? base + 1 : unit->file);
			n[pass - 1]++;
		}
	}
	free(chosen);
	free(has_main);
	char called[600] = "";
	if (n[1])
		snprintf(called, sizeof called, " and %d that %s calls (%s)", n[1],
			 n[0] == 1 ? "it" : "they", names[1]);
	if (n[0] && !rq->quiet)
		fprintf(stderr, "snc audit: compiling %d unit%s of %s that define%s the API (%s)%s "
			"into the harnesses (--lib links a built library instead)\n", n[0],
			n[0] == 1 ? "" : "s", rq->compdb, n[0] == 1 ? "s" : "", names[0], called);
}

/* Does the unit of another of the headers (hunits, n of them) read path (rwlock.h includes
 * elide.h, which may have no include guard: the two cannot be included one after the
 * other)? */
static bool read_by_a_header(const struct sa_unit *const *hunits, int n, const char *path)
{
	for (int i = 0; i < n; i++)
		for (int f = 1; hunits[i] && strcmp(hunits[i]->file, path) != 0 && f < hunits[i]->nfiles; f++)
			if (strcmp(hunits[i]->files[f].path, path) == 0)
				return true;
	return false;
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Found headers that do not compile with the project's others (liburcu's flavours: a unit
 * never includes two) are set aside, noted, before the API is collected: every harness
 * that included them with the rest failed (audit_compatible_headers). The headers another
 * platform's, refusing to be included alone, or needing what their includers include
 * first are not tried: the audit handles them apart. */
static void set_aside_alternatives(struct audit_request *rq, struct audit_plan *plan,
				   const struct sa_units *units, const char *dir)
{
	int n = rq->headers.n, total = 0, nc = 0;
	for (int i = 0; i < units->count; i++)
		total += units->units[i].nfiles;
	const char **read = malloc((size_t)total * sizeof *read + 1);
	char **cand = calloc((size_t)n + 1, sizeof *cand);
	int *readers = calloc((size_t)n + 1, sizeof *readers), *index = calloc((size_t)n + 1, sizeof *index);
	bool *keep = calloc((size_t)n + 1, sizeof *keep);
	char (*why)[256] = calloc((size_t)n + 1, sizeof *why);
	const struct sa_unit **hunits = calloc((size_t)n + 1, sizeof *hunits);
	if (!read || !cand || !readers || !index || !keep || !why || !hunits)
		goto out;
	for (int i = 0; i < n; i++) {
		char real[PATH_MAX];
		const char *path = realpath(rq->headers.v[i], real) ? real : rq->headers.v[i];
		for (int k = 0; k < units->count && !hunits[i]; k++)
			if (strcmp(units->units[k].file, path) == 0)
				hunits[i] = &units->units[k];
	}
	total = 0;
	for (int i = 0; i < units->count; i++)
		for (int k = 1; k < units->units[i].nfiles; k++)   /* files[0]: the unit's own */
			read[total++] = units->units[i].files[k].path;
	qsort(read, (size_t)total, sizeof *read, compare_strings);
	for (int i = 0; i < n; i++) {
		char real[PATH_MAX];
		const char *path = realpath(rq->headers.v[i], real) ? real : rq->headers.v[i];
		const struct sa_unit *u = hunits[i];
		if (!u || u->status != SA_UNIT_PARSED || sa_units_left_out(units, path) ||
		    (read_by_a_header(hunits, n, path) && !sa_has_include_guard(path)))
			continue;   /* refusing, with errors alone, left out, or included through
				       another without a guard: handled apart */
		const char **hit = total ? bsearch(&path, read, (size_t)total, sizeof *read,
						   compare_strings) : NULL;
		int count = 0;
		for (const char **p = hit; p && p > read && strcmp(p[-1], path) == 0; p--)
			hit = p - 1;
		for (const char **p = hit; p && p < read + total && strcmp(*p, path) == 0; p++)
			count++;
		if (!(cand[nc] = strdup(path)))   /* absolute: included from the audit's folder */
			continue;
		index[nc] = i;
		readers[nc++] = count;
	}
	if (audit_compatible_headers(cand, nc, readers, rq->cflags.v, rq->cflags.n, dir, keep, why) == 0)
		goto out;
	int set_aside = 0;
	bool *aside = calloc((size_t)n + 1, sizeof *aside);
	for (int c = 0; aside && c < nc; c++)
		if (!keep[c]) {
			audit_note(plan, "header", rq->headers.v[index[c]], NULL, "skipped",
				   "does not compile with the project's other headers (%s): another "
				   "configuration of the library, which no unit includes with them; "
				   "name it to audit it", why[c]);
			aside[index[c]] = true;
			set_aside++;
		}
	for (int i = 0; aside && i < n; i++)
		if (aside[i]) {
			free(rq->headers.v[i]);
			rq->headers.v[i] = NULL;
		}
	free(aside);
	int kept = 0;
	for (int i = 0; i < n; i++)
		if (rq->headers.v[i])
			rq->headers.v[kept++] = rq->headers.v[i];
	rq->headers.n = kept;
	if (!rq->quiet)
		fprintf(stderr, "snc audit: %d header%s set aside: %s not compile with the others "
			"(another configuration of the library; the notes say which)\n", set_aside,
			set_aside == 1 ? "" : "s", set_aside == 1 ? "it does" : "they do");
out:
	for (int c = 0; c < nc; c++)
		free(cand[c]);
	free(hunits);
	free(read);
	free(cand);
	free(readers);
	free(index);
	free(keep);
	free(why);
}

/* Takes out of the headers those the scan left out, another platform's (urcu/arch/ppc.h
 * on x86-64): audit_collect_api noted them, and a harness or the inferred wrappers'
 * header that includes them does not compile (ppc.h defines what x86.h defines). */
static void drop_headers_left_out(struct audit_request *rq, const struct sa_units *units)
{
	int kept = 0;
	for (int i = 0; i < rq->headers.n; i++) {
		char real[PATH_MAX];
		const char *path = realpath(rq->headers.v[i], real) ? real : rq->headers.v[i];
		if (sa_units_left_out(units, path))
			free(rq->headers.v[i]);
		else
			rq->headers.v[kept++] = rq->headers.v[i];
	}
	rq->headers.n = kept;
}

/* With the project's units compiled in and no library linked, an API function defined
 * nowhere in the scanned code (a declaration left behind: mimalloc-internal.h's
 * _mi_segment_try_reclaim_abandoned) would fail every harness that calls it at link
 * time: it is skipped with that reason (audit_plan_families). */
static void mark_undefined(struct audit_plan *plan, bool units_compiled)
{
	for (int i = 0; units_compiled && i < plan->nfns; i++)
		plan->fns[i].undefined = !plan->fns[i].body && !plan->fns[i].helper;
}

/* Does the scan define a function of that name (a body somewhere)? */
static bool defined_in(const struct sa_model *model, const char *name)
{
	for (int i = 0; model && i < model->nfns; i++)
		if (strcmp(model->fns[i].def->name, name) == 0)
			return true;
	return false;
}

/* f is needed (once), and the header that declares it is asked about (once). */
static void need(struct strings *needed, struct strings *headers, const struct sa_function *f)
{
	if (!listed(needed, f->name))
		push(needed, f->name);
	if (f->file && !listed(headers, f->file))
		push(headers, f->file);
}

/* Nothing named to link, but API functions without a body in the headers, functions
 * without a body that the headers' inline code calls (urcu/rculist.h's
 * cds_list_add_rcu calls liburcu's rcu_set_pointer_sym), or makers of their contexts
 * (apr_pool_create_ex): the libraries of the package that installed the headers that
 * define them (audit_libs.c), said in one line. */
static void link_the_packages_libraries(struct audit_request *rq, const struct audit_plan *plan,
					const struct sa_model *model)
{
	/* the named headers, then those declaring a needed function elsewhere (apr_queue.h's
	 * pool maker is apr_pools.h's, whose package, libapr1-dev, is not libaprutil1-dev) */
	struct strings needed = { 0 }, headers = { 0 };
	for (int i = 0; i < rq->headers.n; i++)
		push(&headers, rq->headers.v[i]);
	for (int i = 0; i < plan->nfns; i++)
		if (!plan->fns[i].body && !plan->fns[i].helper)
			need(&needed, &headers, plan->fns[i].def);
	for (int i = 0; i < plan->nfns; i++) {
		const struct sa_function *body = plan->fns[i].body;
		for (int c = 0; body && c < body->ncalls; c++) {
			const char *callee = body->calls[c].callee;
			if (callee && callee[0] && !defined_in(model, callee) && !listed(&needed, callee))
				push(&needed, callee);
		}
	}
	for (int i = 0; i < plan->ncontexts; i++) {   /* apr_pool_create_ex, apr_initialize */
		const struct audit_context *c = &plan->contexts[i];
		if (c->maker_declared)
			need(&needed, &headers, c->maker);
		if (c->init_declared)
			need(&needed, &headers, c->init);
		for (int k = 0; k < c->nalternatives; k++)
			if (c->alternatives_declared[k])
				need(&needed, &headers, c->alternatives[k]);
	}
	char **found = NULL, package[512];
	int nfound = 0;
	int defined = needed.n ? audit_find_libs(needed.v, needed.n, headers.v, headers.n,
						 &found, &nfound, package, sizeof package) : 0;
	strings_free(&headers);
	char names[1024] = "";
	size_t used = 0;
	for (int i = 0; i < nfound; i++) {
		push(&rq->libs, found[i]);
		const char *base = strrchr(found[i], '/');
		if (used < sizeof names)
			used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
						 base ? base + 1 : found[i]);
		free(found[i]);
	}
	free(found);
	if (nfound && !rq->quiet)
		fprintf(stderr, "snc audit: linking with %s (%s): %d of the %d functions the headers "
			"declare or call without a body are defined there (--lib chooses others)\n",
			names, package, defined, needed.n);
	strings_free(&needed);
}

/* Headers with no source (or project folders with none of their own), no library and no
 * compile database: one that defines its
 * functions only under a macro its user sets in one unit (a single-header library, the stb
 * way) gets that unit written into dir and compiled in as a source (audit_single_header.c). */
static void add_implementation_units(struct audit_request *rq, struct audit_plan *plan,
				     const char *dir)
{
	if (rq->libs.n || rq->compdb)
		return;
	for (int i = 0; i < rq->sources.n; i++) {   /* a project folder: none of its own */
		struct stat st;
		if (stat(rq->sources.v[i], &st) != 0 || !S_ISDIR(st.st_mode) ||
		    audit_folder_has_library_source(rq->sources.v[i]))
			return;
	}
	int written = 0;
	for (int i = 0; i < rq->headers.n; i++) {
		char macro[256], unit[PATH_MAX], real[PATH_MAX];
		const char *header = realpath(rq->headers.v[i], real) ? real : rq->headers.v[i];
		if (header == rq->wrapper_header || !audit_implementation_macro(header, macro, sizeof macro))
			continue;
		if (audit_write_implementation_unit(dir, written, header, macro, unit, sizeof unit) != 0) {
			audit_note(plan, "header", rq->headers.v[i], NULL, "audited", "defines its "
				   "functions under %s, but its implementation unit could not be "
				   "written into %s", macro, dir);
			continue;
		}
		written++;
		push(&rq->sources, unit);
		audit_note(plan, "header", rq->headers.v[i], NULL, "audited", "a single-header "
			   "library: its functions are compiled from it with #define %s, in %s, as "
			   "its users do in one unit", macro, unit);
	}
}

static int run_audit(struct audit_request *rq, const struct audit_config *cfg, int argc, char **argv)
{
	char err[512], tmpdir[PATH_MAX], workdir[PATH_MAX], objdir[PATH_MAX];
	struct snc_db *db = snc_db_open(rq->db_path, SNC_DB_CREATE, err, sizeof err);
	if (!db)
		return cli_error("audit", "%s", err);
	const char *dir = rq->emit_dir;
	if (dir && mkdir(dir, 0777) != 0 && errno != EEXIST) {
		snc_db_close(db);
		return cli_error("audit", "cannot make '%s': %s", dir, strerror(errno));
	}
	if (!dir && !(dir = snc_make_tmpdir(tmpdir, sizeof tmpdir, "audit"))) {
		snc_db_close(db);
		return cli_error("audit", "cannot make a temporary folder in %s", snc_tmp_root());
	}
	if (!(rq->workdir = snc_make_tmpdir(workdir, sizeof workdir, "audit-work"))) {
		if (!rq->emit_dir)
			rmdir(dir);
		snc_db_close(db);
		return cli_error("audit", "cannot make a temporary folder in %s", snc_tmp_root());
	}
	/* the library's objects, compiled once for all the families' harnesses */
	const char *objects = snc_make_tmpdir(objdir, sizeof objdir, "audit-objects");
	harness_program_cache_objects(objects);
	char wrappers[PATH_MAX] = "", inferred_path[PATH_MAX] = "";
	int wrapped = audit_write_macro_wrappers(cfg, rq->headers.v, rq->headers.n, dir, wrappers,
						 sizeof wrappers);
	if (wrapped < 0) {
		snc_db_close(db);
		snc_remove_tree(rq->workdir);
		harness_program_cache_objects(NULL);
		if (objects)
			snc_remove_tree(objects);
		return cli_error("audit", "cannot write %s: %s", wrappers, strerror(errno));
	}
	char *args = cli_joined(argc, argv);
	int64_t run_id = snc_db_run_start(db, "audit", args, rq->headers.v[0], SNC_VERSION);
	free(args);
	int rc = EXIT_USAGE;
	struct audit_times t = { 0 };
	struct audit_counts counts = { 0 };
	bool scanned = false;
	bool *audited = NULL;
	struct audit_coverage coverage = { 0 };
	struct audit_plan plan = { 0 };
	struct scan_outcome scan = { 0 };
	if (run_id < 0) {
		cli_error("audit", "%s", snc_db_errmsg(db));
		goto out;
	}
	struct strings inputs = { 0 };   /* what a content revision hashes, outside git */
	for (int i = 0; i < rq->headers.n; i++)
		push(&inputs, rq->headers.v[i]);
	for (int i = 0; i < rq->sources.n; i++)
		push(&inputs, rq->sources.v[i]);
	int origin = cli_record_origin_of(db, run_id, argc, argv, rq->shard.count ? &rq->shard : NULL,
					  false, false, inputs.v, inputs.n);
	strings_free(&inputs);
	if (origin != 0) {
		cli_error("audit", "%s", snc_db_errmsg(db));
		snc_db_run_finish(db, run_id, "failed", EXIT_USAGE);
		goto out;
	}
	char real_wrappers[PATH_MAX];
	if (wrapped) {
		push(&rq->headers, realpath(wrappers, real_wrappers) ? real_wrappers : wrappers);
		rq->wrapper_header = rq->headers.v[rq->headers.n - 1];   /* scanned, audited */
	}
	add_implementation_units(rq, &plan, dir);
	struct strings paths = { 0 };
	for (int i = 0; i < rq->headers.n; i++)
		push(&paths, rq->headers.v[i]);
	if (rq->pkgconfig_note[0])
		audit_note(&plan, "header", rq->headers.v[0], NULL, "audited", "%s", rq->pkgconfig_note);
	struct strings readers = { 0 };   /* sources written for headers needing the system's */
	for (int i = 0; rq->headers_named && i < rq->headers.n; i++) {   /* "Only <glib.h> ..." */
		char includer[PATH_MAX];
		if (audit_includer_named(rq->headers.v[i], rq->cflags.v, rq->cflags.n, includer,
					 sizeof includer)) {
			audit_plan_through(&plan, rq->headers.v[i], includer);
			if (!listed(&paths, includer))
				push(&paths, includer);
		} else if (audit_system_reader(rq->headers.v[i], rq->cflags.v, rq->cflags.n, dir,
					       includer, sizeof includer)) {
			push(&paths, includer);   /* tdb.h: mode_t (audit_system_reader.c) */
			push(&readers, includer);
		}
	}
	for (int i = 0; i < rq->sources.n; i++)
		push(&paths, rq->sources.v[i]);
	audit_include_folders(rq->cflags.v, rq->cflags.n);   /* for overlays' #include lines */
	struct scan_request req = {
		.paths = paths.v, .npaths = paths.n, .compdb = rq->compdb, .flags = rq->cflags.v,
		.nflags = rq->cflags.n, .jobs = snc_cpu_count(), .progress = !rq->quiet,
		.parse_all = true, .excludes = rq->excludes.v, .nexcludes = rq->excludes.n,
		.quiet = rq->quiet, .cmd = "audit", .platform_apart = !rq->headers_named,
	};
	double start = now();
	rc = scan_prepare(&req, &scan);
	if (rc == 0) {
		sa_units_add_orphan_headers(&scan.units, &scan.headers);  /* every header a unit */
		sa_units_sort(&scan.units);
		rc = scan_execute(db, run_id, &req, &scan);
	}
	strings_free(&paths);
	for (int i = 0; i < readers.n; i++)   /* parsed: their units are in the scan */
		remove(readers.v[i]);
	strings_free(&readers);
	t.scan = now() - start;
	if (rc != 0)
		goto finish;
	scanned = true;
	sources_to_build(rq, &scan);
	struct audit_options opt = {
		.domain = rq->domain ? rq->domain : cfg && cfg->domain ? cfg->domain : 2,
		.families = rq->families.v, .nfamilies = rq->families.n, .config = cfg,
	};
	if (!rq->headers_named)
		set_aside_alternatives(rq, &plan, &scan.units, dir);
	audit_collect_api(&plan, scan.model, &scan.units, rq->headers.v, rq->headers.n);
	drop_headers_left_out(rq, &scan.units);   /* noted: no harness includes them */
	audit_collect_macros(&plan, &scan.units, rq->headers.v, rq->headers.n);
	audit_find_contexts(&plan, &scan.units);
	opt.plan = &plan;
	start = now();
	int inferred = audit_infer_wrappers(&plan, rq->headers.v, rq->headers.n, rq->cflags.v,
					    rq->cflags.n, dir, inferred_path, sizeof inferred_path);
	t.scan += now() - start;
	if (inferred == 1)
		rq->wrapper_header = inferred_path;   /* it includes every header */
	audit_drop_untyped_borrowed(&plan);
	audit_mark_helpers(&plan);
	if (rq->compdb && rq->libs.n == 0 && rq->sources.n == 0) {
		compile_the_projects_units(rq, &plan, &scan);
		mark_undefined(&plan, rq->sources.n > 0);
	}
	if (rq->libs.n == 0 && rq->sources.n == 0)
		link_the_packages_libraries(rq, &plan, scan.model);
	audit_plan_families(&plan, scan.model, &opt);
	/* Harnesses run, and are stored, in the order of their names: the order a merge of
	 * shards can rebuild (snc merge copies each harness from its shard in that order). */
	if (plan.nfamilies > 1)   /* qsort's pointer must not be NULL, even for no items */
		qsort(plan.families, (size_t)plan.nfamilies, sizeof *plan.families, by_harness_name);
	for (int i = 0; i < plan.nfamilies; i++)   /* verdicts name ops as users call them */
		for (int k = 0; k < plan.families[i].nops; k++)
			plan.families[i].ops[k].name = audit_public_name(&plan, plan.families[i].ops[k].fn);
	audited = calloc((size_t)plan.nfamilies + 1, sizeof *audited);
	if (plan.nfamilies == 0 && rq->headers.n > 0)
		audit_note(&plan, "header", rq->headers.v[0], NULL, "skipped",
			   "no object family to audit: %d API function%s, none with an object or "
			   "global state the generator can build", plan.nfns, plan.nfns == 1 ? "" : "s");
	for (int i = 0; i < plan.nfamilies && rc == 0; i++) {
		enum family_outcome outcome;
		/* a family started again runs where the one it restarts ran */
		if (!plan.families[i].instead_of && !snc_shard_owns(&rq->shard, plan.families[i].name)) {
			counts.elsewhere++;   /* another shard runs it */
			continue;
		}
		counts.planned++;
		rc = audit_family(db, rq, &plan, &plan.families[i], dir, run_id, &t, &outcome);
		counts.outcome[outcome]++;
		if (audited)
			audited[i] = outcome == AUDITED;
		if (rc == 0 && audited && (outcome == AUDITED || outcome == NONE_RAN))
			rc = start_again(db, &plan, i, run_id, &audited);
	}
	if (rc == 0 && (!audited || store_notes(db, rq, run_id, &plan, audited, &coverage) != 0))
		rc = cli_error("audit", "storing the notes: %s", snc_db_errmsg(db));
	count_skipped(rq, &plan, &counts);
finish:
	/* nothing audited: the run says so, and so does the exit status (a shard did its part
	 * whatever became of its families: the merged run says whether any was audited) */
	if (rc == 0 && counts.outcome[AUDITED] == 0 && rq->shard.count == 0)
		rc = EXIT_USAGE;
	snc_db_run_finish(db, run_id, rc == 0 ? "ok" : "failed", rc);
	if ((rc == 0 || counts.planned > 0) && (rq->json || !rq->quiet) &&
	    show_run(rq->db_path, run_id, rq->json, "audit") != 0 && rc == 0)
		rc = EXIT_USAGE;
	fflush(stdout);   /* the verdicts before the notes, when both go to one pipe */
	print_notes(rq, &plan);
	if (scanned)
		print_summary(rq, &counts, &coverage, &plan, &t, run_id);
out:
	if (snc_remove_tree(rq->workdir) != 0)
		fprintf(stderr, "snc audit: warning: could not remove all of %s, where the harness "
			"programs ran\n", rq->workdir);
	harness_program_cache_objects(NULL);
	if (objects && snc_remove_tree(objects) != 0)
		fprintf(stderr, "snc audit: warning: could not remove all of %s, the library's "
			"objects\n", objects);
	if (!rq->emit_dir) {
		for (int i = 0; i < plan.nfamilies; i++) {
			char path[PATH_MAX];
			snprintf(path, sizeof path, "%s/%s.c", dir, plan.families[i].name);
			unlink(path);
			snprintf(path, sizeof path, "%s/%s.header.h", dir, plan.families[i].name);
			unlink(path);
		}
		if (wrappers[0])
			unlink(wrappers);
		if (inferred_path[0])
			unlink(inferred_path);
		rmdir(dir);
	}
	free(audited);
	audit_plan_free(&plan);
	scan_outcome_free(&scan);
	snc_db_close(db);
	return rc;
}

int cmd_audit(int argc, char **argv)
{
	struct audit_request rq = { .db_path = "snc.db", .shard_rc = -1 };
	struct audit_config cfg = { 0 };
	int rc = parse(argc, argv, &rq);
	if (rc == 0 && rq.config_path) {
		char err[512];
		if (audit_config_read(rq.config_path, &cfg, err, sizeof err) != 0)
			rc = cli_error("audit", "%s", err);
	}
	if (rc == 0) {
		char err[512];
		if (audit_check_libs(rq.libs.v, rq.libs.n, err, sizeof err) != 0)
			rc = cli_error("audit", "%s", err);
	}
	if (rc == 0 && (rc = cli_output_begin("audit")) == 0)
		rc = cli_output_end("audit", run_audit(&rq, rq.config_path ? &cfg : NULL, argc, argv));
	else if (rc < 0)
		rc = 0;   /* --help */
	audit_config_free(&cfg);
	strings_free(&rq.headers);
	strings_free(&rq.sources);
	strings_free(&rq.unit_inputs);
	strings_free(&rq.libs);
	strings_free(&rq.cflags);
	strings_free(&rq.families);
	strings_free(&rq.forward);
	strings_free(&rq.excludes);
	return rc;
}
