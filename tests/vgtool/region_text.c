/*
** region_text.c: the "key value" printer of region_text.h.
*/
#include "region_text.h"

#include <inttypes.h>

static void print_u64(FILE *out, const char *key, uint64_t value)
{
    fprintf(out, "%s %" PRIu64 "\n", key, value);
}

static void print_location(FILE *out, const char *prefix,
                           const struct snc_vg_code_location *where)
{
    fprintf(out, "%s.address 0x%" PRIx64 "\n", prefix, where->address);
    fprintf(out, "%s.function %s\n", prefix, where->function);
    fprintf(out, "%s.file %s\n", prefix, where->file);
    fprintf(out, "%s.line %d\n", prefix, (int)where->line);
}

static void print_site(FILE *out, unsigned index, const struct snc_vg_site *site)
{
    fprintf(out, "site%u.address 0x%" PRIx64 "\n", index, site->address);
    fprintf(out, "site%u.count %" PRIu64 "\n", index, site->count);
    fprintf(out, "site%u.kind %s\n", index, site->kind);
    fprintf(out, "site%u.function %s\n", index, site->function);
    fprintf(out, "site%u.file %s\n", index, site->file);
    fprintf(out, "site%u.line %d\n", index, (int)site->line);
    fprintf(out, "site%u.caller %s\n", index, site->caller);
    fprintf(out, "site%u.caller_file %s\n", index, site->caller_file);
    fprintf(out, "site%u.caller_line %d\n", index, (int)site->caller_line);
}

static void print_raw(FILE *out, const char *prefix, const struct snc_vg_raw_example *raw)
{
    char key[64];

    fprintf(out, "%s.store_address 0x%" PRIx64 "\n", prefix, raw->store_address);
    fprintf(out, "%s.load_address 0x%" PRIx64 "\n", prefix, raw->load_address);
    snprintf(key, sizeof key, "%s.store", prefix);
    print_location(out, key, &raw->store);
    snprintf(key, sizeof key, "%s.load", prefix);
    print_location(out, key, &raw->load);
    snprintf(key, sizeof key, "%s.fence", prefix);
    print_location(out, key, &raw->fence);
}

void region_text_print(FILE *out, const struct snc_vg_region *region)
{
    unsigned i;

    print_u64(out, "abi_version", region->abi_version);
    print_u64(out, "flags", region->flags);
    print_u64(out, "instructions", region->instructions);
    print_u64(out, "rmw", region->rmw);
    print_u64(out, "fences", region->fences);
    print_u64(out, "light_fences", region->light_fences);
    print_u64(out, "awar", region->awar);
    print_u64(out, "raw_unfenced", region->raw_unfenced);
    print_u64(out, "raw_fenced", region->raw_fenced);
    print_u64(out, "n_sites", region->n_sites);
    print_u64(out, "sites_truncated", region->sites_truncated);
    for (i = 0; i < region->n_sites && i < SNC_VG_MAX_SITES; i++)
        print_site(out, i, &region->sites[i]);
    fprintf(out, "awar_example.address 0x%" PRIx64 "\n", region->awar_example.address);
    fprintf(out, "awar_example.kind %s\n", region->awar_example.kind);
    print_location(out, "awar_example.at", &region->awar_example.at);
    print_raw(out, "raw_unfenced_example", &region->raw_unfenced_example);
    print_raw(out, "raw_fenced_example", &region->raw_fenced_example);
}
