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
** Code addresses resolve to the INNERMOST source location that holds them,
** following inlined frames (Valgrind reads them with --read-inline-info=yes):
** a lock cmpxchg of an inline function from a header, inlined into a wrapper,
** is in that inline function at its header line, not in the wrapper.
**
** The CALLER of a site is recorded once per region, on its first execution
** there (the generated code calls snc_site_note_caller only when the hit
** counter was still 0).  "lock cmpxchg in pthread_mutex_lock" says little;
** "called from set_add at set.c:31" is what a user acts on.  So the caller is
** the nearest frame outside the object file (executable or shared library)
** holding the site: where the program entered the code that synchronizes.
** When there is no such frame above main() (the site is in the program
** itself), it is the immediate caller: the function the site's code was
** inlined into, else the calling frame.
**
** Names, files and lines are resolved only when a region ends, for the sites
** it reports, with Valgrind's debug-info reader; a site's own location is
** resolved once per process.
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
    Int inlined;     /* -1 not known yet, 1 if ip is in inlined code, else 0 */
    Bool resolved;   /* where holds ip's location */
    struct snc_vg_code_location where;
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
    sites[n_sites].inlined = -1;
    sites[n_sites].resolved = False;
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

/* Is the code at ip inlined into another function?  (Its cursor has an outer
** frame.) */
static Bool in_inlined_code(DiEpoch ep, Addr ip)
{
    InlIPCursor *cursor = VG_(new_IIPC)(ep, ip);
    Bool inlined = cursor != NULL && VG_(next_IIPC)(cursor);

    if (cursor != NULL)
        VG_(delete_IIPC)(cursor);
    return inlined;
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

    counters->site_caller_depth[site] = 0;
    for (i = 1; site_object != NULL && i < n; i++) {
        if (VG_(get_fnname_kind_from_IP)(ep, ips[i]) == Vg_FnNameBelowMain)
            break;
        if (VG_(find_DebugInfo)(ep, ips[i]) != site_object) {
            counters->site_caller[site] = ips[i];
            return;
        }
    }
    /* In the program itself: the immediate caller. */
    if (sites[site].inlined < 0)
        sites[site].inlined = in_inlined_code(ep, sites[site].ip) ? 1 : 0;
    if (sites[site].inlined) {
        counters->site_caller[site] = sites[site].ip;
        counters->site_caller_depth[site] = 1;
    } else {
        counters->site_caller[site] = n > 1 ? ips[1] : 0;
    }
}

/* Copies the source location in text, which VG_(describe_IP) wrote as
** "0xADDR: FUNCTION (FILE:LINE)", "0xADDR: FUNCTION (in OBJECT)" or
** "0xADDR: ???", into out's function, file and line. */
static void parse_description(const HChar *text, struct snc_vg_code_location *out)
{
    const HChar *function = VG_(strstr)(text, ": ");
    const HChar *open = NULL, *p;
    SizeT len = VG_(strlen)(text);

    function = function != NULL ? function + 2 : text;
    for (p = VG_(strstr)(function, " ("); p != NULL; p = VG_(strstr)(p + 1, " ("))
        open = p;
    if (open == NULL || len == 0 || text[len - 1] != ')')
        open = text + len;
    if (!(open - function == 3 && VG_(strncmp)(function, "???", 3) == 0))
        VG_(strlcpy)(out->function, function,
                     (SizeT)(open - function) + 1 < sizeof out->function
                         ? (SizeT)(open - function) + 1 : sizeof out->function);
    if (*open == '\0' || VG_(strncmp)(open, " (in ", 5) == 0)
        return;
    {
        const HChar *inside = open + 2, *colon = NULL;
        for (p = inside; *p != '\0' && *p != ')'; p++)
            if (*p == ':')
                colon = p;
        if (colon == NULL)
            return;
        VG_(strlcpy)(out->file, inside,
                     (SizeT)(colon - inside) + 1 < sizeof out->file
                         ? (SizeT)(colon - inside) + 1 : sizeof out->file);
        out->line = (Int)VG_(strtoll10)(colon + 1, NULL);
    }
}

/* For code with no symbol (a stripped library's static function): names it
** OBJECT+0xADDR, the object file's base name and the address in that file,
** which `addr2line -f -e OBJECT 0xADDR` resolves where debug information is
** installed.  Left empty when ip is in no object Valgrind knows. */
static void name_by_object(DiEpoch ep, Addr ip, struct snc_vg_code_location *out)
{
    const DebugInfo *di = VG_(find_DebugInfo)(ep, ip);
    const HChar *path, *base;

    if (di == NULL || (path = VG_(DebugInfo_get_filename)(di)) == NULL)
        return;
    base = VG_(strrchr)(path, '/');
    base = base != NULL ? base + 1 : path;
    VG_(snprintf)(out->function, sizeof out->function, "%s+0x%lx", base,
                  (unsigned long)(ip - (Addr)VG_(DebugInfo_get_text_bias)(di)));
}

/* Fills *out with the source location of code address ip, `depth` inlined
** frames out from the innermost one (0: the innermost; 1: the function that
** code was inlined into, at the inlined call).  Without inline information
** there is one frame. */
static void resolve_frame(Addr ip, UInt depth, struct snc_vg_code_location *out)
{
    DiEpoch ep = VG_(current_DiEpoch)();
    InlIPCursor *cursor;
    UInt i;

    VG_(memset)(out, 0, sizeof *out);
    if (ip == 0)
        return;
    out->address = ip;
    cursor = VG_(new_IIPC)(ep, ip);
    for (i = 0; i < depth && cursor != NULL && VG_(next_IIPC)(cursor); i++)
        ;
    if (i == depth)
        parse_description(VG_(describe_IP)(ep, ip, cursor), out);
    if (cursor != NULL)
        VG_(delete_IIPC)(cursor);
    if (out->function[0] == '\0')
        name_by_object(ep, ip, out);
}

void snc_resolve(Addr ip, struct snc_vg_code_location *out)
{
    resolve_frame(ip, 0, out);
}

static void fill_site(const SncCounters *counters, UInt index, struct snc_vg_site *out)
{
    SncSite *site = &sites[index];
    struct snc_vg_code_location caller;

    if (!site->resolved) {
        snc_resolve(site->ip, &site->where);
        site->resolved = True;
    }
    out->address = site->ip;
    out->count = counters->site_hits[index];
    VG_(strlcpy)(out->kind, site->kind, sizeof out->kind);
    VG_(strlcpy)(out->function, site->where.function, sizeof out->function);
    VG_(strlcpy)(out->file, site->where.file, sizeof out->file);
    out->line = site->where.line;
    resolve_frame(counters->site_caller[index], counters->site_caller_depth[index], &caller);
    VG_(strlcpy)(out->caller, caller.function, sizeof out->caller);
    VG_(strlcpy)(out->caller_file, caller.file, sizeof out->caller_file);
    out->caller_line = caller.line;
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
