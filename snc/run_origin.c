/* run_origin.c: where a run comes from, recorded next to it (the run_origins table).
 *
 * The source revision is the commit checked out in the current directory, and "-dirty"
 * after it when a tracked file differs from that commit: what `git describe --always
 * --dirty --abbrev=40` says in a repository without tags. One `git status --porcelain=v2
 * --branch --untracked-files=no` tells both at a third of describe's cost (describe walks
 * the whole history looking for a tag). Git is run as an argv vector, never through a
 * shell, and not even started when no folder from the current one up holds a .git or is a
 * repository itself and GIT_DIR is not set: it could only say "none", at the cost of a
 * process, a tenth of an unchanged rescan's CPU. Outside a checkout (or without git), a
 * command that names its inputs (`snc audit`'s headers and sources) records their content
 * instead: "content:" and the XXH3-128 of the files' bytes, in the order named, so shards
 * of one job and gate comparisons can still tell the same input from another. The options
 * are the command line without --shard and --db, which is what the shards of one job share
 * and `snc merge` compares. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include "cli.h"
#include "snc_analyzer.h"
#include "snc_db.h"

/* Is name (relative to dir) there? */
static bool exists_in(const char *dir, const char *name)
{
	char path[PATH_MAX + 16];
	snprintf(path, sizeof path, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, name);
	return access(path, F_OK) == 0;
}

/* Could git find a repository from here: GIT_DIR set, or a folder from the current one up
 * that holds a .git (a checkout) or is a repository (HEAD and objects)? When in doubt, yes. */
static bool maybe_in_repository(void)
{
	char dir[PATH_MAX];
	if (getenv("GIT_DIR") || !getcwd(dir, sizeof dir) || dir[0] != '/')
		return true;
	for (;;) {
		if (exists_in(dir, ".git") || (exists_in(dir, "HEAD") && exists_in(dir, "objects")))
			return true;
		if (strcmp(dir, "/") == 0)
			return false;
		char *slash = strrchr(dir, '/');
		slash[slash == dir] = '\0';   /* "/a" -> "/", "/a/b" -> "/a" */
	}
}

/* Reads git's status from fd into buf: the commit of "# branch.oid" (none for "(initial)",
 * a repository without commits) and "-dirty" after it when any line names a changed tracked
 * file. Reads to the end, so that git is never stopped by a closed pipe. */
static void read_status(int fd, char *buf, size_t len)
{
	char line[256];
	size_t used = 0;
	bool dirty = false, at_line_start = true;
	char chunk[4096];
	ssize_t r;
	while ((r = read(fd, chunk, sizeof chunk)) > 0) {
		for (ssize_t i = 0; i < r; i++) {
			char c = chunk[i];
			if (at_line_start && c != '#')
				dirty = true;   /* "1 ...", "2 ...", "u ...": a changed entry */
			at_line_start = c == '\n';
			if (c == '\n' || used + 1 >= sizeof line) {
				line[used] = '\0';
				if (strncmp(line, "# branch.oid ", 13) == 0 && line[13] != '(')
					snprintf(buf, len, "%.64s", line + 13);
				used = c == '\n' ? 0 : used;
				continue;
			}
			line[used++] = c;
		}
	}
	if (buf[0] && dirty)
		snprintf(buf + strlen(buf), len - strlen(buf), "-dirty");
}

/* The git status asked for, if it was: its process and the pipe its answer comes through. */
static struct revision_query {
	bool started;
	pid_t pid;
	int fd;
} query = { .pid = -1, .fd = -1 };

