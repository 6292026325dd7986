/*
** stripped.c: a shared library the vgtool fixture links and the build strips of
** every symbol but the exported ones, as distributions ship libraries without
** their debug packages.  Its lock xadd is in code with no symbol at all (a local
** label), so the tool can only name it by the object and the address in it.
*/
__asm__(".text\n"
        "stripped_xadd_code:\n"
        "    lock xaddq %rsi, (%rdi)\n"
        "    ret\n");

void stripped_xadd_code(long *word, long add);

/* Adds add to *word with the unnamed lock xadd. */
void stripped_add(long *word, long add)
{
    stripped_xadd_code(word, add);
}

/* Where the unnamed code is, for the fixture's expectation. */
void *stripped_code_address(void)
{
    return (void *)stripped_xadd_code;
}
