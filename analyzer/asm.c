/* asm.c: synchronization instructions inside inline assembly.
 *
 * libclang's C API gives an asm statement's operands but not its template. The pretty
 * printer does print it, with macros expanded and adjacent literals joined (Concurrency
 * Kit builds `lock cmpxchgq` from a macro argument), so a function holding asm is printed
 * once and the templates are read back from that text in statement order. This reads
 * clang's own output, a string literal at a time; it is not a scan of the user's source.
 *
 * A template is split into instructions (at ';' and newlines) and each mnemonic is looked
 * up: x86 `lock`-prefixed instructions, `xchg` and `cmpxchg` are atomic RMWs, `mfence` a
 * full fence, `sfence`/`lfence` light (they do not order a store before a later load). A
 * locked instruction whose memory operand is a stack slot (`lock; addl $0,(%rsp)`, `lock
 * orq $0,-8(%rsp)`: the cheaper full fence Linux and liburcu use) touches no shared data:
 * it is a fence, reported as "lock addl (stack)".
 * ARM: a store-exclusive (stxr, stlxr, strex: one per LL/SC loop) and the LSE atomics
 * (ldadd, ldclr, ldeor, ldset, ld{s,u}{max,min}, swp, cas) are RMWs; dmb/dsb are full
 * fences unless limited to loads or stores (ishld, ishst, ld, st, ...). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analyzer.h"

struct mnemonic {
	const char *prefix;
	enum sa_kind kind;
};

static const struct mnemonic mnemonics[] = {
	{ "cmpxchg", SA_RMW }, { "xchg", SA_RMW },
	{ "mfence", SA_FENCE }, { "lfence", SA_LIGHT }, { "sfence", SA_LIGHT },
	{ "stxr", SA_RMW }, { "stlxr", SA_RMW }, { "stxp", SA_RMW }, { "stlxp", SA_RMW },
	{ "strex", SA_RMW },
	{ "ldadd", SA_RMW }, { "ldclr", SA_RMW }, { "ldeor", SA_RMW }, { "ldset", SA_RMW },
	{ "ldsmax", SA_RMW }, { "ldsmin", SA_RMW }, { "ldumax", SA_RMW }, { "ldumin", SA_RMW },
	{ "swp", SA_RMW }, { "cas", SA_RMW },
};

/* Copies the next word of [a-z0-9._] (lowercased) from *p into out; returns its length. */
static size_t next_word(const char **p, const char *end, char *out, size_t outlen)
{
	const char *s = *p;
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	size_t n = 0;
	while (s < end && (isalnum((unsigned char)*s) || *s == '.' || *s == '_')) {
		if (n + 1 < outlen)
			out[n++] = (char)tolower((unsigned char)*s);
		s++;
	}
	out[n] = '\0';
	*p = s;
	return n;
}

static bool barrier_is_partial(const char *option)
{
	size_t n = strlen(option);
	return n >= 2 && (strcmp(option + n - 2, "ld") == 0 || strcmp(option + n - 2, "st") == 0);
}

/* Does the operand text address the stack pointer ((%rsp), -8(%%esp), ...)? */
static bool on_stack(const char *p, const char *end)
{
	static const char *const slots[] = { "(%rsp)", "(%%rsp)", "(%esp)", "(%%esp)", NULL };
	size_t n = (size_t)(end - p);
	for (int k = 0; slots[k]; k++) {
		size_t m = strlen(slots[k]);
		for (size_t i = 0; i + m <= n; i++)
			if (memcmp(p + i, slots[k], m) == 0)
				return true;
	}
	return false;
}

/* A locked instruction: an RMW, or a fence when its memory operand is on the stack. */
static void locked_site(const char *mnemonic, const char *operands, const char *end,
			void (*add)(enum sa_kind, const char *, void *), void *ctx)
{
	char both[80];
	bool stack = on_stack(operands, end);
	snprintf(both, sizeof both, "lock %s%s", mnemonic, stack ? " (stack)" : "");
	add(stack ? SA_FENCE : SA_RMW, both, ctx);
}

