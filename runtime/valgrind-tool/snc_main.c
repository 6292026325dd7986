/*
** snc_main.c: the snc Valgrind tool, entry points and regions.
**
** snc counts, per thread and per REGION, the guest instructions, atomic
** read-modify-writes and fences a program executes, where its heavyweight
** instructions are, and (on request) the Laws of Order patterns RAW and AWAR.
** A region is delimited by client requests from snc_vg_client.h; the tool
** writes the results into the client's struct snc_vg_region when the region
** ends (layout in snc_vg_abi.h).
**
** Attribution.  Valgrind runs one guest thread at a time and tells the tool
** when a thread starts and stops running client code.  At each start, and
** whenever a region begins or ends, the counters pointer the generated code
** adds to (snc_counting) is aimed at the running thread's open region, or at
** a sink; the pattern state pointer (snc_tracking) likewise, or NULL.  So a
** region counts exactly what its own thread runs between begin and end, plus
** the handful of instructions of the end request itself.
**
** Pattern tracking is compiled into translations only when some region asked
** for it: switching it on or off discards every translation, so that code is
** re-translated with or without the helpers (about 10-20 ms each time).  It
** is switched on when a pattern region begins and off only when a plain
** region begins while no pattern region is open.  So plain regions always
** run the cheap inline-only code, and a run of pattern regions (the usual
** case: one per witness) pays for one re-translation, not two per region.
**
** Options: --trace-regions=yes prints every region's results to the log.
*/
#include "pub_tool_basics.h"
#include "pub_tool_aspacemgr.h"
#include "pub_tool_clreq.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_machine.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_options.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_transtab.h"
#include "pub_tool_vki.h"

#include "snc_tool.h"

typedef struct {
    Bool open;
    UInt flags;
    SncCounters counters;
    SncPatterns patterns;
} SncRegion;

SncCounters *snc_counting;
SncPatterns *snc_tracking;
Bool snc_instrument_patterns;

static SncCounters sink;           /* counted into when no region runs */
static SncRegion **regions;        /* by ThreadId; allocated at first begin */
static UInt pattern_regions_open;  /* open regions with SNC_VG_PATTERNS */
static Bool clo_trace_regions;
static struct snc_vg_region result; /* assembled here, then copied out */

/*------------------------------------------------------------*/
/*--- Which counters the generated code adds to             ---*/
/*------------------------------------------------------------*/

static SncRegion *open_region(ThreadId tid)
{
    SncRegion *region = tid < VG_N_THREADS ? regions[tid] : NULL;
    return region != NULL && region->open ? region : NULL;
}

static void aim_at_thread(ThreadId tid)
{
    SncRegion *region = open_region(tid);
    snc_counting = region != NULL ? &region->counters : &sink;
    snc_tracking = region != NULL && (region->flags & SNC_VG_PATTERNS) ? &region->patterns : NULL;
}

static void start_client_code(ThreadId tid, ULong blocks_dispatched)
{
    (void)blocks_dispatched;
    aim_at_thread(tid);
}

/* Between threads only the core runs; keep the invariant that nothing but the
** running thread's region is ever the target. */
static void stop_client_code(ThreadId tid, ULong blocks_dispatched)
{
    (void)tid, (void)blocks_dispatched;
    snc_counting = &sink;
    snc_tracking = NULL;
}

/* Re-translates everything with or without the pattern helpers. */
static void compile_pattern_helpers(Bool wanted)
{
    if (snc_instrument_patterns == wanted)
        return;
    snc_instrument_patterns = wanted;
    VG_(discard_translations_safely)((Addr)0x1000, ~(SizeT)0xfff, "snc");
}

/*------------------------------------------------------------*/
/*--- Regions                                               ---*/
/*------------------------------------------------------------*/

static void release_region(SncRegion *region)
{
    region->open = False;
    if (region->flags & SNC_VG_PATTERNS)
        pattern_regions_open--;
}

static void begin_region(ThreadId tid, UInt flags)
{
    SncRegion *region;

    if (regions[tid] == NULL)
        regions[tid] = VG_(calloc)("snc.region", 1, sizeof(SncRegion));
    region = regions[tid];
    if (region->open)
        release_region(region);
    region->open = True;
    region->flags = flags;
    region->counters.instructions = region->counters.rmw = 0;
    region->counters.full_fences = region->counters.light_fences = 0;
    /* Sites registered later start at 0: no code ever added to them. */
    VG_(memset)(region->counters.site_hits, 0, snc_sites_registered() * sizeof(ULong));
    if (flags & SNC_VG_PATTERNS) {
        snc_patterns_reset(&region->patterns, VG_(thread_get_stack_max)(tid));
        pattern_regions_open++;
    }
    /* On for a pattern region; off for a plain one unless another thread's
    ** pattern region is still open. */
    compile_pattern_helpers(pattern_regions_open > 0);
    aim_at_thread(tid);
}

static void close_region(ThreadId tid)
{
    release_region(open_region(tid));
    aim_at_thread(tid);
}

