# audit.registry: a record used only after it is registered with a domain
# (domain_register(d, r), as Concurrency Kit's ck_epoch_register(epoch, record, ct) and
# ck_hp_register(hp, record, pointers)). The record family's initial state is a zeroed
# record registered with a shared domain, itself initialized by domain_init(). Before, the
# record was a zeroed one: every rec_enter dereferenced its NULL domain and crashed, and
# the family "ran no operation to a result" (ck_epoch.h: 8 of its 17 names failed).
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/registry.h" "$AFIX/registry.c"
expect_eq "$(item family 'struct rec')" \
	"audited: a zeroed struct rec, then domain_register(..., obj, ...); calls get a struct domain initialized by domain_init()" \
	"registered with an initialized domain"
expect_match "$(tr '\n' ' ' < emitted/rec.c)" 'domain_init\(&domain\[0\]\);[[:space:]]+domain_register\(domain, obj\);' "setup() does both"
expect_eq "$(v rec rec_enter rec_enter)" "snc" "two enters: each counts the other"
expect_eq "$(v rec rec_enter rec_leave)" "snc-split" "enter, then leave succeeds; leave, then enter counts one fewer"
expect_eq "$(crashing_pairs)" 0 "no pair crashed"
# With a second header that includes the first (neither has an include guard): the family's
# harness needs both headers' functions and includes only registry_more.h, which includes
# registry.h (both included, registry.h was read twice: "redefinition of 'struct domain'"),
# and rec_is_inside, a static inline function both units see, is one operation.
audit "$AFIX/registry.h" "$AFIX/registry_more.h" "$AFIX/registry.c"
expect_eq "$(item family 'struct rec' | cut -d: -f1)" "audited" "the family is audited"
expect_eq "$(q "$DB" "SELECT count(*) FROM ops o JOIN harnesses h ON h.id = o.harness_id
	WHERE h.run_id = $run AND o.name = 'rec_is_inside'")" 1 "rec_is_inside once"
expect_eq "$(oneway rec rec_enter rec_is_inside)" "rec_enter->rec_is_inside" "enter influences inside"
finish
