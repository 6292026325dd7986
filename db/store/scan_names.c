/* scan_names.c: the names the store writes for the scan rows' enumerations (and reads
 * back): site kinds, linkages, unit statuses and the static classes of pairs. */
#include <string.h>
#include "snc_scan_rows.h"

static const char *const kind_names[SA_NKINDS] = {
	[SA_RMW] = "rmw", [SA_FENCE] = "fence", [SA_SEQ_CST_STORE] = "seq_cst-store",
	[SA_LOCK] = "lock", [SA_LIGHT] = "light",
};
static const char *const linkage_names[] = {
	[SA_LINK_EXTERN] = "extern", [SA_LINK_STATIC] = "static",
	[SA_LINK_INLINE_HEADER] = "inline-header",
};
static const char *const class_names[SA_NCLASSES] = {
	[SA_NEVER_SNC] = "never-snc", [SA_READ_READ] = "read-read", [SA_ONE_WAY] = "one-way",
	[SA_SNC_CANDIDATE] = "snc-candidate",
};
static const char *const status_names[] = {
	[SA_UNIT_PENDING] = "pending", [SA_UNIT_PARSED] = "parsed", [SA_UNIT_ERRORS] = "errors",
	[SA_UNIT_FAILED] = "failed",
};

const char *sa_kind_name(enum sa_kind kind) { return kind_names[kind]; }
const char *sa_linkage_name(enum sa_linkage l) { return linkage_names[l]; }
const char *sa_class_name(enum sa_class c) { return class_names[c]; }
const char *sa_unit_status_name(enum sa_unit_status s) { return status_names[s]; }

static int find_name(const char *const *names, int n, const char *name)
{
	for (int i = 0; name && i < n; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	return -1;
}

int sa_kind_parse(const char *name) { return find_name(kind_names, SA_NKINDS, name); }
int sa_linkage_parse(const char *name) { return find_name(linkage_names, 3, name); }
int sa_unit_status_parse(const char *name) { return find_name(status_names, 4, name); }

