/*
** snc_vg_client.h: the client side of the snc Valgrind tool, header-only.
**
** A program measures what a piece of code executes by bracketing it:
**
**     struct snc_vg_region r;
**     snc_vg_region_begin(SNC_VG_PATTERNS);
**     set_add(s, 1);
**     snc_vg_region_end(&r);      // r.rmw, r.fences, r.sites[], r.raw_fenced...
**
** Each function is one Valgrind client request (a few register rotations the
** CPU runs as no-ops natively, recognised by Valgrind's JIT), so nothing is
** linked and the code runs unchanged outside Valgrind: there begin does
** nothing and end zero-fills the struct.  snc_vg_present() tells the cases
** apart: it is true only under `valgrind --tool=snc` with the same ABI
** (RUNNING_ON_VALGRIND is true under any tool, whose regions stay empty).
**
** Regions are per thread: only what the thread that called begin executes is
** counted, and several threads may have regions at once.  Beginning a region
** while one is open restarts it.
**
** Where Valgrind's headers are not installed the requests compile to their
** native behaviour, so code using this header builds everywhere.
*/
#ifndef SNC_VG_CLIENT_H
#define SNC_VG_CLIENT_H

#include <string.h>

#if defined(__has_include) && !__has_include(<valgrind/valgrind.h>)
#define VALGRIND_DO_CLIENT_REQUEST_EXPR(dflt, req, a1, a2, a3, a4, a5) \
    ((void)(a1), (void)(a2), (void)(a3), (dflt))
#define VALGRIND_DO_CLIENT_REQUEST_STMT(req, a1, a2, a3, a4, a5) ((void)(a1))
#else
#include <valgrind/valgrind.h>
#endif

#include "snc_vg_abi.h"

/* True when running under the snc tool (and its ABI matches this header). */
static inline int snc_vg_present(void)
{
    return VALGRIND_DO_CLIENT_REQUEST_EXPR(0, SNC_VG_REQ_HELLO, SNC_VG_ABI_VERSION,
                                           sizeof(struct snc_vg_region), 0, 0, 0) ==
           SNC_VG_HELLO_MAGIC;
}

/* Starts counting for the calling thread.  flags: 0 or SNC_VG_PATTERNS (also
** detect RAW/AWAR: slower, every memory access is then followed by the tool). */
static inline void snc_vg_region_begin(unsigned flags)
{
    VALGRIND_DO_CLIENT_REQUEST_STMT(SNC_VG_REQ_REGION_BEGIN, flags, 0, 0, 0, 0);
}

/* Stops counting and fills *out.  The tool writes *out itself; when it did not
** (native run, another tool, no region open) *out is zero-filled here, after
** the request, so the fill never shows up inside a region. */
static inline void snc_vg_region_end(struct snc_vg_region *out)
{
    if (VALGRIND_DO_CLIENT_REQUEST_EXPR(0, SNC_VG_REQ_REGION_END, out, SNC_VG_ABI_VERSION,
                                        sizeof *out, 0, 0) != 1)
        memset(out, 0, sizeof *out);
}

#endif /* SNC_VG_CLIENT_H */
