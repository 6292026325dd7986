/*
** snc_vg_abi.h: the contract between the snc Valgrind tool and its clients.
**
** A client (the snc runtime, a test fixture, any C program) delimits REGIONS
** with Valgrind client requests; the tool counts what the thread that began a
** region executes until it ends it, and at the end writes a struct
** snc_vg_region straight into the client's memory (tool and client share one
** address space).  This header is the only thing both sides include, so the
** numbers and the layout below are a stable ABI:
**
**   - request codes are VG_USERREQ_TOOL_BASE('S','N') + n and never change
**     meaning; new requests get new numbers;
**   - the region struct has fixed-width fields and no implicit padding (the
**     static assertions at the bottom pin every size);
**   - SNC_VG_ABI_VERSION changes whenever the layout does.  The client passes
**     its version and sizeof(struct snc_vg_region) with HELLO and REGION_END;
**     a tool built against another layout answers HELLO with 0 (so the client
**     sees "tool absent") and refuses REGION_END rather than write a foreign
**     layout.
**
** Layout of struct snc_vg_region (byte offsets, little-endian amd64):
**
**      0  abi_version, flags              u32, u32
**      8  instructions, rmw, fences, light_fences          4 x u64
**     40  awar, raw_unfenced, raw_fenced                   3 x u64
**     64  n_sites, sites_truncated        u32, u32
**     72  sites[8]                        8 x 432 bytes (struct snc_vg_site)
**   3528  awar_example                    240 bytes
**   3768  raw_unfenced_example            640 bytes
**   4408  raw_fenced_example              640 bytes
**   5048  end
**
** Strings are NUL-terminated and truncated to fit; an unknown function or
** file is the empty string and an unknown line is 0.
**
** This header needs only <stdint.h>, so the tool (which has no libc) and
** ordinary C programs can both include it.
*/
#ifndef SNC_VG_ABI_H
#define SNC_VG_ABI_H

#include <stdint.h>

#define SNC_VG_ABI_VERSION 1u

/* Same value as VG_USERREQ_TOOL_BASE('S','N') in <valgrind/valgrind.h>;
** spelled out so that this header does not depend on valgrind.h. */
#define SNC_VG_REQUEST_BASE (((uint32_t)'S' << 24) | ((uint32_t)'N' << 16))

enum snc_vg_request {
    /* args: abi_version, sizeof(struct snc_vg_region).
    ** Returns SNC_VG_HELLO_MAGIC when the tool is snc and the layout matches. */
    SNC_VG_REQ_HELLO = SNC_VG_REQUEST_BASE,
    /* args: flags (SNC_VG_PATTERNS, ...).  Starts (or restarts) the calling
    ** thread's region.  Returns 1. */
    SNC_VG_REQ_REGION_BEGIN,
    /* args: struct snc_vg_region *out, abi_version, sizeof *out.  Ends the
    ** calling thread's region and fills *out.  Returns 1 when *out was
    ** written, 0 when nothing was written (no tool, wrong ABI, bad pointer). */
    SNC_VG_REQ_REGION_END,
};

#define SNC_VG_HELLO_MAGIC 0x736e6321u /* "snc!" */

/* Region flags (SNC_VG_REQ_REGION_BEGIN). */
#define SNC_VG_PATTERNS 0x1u /* also detect the Laws of Order patterns RAW and AWAR */

#define SNC_VG_MAX_SITES 8

/* One executed heavyweight instruction: an atomic read-modify-write or a full
** fence, at one code address. */
struct snc_vg_site {
    uint64_t address;      /* code address of the instruction */
    uint64_t count;        /* executions within the region */
    char kind[24];         /* "lock cmpxchg", "xchg", "mfence", ... */
    char function[64];     /* function containing the instruction */
    char file[128];
    int32_t line;
    char caller[64];       /* nearest caller outside the instruction's object */
    char caller_file[128]; /* file, else the immediate caller */
    int32_t caller_line;
};

/* A code address resolved to source. */
struct snc_vg_code_location {
    uint64_t address;
    char function[64];
    char file[128];
    int32_t line;
    int32_t reserved;
};

/* An atomic read-modify-write on shared memory (the AWAR pattern). */
struct snc_vg_awar_example {
    uint64_t address; /* data address */
    char kind[24];
    struct snc_vg_code_location at;
};

/* A store to shared A followed by a load of a different shared B with no store
** to B in between (the RAW pattern).  `fence` is the last full fence between
** them for a fenced RAW, all zero for an unfenced one. */
struct snc_vg_raw_example {
    uint64_t store_address; /* data address A */
    uint64_t load_address;  /* data address B */
    struct snc_vg_code_location store, load, fence;
};

struct snc_vg_region {
    uint32_t abi_version; /* SNC_VG_ABI_VERSION when the tool wrote it, 0 natively */
    uint32_t flags;       /* flags the region began with */

    uint64_t instructions; /* guest instructions executed */
    uint64_t rmw;          /* atomic read-modify-writes (lock-prefixed, xchg mem, SC) */
    uint64_t fences;       /* full store-load fences (mfence) */
    uint64_t light_fences; /* lfence, sfence, cpuid: not store-load fences */

    /* Only with SNC_VG_PATTERNS; zero otherwise. */
    uint64_t awar;         /* atomic RMWs on shared (non-stack) memory */
    uint64_t raw_unfenced; /* RAWs with no full fence between store and load */
    uint64_t raw_fenced;   /* RAWs with a full fence (or locked RMW) between */

    uint32_t n_sites;         /* entries used in sites[], most executed first */
    uint32_t sites_truncated; /* 1 when more heavyweight sites ran than fit */
    struct snc_vg_site sites[SNC_VG_MAX_SITES];

    struct snc_vg_awar_example awar_example;       /* first AWAR, if awar > 0 */
    struct snc_vg_raw_example raw_unfenced_example; /* first, if raw_unfenced > 0 */
    struct snc_vg_raw_example raw_fenced_example;   /* first, if raw_fenced > 0 */
};

#ifdef __cplusplus
#define SNC_VG_STATIC_ASSERT(cond, msg) static_assert(cond, msg)
#else
#define SNC_VG_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)
#endif
SNC_VG_STATIC_ASSERT(sizeof(struct snc_vg_site) == 432, "snc_vg_site layout");
SNC_VG_STATIC_ASSERT(sizeof(struct snc_vg_code_location) == 208, "snc_vg_code_location layout");
SNC_VG_STATIC_ASSERT(sizeof(struct snc_vg_awar_example) == 240, "snc_vg_awar_example layout");
SNC_VG_STATIC_ASSERT(sizeof(struct snc_vg_raw_example) == 640, "snc_vg_raw_example layout");
#define SNC_VG_OFFSET_IS(field, offset) \
    SNC_VG_STATIC_ASSERT(__builtin_offsetof(struct snc_vg_region, field) == (offset), \
                         "snc_vg_region layout: " #field)
SNC_VG_OFFSET_IS(instructions, 8);
SNC_VG_OFFSET_IS(awar, 40);
SNC_VG_OFFSET_IS(n_sites, 64);
SNC_VG_OFFSET_IS(sites, 72);
SNC_VG_OFFSET_IS(awar_example, 3528);
SNC_VG_OFFSET_IS(raw_unfenced_example, 3768);
SNC_VG_OFFSET_IS(raw_fenced_example, 4408);
#undef SNC_VG_OFFSET_IS
SNC_VG_STATIC_ASSERT(sizeof(struct snc_vg_region) == 5048, "snc_vg_region layout");

#endif /* SNC_VG_ABI_H */
