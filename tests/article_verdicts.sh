# The article's answers are the first acceptance table: the verdicts of every example, as
# the demo database (fixture.demo) holds them, compared with what the article (and docs/design.md §1) says.
. "$(dirname "$0")/lib.sh"
need_demo_db
db=$SNC_DEMO_DB
expect_eq "$(q $db "SELECT group_concat(harness, ' ') FROM (SELECT DISTINCT harness FROM pair_verdicts ORDER BY 1)")" \
	"atomic-counter byte-set cache-allocator global-allocator mutex-set racy-counter rcu split-counter spsc-ring treiber-stack" \
	"every example classified"

# Quick quiz 1: atomic_add_return is SNC with itself; atomic_inc is not.
expect_eq "$(verdict $db atomic-counter atomic_add_return atomic_add_return)" snc "QQ1 add_return"
expect_eq "$(verdict $db atomic-counter atomic_inc atomic_inc)" commutative "QQ1 atomic_inc"
expect_eq "$(verdict $db atomic-counter atomic_inc atomic_read)" "non-commutative f->g" "inc -> read"
expect_eq "$(verdict $db atomic-counter atomic_inc atomic_add_return)" "non-commutative f->g" "inc -> add_return"
expect_eq "$(verdict $db racy-counter racy_add_return racy_add_return)" snc "racy add_return"
# The witness of QQ1: from the fresh state, add_return(1) returns 1 alone and 2 after.
expect_eq "$(q $db "SELECT witness_state, witness_args, f_alone, f_after_g, g_alone, g_after_f
	FROM pair_verdicts WHERE harness='atomic-counter' AND f='atomic_add_return' AND g=f")" \
	"fresh|atomic_add_return(1), atomic_add_return(1)|1|2|1|2" "QQ1 witness"
# Quick quiz 2: the split counter's increments commute.
expect_eq "$(verdict $db split-counter split_inc split_inc)" commutative "QQ2 split_inc"
expect_eq "$(verdict $db split-counter split_inc split_read)" "non-commutative f->g" "QQ2 inc -> read"

# The set discussion, for both sets (verdicts belong to the API).
for set in mutex-set byte-set; do
	expect_eq "$(verdict $db $set set_add set_add)" snc "$set add/add"
	expect_eq "$(verdict $db $set set_remove set_remove)" snc "$set remove/remove"
	expect_eq "$(verdict $db $set set_add set_remove)" snc-split "$set add/remove"
	expect_eq "$(verdict $db $set set_add set_member)" "non-commutative f->g" "$set add -> member"
	expect_eq "$(verdict $db $set set_member set_member)" commutative "$set member/member"
done
# snc-split keeps one witness per direction, from different states.
expect_eq "$(q $db "SELECT group_concat(w.role || '@' || w.state, ' ') FROM witnesses w
	JOIN pair_verdicts p ON p.verdict_id = w.verdict_id
	WHERE p.harness = 'mutex-set' AND p.f = 'set_add' AND p.g = 'set_remove'
	AND w.role IN ('f->g', 'g->f') ORDER BY w.role")" \
	"f->g@fresh g->f@set_add(1)" "add/remove split witnesses"
expect_eq "$(q $db "SELECT mutual_states FROM verdicts v JOIN pair_verdicts p ON p.verdict_id = v.id
	WHERE p.harness = 'mutex-set' AND p.f = 'set_add' AND p.g = 'set_remove'")" 0 "add/remove never mutual"

# Quick quiz 3: alloc with alloc is SNC, for both allocators.
expect_eq "$(verdict $db global-allocator alloc alloc)" snc "QQ3 global alloc"
expect_eq "$(verdict $db cache-allocator alloc alloc)" snc "QQ3 cache alloc"

# RCU: read_lock is never SNC with anything; synchronize is affected by read_lock only.
expect_eq "$(q $db "SELECT count(*) FROM pair_verdicts WHERE harness='rcu'
	AND (f='rcu_read_lock' OR g='rcu_read_lock') AND verdict IN ('snc', 'snc-split')")" 0 "read_lock never SNC"
expect_eq "$(verdict $db rcu rcu_read_lock synchronize_rcu)" "non-commutative f->g" "read_lock -> synchronize"
expect_eq "$(verdict $db rcu rcu_read_unlock synchronize_rcu)" "non-commutative f->g" "read_unlock -> synchronize"
expect_eq "$(verdict $db rcu rcu_dereference rcu_assign)" "non-commutative g->f" "assign -> dereference"
expect_eq "$(verdict $db rcu rcu_assign rcu_assign)" state-only "assign/assign state-only"

# Stack and ring.
expect_eq "$(verdict $db treiber-stack pop pop)" snc "stack pop/pop"
expect_eq "$(verdict $db treiber-stack push pop)" "non-commutative f->g" "stack push -> pop"
expect_eq "$(verdict $db treiber-stack push push)" state-only "stack push/push"
expect_eq "$(verdict $db spsc-ring dequeue dequeue)" snc "ring dequeue/dequeue"
expect_eq "$(q $db "SELECT contract FROM pair_verdicts WHERE harness='spsc-ring' AND f='dequeue' AND g='dequeue'")" \
	single-consumer "dequeue carries its contract"
expect_eq "$(q $db "SELECT coalesce(contract, 'none') FROM pair_verdicts WHERE harness='spsc-ring' AND f='enqueue' AND g='dequeue'")" \
	none "producer and consumer may run together"

# Every verdict that is not commutative has a witness; all examples are deterministic.
expect_eq "$(q $db "SELECT count(*) FROM pair_verdicts WHERE verdict NOT IN ('commutative', 'unknown') AND witness_state IS NULL")" 0 "witnesses"
expect_eq "$(q $db "SELECT count(*) FROM pair_verdicts WHERE deterministic = 0")" 0 "examples deterministic"
finish
