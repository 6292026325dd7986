# A harness's .describe_arg: how an argument reads in calls. Witnesses, state labels and the
# executions' arguments name what a value stands for (a string key "0", a priority
# PRIO_HIGH), and every stored call is found again by its text (snc show, measurement
# plans). Texts that would be ambiguous or break a label are refused with one line and exit 2.
. "$(dirname "$0")/lib.sh"
db=args.db
cat > keys.c <<'C'
#include <snc.h>
#include <stdio.h>
#include <string.h>

static char keys[4][8];
static int nkeys;
static const char *const names[] = { "0", "1" };
static void setup(void) { nkeys = 0; }
static int put(long k, long prio)
{
	for (int i = 0; i < nkeys; i++)
		if (strcmp(keys[i], names[k]) == 0)
			return 0;
	snprintf(keys[nkeys++], sizeof keys[0], "%s", names[k]);
	return (int)prio;
}
static bool has(long k)
{
	for (int i = 0; i < nkeys; i++)
		if (strcmp(keys[i], names[k]) == 0)
			return true;
	return false;
}
static int describe_arg(int op, int arg, long value, char *buf, size_t len)
{
	if (arg == 0)
		return snprintf(buf, len, "\"%s\"", names[value]), 1;
	if (op == 0 && arg == 1)
		return snprintf(buf, len, "%s", MODE), 1;
	return 0;
}
SNC_HARNESS(.name = "keys", .setup = setup, .describe_arg = describe_arg,
	    .ops = SNC_OPS(SNC_OP(put, SNC_RANGE(0, 1), SNC_RANGE(1, 2)), SNC_OP(has, SNC_RANGE(0, 1))));
C
# MODE: the second argument of put reads as its priority (good), or badly.
good='value == 1 ? "PRIO_LOW" : "PRIO_HIGH"'
expect_status 0 "a harness with described arguments" -- "$SNC" run --db $db --quiet --depth 1 keys.c -- "-DMODE=($good)"
expect_eq "$(q $db "SELECT witness_state || ' | ' || witness_args FROM pair_verdicts WHERE f = 'put' AND g = 'has'")" \
	'fresh | put("0", PRIO_LOW), has("0")' "the witness reads as calls of the library"
expect_eq "$(q $db "SELECT count(*) FROM states WHERE label = 'put(\"1\", PRIO_HIGH)'")" 1 "a state's label too"
expect_eq "$(q $db "SELECT group_concat(DISTINCT first_args) FROM (SELECT first_args FROM executions e JOIN ops o ON o.id = e.first_op
	WHERE o.name = 'put' ORDER BY first_args)")" '"0", PRIO_HIGH,"0", PRIO_LOW,"1", PRIO_HIGH,"1", PRIO_LOW' \
	"and the executions' arguments"
expect_eq "$(verdict $db keys put put)" "snc" "the verdict is the same as with numbers: the second put of a key returns 0"
expect_status 0 "snc show" -- "$SNC" show --db $db
expect_match "$out" 'put x put +snc .*fresh: put\("0", PRIO_LOW\) = 1 \(0 after put\("0", PRIO_LOW\)\)' "snc show prints it"
expect_status 0 "the report" -- "$SNC" report --db $db --html site
expect_match "$(cat site/harness-keys.html site/*.html 2>/dev/null)" 'put\(&quot;0&quot;, PRIO_LOW\)' "the HTML report escapes the quotes"

# Refused: two values that read the same, a ';' (it separates a state's calls), a text too long.
expect_status 2 "two values, one text" -- "$SNC" run --db $db --quiet keys.c -- '-DMODE="PRIO"'
expect_match "$out" "describe_arg gives argument 2 of op 'put' the same text 'PRIO' for 1 and 2" "says which"
expect_status 2 "a ';'" -- "$SNC" run --db $db --quiet keys.c -- '-DMODE=(value == 1 ? "a;b" : "c")'
expect_match "$out" "describe_arg gives argument 2 of op 'put' the text 'a;b' for 1: at most 40 printable characters without ';'" "says why"
expect_status 2 "too long" -- "$SNC" run --db $db --quiet keys.c -- '-DMODE=(value == 1 ? "x" : "a very long name for a priority, longer than forty")'
expect_match "$out" "the text 'a very long name for a priority, longer ' for 2: at most 40" "says why (its first 40)"
expect_eq "$(q $db "SELECT group_concat(id || ' ' || status || ' ' || exit_code, ', ') FROM runs")" \
	"1 ok 0, 2 failed 2, 3 failed 2, 4 failed 2" "each refused run is recorded as failed"
expect_eq "$(q $db "SELECT group_concat(DISTINCT run_id) FROM harnesses")" 1 "with no harness: only the good run has one"
finish
