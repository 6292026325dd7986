# audit.workdir: the library's functions run with the names "0" and "1"; libuv's
# uv_fs_mkdir, uv_fs_chown and uv_fs_symlink made a folder "0" (given to daemon) and a
# link "1" in the user's folder, and uv_fs_unlink("0") would have removed a file of the
# user's. Harness programs now run in a folder of the audit's own, emptied after each
# family and removed at the end with whatever the calls left there (folders without
# permissions included), and each execution in a copy of its state's folder.
. "$(dirname "$0")/lib.sh"
mkdir -p tmp user && export TMPDIR="$PWD/tmp"
echo precious > user/0
cd user
audit "$AFIX/files.h"
cd ..
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND harness = 'stateless_files'")" 15 \
	"the family was audited: its 15 pairs have verdicts"
# Every execution works in a copy of its state's folder (--private-folders): a file one
# execution made is not there in another. Before, files_there found the files other
# executions had made, and what it returned depended on which ran first.
expect_eq "$(q "$DB" "SELECT group_concat(DISTINCT e.first_result) FROM executions e
	JOIN states s ON s.id = e.state_id JOIN harnesses h ON h.id = s.harness_id
	JOIN ops f ON f.id = e.first_op WHERE h.run_id = $run AND f.name = 'files_there'
	AND e.second_op IS NULL AND s.label = 'fresh'")" "0" "alone from the fresh state, no file is there"
expect_eq "$(q "$DB" "SELECT group_concat(DISTINCT e.first_result) FROM executions e
	JOIN states s ON s.id = e.state_id JOIN harnesses h ON h.id = s.harness_id
	JOIN ops f ON f.id = e.first_op WHERE h.run_id = $run AND f.name = 'files_there'
	AND e.first_args = '0' AND e.second_op IS NULL AND s.label = 'files_make(0)'")" "1" \
	"from the state files_make(0) built, its file is there"
expect_eq "$(pair stateless_files fresh 'files_make(0)' 'files_there(0)')" "0 1" "after a make in the same execution, it is"
expect_eq "$(pair stateless_files fresh 'files_remove(0)' 'files_make(0)')" "-1 0" "a remove finds no file another execution made"
expect_eq "$(oneway stateless_files files_make files_there)" "files_make->files_there" "make influences there"
# files_make_named(const char *name) is one of them, given "0" and "1": before, the string
# was taken for the object of a family "char" of its own, a zeroed char, and open("")
# failed every time.
expect_eq "$(q "$DB" "SELECT group_concat(DISTINCT h.name || ' ' || e.first_args || ' ' || e.first_result)
	FROM executions e JOIN states s ON s.id = e.state_id JOIN harnesses h ON h.id = s.harness_id
	JOIN ops f ON f.id = e.first_op WHERE h.run_id = $run AND f.name = 'files_make_named'
	AND e.second_op IS NULL")" 'stateless_files "0" 0,stateless_files "1" 0' "the string names a file it makes"
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
