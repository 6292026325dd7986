/*
** snc_sites.c: where heavyweight instructions are, and who called them.
**
** A SITE is the code address of one heavyweight instruction (an atomic RMW or
** an mfence).  The instrumenter registers each site the first time it
** translates it and gets back a small index; the generated code then adds 1 to
** counters->site_hits[index] each time the instruction runs.  Indexes are never
** reused, so they stay valid when translations are discarded and redone.  The
** registry maps address -> index with an open-addressing table twice the size
** of the capacity (so it never fills) and keeps the kind decoded from the
** instruction's bytes.
**
** The CALLER of a site is recorded once per region, on its first execution
** there (the generated code calls snc_site_note_caller only when the hit
** counter was still 0).  "lock cmpxchg in pthread_mutex_lock" says little;
** "called from set_add at set.c:31" is what a user acts on.  So the caller is
** the nearest frame outside the object file (executable or shared library)
** holding the site: where the program entered the code that synchronizes.
** When there is no such frame above main() (the site is in the program
** itself), it is the immediate caller.
**
** Names, files and lines are resolved only when a region ends, for the sites
** it reports, with Valgrind's debug-info reader.
*/
#include "pub_tool_basics.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_stacktrace.h"
#include "pub_tool_threadstate.h"

#include "snc_tool.h"

typedef struct {
    Addr ip;
    HChar kind[SNC_KIND_SIZE];
} SncSite;

#define SNC_SITE_TABLE (2 * SNC_SITE_CAPACITY) /* power of two */

static SncSite sites[SNC_SITE_CAPACITY];
static UInt n_sites;
static UInt site_table[SNC_SITE_TABLE]; /* site index + 1; 0 = empty slot */

static UInt table_slot(Addr ip)
{
    UInt slot = (UInt)((ip * 0x9E3779B97F4A7C15ULL) >> 40) & (SNC_SITE_TABLE - 1);
    while (site_table[slot] != 0 && sites[site_table[slot] - 1].ip != ip)
        slot = (slot + 1) & (SNC_SITE_TABLE - 1);
    return slot;
}

/* Returns the index of the site at ip, registering it with kind if new;
** SNC_NO_SITE when the registry is full. */
UInt snc_site_register(Addr ip, const HChar *kind)
{
    UInt slot = table_slot(ip);
    if (site_table[slot] != 0)
        return site_table[slot] - 1;
    if (n_sites == SNC_SITE_CAPACITY)
        return SNC_NO_SITE;
    sites[n_sites].ip = ip;
    VG_(strlcpy)(sites[n_sites].kind, kind, sizeof sites[n_sites].kind);
    site_table[slot] = ++n_sites;
    return n_sites - 1;
}

UInt snc_sites_registered(void) { return n_sites; }

/* The kind of the registered site at ip, "" if ip is not a site. */
const HChar *snc_site_kind(Addr ip)
{
    UInt slot = table_slot(ip);
    return site_table[slot] != 0 ? sites[site_table[slot] - 1].kind : "";
}

/* Dirty helper: the site just ran for the first time in this counters' region;
** remember who called it. */
VG_REGPARM(2) void snc_site_note_caller(SncCounters *counters, UWord site)
{
    enum { FRAMES = 16 };
    Addr ips[FRAMES];
    DiEpoch ep = VG_(current_DiEpoch)();
    UInt n = VG_(get_StackTrace)(VG_(get_running_tid)(), ips, FRAMES, NULL, NULL, 0);
    const DebugInfo *site_object = VG_(find_DebugInfo)(ep, sites[site].ip);
    UInt i;

    counters->site_caller[site] = n > 1 ? ips[1] : 0;
    for (i = 1; site_object != NULL && i < n; i++) {
        if (VG_(get_fnname_kind_from_IP)(ep, ips[i]) == Vg_FnNameBelowMain)
            return;
        if (VG_(find_DebugInfo)(ep, ips[i]) != site_object) {
            counters->site_caller[site] = ips[i];
            return;
        }
    }
}

/* Fills *out with what debug info says about code address ip. */
void snc_resolve(Addr ip, struct snc_vg_code_location *out)
{
    DiEpoch ep = VG_(current_DiEpoch)();
    const HChar *function, *file, *dir;
    UInt line;

    VG_(memset)(out, 0, sizeof *out);
    if (ip == 0)
        return;
    out->address = ip;
    if (VG_(get_fnname)(ep, ip, &function))
        VG_(strlcpy)(out->function, function, sizeof out->function);
    if (VG_(get_filename_linenum)(ep, ip, &file, &dir, &line)) {
        VG_(strlcpy)(out->file, file, sizeof out->file);
        out->line = (Int)line;
    }
}

static void fill_site(const SncCounters *counters, UInt index, struct snc_vg_site *out)
{
    struct snc_vg_code_location where;

    out->address = sites[index].ip;
    out->count = counters->site_hits[index];
    VG_(strlcpy)(out->kind, sites[index].kind, sizeof out->kind);
    snc_resolve(sites[index].ip, &where);
    VG_(strlcpy)(out->function, where.function, sizeof out->function);
    VG_(strlcpy)(out->file, where.file, sizeof out->file);
    out->line = where.line;
    snc_resolve(counters->site_caller[index], &where);
    VG_(strlcpy)(out->caller, where.function, sizeof out->caller);
    VG_(strlcpy)(out->caller_file, where.file, sizeof out->caller_file);
    out->caller_line = where.line;
}

/* True when site a goes before site b in a report: more executions first,
** then lower address, so reports are deterministic. */
static Bool ranks_before(const SncCounters *counters, UInt a, UInt b)
{
    if (counters->site_hits[a] != counters->site_hits[b])
        return counters->site_hits[a] > counters->site_hits[b];
    return sites[a].ip < sites[b].ip;
}

/* Fills out->sites with the region's most executed sites.  Truncated when more
** sites ran than fit, or when some heavyweight instruction ran at a site the
** full registry could not take. */
void snc_sites_report(const SncCounters *counters, struct snc_vg_region *out)
{
    UInt top[SNC_VG_MAX_SITES];
    UInt n_top = 0, n_executed = 0, i, j;
    ULong attributed = 0;

    for (i = 0; i < n_sites; i++) {
        if (counters->site_hits[i] == 0)
            continue;
        n_executed++;
        attributed += counters->site_hits[i];
        /* insertion into the sorted top list */
        for (j = n_top; j > 0 && ranks_before(counters, i, top[j - 1]); j--)
            if (j < SNC_VG_MAX_SITES)
                top[j] = top[j - 1];
        if (j < SNC_VG_MAX_SITES) {
            top[j] = i;
            if (n_top < SNC_VG_MAX_SITES)
                n_top++;
        }
    }
    for (i = 0; i < n_top; i++)
        fill_site(counters, top[i], &out->sites[i]);
    out->n_sites = n_top;
    out->sites_truncated =
        n_executed > SNC_VG_MAX_SITES || attributed < counters->rmw + counters->full_fences;
}
