# audit.ck_pr: Concurrency Kit's ck_pr.h, the int operations (the family of functions whose
# first parameter is an int *), without a harness. What follows from their documented
# semantics: ck_pr_faa_int returns the old value, so two of them from one state see each
# other: snc; ck_pr_inc_int returns nothing, so it is never SNC (and commutes with itself).
# Functions taking arrays (ck_pr_cas_int_4) cannot be generated and are reported.
. "$(dirname "$0")/lib.sh"
need_ck
audit_measured /usr/include/ck_pr.h --family int --measure-states 1
expect_match "$out" "int  \(" "the int family was classified"
expect_eq "$(v int ck_pr_faa_int ck_pr_faa_int)" "snc" "ck_pr_faa_int with itself"
expect_eq "$(q "$DB" "SELECT witness_state || ' ' || witness_args || ' ' || f_alone || '/' || f_after_g
                      FROM pair_verdicts WHERE run_id = $run AND f = 'ck_pr_faa_int' AND g = 'ck_pr_faa_int'")" \
	"fresh ck_pr_faa_int(1), ck_pr_faa_int(1) 0/1" "its witness: from 0, each returns 0 alone and 1 after the other"
expect_eq "$(v int ck_pr_inc_int ck_pr_inc_int)" "commutative" "ck_pr_inc_int with itself is never SNC"
expect_eq "$(v int ck_pr_cas_int ck_pr_cas_int)" "snc" "ck_pr_cas_int with itself (one of two CAS(0, 1) wins)"
expect_eq "$(v int ck_pr_load_int ck_pr_load_int)" "commutative" "two loads commute (ck_pr_md_load_int, named as users call it)"
expect_eq "$(oneway int ck_pr_faa_int ck_pr_load_int)" "ck_pr_faa_int->ck_pr_load_int" "faa influences a load, not the reverse"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND (f LIKE 'ck\_pr\_md\_%' ESCAPE '\' OR g LIKE 'ck\_pr\_md\_%' ESCAPE '\')")" "0" \
	"no verdict names an implementing ck_pr_md_ function: each is named by its macro"
expect_match "$out" "ck_pr_load_int \(ck_pr_md_load_int\) x ck_pr_load_int \(ck_pr_md_load_int\) +commutative" \
	"the implementing function is shown beside the name"
expect_match "$(q "$DB" "SELECT f_alone || ' / ' || f_after_g FROM pair_verdicts WHERE run_id = $run
                         AND f = 'ck_pr_inc_int_zero' AND g = 'ck_pr_inc_int_zero'")" "zero = " \
	"the bool *zero out-parameter is part of ck_pr_inc_int_zero's result"
expect_eq "$(q "$DB" "SELECT verdict || ': ' || f_alone || ' / ' || f_after_g FROM pair_verdicts WHERE run_id = $run
                      AND f = 'ck_pr_cas_int_value' AND g = 'ck_pr_cas_int_value'")" "snc: true, *v = 0 / false, *v = 1" \
	"cas_value's int *v is an out-parameter (the old value), not the target"
expect_match "$(item function ck_pr_cas_int_4_value)" "^skipped: .*array|^skipped: .*int\[4\]" \
	"ck_pr_cas_int_4_value (int[4] parameters) is reported as skipped"
expect_eq "$(q "$DB" "SELECT count(*) > 0 FROM scan_functions WHERE run_id = $run AND name = 'ck_pr_faa_int'")" "1" \
	"the scan is in the audit's run"
expect_eq "$(q "$DB" "SELECT count(DISTINCT command) || ' ' || count(*) FROM run_summary")" "1 1" "one run, command audit"
have_valgrind || skip "valgrind is not installed: the measured costs are not checked"
expect_eq "$(measured int ck_pr_faa_int)" "1.00" "ck_pr_faa_int pays one RMW per call (measured)"
expect_eq "$(measured int ck_pr_inc_int)" "1.00" "ck_pr_inc_int pays one RMW per call too (measured)"
finish
