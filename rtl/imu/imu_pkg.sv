// Instruction Management Unit: encodings shared by rtl/imu/imu.sv and
// csim/imu/imu.h (IMU_OP_*, IMU_MODE_*, IMU_CFG_*).  docs/imu.md explains them.
package imu_pkg;

  // Marker operation: the funct3 of the custom-0 loop instructions.
  typedef enum logic [1:0] {
    OpBegin = 2'd0,  // cp.loop.begin: marker_id_i, marker_trip_i
    OpIter  = 2'd1,  // cp.loop.iter: answered by verdict_valid_o/verdict_o
    OpEnd   = 2'd2,  // cp.loop.end: marker_id_i
    OpNone  = 2'd3   // accepted and ignored
  } op_e;

  // Offload policy (CFG_MODE); 5..7 behave as ModeHost.
  typedef enum logic [2:0] {
    ModeHost  = 3'd0,  // never offload
    ModePim   = 3'd1,  // offload every managed loop from its first iteration
    ModeTheta = 3'd2,  // CoPIM: pure miss cycles / cycles of the sample
    ModeMpki  = 3'd3,  // LLC misses per kilo-instruction of the sample
    ModePlan  = 3'd4   // per-loop site written by software (plan bitmap)
  } mode_e;

  // Configuration register address (cfg_addr_i).
  typedef enum logic [2:0] {
    CfgMode      = 3'd0,  // [2:0] mode_e
    CfgFraction  = 3'd1,  // sample fraction, Q0.16 in 17 bits (0x10000 = 1.0; larger saturates)
    CfgThreshold = 3'd2,  // theta threshold, Q0.16 in 17 bits (same saturation)
    CfgMinSample = 3'd3,  // minimum sample, iterations, 32 bits
    CfgMpkiThr   = 3'd4,  // MPKI threshold, unsigned Q16.16
    CfgPlan      = 3'd5,  // [31] site (1 = PIM) of plan entry [PlanW-1:0] (a loop id's low bits)
    CfgCtrl      = 3'd6,  // [0] sticky decisions
    CfgTblClear  = 3'd7   // any write: invalidate the decision table
  } cfg_e;

  typedef enum logic [2:0] {
    StIdle    = 3'd0,  // ready for a marker
    StCalcS   = 3'd1,  // sample size: serial trip x fraction
    StFlush   = 3'd2,  // PMC disabled and flushed
    StReadNum = 3'd3,  // PMC read: pure miss cycles (THETA) or misses (MPKI)
    StReadDen = 3'd4,  // PMC read: total cycles (THETA); MPKI takes its own count
    StMul     = 3'd5,  // serial threshold x denominator
    StDecide  = 3'd6   // compare, write the table, answer the iter
  } state_e;

endpackage
