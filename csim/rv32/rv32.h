/* RV32IMA (machine mode, no MMU) decoder, executor and disassembler.
 *
 * One unit shared by every model that runs RISC-V code: the vault PE C model
 * (csim/pe/pe.c, which calls the pieces below from its pipeline stages) and the
 * behavioural host CPU (which calls rv32_step() and puts its timing model
 * behind the memory callbacks).  It knows nothing about pipelines or caches.
 *
 * Semantics follow the RISC-V unprivileged ISA (RV32I, M, A; Zicsr,
 * Zifencei) and the privileged ISA for a machine-mode-only hart:
 *   - traps: instruction address misaligned (0, on the jump/branch, mtval =
 *     target), instruction access fault (1, mtval = pc), illegal instruction
 *     (2, mtval = the instruction bits), breakpoint (3, mtval = pc), load
 *     misaligned (4) / access fault (5), store/AMO misaligned (6) / access
 *     fault (7) with mtval = the address, ecall from M (11, mtval = 0).  A trap
 *     sets mepc = pc, mcause, mtval, mstatus.MPIE = MIE, MIE = 0, MPP = M, and
 *     pc = mtvec (direct mode only); the trapping instruction does not retire.
 *   - misaligned loads/stores/AMOs always trap (no hardware support); LR.W
 *     misaligned raises load-misaligned, SC.W and AMOs store/AMO-misaligned.
 *   - CSRs: mstatus (MIE, MPIE writable, MPP reads 3), misa (RV32IMA, read
 *     only), mie/mip (no interrupt sources: read 0), mtvec (low 2 bits 0),
 *     mscratch, mepc (low 2 bits 0), mcause, mtval, mcycle(h), minstret(h),
 *     mhpmcounter3..31(h) and mhpmevent3..31 (read 0), mcountinhibit (read
 *     0), mvendorid/marchid/mimpid/mconfigptr (0), mhartid; the user shadows
 *     cycle(h), instret(h), hpmcounter3..31(h).  Anything else (time, S/U
 *     CSRs) is illegal, as is a write to a read-only CSR (address bits
 *     [11:10] = 3) by csrrw/csrrwi or by csrrs/csrrc(i) with rs1/uimm != 0.
 *   - minstret counts retired instructions; an instruction that writes
 *     minstret is not itself counted (the written value is what the next
 *     instruction reads).  mcycle is advanced by the caller (rv32_tick),
 *     because only the timing model knows cycles.
 *   - wfi retires and sets hart->wfi; what that means (halt, sleep) is the
 *     caller's business.  No interrupts exist, so mret only restores
 *     mstatus and jumps to mepc.
 *   - the instruction set is hw/rv32.isa's table (scripts/gen_blocks.py).
 *   - custom-0 (opcode 0x0b): cp.loop.begin/iter/end, cp.pim.launch/wait
 *     (funct3 0..4, funct7 0, SPEC section 4) are decoded and disassembled;
 *     rv32_step() hands them to bus->custom, and with no custom handler (the
 *     vault PE) they raise illegal instruction.
 */
#ifndef RV32_H
#define RV32_H

#include <stddef.h>
#include <stdint.h>

/* The operations (rv32_op_t, RV32_ILLEGAL = 0 ... RV32_NUM_OPS) and their
 * encodings (RV32_MATCH_*, RV32_MASK_*), generated from the instruction
 * table hw/rv32.isa. */
#include "rv32_isa.h"

/* Operation classes, for timing models. */
enum {
  RV32_C_ALU = 1 << 0,    /* result from the integer ALU (incl. lui/auipc) */
  RV32_C_BRANCH = 1 << 1, /* conditional branch */
  RV32_C_JUMP = 1 << 2,   /* jal/jalr */
  RV32_C_LOAD = 1 << 3,
  RV32_C_STORE = 1 << 4,
  RV32_C_AMO = 1 << 5,    /* lr/sc/amo*: carried out at memory */
  RV32_C_MULDIV = 1 << 6,
  RV32_C_CSR = 1 << 7,
  RV32_C_SYSTEM = 1 << 8, /* ecall ebreak mret wfi fence fence.i */
  RV32_C_CUSTOM = 1 << 9,
  RV32_C_WRITES_RD = 1 << 10, /* architecturally writes rd (if rd != 0) */
  RV32_C_USES_RS1 = 1 << 11,
  RV32_C_USES_RS2 = 1 << 12
};

