/*
** snc_tool.h: what the files of the snc Valgrind tool share.
**
** The tool is split by concern:
**
**   snc_main.c        tool entry points: regions, client requests, thread
**                     switches, writing results into the client
**   snc_instrument.c  the VEX IR pass: inline counters, pattern hooks
**   snc_decode.c      reading the guest bytes of a heavyweight instruction
**   snc_sites.c       the registry of heavyweight instruction addresses and
**                     their resolution to function/file/line/caller
**   snc_patterns.c    the Laws of Order patterns RAW and AWAR (helpers)
**
** Counting is inline.  Every translated superblock loads the global pointer
** `snc_counting` once and adds constants to the counters it points at.  The
** pointer is re-aimed whenever a thread starts running client code (Valgrind
** runs one thread at a time) and whenever a region begins or ends: at the
** running thread's region when it has one open, else at a sink that nobody
** reads.  So the generated code never tests "is a region active?".
**
** Pattern tracking needs a helper call per memory access, so it is compiled
** into translations only when a region asked for it (snc_main.c says when);
** turning it on or off discards all translations, as callgrind does for its
** instrumentation switch.  The helpers act only while `snc_tracking` is set:
** it points at the running thread's pattern state, or is NULL when the
** running thread has no pattern region.
*/
#ifndef SNC_TOOL_H
#define SNC_TOOL_H

#include "pub_tool_basics.h"
#include "pub_tool_tooliface.h"

#include "snc_vg_abi.h"

/* Distinct heavyweight instruction addresses the process may execute.  Past
** this, heavyweight instructions are still counted but not attributed to a
** site (the region then reports sites_truncated). */
#define SNC_SITE_CAPACITY 4096
#define SNC_NO_SITE ((UInt)-1)

/* Room for an instruction kind ("lock cmpxchg16b"), as in the ABI. */
#define SNC_KIND_SIZE sizeof(((struct snc_vg_site *)0)->kind)

/* Stores remembered while looking for the load that completes a RAW. */
#define SNC_PENDING_STORES 64

/* The counters the generated code adds to.  One per region plus the sink. */
typedef struct {
    ULong instructions;
    ULong rmw;
    ULong full_fences;
    ULong light_fences;
    ULong site_hits[SNC_SITE_CAPACITY];   /* by site index */
    Addr site_caller[SNC_SITE_CAPACITY];  /* valid where site_hits > 0 */
    UChar site_caller_depth[SNC_SITE_CAPACITY]; /* inlined frames out from it */
} SncCounters;

typedef struct {
    Addr word;         /* data address, word-aligned */
    Addr ip;           /* the storing instruction */
    ULong fence_epoch; /* full fences seen before this store */
    Bool matched;      /* a RAW has already been counted from this store */
} SncPendingStore;

/* First AWAR and RAWs of a region, kept as addresses; resolved at its end. */
typedef struct {
    Bool seen;
    Addr data, ip;
} SncAwarSeen;

typedef struct {
    Bool seen;
    Addr store_data, load_data;
    Addr store_ip, load_ip, fence_ip;
} SncRawSeen;

/* Pattern state of one region. */
typedef struct {
    Addr stack_max;    /* highest byte of the thread's stack */
    ULong awar, raw_unfenced, raw_fenced;
    ULong fence_epoch; /* full fences (mfence or any locked RMW) so far */
    Addr last_fence_ip;
    SncPendingStore pending[SNC_PENDING_STORES]; /* oldest first */
    Int n_pending;
    SncAwarSeen awar_example;
    SncRawSeen raw_unfenced_example, raw_fenced_example;
} SncPatterns;

extern SncCounters *snc_counting;  /* never NULL */
extern SncPatterns *snc_tracking;  /* NULL unless tracking the running thread */
extern Bool snc_instrument_patterns;

/* snc_instrument.c */
IRSB *snc_instrument(VgCallbackClosure *closure, IRSB *sb_in, const VexGuestLayout *layout,
                     const VexGuestExtents *vge, const VexArchInfo *archinfo_host,
                     IRType guest_word_type, IRType host_word_type);

/* snc_decode.c */
typedef enum { SNC_FENCE_FULL, SNC_FENCE_LIGHT } SncFenceClass;
void snc_decode_rmw(const UChar *insn, UInt len, HChar *kind, SizeT kind_size);
SncFenceClass snc_decode_fence(const UChar *insn, UInt len, HChar *kind, SizeT kind_size);

/* snc_sites.c */
UInt snc_site_register(Addr ip, const HChar *kind);
UInt snc_sites_registered(void);
const HChar *snc_site_kind(Addr ip);
VG_REGPARM(2) void snc_site_note_caller(SncCounters *counters, UWord site);
void snc_sites_report(const SncCounters *counters, struct snc_vg_region *out);
void snc_resolve(Addr ip, struct snc_vg_code_location *out);

/* snc_patterns.c */
void snc_patterns_reset(SncPatterns *patterns, Addr stack_max);
VG_REGPARM(3) void snc_pattern_load(Addr addr, Addr ip, Addr sp);
VG_REGPARM(3) void snc_pattern_store(Addr addr, Addr ip, Addr sp);
VG_REGPARM(3) void snc_pattern_rmw(Addr addr, Addr ip, Addr sp);
VG_REGPARM(1) void snc_pattern_full_fence(Addr ip);
void snc_patterns_report(const SncPatterns *patterns, struct snc_vg_region *out);

#endif /* SNC_TOOL_H */