void sa_asm_sites(const char *text, void (*add)(enum sa_kind, const char *, void *), void *ctx)
{
	bool locked = false;   /* a bare `lock` prefix waits for its instruction */
	const char *p = text;
	while (*p) {
		size_t len = strcspn(p, ";\n");
		const char *end = p + len;
		char word[32], operand[32];
		const char *q = p;
		/* skip a label such as `1:` */
		const char *colon = memchr(p, ':', len);
		if (colon) {
			const char *r = p;
			while (r < colon && (isspace((unsigned char)*r) || isalnum((unsigned char)*r) || *r == '_' || *r == '.'))
				r++;
			if (r == colon)
				q = colon + 1;
		}
		if (next_word(&q, end, word, sizeof word) > 0) {
			if (strcmp(word, "lock") == 0) {
				char next[32];
				if (next_word(&q, end, next, sizeof next) > 0)
					locked_site(next, q, end, add, ctx);
				else
					locked = true;
			} else if (locked) {
				locked_site(word, q, end, add, ctx);
				locked = false;
			} else if (strcmp(word, "dmb") == 0 || strcmp(word, "dsb") == 0) {
				next_word(&q, end, operand, sizeof operand);
				char both[80];
				snprintf(both, sizeof both, "%s %s", word, operand);
				add(barrier_is_partial(operand) ? SA_LIGHT : SA_FENCE, both, ctx);
			} else {
				for (size_t i = 0; i < sizeof mnemonics / sizeof mnemonics[0]; i++)
					if (strncmp(word, mnemonics[i].prefix, strlen(mnemonics[i].prefix)) == 0) {
						add(mnemonics[i].kind, word, ctx);
						break;
					}
			}
		}
		p = *end ? end + 1 : end;
	}
}

/* Reads one C string literal at *p (after the opening quote), decoding escapes. */
static char *read_literal(const char **p, char *out, size_t *n, size_t cap)
{
	const char *s = *p;
	while (*s && *s != '"') {
		char c = *s++;
		if (c == '\\' && *s) {
			char e = *s++;
			switch (e) {
			case 'n': c = '\n'; break;
			case 't': c = '\t'; break;
			case 'r': c = '\r'; break;
			case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
				int v = e - '0';
				for (int k = 0; k < 2 && *s >= '0' && *s <= '7'; k++)
					v = v * 8 + (*s++ - '0');
				c = (char)v;
				break;
			}
			default: c = e; break;
			}
		}
		if (*n + 1 < cap)
			out[(*n)++] = c;
	}
	if (*s == '"')
		s++;
	*p = s;
	out[*n] = '\0';
	return out;
}

static bool is_ident(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* At p (just after an `asm` keyword): qualifiers, '(' and the template literals. */
static char *template_at(const char *p)
{
	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (is_ident(*p)) {      /* volatile, inline, goto, __volatile__ */
			while (is_ident(*p))
				p++;
			continue;
		}
		break;
	}
	if (*p != '(')
		return NULL;
	p++;
	size_t cap = strlen(p) + 1, n = 0;
	char *out = sa_alloc(cap);
	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (*p != '"')
			break;
		p++;
		read_literal(&p, out, &n, cap);
	}
	return out;
}

int sa_asm_templates(CXCursor function, char ***templates)
{
	CXPrintingPolicy policy = clang_getCursorPrintingPolicy(function);
	char *text = sa_cx(clang_getCursorPrettyPrinted(function, policy));
	clang_PrintingPolicy_dispose(policy);
	int n = 0, cap = 0;
	char **list = NULL;
	char quote = 0;
	for (const char *p = text; *p; p++) {
		if (quote) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == quote)
				quote = 0;
			continue;
		}
		if (*p == '"' || *p == '\'') {
			quote = *p;
			continue;
		}
		if ((p == text || !is_ident(p[-1])) && (strncmp(p, "asm", 3) == 0 ||
							strncmp(p, "__asm", 5) == 0)) {
			const char *k = p;
			while (is_ident(*k))
				k++;
			size_t kw = (size_t)(k - p);
			if ((kw == 3 && strncmp(p, "asm", 3) == 0) || (kw == 5 && strncmp(p, "__asm", 5) == 0) ||
			    (kw == 7 && strncmp(p, "__asm__", 7) == 0)) {
				char *t = template_at(k);
				if (t)
					*(char **)SA_PUSH(list, n, cap) = t;
				p = k - 1;
			}
		}
	}
	free(text);
	*templates = list;
	return n;
}
