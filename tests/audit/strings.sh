# audit.strings: a `const char *` parameter is a C string (the decimal digits of a domain
# value, "0" and "1": a library that validates its names accepts them), and a `char *` one
# a buffer the function writes a string into, observed by its content. Before, the name
# was the address of one char without a NUL: every strtab_add was refused, and two adds of
# one name looked commutative. A function that returns the cell it was given returns
# "its cell".
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/strtab.h"
emitted=$(cat "$PWD/emitted/strtab.c")
expect_match "$emitted" 'strtab_add\(obj, \(\(const char \*const\[\]\)\{ "0", "1" \}\)\[name - 0\]\)' \
	"the name is a string literal picked by the value"
expect_match "$emitted" 'char buf\[256\] = \{ 0 \};' "the out-buffer has room for a string"
expect_eq "$(v strtab strtab_add strtab_add)" "snc" "adding one name twice: the second sees the first"
expect_eq "$(oneway strtab strtab_add strtab_has)" "strtab_add->strtab_has" "add influences has"
expect_eq "$(pair strtab fresh 'strtab_add("1")' 'strtab_add("1")')" "1 0" "\"1\" is added, then found"
expect_eq "$(pair strtab fresh 'strtab_add("0")' 'strtab_add("1")')" "1 1" "two names are two entries"
# strtab_first writes the first name into the buffer: "0" and "1" read differently.
first0=$(pair strtab 'strtab_add("0")' 'strtab_first()' 'strtab_first()')
first1=$(pair strtab 'strtab_add("1")' 'strtab_first()' 'strtab_first()')
expect_match "$first0" '^0, \*buf = [0-9]+ 0, \*buf = [0-9]+$' "strtab_first returns 0 and the buffer"
[ "$first0" != "$first1" ] || fail "the buffer's content is not observed: \"0\" and \"1\" read alike ($first0)"
# strtab_mark hands back the cell it was given (a fresh one from the harness's pool): its
# result is "its cell", not the pool's next cell, which made two calls look as if each
# changed the other's result (snc, and an unsynchronized finding, before).
expect_eq "$(pair strtab fresh 'strtab_mark(0)' 'strtab_mark(1)')" "$(pair strtab fresh 'strtab_mark(1)' 'strtab_mark(0)')" \
	"either order returns the same"
expect_eq "$(v strtab strtab_mark strtab_mark)" "state-only" "the cells differ, no result does"
expect_match "$("$SNC" show --db "$DB" 2>&1)" "strtab_mark\(0\) = its cell" "the witness reads 'its cell'"

# A function returning a string returns its content (a hash of it), not its address:
# strtab_joined keeps one buffer, whose address never changes while what it holds does.
expect_match "$(cat "$PWD/emitted/strtab.c")" 'return string_code\(strtab_joined\(obj\)\);' "the string is observed"
joined=$(pair strtab 'strtab_add("0")' 'strtab_joined()' 'strtab_joined()')
expect_match "$joined" '^string ~[0-9a-f]{4} string ~[0-9a-f]{4}$' "strtab_joined reads as a string"
[ "$joined" != "$(pair strtab fresh 'strtab_joined()' 'strtab_joined()')" ] || \
	fail "the joined names read alike with and without a name ($joined)"
expect_eq "$(oneway strtab strtab_add strtab_joined)" "strtab_add->strtab_joined" "add influences the joined names"

# A const void * followed by its length is a key of bytes: the bytes of a long holding the
# value, with their length (before: a token, whose bytes are alike for every value, and a
# length of 0 or 1 on its own: every add refused).
audit --emit-harness "$PWD/emitted" "$AFIX/keymap.h"
expect_match "$(cat "$PWD/emitted/keymap.c")" 'keymap_add\(obj, __extension__ \(\{ static long snc_cell_\[2\]; .* &snc_cell_\[\(key\) - 0\]; \}\), sizeof\(long\)\)' \
	"the key is a long's bytes, its length sizeof(long)"
expect_eq "$(pair keymap fresh 'keymap_add(0)' 'keymap_add(1)')" "1 1" "two keys, two entries"
expect_eq "$(pair keymap fresh 'keymap_add(1)' 'keymap_add(1)')" "1 0" "one key twice: found"
expect_eq "$(v keymap keymap_add keymap_add)" "snc" "add with itself"

# An enum's values are its enumerators: PRIO_LOW and PRIO_HIGH are 1 and 2 (before, 0 and
# 1: every sched_push(0) aborted); FLAG_READ and FLAG_WRITE, 1 and 4, are passed as the
# domain's values 0 and 1 map them.
audit --emit-harness "$PWD/emitted" "$AFIX/modes.h"
expect_match "$(cat "$PWD/emitted/sched.c")" 'sched_set\(obj, \(enum flag\)\(\(const long long\[\]\)\{ 1, 4 \}\)\[f - 0\]\)' \
	"the flags are mapped from the domain"
expect_eq "$(pair sched fresh 'sched_push(PRIO_LOW)' 'sched_push(PRIO_LOW)')" "1 2" "PRIO_LOW twice"
expect_eq "$(pair sched fresh 'sched_push(PRIO_HIGH)' 'sched_push(PRIO_LOW)')" "1 1" "PRIO_HIGH, then PRIO_LOW"
expect_eq "$(pair sched fresh 'sched_set(FLAG_READ)' 'sched_set(FLAG_WRITE)')" "0 1" "FLAG_READ, then FLAG_WRITE sees it"
expect_eq "$(q "$DB" "SELECT sum(crash_states) FROM verdicts v JOIN harnesses h ON h.id = v.harness_id
                      WHERE h.run_id = $run")" 0 "nothing aborts"
expect_eq "$(v sched sched_push sched_push)" "snc" "two pushes of one priority"
# A struct passed by value is a zeroed one (before: the function was skipped).
expect_match "$(item function sched_push_with)" "^audited: o = a zeroed struct push_opts for every call" \
	"says the options are zeroed"
expect_eq "$(pair sched fresh 'sched_push_with()' 'sched_push(PRIO_LOW)')" "1 2" "with zeroed options, one push"
expect_eq "$(v sched sched_push_with sched_push_with)" "snc" "two pushes with the defaults"
# A string returned, or a character buffer taken first, is no object: no family of char;
# ver_name(buf, size) is of the globals, its size in and out (it was skipped: "its first
# parameter (char *) is not a pointer to an object").
audit "$AFIX/version.h"
expect_eq "$(q "$DB" "SELECT count(*) FROM harnesses WHERE run_id = $run AND name = 'char'")" 0 "no family of char"
expect_eq "$(v globals_ver_text ver_string ver_string)" "commutative" "the version string is read"
expect_eq "$(q "$DB" "SELECT group_concat(DISTINCT first_result) FROM op_outcomes WHERE run_id = $run
                      AND first_op = 'ver_name' AND second_op IS NULL" | sed 's/buf = [0-9]*/buf = S/')" \
	"0, *buf = S, *size = 6" \
	"the buffer-first function writes its name: its size_t *size, after the buffer, starts as the buffer's size"
finish
