/*
** snc_instrument.c: the VEX IR pass of the snc tool.
**
** Valgrind hands the tool each superblock (a straight line of guest code
** with side exits, translated to VEX IR) before compiling it.  This pass
** copies the statements and adds, in IR, the code that counts:
**
**   - At the top, one load of the global `snc_counting` into a temporary:
**     the counters of the running thread's region, or the sink (see
**     snc_tool.h).  All additions below go through that temporary, so
**     counting needs no test and no helper call.
**   - The constants to add are gathered while walking the statements and
**     added before every side exit (Ist_Exit) and at the end: the guest
**     instructions (IMarks) since the previous exit, the RMWs and the fences.
**     Everything before an exit has run whenever the exit is reached, so the
**     totals are exact whichever way the block leaves.
**   - Each heavyweight instruction also adds 1 to its site's hit counter, in
**     place, and on the first hit in a region calls snc_site_note_caller to
**     record the caller (a guarded call: it runs once per site and region).
**
** When `snc_instrument_patterns` is set (some region asked for RAW/AWAR) the
** pass also calls the snc_pattern_* helpers before every memory access, fence
** and RMW, with the access address, the instruction address and the current
** stack pointer.
**
** Only amd64 is built; the IR walked is the generic one (Ist_LLSC, which
** ARM/POWER/MIPS use for atomics, is handled like Ist_CAS).
*/
#include "pub_tool_basics.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_machine.h"
#include "pub_tool_tooliface.h"

#include "snc_tool.h"

typedef struct {
    IRSB *sb;
    const VexGuestLayout *layout;
    IRTemp counters;     /* value of snc_counting for this superblock */
    Addr insn_addr;      /* instruction being walked (its IMark) */
    UInt insn_len;
    /* counts since the last flush */
    ULong instructions, rmw, full_fences, light_fences;
} SncPass;

static void add_stmt(SncPass *pass, IRStmt *st) { addStmtToIRSB(pass->sb, st); }

static IRTemp assign(SncPass *pass, IRType type, IRExpr *expr)
{
    IRTemp t = newIRTemp(pass->sb->tyenv, type);
    add_stmt(pass, IRStmt_WrTmp(t, expr));
    return t;
}

/* Emits counters->field += delta (field at byte offset `offset`) and returns
** the temporary holding the value before the addition. */
static IRTemp add_to_counter(SncPass *pass, SizeT offset, ULong delta)
{
    IRTemp address = assign(pass, Ity_I64,
                            IRExpr_Binop(Iop_Add64, IRExpr_RdTmp(pass->counters),
                                         IRExpr_Const(IRConst_U64(offset))));
    IRTemp old = assign(pass, Ity_I64, IRExpr_Load(Iend_LE, Ity_I64, IRExpr_RdTmp(address)));
    IRTemp sum = assign(pass, Ity_I64,
                        IRExpr_Binop(Iop_Add64, IRExpr_RdTmp(old),
                                     IRExpr_Const(IRConst_U64(delta))));
    add_stmt(pass, IRStmt_Store(Iend_LE, IRExpr_RdTmp(address), IRExpr_RdTmp(sum)));
    return old;
}

/* Adds the counts gathered since the last flush. */
static void flush_counts(SncPass *pass)
{
    if (pass->instructions)
        add_to_counter(pass, offsetof(SncCounters, instructions), pass->instructions);
    if (pass->rmw)
        add_to_counter(pass, offsetof(SncCounters, rmw), pass->rmw);
    if (pass->full_fences)
        add_to_counter(pass, offsetof(SncCounters, full_fences), pass->full_fences);
    if (pass->light_fences)
        add_to_counter(pass, offsetof(SncCounters, light_fences), pass->light_fences);
    pass->instructions = pass->rmw = pass->full_fences = pass->light_fences = 0;
}

/* Declares that a dirty call reads the registers the stack unwinder needs,
** so VEX writes them back to the guest state before the call. */
static void reads_unwind_registers(IRDirty *di, const VexGuestLayout *layout)
{
    const Int offsets[3] = {layout->offset_IP, layout->offset_SP, layout->offset_FP};
    const Int sizes[3] = {layout->sizeof_IP, layout->sizeof_SP, layout->sizeof_FP};
    Int i;

    di->nFxState = 3;
    for (i = 0; i < 3; i++) {
        di->fxState[i].fx = Ifx_Read;
        di->fxState[i].offset = offsets[i];
        di->fxState[i].size = sizes[i];
        di->fxState[i].nRepeats = 0;
        di->fxState[i].repeatLen = 0;
    }
}

