# audit.library: a library built here, as a project would hand it to snc: its sources
# through compile_commands.json, the archive with --lib, the header that declares the API.
# Accounts are opaque (only account_new builds one); tickets come from functions without
# parameters that share a global (a "globals" family). Nothing synchronizes: the audit says
# which pairs would have to (deposit with itself, take with itself). The archive is linked as
# it was built, without the scheduler's instrumentation: the schedules of its SNC pairs reach
# no scheduling point, and `snc show` says they were not explored rather than calling them
# linearizable.
. "$(dirname "$0")/lib.sh"
cp -r "$AFIX/bank" . && cd bank || exit 1
cc -c -Iinclude src/bank.c -o bank.o && ar rcs libbank.a bank.o || { echo "cannot build the fixture"; exit 1; }
cat > compile_commands.json <<JSON
[{"directory": "$PWD", "command": "cc -Iinclude -c src/bank.c -o bank.o", "file": "src/bank.c"}]
JSON
audit -p compile_commands.json --lib libbank.a include/bank.h
expect_match "$(item family 'struct account')" "^audited: obj = account_new" "the constructor builds the opaque account"
expect_eq "$(v account account_deposit account_deposit)" "snc" "deposit with itself"
expect_eq "$(v account account_balance account_balance)" "commutative" "balance only reads"
expect_eq "$(oneway account account_credit account_balance)" "account_credit->account_balance" "credit influences balance"
expect_eq "$(v globals_next_ticket ticket_take ticket_take)" "snc" "ticket_take with itself (a globals family)"
expect_eq "$(oneway globals_next_ticket ticket_take ticket_peek)" "ticket_take->ticket_peek" "take influences peek"
expect_eq "$(q "$DB" "SELECT count(*) FROM scan_functions WHERE run_id = $run AND name = 'account_deposit' AND file LIKE '%src/bank.c'")" \
	"1" "the sources' facts are in the run"
# Without --lib the compile database's unit that defines the API is compiled into the
# harnesses, with the scheduler's instrumentation: the racy deposit is shown not
# linearizable, with the schedule that breaks it.
audit_proved -p compile_commands.json include/bank.h
expect_match "$out" "compiling 1 unit of compile_commands.json that defines the API \(bank.c\)" "says what it compiles"
expect_eq "$(v account account_deposit account_deposit)" "snc" "deposit with itself, from the sources"
expect_eq "$(q "$DB" "SELECT linearizable FROM pair_verdicts WHERE run_id = $run AND f = 'account_deposit'
                      AND g = 'account_deposit'")" "0" "two deposits interleave: not linearizable"
audit_proved -p compile_commands.json --lib libbank.a include/bank.h
shown=$("$SNC" show --db "$DB" --run "$run" 2>&1)
expect_match "$shown" "schedules: not explored: in [0-9]+ schedules the calls reached no scheduling point" \
	"the archive's pairs are not called linearizable"
case $shown in *"linearizable and deterministic in"*) fail "a pair of the archive is called linearizable";; esac
expect_eq "$("$SNC" show --db "$DB" --run "$run" --json | python3 -c 'import json,sys
d = json.load(sys.stdin)
print(sorted({v["schedules"]["points"] for v in d["verdicts"] if v.get("schedules")}))')" "[0]" \
	"--json says no point was reached"
finish
