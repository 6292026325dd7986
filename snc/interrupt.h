/* interrupt.h: SIGTERM, SIGINT and SIGHUP while a command runs other programs (the
 * compiler, a harness program): the signal is passed on to the program running, which
 * cleans up after itself, and the command then winds down (interrupt.c). */
#ifndef SNC_INTERRUPT_H
#define SNC_INTERRUPT_H

#include <sys/types.h>

/* From now on the three signals are caught instead of ending snc. */
void interrupt_catch(void);
/* The program a caught signal is passed on to (0: none). */
void interrupt_forward_to(pid_t pid);
/* The signal caught, or 0. */
int interrupt_caught(void);

#endif
