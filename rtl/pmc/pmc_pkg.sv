// Pure Miss Counter: counter-select encoding of the per-core read port.
// csim/pmc/pmc.h mirrors these values (PMC_SEL_*).
package pmc_pkg;

  typedef enum logic [2:0] {
    SelTotal      = 3'd0,  // enabled cycles
    SelHit        = 3'd1,  // cycles with hit activity
    SelMiss       = 3'd2,  // cycles with miss activity
    SelPure       = 3'd3,  // pure miss cycles: miss activity and no hit activity
    SelMisses     = 3'd4,  // MSHR allocations (LLC misses)
    SelPureMisses = 3'd5,  // misses outstanding during at least one pure miss cycle
    SelWinFill    = 3'd6,  // cycles recorded in the open window (not yet folded)
    SelNone       = 3'd7   // reads as zero
  } sel_e;

endpackage
