#include "rv32.h"

#include <stdio.h>
#include <string.h>

/* op_names[], op_cls[], op_fmt[] and rv32_isa_op(), from hw/rv32.isa */
#include "rv32_isa_tab.h"

static const char *const reg_names[32] = {"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0",
                                          "a1", "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5",
                                          "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};

const char *rv32_op_name(rv32_op_t op) { return (unsigned)op < RV32_NUM_OPS ? op_names[op] : "?"; }
const char *rv32_reg_name(unsigned r) { return reg_names[r & 31]; }

static int32_t sext(uint32_t v, unsigned bits) { return (int32_t)(v << (32 - bits)) >> (32 - bits); }

void rv32_decode(uint32_t raw, rv32_insn_t *d) {
  memset(d, 0, sizeof *d);
  d->raw = raw;
  d->rd = (raw >> 7) & 31;
  d->rs1 = (raw >> 15) & 31;
  d->rs2 = (raw >> 20) & 31;
  d->funct5 = raw >> 27;
  d->op = rv32_isa_op(raw);
  d->cls = op_cls[d->op];
  switch (op_fmt[d->op]) {
    case RV32_F_U: d->imm = (int32_t)(raw & 0xfffff000u); break;
    case RV32_F_J:
      d->imm = sext(((raw >> 31) << 20) | (((raw >> 12) & 0xff) << 12) | (((raw >> 20) & 1) << 11) |
                        (((raw >> 21) & 0x3ff) << 1), 21);
      break;
    case RV32_F_I: d->imm = sext(raw >> 20, 12); break;
    case RV32_F_B:
      d->imm = sext(((raw >> 31) << 12) | (((raw >> 7) & 1) << 11) | (((raw >> 25) & 0x3f) << 5) |
                        (((raw >> 8) & 15) << 1), 13);
      break;
    case RV32_F_S: d->imm = sext(((raw >> 25) << 5) | ((raw >> 7) & 31), 12); break;
    case RV32_F_SHAMT: d->imm = d->rs2; break;
    case RV32_F_CSR:
      d->csr = raw >> 20;
      d->imm = d->rs1; /* zimm */
      break;
    default: break;
  }
}

uint32_t rv32_alu(rv32_op_t op, uint32_t a, uint32_t b) {
  const int32_t sa = (int32_t)a, sb = (int32_t)b;
  switch (op) {
    case RV32_LUI: return b;
    case RV32_AUIPC: case RV32_ADD: case RV32_ADDI: return a + b;
    case RV32_SUB: return a - b;
    case RV32_SLL: case RV32_SLLI: return a << (b & 31);
    case RV32_SRL: case RV32_SRLI: return a >> (b & 31);
    case RV32_SRA: case RV32_SRAI: return (uint32_t)(sa >> (b & 31));
    case RV32_SLT: case RV32_SLTI: return sa < sb;
    case RV32_SLTU: case RV32_SLTIU: return a < b;
    case RV32_XOR: case RV32_XORI: return a ^ b;
    case RV32_OR: case RV32_ORI: return a | b;
    case RV32_AND: case RV32_ANDI: return a & b;
    case RV32_MUL: return a * b;
    case RV32_MULH: return (uint32_t)(((int64_t)sa * (int64_t)sb) >> 32);
    case RV32_MULHSU: return (uint32_t)(((int64_t)sa * (int64_t)(uint64_t)b) >> 32);
    case RV32_MULHU: return (uint32_t)(((uint64_t)a * (uint64_t)b) >> 32);
    case RV32_DIV:
      if (b == 0) return 0xffffffffu;
      if (a == 0x80000000u && b == 0xffffffffu) return a;
      return (uint32_t)(sa / sb);
    case RV32_DIVU: return b ? a / b : 0xffffffffu;
    case RV32_REM:
      if (b == 0) return a;
      if (a == 0x80000000u && b == 0xffffffffu) return 0;
      return (uint32_t)(sa % sb);
    case RV32_REMU: return b ? a % b : a;
    default: return 0;
  }
}

int rv32_branch_taken(rv32_op_t op, uint32_t a, uint32_t b) {
  switch (op) {
    case RV32_BEQ: return a == b;
    case RV32_BNE: return a != b;
    case RV32_BLT: return (int32_t)a < (int32_t)b;
    case RV32_BGE: return (int32_t)a >= (int32_t)b;
    case RV32_BLTU: return a < b;
    case RV32_BGEU: return a >= b;
    default: return 0;
  }
}

unsigned rv32_mem_size(rv32_op_t op) {
  switch (op) {
    case RV32_LB: case RV32_LBU: case RV32_SB: return 1;
    case RV32_LH: case RV32_LHU: case RV32_SH: return 2;
    default: return 4;
  }
}

uint32_t rv32_load_extract(rv32_op_t op, uint32_t word, uint32_t addr) {
  const uint32_t v = word >> (8 * (addr & 3));
  switch (op) {
    case RV32_LB: return (uint32_t)sext(v & 0xff, 8);
    case RV32_LBU: return v & 0xff;
    case RV32_LH: return (uint32_t)sext(v & 0xffff, 16);
    case RV32_LHU: return v & 0xffff;
    default: return word;
  }
}

void rv32_store_lane(rv32_op_t op, uint32_t addr, uint32_t val, uint32_t *wdata, unsigned *be) {
  const unsigned sh = addr & 3, size = rv32_mem_size(op);
  *wdata = val << (8 * sh);
  *be = ((1u << size) - 1) << sh;
}

uint32_t rv32_amo_apply(unsigned funct5, uint32_t old, uint32_t x) {
  switch (funct5) {
    case RV32_AMO_SWAP: return x;
    case RV32_AMO_ADD: return old + x;
    case RV32_AMO_XOR: return old ^ x;
    case RV32_AMO_AND: return old & x;
    case RV32_AMO_OR: return old | x;
    case RV32_AMO_MIN: return (int32_t)old < (int32_t)x ? old : x;
    case RV32_AMO_MAX: return (int32_t)old > (int32_t)x ? old : x;
    case RV32_AMO_MINU: return old < x ? old : x;
    case RV32_AMO_MAXU: return old > x ? old : x;
    default: return old;
  }
}

void rv32_hart_reset(rv32_hart_t *h, uint32_t reset_pc, uint32_t hartid) {
  memset(h, 0, sizeof *h);
  h->pc = reset_pc;
  h->mhartid = hartid;
  h->mstatus = RV32_MSTATUS_MPP;
}

/* Reads a CSR; returns -1 if it does not exist. */
static int csr_read(const rv32_hart_t *h, unsigned csr, uint32_t *v) {
  if ((csr >= 0xB03 && csr <= 0xB1F) || (csr >= 0xB83 && csr <= 0xB9F) || (csr >= 0x323 && csr <= 0x33F) ||
      (csr >= 0xC03 && csr <= 0xC1F) || (csr >= 0xC83 && csr <= 0xC9F)) {
    *v = 0; /* hpm counters/events: hardwired zero */
    return 0;
  }
  switch (csr) {
    case RV32_CSR_MSTATUS: *v = h->mstatus; return 0;
    case RV32_CSR_MISA: *v = RV32_MISA_VALUE; return 0;
    case RV32_CSR_MIE: case RV32_CSR_MIP: case RV32_CSR_MSTATUSH: case RV32_CSR_MCOUNTINHIBIT:
    case RV32_CSR_MVENDORID: case RV32_CSR_MARCHID: case RV32_CSR_MIMPID: case RV32_CSR_MCONFIGPTR:
      *v = 0; return 0;
    case RV32_CSR_MTVEC: *v = h->mtvec; return 0;
    case RV32_CSR_MSCRATCH: *v = h->mscratch; return 0;
    case RV32_CSR_MEPC: *v = h->mepc; return 0;
    case RV32_CSR_MCAUSE: *v = h->mcause; return 0;
    case RV32_CSR_MTVAL: *v = h->mtval; return 0;
    case RV32_CSR_MCYCLE: case RV32_CSR_CYCLE: *v = (uint32_t)h->mcycle; return 0;
    case RV32_CSR_MCYCLEH: case RV32_CSR_CYCLEH: *v = (uint32_t)(h->mcycle >> 32); return 0;
    case RV32_CSR_MINSTRET: case RV32_CSR_INSTRET: *v = (uint32_t)h->minstret; return 0;
    case RV32_CSR_MINSTRETH: case RV32_CSR_INSTRETH: *v = (uint32_t)(h->minstret >> 32); return 0;
    case RV32_CSR_MHARTID: *v = h->mhartid; return 0;
    default: return -1;
  }
}

static void csr_write(rv32_hart_t *h, unsigned csr, uint32_t v, int *wrote_minstret) {
  switch (csr) {
    case RV32_CSR_MSTATUS: h->mstatus = (v & (RV32_MSTATUS_MIE | RV32_MSTATUS_MPIE)) | RV32_MSTATUS_MPP; break;
    case RV32_CSR_MTVEC: h->mtvec = v & ~3u; break;
    case RV32_CSR_MSCRATCH: h->mscratch = v; break;
    case RV32_CSR_MEPC: h->mepc = v & ~3u; break;
    case RV32_CSR_MCAUSE: h->mcause = v; break;
    case RV32_CSR_MTVAL: h->mtval = v; break;
    case RV32_CSR_MCYCLE: h->mcycle = (h->mcycle & 0xffffffff00000000ull) | v; break;
    case RV32_CSR_MCYCLEH: h->mcycle = (h->mcycle & 0xffffffffull) | ((uint64_t)v << 32); break;
    case RV32_CSR_MINSTRET:
      h->minstret = (h->minstret & 0xffffffff00000000ull) | v;
      *wrote_minstret = 1;
      break;
    case RV32_CSR_MINSTRETH:
      h->minstret = (h->minstret & 0xffffffffull) | ((uint64_t)v << 32);
      *wrote_minstret = 1;
      break;
    default: break; /* WARL fields hardwired: writes ignored */
  }
}

int rv32_csr_op(rv32_hart_t *h, const rv32_insn_t *d, uint32_t src, uint32_t *old, int *wrote_minstret) {
  uint32_t v;
  *wrote_minstret = 0;
  if (csr_read(h, d->csr, &v)) return -1;
  const int is_rw = d->op == RV32_CSRRW || d->op == RV32_CSRRWI;
  const int writes = is_rw || d->rs1 != 0; /* rs1 field = register number or zimm */
  if (writes && (d->csr >> 10) == 3) return -1;
  *old = v;
  if (!writes) return 0;
  uint32_t nv;
  switch (d->op) {
    case RV32_CSRRW: case RV32_CSRRWI: nv = src; break;
    case RV32_CSRRS: case RV32_CSRRSI: nv = v | src; break;
    default: nv = v & ~src; break;
  }
  csr_write(h, d->csr, nv, wrote_minstret);
  return 0;
}

uint32_t rv32_trap(rv32_hart_t *h, uint32_t pc, uint32_t cause, uint32_t tval) {
  h->mepc = pc & ~3u;
  h->mcause = cause;
  h->mtval = tval;
  const uint32_t mie = h->mstatus & RV32_MSTATUS_MIE;
  h->mstatus = (mie ? RV32_MSTATUS_MPIE : 0) | RV32_MSTATUS_MPP;
  return h->mtvec;
}

uint32_t rv32_mret(rv32_hart_t *h) {
  const uint32_t mpie = h->mstatus & RV32_MSTATUS_MPIE;
  h->mstatus = (mpie ? RV32_MSTATUS_MIE : 0) | RV32_MSTATUS_MPIE | RV32_MSTATUS_MPP;
  return h->mepc;
}

static void exec(rv32_hart_t *h, const rv32_bus_t *bus, const rv32_insn_t *dp, int fetch_fault, rv32_result_t *res) {
  /* filled in place: a local copied out at the end was read back
   * (16 bytes) over its own narrower stores, a store-forwarding stall that
   * perf put at a third of this function's time */
  rv32_result_t tmp, *const rp = res ? res : &tmp;
  memset(rp, 0, sizeof *rp);
  const uint32_t pc = h->pc;
  rp->pc = pc;
  const uint32_t raw = dp->raw;
  uint32_t cause = 0, tval = 0;
  int trap = 0, no_count = 0;
  uint32_t next = pc + 4, rdv = 0;
  int wr = 0;
  const rv32_insn_t *const d = dp;
  if (fetch_fault) { trap = 1; cause = RV32_EXC_IACCESS; tval = pc; }
  rp->insn = raw;
  const uint32_t a = h->x[d->rs1], b = h->x[d->rs2];
  if (trap) {
  } else if (d->cls & RV32_C_ALU) {
    uint32_t opa = d->op == RV32_AUIPC ? pc : a;
    uint32_t opb = (d->raw & 0x7f) == 0x33 ? b : (uint32_t)d->imm;
    rdv = rv32_alu(d->op, opa, opb);
    wr = 1;
  } else if (d->cls & RV32_C_MULDIV) {
    rdv = rv32_alu(d->op, a, b);
    wr = 1;
  } else if (d->cls & (RV32_C_BRANCH | RV32_C_JUMP)) {
    int taken = 1;
    uint32_t target;
    if (d->op == RV32_JALR) target = (a + (uint32_t)d->imm) & ~1u;
    else {
      target = pc + (uint32_t)d->imm;
      if (d->cls & RV32_C_BRANCH) taken = rv32_branch_taken(d->op, a, b);
    }
    if (taken && (target & 3)) {
      trap = 1; cause = RV32_EXC_IADDR_MISALIGNED; tval = target;
    } else {
      if (taken) next = target;
      if (d->cls & RV32_C_JUMP) { rdv = pc + 4; wr = 1; }
    }
  } else if (d->cls & RV32_C_LOAD) {
    const uint32_t addr = a + (uint32_t)d->imm;
    const unsigned size = rv32_mem_size(d->op);
    rp->mem = 1;
    rp->mem_addr = addr;
    uint32_t v;
    if (addr & (size - 1)) { trap = 1; cause = RV32_EXC_LADDR_MISALIGNED; tval = addr; }
    else if (bus->load(bus->ctx, addr, size, &v)) { trap = 1; cause = RV32_EXC_LACCESS; tval = addr; }
    else {
      rdv = rv32_load_extract(d->op, v << (8 * (addr & 3)), addr);
      wr = 1;
    }
  } else if (d->cls & RV32_C_STORE) {
    const uint32_t addr = a + (uint32_t)d->imm;
    const unsigned size = rv32_mem_size(d->op);
    rp->mem = 2;
    rp->mem_addr = addr;
    const uint32_t v = size == 4 ? b : b & ((1u << (8 * size)) - 1);
    if (addr & (size - 1)) { trap = 1; cause = RV32_EXC_SADDR_MISALIGNED; tval = addr; }
    else if (bus->store(bus->ctx, addr, size, v)) { trap = 1; cause = RV32_EXC_SACCESS; tval = addr; }
  } else if (d->cls & RV32_C_AMO) {
    rp->mem = 3;
    rp->mem_addr = a;
    if (a & 3) {
      trap = 1; cause = d->op == RV32_LR_W ? RV32_EXC_LADDR_MISALIGNED : RV32_EXC_SADDR_MISALIGNED; tval = a;
    } else if (bus->amo(bus->ctx, d->funct5, a, b, &rdv)) {
      trap = 1; cause = d->op == RV32_LR_W ? RV32_EXC_LACCESS : RV32_EXC_SACCESS; tval = a;
    } else {
      wr = 1;
    }
  } else if (d->cls & RV32_C_CSR) {
    const uint32_t src = d->op >= RV32_CSRRWI ? (uint32_t)d->imm : a;
    if (rv32_csr_op(h, d, src, &rdv, &no_count)) { trap = 1; cause = RV32_EXC_ILLEGAL; tval = raw; }
    else wr = 1;
  } else if (d->cls & RV32_C_CUSTOM) {
    if (!bus->custom || bus->custom(bus->ctx, h, d, a, b, &rdv)) { trap = 1; cause = RV32_EXC_ILLEGAL; tval = raw; }
    else wr = (d->cls & RV32_C_WRITES_RD) != 0;
  } else {
    switch (d->op) {
      case RV32_FENCE: case RV32_FENCE_I:
        if (bus->fence) bus->fence(bus->ctx, d->op == RV32_FENCE_I);
        break;
      case RV32_ECALL: trap = 1; cause = RV32_EXC_ECALL_M; tval = 0; break;
      case RV32_EBREAK: trap = 1; cause = RV32_EXC_BREAKPOINT; tval = pc; break;
      case RV32_MRET: next = rv32_mret(h); break;
      case RV32_WFI: h->wfi = 1; break;
      case RV32_WRS_NTO: break;
      default: trap = 1; cause = RV32_EXC_ILLEGAL; tval = raw; break;
    }
  }
  if (trap) {
    next = rv32_trap(h, pc, cause, tval);
    rp->cause = cause;
    rp->tval = tval;
  } else {
    rp->retired = 1;
    if (wr && d->rd) {
      h->x[d->rd] = rdv;
      rp->rd = d->rd;
      rp->rd_val = rdv;
    }
    if (!no_count) h->minstret++;
  }
  h->pc = next;
  rp->next_pc = next;
}

void rv32_step(rv32_hart_t *h, const rv32_bus_t *bus, rv32_result_t *res) {
  uint32_t raw = 0;
  rv32_insn_t d;
  const int fault = bus->fetch(bus->ctx, h->pc, &raw) != 0;
  rv32_decode(fault ? 0 : raw, &d);
  exec(h, bus, &d, fault, res);
}

void rv32_step_decoded(rv32_hart_t *h, const rv32_bus_t *bus, const rv32_insn_t *d, rv32_result_t *res) {
  exec(h, bus, d, 0, res);
}

/* ---- disassembler ---- */
int rv32_disasm(uint32_t raw, uint32_t pc, char *buf, size_t n) {
  rv32_insn_t d;
  rv32_decode(raw, &d);
  const char *nm = rv32_op_name(d.op);
  const char *rd = reg_names[d.rd], *r1 = reg_names[d.rs1], *r2 = reg_names[d.rs2];
  const uint32_t c = d.cls;
  if (d.op == RV32_ILLEGAL) return snprintf(buf, n, "illegal 0x%08x", raw);
  if (c & RV32_C_CUSTOM) {
    switch (d.op) {
      case RV32_CP_LOOP_BEGIN: return snprintf(buf, n, "%s %s, %s", nm, r1, r2);
      case RV32_CP_LOOP_ITER: return snprintf(buf, n, "%s %s", nm, rd);
      case RV32_CP_PIM_LAUNCH: return snprintf(buf, n, "%s %s, %s", nm, rd, r1);
      default: return snprintf(buf, n, "%s %s", nm, r1);
    }
  }
  switch (d.op) {
    case RV32_LUI: case RV32_AUIPC:
      return snprintf(buf, n, "%s %s, 0x%x", nm, rd, (uint32_t)d.imm >> 12);
    case RV32_JAL: return snprintf(buf, n, "%s %s, 0x%x", nm, rd, pc + (uint32_t)d.imm);
    case RV32_JALR: return snprintf(buf, n, "%s %s, %d(%s)", nm, rd, d.imm, r1);
    case RV32_FENCE: case RV32_FENCE_I: case RV32_ECALL: case RV32_EBREAK: case RV32_MRET: case RV32_WFI:
    case RV32_WRS_NTO:
      return snprintf(buf, n, "%s", nm);
    case RV32_LR_W: return snprintf(buf, n, "%s %s, (%s)", nm, rd, r1);
    default: break;
  }
  if (c & RV32_C_BRANCH) return snprintf(buf, n, "%s %s, %s, 0x%x", nm, r1, r2, pc + (uint32_t)d.imm);
  if (c & RV32_C_LOAD) return snprintf(buf, n, "%s %s, %d(%s)", nm, rd, d.imm, r1);
  if (c & RV32_C_STORE) return snprintf(buf, n, "%s %s, %d(%s)", nm, r2, d.imm, r1);
  if (c & RV32_C_AMO) return snprintf(buf, n, "%s %s, %s, (%s)", nm, rd, r2, r1);
  if (c & RV32_C_CSR) {
    if (d.op >= RV32_CSRRWI) return snprintf(buf, n, "%s %s, 0x%x, %d", nm, rd, d.csr, d.imm);
    return snprintf(buf, n, "%s %s, 0x%x, %s", nm, rd, d.csr, r1);
  }
  if ((raw & 0x7f) == 0x13) return snprintf(buf, n, "%s %s, %s, %d", nm, rd, r1, d.imm);
  return snprintf(buf, n, "%s %s, %s, %s", nm, rd, r1, r2);
}
