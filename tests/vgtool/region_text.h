/*
** region_text.h: print a struct snc_vg_region as "key value" lines.
**
** The vgtool fixtures print their region this way and check_region.sh
** compares the lines with a test's expectations, so one printer serves every
** scenario.  Keys name the struct fields ("rmw", "site0.kind",
** "raw_fenced_example.load.line", ...); strings are printed as they are.
*/
#ifndef REGION_TEXT_H
#define REGION_TEXT_H

#include <stdio.h>

#include "snc_vg_abi.h"

void region_text_print(FILE *out, const struct snc_vg_region *region);

#endif /* REGION_TEXT_H */
