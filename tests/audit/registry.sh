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
finish
