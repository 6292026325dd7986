# revision.sh: the source revision a run records (run_origins.source_revision) is the
# commit checked out where snc ran, with "-dirty" after it when a tracked file differs from
# that commit (changed in the work tree or staged), whatever tags the repository has; an
# untracked file leaves it clean; a repository without commits, or a folder outside any
# repository, records none (for `snc scan`, which names no input files).
. "$(dirname "$0")/lib.sh"
command -v git >/dev/null || skip "git is not installed"
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
g() { git -c user.name=snc -c user.email=snc@localhost -C repo "$@" >/dev/null 2>&1; }
mkdir repo
printf 'int counter;\nint next(void) { return ++counter; }\n' > repo/counter.c
revision() { q "$1" "SELECT coalesce(source_revision, 'NULL') FROM run_origins ORDER BY run_id DESC LIMIT 1"; }
scan() { (cd repo && "$SNC" scan --db "$SNC_SCRATCH/$1" --quiet .) >/dev/null 2>&1 || fail "scan into $1"; }

g init -q
scan none.db
expect_eq "$(revision none.db)" "NULL" "a repository without commits: no revision"

g add counter.c && g commit -q -m one && g tag -a v1.0 -m v1.0
head=$(git -C repo rev-parse HEAD)
scan clean.db
expect_eq "$(revision clean.db)" "$head" "a clean checkout: the commit, not the tag's name"

printf '/* scratch */\n' > repo/notes.c
scan untracked.db
expect_eq "$(revision untracked.db)" "$head" "an untracked file leaves the revision clean"

printf 'int other;\n' >> repo/counter.c
scan changed.db
expect_eq "$(revision changed.db)" "$head-dirty" "a changed tracked file: dirty"

g add counter.c
scan staged.db
expect_eq "$(revision staged.db)" "$head-dirty" "a staged change: dirty"

g commit -q -m two
scan committed.db
expect_eq "$(revision committed.db)" "$(git -C repo rev-parse HEAD)" "committed: the new commit, clean"

outside=$(mktemp -d /tmp/snc-revision.XXXXXX)
cp repo/counter.c "$outside/"
(cd "$outside" && "$SNC" scan --db "$SNC_SCRATCH/outside.db" --quiet .) >/dev/null 2>&1 || fail "scan outside"
expect_eq "$(revision outside.db)" "NULL" "outside any repository: no revision"
rm -rf "$outside"
finish