/* The current instruction is heavyweight of the given kind: count a hit at
** its site and, on the site's first hit in the region, note the caller. */
static void count_site_hit(SncPass *pass, const HChar *kind)
{
    UInt site = snc_site_register(pass->insn_addr, kind);
    IRTemp hits_before, first_hit;
    IRDirty *di;

    if (site == SNC_NO_SITE)
        return;
    hits_before = add_to_counter(pass, offsetof(SncCounters, site_hits) + site * sizeof(ULong), 1);
    first_hit = assign(pass, Ity_I1,
                       IRExpr_Binop(Iop_CmpEQ64, IRExpr_RdTmp(hits_before),
                                    IRExpr_Const(IRConst_U64(0))));
    di = unsafeIRDirty_0_N(2, "snc_site_note_caller", VG_(fnptr_to_fnentry)(snc_site_note_caller),
                           mkIRExprVec_2(IRExpr_RdTmp(pass->counters), mkIRExpr_HWord(site)));
    di->guard = IRExpr_RdTmp(first_hit);
    reads_unwind_registers(di, pass->layout);
    add_stmt(pass, IRStmt_Dirty(di));
}

/* When pattern tracking is compiled in, calls a pattern helper with the access
** address, the instruction address and the stack pointer, under `guard` when
** the access itself is conditional (NULL: always). */
static void call_pattern_helper(SncPass *pass, const HChar *name, void *helper, IRExpr *addr,
                                IRExpr *guard)
{
    IRTemp sp;
    IRDirty *di;

    if (!snc_instrument_patterns)
        return;
    sp = assign(pass, Ity_I64, IRExpr_Get(pass->layout->offset_SP, Ity_I64));
    di = unsafeIRDirty_0_N(3, name, VG_(fnptr_to_fnentry)(helper),
                           mkIRExprVec_3(addr, mkIRExpr_HWord(pass->insn_addr), IRExpr_RdTmp(sp)));
    if (guard != NULL)
        di->guard = guard;
    add_stmt(pass, IRStmt_Dirty(di));
}

#define PATTERN_HELPER(fn) #fn, (void *)(fn)

/* An atomic read-modify-write instruction: one RMW, one site hit. */
static void count_rmw(SncPass *pass, IRExpr *addr)
{
    HChar kind[SNC_KIND_SIZE];

    snc_decode_rmw((const UChar *)pass->insn_addr, pass->insn_len, kind, sizeof kind);
    pass->rmw++;
    count_site_hit(pass, kind);
    call_pattern_helper(pass, PATTERN_HELPER(snc_pattern_rmw), addr, NULL);
}

static void count_fence(SncPass *pass)
{
    HChar kind[SNC_KIND_SIZE];

    if (snc_decode_fence((const UChar *)pass->insn_addr, pass->insn_len, kind, sizeof kind) ==
        SNC_FENCE_LIGHT) {
        pass->light_fences++;
        return;
    }
    pass->full_fences++;
    count_site_hit(pass, kind);
    if (snc_instrument_patterns) {
        IRDirty *di = unsafeIRDirty_0_N(1, "snc_pattern_full_fence",
                                        VG_(fnptr_to_fnentry)(snc_pattern_full_fence),
                                        mkIRExprVec_1(mkIRExpr_HWord(pass->insn_addr)));
        add_stmt(pass, IRStmt_Dirty(di));
    }
}

/* A helper call VEX made for a complex instruction (fxsave, cpuid, ...) may
** say it touches memory; treat that like a load and/or a store. */
static void track_dirty_memory(SncPass *pass, const IRDirty *d)
{
    if (d->mFx == Ifx_Read || d->mFx == Ifx_Modify)
        call_pattern_helper(pass, PATTERN_HELPER(snc_pattern_load), d->mAddr, d->guard);
    if (d->mFx == Ifx_Write || d->mFx == Ifx_Modify)
        call_pattern_helper(pass, PATTERN_HELPER(snc_pattern_store), d->mAddr, d->guard);
}

