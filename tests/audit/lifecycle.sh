# audit.lifecycle: an object a constructor allocates (table_new) and a destructor frees
# (table_delete): the destructor is not an operation, since whatever follows it would use
# freed memory (its pairs were crashes counted as "commutative"); it is listed as skipped
# with why. An operation with three varying parameters (table_put(t, key, value,
# replace)) is audited with the ones after the first two fixed at the first value of
# their domain, said in a note, instead of being skipped. The verdicts come before the
# notes when both go to one pipe. A parameter of a struct typedef'd by its own tag's name
# (counts, as pthread_attr_t) compiles (its slot is named by the struct tag) and, as it
# holds no pointer, is what table_count returns. Names are matched whatever their case (CounterDestroy).
. "$(dirname "$0")/lib.sh"
audit "$AFIX/table.h" "$AFIX/table.c"
expect_match "$(item function table_delete)" \
	"^skipped: ends the life of the object table_new\(\) returns \(the library allocated it\)" \
	"the destructor of a constructed object is skipped, with why"
expect_eq "$(item function table_put)" "audited: replace = 0 for every call: 3 parameters vary and an operation takes at most 2 (set others with \`arg\` in a config file)" \
	"put is audited with replace fixed"
expect_eq "$(v table table_put table_put)" "snc" "put with itself: the second put of a key fails"
# The constructor is an operation (it makes another table), with no contract: any thread
# may make one while others do (it read "contract: owner-only", which would hide a global
# id counter behind it).
expect_eq "$(contract table table_new table_new)" "-" "table_new with itself: no contract"
expect_eq "$(q "$DB" "SELECT f_alone || ' ' || f_after_g FROM pair_verdicts
                      WHERE run_id = $run AND f = 'table_put' AND g = 'table_put'")" \
	"0 17" "the witness: 0 alone, 17 (EEXIST) after the other put"
expect_eq "$(oneway table table_put table_get)" "table_put->table_get" "put influences get"
expect_eq "$(oneway table table_put table_count)" "table_put->table_count" \
	"count fills a typedef'd struct (an out-parameter, observed): put influences it"
expect_eq "$(q "$DB" "SELECT count(*) FROM pair_verdicts WHERE run_id = $run AND (f = 'table_delete' OR g = 'table_delete')")" \
	"0" "no verdict with the destructor"
expect_eq "$(crashing_pairs)" "0" "no pair crashed"
expect_match "$out" "1 function skipped, 2 notes" "the summary counts the skipped destructor and both notes"
table_end=$(printf '%s\n' "$out" | grep -n 'table_get x table_get' | cut -d: -f1)
note=$(printf '%s\n' "$out" | grep -n 'snc audit: skipped function table_delete' | cut -d: -f1)
expect_eq "$([ -n "$table_end" ] && [ -n "$note" ] && [ "$table_end" -lt "$note" ] && echo yes)" "yes" \
	"the verdicts are printed before the notes ($table_end, $note)"

audit "$AFIX/camel.h" "$AFIX/camel.c"
expect_match "$(item function CounterDestroy)" "^skipped: ends the life of the object CounterCreate\(\) returns" \
	"a destructor in CamelCase is one too"
expect_eq "$(v Counter CounterAdd CounterAdd)" "snc" "add with itself"
# A constructor that takes the new object's parent (nsync_note_new(nsync_note parent, ...),
# a tree's node_new(parent)) builds the initial state with NULL, a root; it was not taken
# for a constructor, and the family of an opaque type was skipped ("no constructor returns
# it").
cat > tree.h <<'H'
typedef struct node node_t;
node_t *node_new(node_t *parent);
int node_children(const node_t *n);
H
cat > tree.c <<'C'
#include <stdlib.h>
#include "tree.h"
struct node { node_t *parent; int children; };
node_t *node_new(node_t *parent)
{
	node_t *n = calloc(1, sizeof *n);
	if (n && (n->parent = parent))
		__atomic_fetch_add(&parent->children, 1, __ATOMIC_RELAXED);
	return n;
}
int node_children(const node_t *n) { return __atomic_load_n(&n->children, __ATOMIC_RELAXED); }
C
audit "$PWD/tree.h" "$PWD/tree.c"
expect_eq "$(item family 'struct node')" "audited: obj = node_new(...)" "the root is made by node_new"
expect_eq "$(oneway node node_new node_children)" "node_new->node_children" "a child made counts"
finish
