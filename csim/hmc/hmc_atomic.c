/* HMC atomics: the functional operation on memory bytes, and each
 * command's packet sizes.  FLIT counts follow the HMC 2.0/2.1 specification
 * tables: a request FLIT carries the 8-byte header and 8-byte tail, data
 * FLITs follow; a 16-byte operand makes a 2-FLIT request, a returned value a
 * 2-FLIT response, a write-only atomic a 1-FLIT response.  The RV32A AMOs
 * are not in the HMC specification; they travel like the HMC 2.0
 * with-return atomics (2-FLIT request, 2-FLIT response). */
#include "hmc.h"
#include "le.h"

/* 128-bit signed compare of {lo, hi}: -1, 0, 1 */
static int cmp128(uint64_t alo, uint64_t ahi, uint64_t blo, uint64_t bhi) {
  if (ahi != bhi) return (int64_t)ahi < (int64_t)bhi ? -1 : 1;
  if (alo != blo) return alo < blo ? -1 : 1;
  return 0;
}

/* A table, not a switch: hmc_send asks it several times a request, and a
 * lookup inlines where the switch stayed a call. */
static const uint8_t atomic_bytes[HMC_CMD_COUNT] = {
    [HMC_AMOSWAP_W] = 4, [HMC_AMOADD_W] = 4, [HMC_AMOXOR_W] = 4,  [HMC_AMOAND_W] = 4,  [HMC_AMOOR_W] = 4,
    [HMC_AMOMIN_W] = 4,  [HMC_AMOMAX_W] = 4, [HMC_AMOMINU_W] = 4, [HMC_AMOMAXU_W] = 4,
    [HMC_INC8] = 8,      [HMC_BWR] = 8,      [HMC_BWR8R] = 8,     [HMC_CASEQ8] = 8,    [HMC_CASGT8] = 8,
    [HMC_CASLT8] = 8,    [HMC_EQ8] = 8,
    [HMC_2ADD8] = 16,    [HMC_2ADDS8R] = 16, [HMC_ADD16] = 16,    [HMC_ADDS16R] = 16,  [HMC_AND16] = 16,
    [HMC_NAND16] = 16,   [HMC_OR16] = 16,    [HMC_NOR16] = 16,    [HMC_XOR16] = 16,    [HMC_CASZERO16] = 16,
    [HMC_CASGT16] = 16,  [HMC_CASLT16] = 16, [HMC_EQ16] = 16,     [HMC_SWAP16] = 16,
};

unsigned hmc_atomic_bytes(hmc_cmd_t cmd) { return (unsigned)cmd < HMC_CMD_COUNT ? atomic_bytes[cmd] : 0; }

unsigned hmc_req_flits(hmc_cmd_t cmd, unsigned size) {
  switch (cmd) {
  case HMC_RD: return 1;
  case HMC_WR: case HMC_WR_POSTED: return 1 + size / HMC_FLIT_BYTES;
  case HMC_INC8: return 1;
  default: return 2;
  }
}

unsigned hmc_rsp_flits(hmc_cmd_t cmd, unsigned size) {
  switch (cmd) {
  case HMC_RD: return 1 + size / HMC_FLIT_BYTES;
  case HMC_WR: return 1;
  case HMC_WR_POSTED: return 0;
  case HMC_2ADD8: case HMC_ADD16: case HMC_INC8: case HMC_BWR: case HMC_EQ8: case HMC_EQ16: return 1;
  default: return 2;
  }
}

const char *hmc_cmd_name(hmc_cmd_t cmd) {
  static const char *const n[HMC_CMD_COUNT] = {
      "RD", "WR", "WR_POSTED", "AMOSWAP.W", "AMOADD.W", "AMOXOR.W", "AMOAND.W", "AMOOR.W", "AMOMIN.W",
      "AMOMAX.W", "AMOMINU.W", "AMOMAXU.W", "2ADD8", "ADD16", "2ADDS8R", "ADDS16R", "INC8", "BWR", "BWR8R",
      "AND16", "NAND16", "OR16", "NOR16", "XOR16", "CASEQ8", "CASZERO16", "CASGT8", "CASLT8", "CASGT16",
      "CASLT16", "EQ8", "EQ16", "SWAP16"};
  return (unsigned)cmd < HMC_CMD_COUNT ? n[cmd] : "?";
}

