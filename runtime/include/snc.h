/* snc.h: the harness API, the one header a harness is written against.
 *
 * A harness describes a sequential object to snc: how to build a fresh state, the
 * operations on it (an API function plus the values of its arguments), and optionally a
 * digest of the observable state. It is a short declarative C file with no main, no fork
 * and no database code; the runtime (linked in by `snc run` or the CMake helper
 * snc_add_harness) supplies main, explores the states, and classifies every pair of
 * operations as commutative, state-only, non-commutative, snc-split or snc.
 *
 *     #include <snc.h>
 *     #include "set.h"
 *
 *     static struct set *s;
 *     static void     setup(void)  { s = set_new(); }
 *     static uint64_t digest(void) { return set_hash(s); }
 *     static bool add(long k)      { return set_add(s, (int)k); }
 *     static bool rem(long k)      { return set_remove(s, (int)k); }
 *     static bool member(long k)   { return set_member(s, (int)k); }
 *
 *     SNC_HARNESS(.name = "set", .setup = setup, .digest = digest,
 *                 .ops = SNC_OPS(SNC_OP(add, SNC_RANGE(0, 2)),
 *                                SNC_OP(rem, SNC_RANGE(0, 2)),
 *                                SNC_OP(member, SNC_RANGE(0, 2))));
 *
 * Operations take 0, 1 or 2 arguments of type long, each drawn from a small declared domain
 * (SNC_RANGE(lo, hi), inclusive), and return long, unsigned long, int, unsigned, bool, a
 * pointer, or void. The return type is read from the function's type, so a wrong signature
 * is a compile error, not a wrong verdict. docs/harness.md has the whole story.
 */
#ifndef SNC_H
#define SNC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SNC_MAX_ARGS 2

/* How an op's function is called and how its result is read. */
enum snc_op_kind {
	SNC_KIND_INVALID = 0,
#define SNC_KINDS_FOR(ret, suffix)                                                         \
	SNC_KIND_##suffix##0, SNC_KIND_##suffix##1, SNC_KIND_##suffix##2,
	SNC_KINDS_FOR(long, LONG)
	SNC_KINDS_FOR(unsigned long, ULONG)
	SNC_KINDS_FOR(int, INT)
	SNC_KINDS_FOR(unsigned, UINT)
	SNC_KINDS_FOR(bool, BOOL)
	SNC_KINDS_FOR(void *, PTR)
	SNC_KINDS_FOR(void, VOID)
#undef SNC_KINDS_FOR
};

/* Which concurrent calls the API itself forbids. Ops that share a contract are never
 * called concurrently with each other (two producers, two consumers, two calls from
 * anyone but the owner): their pair keeps its verdict but carries the contract, so no
 * finding asks for synchronization the API excludes. */
enum snc_contract {
	SNC_ANY_THREAD = 0,
	SNC_SINGLE_PRODUCER,
	SNC_SINGLE_CONSUMER,
	SNC_OWNER_ONLY,
};

struct snc_domain {
	long lo, hi;          /* inclusive */
};

struct snc_op {
	const char *name;
	void (*fn)(void);     /* called through the type that kind names */
	enum snc_op_kind kind;
	enum snc_contract contract;
	int ndomains;         /* how many SNC_RANGEs were given */
	struct snc_domain domains[SNC_MAX_ARGS];
};

struct snc_harness {
	const char *name;
	void (*setup)(void);          /* required: builds a fresh state in globals */
	void (*teardown)(void);       /* optional: runs after each execution */
	uint64_t (*digest)(void);     /* optional: hash of the observable state */
	const struct snc_op *ops;     /* SNC_OPS(...), ends with an entry whose name is NULL */
	int timeout_ms;               /* optional: per-execution limit (default: --timeout) */
	/* optional: how a result reads. op is the op's index in .ops, result what it returned
	 * as snc compares it (a pointer's address, a number); write the text into buf and
	 * return non-zero, or return 0 for snc's own formatting. It runs in the process that
	 * stores results, where setup() never ran: name what lives at fixed addresses (static
	 * pools: entry#2), not what setup() allocated. */
	int (*describe)(int op, uint64_t result, char *buf, size_t len);
	/* optional: how an argument reads in calls (witnesses, state labels): op is the op's
	 * index in .ops, arg the argument's (0 or 1), value what the op is passed; write the
	 * text into buf and return non-zero, or return 0 for the number. The text names what
	 * the value stands for ("0" for a string, token#1, MODE_FAST, true); it is at most 40
	 * characters of printable text without ';', and two values of one argument never read
	 * the same (the harness is refused otherwise). */
	int (*describe_arg)(int op, int arg, long value, char *buf, size_t len);
	/* optional: the digest hashes everything an operation can observe (all the state lives
	 * in memory the harness owns), so states with equal digests behave alike: each is run
	 * once and its outcome reused for the others. Leave it false when a library keeps
	 * state the digest does not see (heap nodes, globals). */
	bool digest_complete;
	/* optional, with a .digest that is not complete: also observe the state through the
	 * harness's own ops, as a harness without a digest has it observed (the ops found to
	 * read it, then those that return a value alone in every state: a queue's try_pop),
	 * and hash what they return into the digest. Two states the digest cannot tell apart (a
	 * library's heap nodes behind its pointer) then differ by what the ops see. */
	bool observe_ops;
	/* optional: the names of the ops that keep no state (SNC_NAMES("fence", ...)): they
	 * read and write no memory but their own stack and call nothing that does (a fence,
	 * arithmetic on their arguments), so the state after one is the state before, whatever
	 * it was. With a .digest, the runner then copies instead of running: the pairs such an
	 * op begins (from the second op alone), and the states whose sequence holds one (from
	 * the same sequence without it). Name only ops that are that by construction. */
	const char *const *stateless_ops;
	/* optional: the names of the ops that keep no state of their own (SNC_NAMES(...)):
	 * whatever they change is in the memory .digest hashes (they write no global and call
	 * nothing that does; a load, a compare-and-swap on the object). With a .digest that is
	 * not complete, the runner probes them: when one leaves the digest as it was, the state
	 * after it is the state before, and the pairs it begins are copied from the second op
	 * alone. The ops of .stateless_ops are such ops too. */
	const char *const *local_ops;
};

