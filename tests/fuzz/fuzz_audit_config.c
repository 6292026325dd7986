/* fuzz_audit_config.c: `snc audit --config FILE` parser (audit/audit_config.c) on any bytes;
 * what it accepts is then queried the way the audit planner queries it. */
#include <stdint.h>
#include <stdio.h>
#include "snc_audit.h"
#include "fuzz_file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_write_file("audit.conf", data, size);
	struct audit_config cfg;
	char err[512];
	if (!path || audit_config_read(path, &cfg, err, sizeof err) != 0)
		return 0;
	for (int i = 0; i < cfg.nrules; i++) {
		const struct audit_rule *r = &cfg.rules[i];
		audit_rule_applies(r, "struct ck_ring");
		audit_config_find(&cfg, r->family ? r->family : "struct x", r->verb, "f", "p");
	}
	audit_config_free(&cfg);
	return 0;
}