void hmc_atomic_apply(hmc_cmd_t cmd, uint8_t *p, const uint64_t op[2], uint64_t ret[2], int *flag) {
  ret[0] = ret[1] = 0;
  *flag = 0;
  if (hmc_atomic_bytes(cmd) == 4) {
    uint32_t old = le_ld32(p), b = (uint32_t)op[0], v;
    switch (cmd) {
    case HMC_AMOSWAP_W: v = b; break;
    case HMC_AMOADD_W: v = old + b; break;
    case HMC_AMOXOR_W: v = old ^ b; break;
    case HMC_AMOAND_W: v = old & b; break;
    case HMC_AMOOR_W: v = old | b; break;
    case HMC_AMOMIN_W: v = (int32_t)old < (int32_t)b ? old : b; break;
    case HMC_AMOMAX_W: v = (int32_t)old > (int32_t)b ? old : b; break;
    case HMC_AMOMINU_W: v = old < b ? old : b; break;
    default: v = old > b ? old : b; break; /* AMOMAXU.W */
    }
    le_st32(p, v);
    ret[0] = old;
    return;
  }
  uint64_t lo = le_ld64(p), hi = hmc_atomic_bytes(cmd) == 16 ? le_ld64(p + 8) : 0;
  uint64_t nlo = lo, nhi = hi;
  switch (cmd) {
  case HMC_2ADD8: case HMC_2ADDS8R: nlo = lo + op[0]; nhi = hi + op[1]; break;
  case HMC_ADD16: case HMC_ADDS16R: nlo = lo + op[0]; nhi = hi + op[1] + (nlo < lo); break;
  case HMC_INC8: nlo = lo + 1; break;
  case HMC_BWR: case HMC_BWR8R: nlo = (lo & ~op[1]) | (op[0] & op[1]); break;
  case HMC_AND16: nlo = lo & op[0]; nhi = hi & op[1]; break;
  case HMC_NAND16: nlo = ~(lo & op[0]); nhi = ~(hi & op[1]); break;
  case HMC_OR16: nlo = lo | op[0]; nhi = hi | op[1]; break;
  case HMC_NOR16: nlo = ~(lo | op[0]); nhi = ~(hi | op[1]); break;
  case HMC_XOR16: nlo = lo ^ op[0]; nhi = hi ^ op[1]; break;
  case HMC_CASEQ8: if (lo == op[0]) { nlo = op[1]; *flag = 1; } break;
  case HMC_CASZERO16: if (!lo && !hi) { nlo = op[0]; nhi = op[1]; *flag = 1; } break;
  case HMC_CASGT8: if ((int64_t)op[0] > (int64_t)lo) { nlo = op[0]; *flag = 1; } break;
  case HMC_CASLT8: if ((int64_t)op[0] < (int64_t)lo) { nlo = op[0]; *flag = 1; } break;
  case HMC_CASGT16: if (cmp128(op[0], op[1], lo, hi) > 0) { nlo = op[0]; nhi = op[1]; *flag = 1; } break;
  case HMC_CASLT16: if (cmp128(op[0], op[1], lo, hi) < 0) { nlo = op[0]; nhi = op[1]; *flag = 1; } break;
  case HMC_EQ8: *flag = lo == op[0]; break;
  case HMC_EQ16: *flag = lo == op[0] && hi == op[1]; break;
  case HMC_SWAP16: nlo = op[0]; nhi = op[1]; break;
  default: return;
  }
  le_st64(p, nlo);
  if (hmc_atomic_bytes(cmd) == 16) le_st64(p + 8, nhi);
  /* Write-only atomics return nothing (their response is one FLIT). */
  if (hmc_rsp_flits(cmd, 0) == 2) {
    ret[0] = lo;
    ret[1] = hi;
  }
}