/* Map a function's type to its kind. */
#define SNC__K(ret, suffix)                                                                \
	ret (*)(void): SNC_KIND_##suffix##0, ret (*)(long): SNC_KIND_##suffix##1,          \
	ret (*)(long, long): SNC_KIND_##suffix##2
#define SNC_KIND_OF(func)                                                                  \
	_Generic(&(func), SNC__K(long, LONG), SNC__K(unsigned long, ULONG), SNC__K(int, INT),   \
		 SNC__K(unsigned, UINT), SNC__K(bool, BOOL), SNC__K(void *, PTR),           \
		 SNC__K(void, VOID), default: SNC_KIND_INVALID)

#define SNC_RANGE(lo, hi) { (lo), (hi) }
#define SNC__COUNT_DOMAINS(...)                                                            \
	((int)(sizeof((struct snc_domain[]){ { 0, 0 }, __VA_ARGS__ }) /                     \
	       sizeof(struct snc_domain)) - 1)

#define SNC__OP(name_, func, contract_, ...)                                               \
	{ .name = (name_), .fn = (void (*)(void))(func), .kind = SNC_KIND_OF(func),         \
	  .contract = (contract_), .ndomains = SNC__COUNT_DOMAINS(__VA_ARGS__),              \
	  .domains = { __VA_ARGS__ } }

/* An operation: the function and one SNC_RANGE per argument, named after the function. */
#define SNC_OP(func, ...) SNC__OP(#func, func, SNC_ANY_THREAD, __VA_ARGS__)
/* The same, shown under another name (e.g. the API function a wrapper calls). */
#define SNC_OP_AS(name, func, ...) SNC__OP(name, func, SNC_ANY_THREAD, __VA_ARGS__)
/* An operation the API forbids to call concurrently with itself (and with ops of the same
 * contract), e.g. SNC_OP_CONTRACT(dequeue, SNC_SINGLE_CONSUMER). */
#define SNC_OP_CONTRACT(func, contract_, ...) SNC__OP(#func, func, contract_, __VA_ARGS__)
/* The same, shown under another name. */
#define SNC_OP_CONTRACT_AS(name, func, contract_, ...) SNC__OP(name, func, contract_, __VA_ARGS__)

#define SNC_OPS(...) ((const struct snc_op[]){ __VA_ARGS__, { 0 } })
/* A list of op names (.stateless_ops). */
#define SNC_NAMES(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* Defines the harness. Exactly one per harness program; the runtime brings main(), so a
 * harness that defines its own main() fails to link ("multiple definition of main")
 * instead of running without classifying anything. */
#define SNC_HARNESS(...)                                                                  \
	const char *const snc_harness_uses_runtime_main = &snc_runtime_main;               \
	const struct snc_harness snc_harness_definition = { __VA_ARGS__ }

extern const struct snc_harness snc_harness_definition;
extern const char snc_runtime_main;   /* defined beside the runtime's main() */

/* The runtime's hash of a state's bytes (snc_hash). */
uint64_t snc_hash_state(uint64_t h, const void *data, size_t len);

/* A 64-bit hash for digests: fold bytes into h (start with h = 0). Stable across runs: a
 * 4-byte-aligned word that holds the id of a thread of this execution (the owner a pthread
 * mutex records when an op leaves it locked) counts as "a thread of the execution", not
 * as its number, which differs in every run. */
static inline uint64_t snc_hash(uint64_t h, const void *data, size_t len)
{
	return snc_hash_state(h, data, len);
}

static inline uint64_t snc_hash_u64(uint64_t h, uint64_t v)
{
	return snc_hash(h, &v, sizeof v);
}

#endif
