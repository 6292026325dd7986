# audit.kernel_list: a function taking two of the family's structs, one named as the
# container (list_add(new, head)), gets the object for the head and fresh entries for the
# others. Before, both were the object: list_add linked the head into itself. An
# initializer named init first (INIT_LIST_HEAD, init_llist_head) builds the initial state.
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/klist.h"
emitted=$(cat "$PWD/emitted/list_head.c")
expect_match "$emitted" 'list_add\(fresh_[a-z_]+\(\), obj\);' "a fresh entry into the list"
expect_match "$emitted" 'Initial state: a zeroed struct list_head, then INIT_LIST_HEAD\(obj, \.\.\.\)' \
	"INIT_LIST_HEAD, init first, is the initializer"
expect_eq "$(pair list_head fresh 'list_add()' 'list_empty()')" "void false" "an entry added: not empty"
expect_eq "$(pair list_head 'list_add()' 'list_pop()' 'list_empty()')" "head#0 true" \
	"the entry added is popped, and the list is empty again"
expect_eq "$(oneway list_head list_add list_empty)" "list_add->list_empty" "add influences empty"
expect_eq "$(v list_head list_pop list_pop)" "snc" "two pops: the second finds none"
finish