void cli_revision_prefetch(void)
{
	if (query.started)
		return;
	query.started = true;
	int fds[2];
	if (!maybe_in_repository() || pipe2(fds, O_CLOEXEC) != 0)
		return;
	pid_t pid = fork();
	if (pid == 0) {
		dup2(fds[1], STDOUT_FILENO);
		FILE *null = freopen("/dev/null", "w", stderr);
		(void)null;
		/* no optional locks: shards running at once in one checkout never contend for
		 * the index (status would refresh it) */
		execlp("git", "git", "--no-optional-locks", "status", "--porcelain=v2", "--branch",
		       "--untracked-files=no", (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		return;
	}
	query.pid = pid;
	query.fd = fds[0];
}

/* The revision into buf, or "" when there is none: git's answer, asked for now unless
 * cli_revision_prefetch asked already. */
static void source_revision(char *buf, size_t len)
{
	buf[0] = '\0';
	cli_revision_prefetch();
	if (query.pid < 0)
		return;
	read_status(query.fd, buf, len);
	close(query.fd);
	int status = 1;
	while (waitpid(query.pid, &status, 0) < 0 && errno == EINTR)
		;
	query.pid = -1;
	query.fd = -1;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		buf[0] = '\0';
}

/* "content:" and the XXH3-128 of the regular files among files (their content hashes, the
 * analyzer's, which the scan that came before has cached, in order) into buf; "" when none
 * of them can be read. */
static void content_revision(char *const *files, int nfiles, char *buf, size_t len)
{
	buf[0] = '\0';
	XXH3_state_t *h = XXH3_createState();
	bool ok = h && XXH3_128bits_reset(h) == XXH_OK, any = false;
	for (int i = 0; ok && i < nfiles; i++) {
		struct stat st;
		char hex[33];
		if (stat(files[i], &st) != 0 || !S_ISREG(st.st_mode) || sa_hash_file(files[i], hex) != 0)
			continue;   /* a directory of sources: its files are not named */
		ok = XXH3_128bits_update(h, hex, sizeof hex) == XXH_OK;
		any = true;
	}
	if (ok && any) {
		XXH128_hash_t d = XXH3_128bits_digest(h);
		snprintf(buf, len, "content:%016llx%016llx", (unsigned long long)d.high64,
			 (unsigned long long)d.low64);
	}
	XXH3_freeState(h);
}

/* argv as one line, without --shard K/N and --db FILE (either spelling). */
static char *options_line(int argc, char **argv)
{
	char **kept = calloc((size_t)argc + 1, sizeof *kept);
	int n = 0;
	if (!kept)
		return NULL;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0) {
			while (i < argc)
				kept[n++] = argv[i++];
			break;
		}
		if ((strcmp(argv[i], "--shard") == 0 || strcmp(argv[i], "--db") == 0) && i + 1 < argc) {
			i++;
			continue;
		}
		if (strncmp(argv[i], "--shard=", 8) == 0 || strncmp(argv[i], "--db=", 5) == 0)
			continue;
		kept[n++] = argv[i];
	}
	char *line = cli_joined(n, kept);
	free(kept);
	return line;
}

int cli_shard(const char *cmd, const char *text, struct snc_shard *s)
{
	char err[160];
	if (snc_shard_parse(text, s, err, sizeof err) != 0)
		return cli_error(cmd, "%s", err);
	return -1;
}

int cli_record_origin(struct snc_db *db, int64_t run_id, int argc, char **argv,
		      const struct snc_shard *shard, bool skipped, bool schedules_only)
{
	return cli_record_origin_of(db, run_id, argc, argv, shard, skipped, schedules_only, NULL, 0);
}

int cli_record_origin_of(struct snc_db *db, int64_t run_id, int argc, char **argv,
			 const struct snc_shard *shard, bool skipped, bool schedules_only,
			 char *const *inputs, int ninputs)
{
	char revision[128];
	source_revision(revision, sizeof revision);
	if (!revision[0])
		content_revision(inputs, ninputs, revision, sizeof revision);
	char *options = options_line(argc, argv);
	struct snc_db_run_origin o = {
		.run_id = run_id,
		.source_revision = revision[0] ? revision : NULL,
		.options = options ? options : "",
		.shard_index = shard ? shard->index : 0,
		.shard_count = shard ? shard->count : 0,
		.skipped = skipped,
		.schedules_only = schedules_only,
	};
	int rc = snc_db_run_origin_add(db, &o);
	free(options);
	return rc;
}
