/*
** snc_patterns.c: the two patterns the Laws of Order theorem says a strongly
** non-commutative operation must contain (Attiya et al., POPL 2011).
**
**   AWAR  an atomic read-modify-write (here: any Ist_CAS or store-conditional)
**         on SHARED memory.
**   RAW   a store to shared A, later a load of shared B != A, with no store
**         to B in between.  On x86 (TSO) such a load may be satisfied before
**         the store leaves the store buffer, so an algorithm that needs the
**         order must put a full fence between them: mfence or any locked
**         instruction.  We count RAWs as fenced or unfenced.
**
** SHARED means not on the running thread's stack: an address in
** [SP - redzone, stack_max] is private to the thread (locals, spills, return
** addresses) and ignored.  That is also why gcc's seq_cst fence,
** `lock orq $0,(%rsp)`, is an RMW on the stack: it is no AWAR, but like every
** locked instruction it is a full fence for RAW.  Addresses are compared at
** word (8-byte) granularity.
**
** Detecting RAW online.  Stores since the oldest unmatched one are kept in
** order (pending[], oldest first).  A load of word B walks them newest to
** oldest and stops at the first store to B (everything older was overwritten
** at B, so "no store to B in between" fails for it).  Every unmatched store it
** passes forms a RAW with this load, counted once per store: fenced when a
** full fence ran after the store (fence_epoch grew), unfenced otherwise.
** Matched stores stay while older unmatched ones need them as barriers and
** are dropped from the front once they are the oldest.  A store to a word
** already pending replaces the older entry.  The list is bounded; on overflow
** the oldest store is forgotten (its RAW may then go unseen).
**
** These functions are dirty helpers, called only from translations made while
** some region asked for patterns, and they act only while the running thread
** has such a region (snc_tracking != NULL).
*/
#include "pub_tool_basics.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_machine.h"

#include "snc_tool.h"

#define WORD_MASK (~(Addr)7)

void snc_patterns_reset(SncPatterns *patterns, Addr stack_max)
{
    VG_(memset)(patterns, 0, sizeof *patterns);
    patterns->stack_max = stack_max;
}

static Bool on_own_stack(const SncPatterns *patterns, Addr addr, Addr sp)
{
    return addr >= sp - VG_STACK_REDZONE_SZB && addr <= patterns->stack_max;
}

static void forget_pending(SncPatterns *patterns, Int index)
{
    VG_(memmove)(&patterns->pending[index], &patterns->pending[index + 1],
                 (patterns->n_pending - index - 1) * sizeof patterns->pending[0]);
    patterns->n_pending--;
}

/* Appends a store to word; an earlier pending store to it is superseded. */
static void remember_store(SncPatterns *patterns, Addr word, Addr ip, Bool matched)
{
    Int i;
    for (i = 0; i < patterns->n_pending; i++)
        if (patterns->pending[i].word == word)
            forget_pending(patterns, i--);
    if (patterns->n_pending == SNC_PENDING_STORES)
        forget_pending(patterns, 0);
    patterns->pending[patterns->n_pending++] = (SncPendingStore){
        .word = word, .ip = ip, .fence_epoch = patterns->fence_epoch, .matched = matched};
}

static void note_raw(SncPatterns *patterns, const SncPendingStore *store, Addr load_word,
                     Addr load_ip)
{
    Bool fenced = patterns->fence_epoch > store->fence_epoch;
    SncRawSeen *example = fenced ? &patterns->raw_fenced_example : &patterns->raw_unfenced_example;

    if (fenced)
        patterns->raw_fenced++;
    else
        patterns->raw_unfenced++;
    if (!example->seen)
        *example = (SncRawSeen){.seen = True,
                                .store_data = store->word,
                                .load_data = load_word,
                                .store_ip = store->ip,
                                .load_ip = load_ip,
                                .fence_ip = fenced ? patterns->last_fence_ip : 0};
}

VG_REGPARM(3) void snc_pattern_load(Addr addr, Addr ip, Addr sp)
{
    SncPatterns *patterns = snc_tracking;
    Addr word = addr & WORD_MASK;
    Int i;

    if (patterns == NULL || on_own_stack(patterns, addr, sp))
        return;
    for (i = patterns->n_pending - 1; i >= 0 && patterns->pending[i].word != word; i--) {
        if (!patterns->pending[i].matched) {
            note_raw(patterns, &patterns->pending[i], word, ip);
            patterns->pending[i].matched = True;
        }
    }
    while (patterns->n_pending > 0 && patterns->pending[0].matched)
        forget_pending(patterns, 0);
}

VG_REGPARM(3) void snc_pattern_store(Addr addr, Addr ip, Addr sp)
{
    SncPatterns *patterns = snc_tracking;

    if (patterns == NULL || on_own_stack(patterns, addr, sp))
        return;
    remember_store(patterns, addr & WORD_MASK, ip, False);
}

VG_REGPARM(1) void snc_pattern_full_fence(Addr ip)
{
    SncPatterns *patterns = snc_tracking;

    if (patterns == NULL)
        return;
    patterns->fence_epoch++;
    patterns->last_fence_ip = ip;
}

/* A locked RMW: a full fence wherever it is; on shared memory also an AWAR
** and a store to its word (never the start of a RAW: a locked store leaves
** the store buffer before the instruction completes). */
VG_REGPARM(3) void snc_pattern_rmw(Addr addr, Addr ip, Addr sp)
{
    SncPatterns *patterns = snc_tracking;

    if (patterns == NULL)
        return;
    snc_pattern_full_fence(ip);
    if (on_own_stack(patterns, addr, sp))
        return;
    patterns->awar++;
    if (!patterns->awar_example.seen)
        patterns->awar_example = (SncAwarSeen){.seen = True, .data = addr, .ip = ip};
    remember_store(patterns, addr & WORD_MASK, ip, True);
}

static void fill_raw(const SncRawSeen *seen, struct snc_vg_raw_example *out)
{
    if (!seen->seen)
        return;
    out->store_address = seen->store_data;
    out->load_address = seen->load_data;
    snc_resolve(seen->store_ip, &out->store);
    snc_resolve(seen->load_ip, &out->load);
    snc_resolve(seen->fence_ip, &out->fence);
}

void snc_patterns_report(const SncPatterns *patterns, struct snc_vg_region *out)
{
    out->awar = patterns->awar;
    out->raw_unfenced = patterns->raw_unfenced;
    out->raw_fenced = patterns->raw_fenced;
    if (patterns->awar_example.seen) {
        out->awar_example.address = patterns->awar_example.data;
        VG_(strlcpy)(out->awar_example.kind, snc_site_kind(patterns->awar_example.ip),
                     sizeof out->awar_example.kind);
        snc_resolve(patterns->awar_example.ip, &out->awar_example.at);
    }
    fill_raw(&patterns->raw_unfenced_example, &out->raw_unfenced_example);
    fill_raw(&patterns->raw_fenced_example, &out->raw_fenced_example);
}