IRSB *snc_instrument(VgCallbackClosure *closure, IRSB *sb_in, const VexGuestLayout *layout,
                     const VexGuestExtents *vge, const VexArchInfo *archinfo_host,
                     IRType guest_word_type, IRType host_word_type)
{
    SncPass pass = {.sb = deepCopyIRSBExceptStmts(sb_in), .layout = layout};
    Int i = 0;

    (void)closure, (void)vge, (void)archinfo_host;
    tl_assert(guest_word_type == Ity_I64 && host_word_type == Ity_I64);

    /* The preamble before the first IMark (e.g. a self-check for code that
    ** modifies itself) is no guest instruction: copy it as is. */
    for (; i < sb_in->stmts_used && sb_in->stmts[i]->tag != Ist_IMark; i++)
        add_stmt(&pass, sb_in->stmts[i]);

    pass.counters = assign(&pass, Ity_I64,
                           IRExpr_Load(Iend_LE, Ity_I64, mkIRExpr_HWord((HWord)&snc_counting)));

    for (; i < sb_in->stmts_used; i++) {
        IRStmt *st = sb_in->stmts[i];

        switch (st->tag) {
        case Ist_IMark:
            /* Start of a guest instruction: one more instruction, and the
            ** address whose bytes name any heavyweight statement below. */
            pass.instructions++;
            pass.insn_addr = st->Ist.IMark.addr;
            pass.insn_len = st->Ist.IMark.len;
            break;

        case Ist_Exit:
            /* Side exit: the instructions gathered so far have run whenever
            ** control gets here, whether the exit is taken or not. */
            flush_counts(&pass);
            break;

        case Ist_CAS:
            /* Compare-and-swap: on amd64 every lock-prefixed instruction and
            ** xchg with memory (whose lock is implicit) becomes one of these,
            ** and nothing else does.  No Ist_MBE goes with it, yet it is a
            ** full barrier too, which snc_pattern_rmw accounts for. */
            count_rmw(&pass, st->Ist.CAS.details->addr);
            break;

        case Ist_LLSC:
            /* Load-linked / store-conditional (ARM, POWER, MIPS; never on
            ** amd64): the RMW is counted once, at the store-conditional,
            ** per attempt. */
            if (st->Ist.LLSC.storedata == NULL)
                call_pattern_helper(&pass, PATTERN_HELPER(snc_pattern_load), st->Ist.LLSC.addr,
                                    NULL);
            else
                count_rmw(&pass, st->Ist.LLSC.addr);
            break;

        case Ist_MBE:
            /* Memory bus event: Imbe_Fence for mfence, lfence, sfence and
            ** cpuid alike; the instruction bytes tell them apart.
            ** (Imbe_CancelReservation is ARM's clrex: no fence.) */
            if (st->Ist.MBE.event == Imbe_Fence)
                count_fence(&pass);
            break;

        case Ist_WrTmp:
            /* t = LDle(addr): a plain load. */
            if (st->Ist.WrTmp.data->tag == Iex_Load)
                call_pattern_helper(&pass, PATTERN_HELPER(snc_pattern_load),
                                    st->Ist.WrTmp.data->Iex.Load.addr, NULL);
            break;

        case Ist_LoadG:
            /* Load under a guard (conditional loads): tracked under it. */
            call_pattern_helper(&pass, PATTERN_HELPER(snc_pattern_load),
                                st->Ist.LoadG.details->addr, st->Ist.LoadG.details->guard);
            break;

        case Ist_Store:
            /* STle(addr) = data: a plain store. */
            call_pattern_helper(&pass, PATTERN_HELPER(snc_pattern_store), st->Ist.Store.addr, NULL);
            break;

        case Ist_StoreG:
            /* Store under a guard: tracked under it. */
            call_pattern_helper(&pass, PATTERN_HELPER(snc_pattern_store),
                                st->Ist.StoreG.details->addr, st->Ist.StoreG.details->guard);
            break;

        case Ist_Dirty:
            /* A call VEX makes for a complex instruction. */
            track_dirty_memory(&pass, st->Ist.Dirty.details);
            break;

        default:
            /* Put, PutI, NoOp, AbiHint: registers and hints, nothing to count. */
            break;
        }
        add_stmt(&pass, st);
    }
    flush_counts(&pass);
    return pass.sb;
}
