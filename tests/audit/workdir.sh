# audit.workdir: the library's functions run with the names "0" and "1"; libuv's
# uv_fs_mkdir, uv_fs_chown and uv_fs_symlink made a folder "0" (given to daemon) and a
# link "1" in the user's folder, and uv_fs_unlink("0") would have removed a file of the
# user's. Harness programs now run in a folder of the audit's own, emptied after each
# family and removed at the end with whatever the calls left there (folders without
# permissions included).
. "$(dirname "$0")/lib.sh"
mkdir -p tmp user && export TMPDIR="$PWD/tmp"
echo precious > user/0
cd user
audit "$AFIX/files.h"
cd ..
# (What they return is not asserted: files outlive the execution that made them, the one
# folder is shared by every execution, so the results depend on which ran first.)
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND harness = 'stateless_files'")" 10 \
	"the family was audited: its ten pairs have verdicts"
# files_make_named(const char *name) is one of them, given "0" and "1": before, the string
# was taken for the object of a family "char" of its own, a zeroed char, and open("")
# failed every time.
expect_eq "$(q "$DB" "SELECT group_concat(DISTINCT h.name || ' ' || e.first_args || ' ' || e.first_result)
	FROM executions e JOIN states s ON s.id = e.state_id JOIN harnesses h ON h.id = s.harness_id
	JOIN ops f ON f.id = e.first_op WHERE h.run_id = $run AND f.name = 'files_make_named'
	AND e.second_op IS NULL")" "stateless_files 0 0,stateless_files 1 0" "the string names a file it makes"
# The folder is emptied after each family: the next one (trace) does not find the folders
# 0.d and 1.d that files_lock_away left. Before, it did, whatever it was given.
expect_eq "$(q "$DB" "SELECT group_concat(DISTINCT e.first_result) FROM executions e
	JOIN states s ON s.id = e.state_id JOIN harnesses h ON h.id = s.harness_id
	JOIN ops f ON f.id = e.first_op WHERE h.run_id = $run AND f.name = 'trace_sees'")" "0" \
	"the next family starts from an empty folder"
expect_eq "$(cat user/0)" "precious" "the user's file named 0 is untouched"
expect_eq "$(ls -A user | tr '\n' ' ')" "0 " "nothing else in the user's folder"
expect_eq "$(ls tmp | tr '\n' ' ')" "" "the audit's folders are removed, locked-away ones included"
finish
