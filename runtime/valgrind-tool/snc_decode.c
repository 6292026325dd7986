/*
** snc_decode.c: name a heavyweight instruction from its amd64 bytes.
**
** VEX IR says THAT an instruction is heavyweight but not WHICH one: every
** lock-prefixed instruction and every xchg with memory becomes the same
** Ist_CAS, and mfence, lfence, sfence and cpuid all become the same
** Ist_MBE(Imbe_Fence).  The instruction's bytes are at the address of its
** IMark (guest and host share the address space), so the tool reads them.
**
** An amd64 instruction is: legacy prefixes (F0 = lock, 66, F2, F3, segment
** overrides, 67), an optional REX byte (40-4F; REX.W = bit 3 selects 64-bit
** operands), the opcode (one byte, or 0F then one byte), then a ModRM byte
** whose bits 5..3 (the "reg" field) extend the opcode for group opcodes
** ("0F AE /6" = mfence when ModRM's mod bits 7..6 are 11).
**
** Only the opcodes that can carry a lock prefix (or are xchg) and the fence
** opcodes are named; anything else comes out as "locked rmw" or "fence".
*/
#include "pub_tool_basics.h"
#include "pub_tool_libcprint.h"

#include "snc_tool.h"

typedef struct {
    Bool lock;      /* F0 prefix */
    Bool rex_w;     /* 64-bit operand size */
    Bool two_byte;  /* opcode was preceded by 0F */
    UChar opcode;
    UChar modrm;    /* 0 when the instruction is too short to have one */
} SncInsn;

static Bool is_legacy_prefix(UChar b)
{
    switch (b) {
    case 0xF0: case 0xF2: case 0xF3: case 0x66: case 0x67:
    case 0x26: case 0x2E: case 0x36: case 0x3E: case 0x64: case 0x65:
        return True;
    default:
        return False;
    }
}

static Bool split_insn(const UChar *p, UInt len, SncInsn *out)
{
    UInt i = 0;
    *out = (SncInsn){0};
    for (; i < len && is_legacy_prefix(p[i]); i++)
        out->lock |= p[i] == 0xF0;
    if (i < len && (p[i] & 0xF0) == 0x40)
        out->rex_w = (p[i++] & 0x8) != 0;
    if (i < len && p[i] == 0x0F) {
        out->two_byte = True;
        i++;
    }
    if (i >= len)
        return False;
    out->opcode = p[i++];
    out->modrm = i < len ? p[i] : 0;
    return True;
}

static UInt modrm_reg(const SncInsn *insn) { return (insn->modrm >> 3) & 7; }

/* The mnemonic of a read-modify-write opcode, NULL if not one we know. */
static const HChar *rmw_mnemonic(const SncInsn *insn)
{
    static const HChar *const group1[8] = {"add", "or", "adc", "sbb", "and", "sub", "xor", NULL};
    static const HChar *const group8[8] = {NULL, NULL, NULL, NULL, NULL, "bts", "btr", "btc"};
    UChar op = insn->opcode;

    if (insn->two_byte) {
        switch (op) {
        case 0xB0: case 0xB1: return "cmpxchg";
        case 0xC0: case 0xC1: return "xadd";
        case 0xC7: return modrm_reg(insn) == 1 ? (insn->rex_w ? "cmpxchg16b" : "cmpxchg8b") : NULL;
        case 0xAB: return "bts";
        case 0xB3: return "btr";
        case 0xBB: return "btc";
        case 0xBA: return group8[modrm_reg(insn)];
        default: return NULL;
        }
    }
    /* 00-31: the two-operand ALU ops, memory destination forms (op r/m, reg). */
    if (op < 0x38 && (op & 7) <= 1)
        return group1[op >> 3];
    switch (op) {
    case 0x80: case 0x81: case 0x83: return group1[modrm_reg(insn)];
    case 0x86: case 0x87: return "xchg";
    case 0xF6: case 0xF7:
        return modrm_reg(insn) == 2 ? "not" : modrm_reg(insn) == 3 ? "neg" : NULL;
    case 0xFE: case 0xFF:
        return modrm_reg(insn) == 0 ? "inc" : modrm_reg(insn) == 1 ? "dec" : NULL;
    default: return NULL;
    }
}

/* Writes the kind of an Ist_CAS/Ist_LLSC instruction: "lock cmpxchg",
** "xchg" (implicitly locked), ..., or "locked rmw" when not recognised. */
void snc_decode_rmw(const UChar *insn_bytes, UInt len, HChar *kind, SizeT kind_size)
{
    SncInsn insn;
    const HChar *mnemonic = split_insn(insn_bytes, len, &insn) ? rmw_mnemonic(&insn) : NULL;

    if (mnemonic == NULL)
        VG_(snprintf)(kind, kind_size, "locked rmw");
    else
        VG_(snprintf)(kind, kind_size, "%s%s", insn.lock ? "lock " : "", mnemonic);
}

/* Classifies an Ist_MBE(Imbe_Fence) instruction and writes its kind.  Only
** mfence orders earlier stores before later loads; lfence and sfence do not,
** and cpuid (which VEX also marks as a fence) is counted with them.  Unknown
** fence-like instructions are counted as light too: claiming a store-load
** fence that is not there would hide a missing one. */
SncFenceClass snc_decode_fence(const UChar *insn_bytes, UInt len, HChar *kind, SizeT kind_size)
{
    SncInsn insn;
    const HChar *name = "fence";
    SncFenceClass fence_class = SNC_FENCE_LIGHT;

    if (split_insn(insn_bytes, len, &insn) && insn.two_byte) {
        if (insn.opcode == 0xA2) {
            name = "cpuid";
        } else if (insn.opcode == 0xAE && (insn.modrm & 0xC0) == 0xC0) {
            switch (modrm_reg(&insn)) {
            case 5: name = "lfence"; break;
            case 6: name = "mfence"; fence_class = SNC_FENCE_FULL; break;
            case 7: name = "sfence"; break;
            default: break;
            }
        }
    }
    VG_(snprintf)(kind, kind_size, "%s", name);
    return fence_class;
}