static void trace_region(ThreadId tid, const struct snc_vg_region *r)
{
    UInt i;

    VG_(umsg)("snc: region of thread %u: %llu instructions, %llu rmw, %llu fences, "
              "%llu light fences", tid, (ULong)r->instructions, (ULong)r->rmw,
              (ULong)r->fences, (ULong)r->light_fences);
    if (r->flags & SNC_VG_PATTERNS)
        VG_(umsg)(", %llu awar, %llu raw unfenced, %llu raw fenced", (ULong)r->awar,
                  (ULong)r->raw_unfenced, (ULong)r->raw_fenced);
    VG_(umsg)("\n");
    for (i = 0; i < r->n_sites; i++) {
        const struct snc_vg_site *s = &r->sites[i];
        VG_(umsg)("snc:   %llu x %s at 0x%llx in %s (%s:%d), called from %s (%s:%d)\n",
                  (ULong)s->count, s->kind, (ULong)s->address, s->function, s->file, s->line,
                  s->caller, s->caller_file, s->caller_line);
    }
    if (r->sites_truncated)
        VG_(umsg)("snc:   (more sites not shown)\n");
}

/* Ends tid's region and writes its results to the client's *out.  Returns 1
** if *out was written, 0 otherwise (no region, foreign ABI, bad pointer). */
static UWord end_region(ThreadId tid, Addr out, UWord abi_version, UWord size)
{
    SncRegion *region = open_region(tid);

    if (region == NULL)
        return 0;
    if (abi_version != SNC_VG_ABI_VERSION || size != sizeof result ||
        !VG_(am_is_valid_for_client)(out, sizeof result, VKI_PROT_WRITE)) {
        VG_(umsg)("snc: region end with a foreign ABI or unwritable struct; results dropped\n");
        close_region(tid);
        return 0;
    }
    VG_(memset)(&result, 0, sizeof result);
    result.abi_version = SNC_VG_ABI_VERSION;
    result.flags = region->flags;
    result.instructions = region->counters.instructions;
    result.rmw = region->counters.rmw;
    result.fences = region->counters.full_fences;
    result.light_fences = region->counters.light_fences;
    snc_sites_report(&region->counters, &result);
    if (region->flags & SNC_VG_PATTERNS)
        snc_patterns_report(&region->patterns, &result);
    close_region(tid);
    VG_(memcpy)((void *)out, &result, sizeof result);
    if (clo_trace_regions)
        trace_region(tid, &result);
    return 1;
}

static Bool handle_client_request(ThreadId tid, UWord *args, UWord *ret)
{
    if (!VG_IS_TOOL_USERREQ('S', 'N', args[0]))
        return False;
    switch (args[0]) {
    case SNC_VG_REQ_HELLO:
        *ret = args[1] == SNC_VG_ABI_VERSION && args[2] == sizeof result ? SNC_VG_HELLO_MAGIC : 0;
        return True;
    case SNC_VG_REQ_REGION_BEGIN:
        begin_region(tid, (UInt)args[1]);
        *ret = 1;
        return True;
    case SNC_VG_REQ_REGION_END:
        *ret = end_region(tid, args[1], args[2], args[3]);
        return True;
    default:
        return False;
    }
}

/* A thread that exits inside a region leaves no one to end it. */
static void thread_exit(ThreadId tid)
{
    if (open_region(tid) != NULL)
        close_region(tid);
}

/*------------------------------------------------------------*/
/*--- Tool plumbing                                         ---*/
/*------------------------------------------------------------*/

static Bool process_cmd_line_option(const HChar *arg)
{
    if VG_BOOL_CLO (arg, "--trace-regions", clo_trace_regions) {
    } else {
        return False;
    }
    return True;
}

static void print_usage(void)
{
    VG_(printf)("    --trace-regions=no|yes    print each region's results [no]\n");
}

static void print_debug_usage(void) { VG_(printf)("    (none)\n"); }

static void post_clo_init(void)
{
    regions = VG_(calloc)("snc.regions", VG_N_THREADS, sizeof regions[0]);
    snc_counting = &sink;
}

static void fini(Int exit_code) { (void)exit_code; }

static void pre_clo_init(void)
{
    VG_(details_name)("snc");
    VG_(details_version)(NULL);
    VG_(details_description)("heavyweight instructions per region (Laws of Order)");
    VG_(details_copyright_author)("Copyright (C) the snc authors.");
    VG_(details_bug_reports_to)("the snc project");
    VG_(details_avg_translation_sizeB)(275);

    VG_(basic_tool_funcs)(post_clo_init, snc_instrument, fini);
    VG_(needs_client_requests)(handle_client_request);
    VG_(needs_command_line_options)(process_cmd_line_option, print_usage, print_debug_usage);
    VG_(track_start_client_code)(start_client_code);
    VG_(track_stop_client_code)(stop_client_code);
    VG_(track_pre_thread_ll_exit)(thread_exit);
    snc_counting = &sink;
}

VG_DETERMINE_INTERFACE_VERSION(pre_clo_init)