/* Trap causes (mcause values, exceptions only). */
enum {
  RV32_EXC_IADDR_MISALIGNED = 0,
  RV32_EXC_IACCESS = 1,
  RV32_EXC_ILLEGAL = 2,
  RV32_EXC_BREAKPOINT = 3,
  RV32_EXC_LADDR_MISALIGNED = 4,
  RV32_EXC_LACCESS = 5,
  RV32_EXC_SADDR_MISALIGNED = 6,
  RV32_EXC_SACCESS = 7,
  RV32_EXC_ECALL_M = 11
};

/* CSR addresses used here. */
enum {
  RV32_CSR_MSTATUS = 0x300, RV32_CSR_MISA = 0x301, RV32_CSR_MIE = 0x304, RV32_CSR_MTVEC = 0x305,
  RV32_CSR_MSTATUSH = 0x310, RV32_CSR_MCOUNTINHIBIT = 0x320, RV32_CSR_MSCRATCH = 0x340,
  RV32_CSR_MEPC = 0x341, RV32_CSR_MCAUSE = 0x342, RV32_CSR_MTVAL = 0x343, RV32_CSR_MIP = 0x344,
  RV32_CSR_MCYCLE = 0xB00, RV32_CSR_MINSTRET = 0xB02, RV32_CSR_MCYCLEH = 0xB80, RV32_CSR_MINSTRETH = 0xB82,
  RV32_CSR_CYCLE = 0xC00, RV32_CSR_INSTRET = 0xC02, RV32_CSR_CYCLEH = 0xC80, RV32_CSR_INSTRETH = 0xC82,
  RV32_CSR_MVENDORID = 0xF11, RV32_CSR_MARCHID = 0xF12, RV32_CSR_MIMPID = 0xF13, RV32_CSR_MHARTID = 0xF14,
  RV32_CSR_MCONFIGPTR = 0xF15
};

#define RV32_MISA_VALUE 0x40001101u /* MXL=1 (32), A, I, M */
#define RV32_MSTATUS_MIE (1u << 3)
#define RV32_MSTATUS_MPIE (1u << 7)
#define RV32_MSTATUS_MPP (3u << 11)

/* AMO funct5 codes (also the PE memory port's AMO op field). */
enum {
  RV32_AMO_ADD = 0x00, RV32_AMO_SWAP = 0x01, RV32_AMO_LR = 0x02, RV32_AMO_SC = 0x03, RV32_AMO_XOR = 0x04,
  RV32_AMO_OR = 0x08, RV32_AMO_AND = 0x0C, RV32_AMO_MIN = 0x10, RV32_AMO_MAX = 0x14, RV32_AMO_MINU = 0x18,
  RV32_AMO_MAXU = 0x1C
};

typedef struct {
  uint32_t raw;
  rv32_op_t op;
  uint32_t cls;   /* RV32_C_* bits */
  uint8_t rd, rs1, rs2;
  uint8_t funct5; /* AMO op (funct5) for RV32_C_AMO */
  int32_t imm;    /* sign-extended immediate; csr ops: the zimm in imm, csr address in csr */
  uint16_t csr;
} rv32_insn_t;

/* Architectural state of one hart. */
typedef struct {
  uint32_t x[32];
  uint32_t pc;
  uint64_t mcycle, minstret;
  uint32_t mhartid, mstatus, mtvec, mscratch, mepc, mcause, mtval;
  int wfi; /* set when a wfi retired; the caller clears it */
} rv32_hart_t;

/* Memory and extension callbacks of rv32_step().  Return 0 for success,
 * nonzero for an access fault (raised as a precise trap). */
typedef struct {
  void *ctx;
  int (*fetch)(void *ctx, uint32_t addr, uint32_t *insn);
  /* size 1, 2 or 4, addr naturally aligned; *val zero-extended */
  int (*load)(void *ctx, uint32_t addr, unsigned size, uint32_t *val);
  int (*store)(void *ctx, uint32_t addr, unsigned size, uint32_t val);
  /* funct5 = RV32_AMO_*: returns the old word in *result; LR returns the
   * word and reserves, SC stores if reserved and returns 0, else 1
   * (rv32_amo_apply() does the arithmetic). */
  int (*amo)(void *ctx, unsigned funct5, uint32_t addr, uint32_t operand, uint32_t *result);
  /* fence (is_i 0) / fence.i (1); may be NULL */
  void (*fence)(void *ctx, int is_i);
  /* custom-0: returns 0 and sets *rd_val, or nonzero for illegal; NULL
   * makes every custom-0 instruction illegal */
  int (*custom)(void *ctx, rv32_hart_t *h, const rv32_insn_t *d, uint32_t rs1, uint32_t rs2, uint32_t *rd_val);
} rv32_bus_t;

