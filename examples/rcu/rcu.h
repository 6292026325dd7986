/* rcu.h: an RCU-like read side over one published configuration value.
 *
 *   rcu_read_lock / rcu_read_unlock   mark a read-side critical section (per thread)
 *   rcu_dereference                   read the published value (-1 before any publish)
 *   rcu_assign(v)                     publish value v
 *   synchronize_rcu                   wait until every reader that might still see the
 *                                     old value has left its critical section
 */
#ifndef EXAMPLES_RCU_H
#define EXAMPLES_RCU_H

void rcu_read_lock(void);
void rcu_read_unlock(void);
long rcu_dereference(void);
void rcu_assign(long value);
void synchronize_rcu(void);

#endif
