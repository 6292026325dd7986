# audit.another: a family the library allocates (node_new(), as jansson's json_object())
# whose functions take a second node (node_put(parent, key, child), as json_object_set's
# value) gets another node for it, made as the initial one was. Before, the second
# parameter was the object itself: node_put refused it (a node never holds itself, as
# jansson refuses an object as its own value), every put returned -1 and changed nothing,
# and put commuted with has and count.
. "$(dirname "$0")/lib.sh"
audit --emit-harness "$PWD/emitted" "$AFIX/nest.h"
emitted=$(cat "$PWD/emitted/node.c")
expect_match "$emitted" 'return node_put\(obj, key, another\(\)\);' "the child is another node"
expect_match "$(sed -n '/another(void)$/,/^}/p' "$PWD/emitted/node.c" | tr -d '\t' | tr '\n' ' ')" \
	'\{ return make_object\(\); \}' "made as the initial one was"
expect_match "$(sed -n '/make_object(void)$/,/^}/p' "$PWD/emitted/node.c" | tr -d '\t' | tr '\n' ' ')" \
	'\{ __typeof__\(obj\) made = node_new\(\); return made; \}' "by the constructor, which takes nothing to vary"
expect_eq "$(pair node fresh 'node_put(0)' 'node_has(0)')" "0 1" "a put links the child: has finds it after"
expect_eq "$(oneway node node_put node_has)" "node_put->node_has" "put influences has"
expect_eq "$(oneway node node_put node_count)" "node_put->node_count" "put influences count"
expect_eq "$(v node node_put node_put)" "state-only" "two puts under one key: either child stays, both return 0"
finish