/* What one rv32_step() did. */
typedef struct {
  uint32_t pc, insn;
  int retired;      /* 1: retired; 0: trapped */
  uint32_t cause, tval;
  unsigned rd;      /* register written (0: none) */
  uint32_t rd_val;
  int mem;          /* 0 none, 1 load, 2 store, 3 amo */
  uint32_t mem_addr;
  uint32_t next_pc;
} rv32_result_t;

/* Decodes one word; never fails (unknown encodings give RV32_ILLEGAL). */
void rv32_decode(uint32_t raw, rv32_insn_t *d);
/* Mnemonic of an op ("illegal" for RV32_ILLEGAL). */
const char *rv32_op_name(rv32_op_t op);
/* Disassembly in GNU style ("addi a0, a0, -1", "cp.pim.launch a0, a1");
 * pc resolves branch/jump targets.  Returns the length written. */
int rv32_disasm(uint32_t raw, uint32_t pc, char *buf, size_t n);
/* ABI register name ("zero", "ra", ...). */
const char *rv32_reg_name(unsigned r);

/* Resets a hart: x[] = 0, pc = reset_pc, CSRs to their reset values. */
void rv32_hart_reset(rv32_hart_t *h, uint32_t reset_pc, uint32_t hartid);
/* Executes one instruction at h->pc; fills *res (may be NULL). */
void rv32_step(rv32_hart_t *h, const rv32_bus_t *bus, rv32_result_t *res);
/* rv32_step() of an instruction the caller fetched and decoded itself
 * (d = rv32_decode() of the word at h->pc): no fetch callback, no decode.
 * For models that keep a decoded-instruction cache (the host). */
void rv32_step_decoded(rv32_hart_t *h, const rv32_bus_t *bus, const rv32_insn_t *d, rv32_result_t *res);
/* Advances mcycle by n (the caller's clock). */
static inline void rv32_tick(rv32_hart_t *h, uint64_t n) { h->mcycle += n; }

/* ---- pieces for pipeline models (pure functions of their arguments) ---- */
/* ALU / M-extension result of a register-register or register-immediate op
 * (b is rs2 or the immediate; lui: b = imm; auipc: a = pc). */
uint32_t rv32_alu(rv32_op_t op, uint32_t a, uint32_t b);
/* Branch condition of a conditional branch. */
int rv32_branch_taken(rv32_op_t op, uint32_t a, uint32_t b);
/* Access size in bytes of a load/store op. */
unsigned rv32_mem_size(rv32_op_t op);
/* Load result from the aligned 32-bit word holding the address. */
uint32_t rv32_load_extract(rv32_op_t op, uint32_t word, uint32_t addr);
/* Store lane: byte enables and the data shifted into the word. */
void rv32_store_lane(rv32_op_t op, uint32_t addr, uint32_t val, uint32_t *wdata, unsigned *be);
/* New memory word of an AMO (not LR/SC): old op operand. */
uint32_t rv32_amo_apply(unsigned funct5, uint32_t old, uint32_t operand);
/* CSR instruction: checks legality, reads the old value into *old and
 * writes the new one.  src = rs1 value or zimm.  Returns 0, or -1 when the
 * instruction is illegal (nothing changed).  *wrote_minstret is set when
 * minstret/minstreth was written (the instruction then does not count). */
int rv32_csr_op(rv32_hart_t *h, const rv32_insn_t *d, uint32_t src, uint32_t *old, int *wrote_minstret);
/* Takes a trap at pc: mepc, mcause, mtval, mstatus; returns the new pc. */
uint32_t rv32_trap(rv32_hart_t *h, uint32_t pc, uint32_t cause, uint32_t tval);
/* mret: restores mstatus, returns mepc. */
uint32_t rv32_mret(rv32_hart_t *h);

#endif
