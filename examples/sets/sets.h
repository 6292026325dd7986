/* sets.h: two sets of small integers (0..SET_MAX-1), as in the article's set discussion.
 * add and remove return whether they changed the set; member whether k is in it. */
#ifndef EXAMPLES_SETS_H
#define EXAMPLES_SETS_H

#include <stdbool.h>
#include <stdint.h>

#define SET_MAX 64

struct mutex_set;
struct mutex_set *mutex_set_new(void);
bool mutex_set_add(struct mutex_set *s, int k);
bool mutex_set_remove(struct mutex_set *s, int k);
bool mutex_set_member(struct mutex_set *s, int k);
uint64_t mutex_set_bits(struct mutex_set *s);

struct byte_set;
struct byte_set *byte_set_new(void);
bool byte_set_add(struct byte_set *s, int k);
bool byte_set_remove(struct byte_set *s, int k);
bool byte_set_member(struct byte_set *s, int k);
uint64_t byte_set_bits(struct byte_set *s);

#endif
