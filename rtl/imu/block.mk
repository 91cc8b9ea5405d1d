# Build-time parameters of the IMU: their defaults and named configurations
# are hw/imu.desc's, in the generated rtl/imu/params.mk; they feed verilator
# (-G), the shim (-D) and synthesis.  Override on the make command line.
# IMU_CNT_W must equal PMC_CNT_W (the PMC read port feeds the IMU): its
# default is $(PMC_CNT_W), and the lists below are expanded late (=)
# because rtl/pmc/block.mk may be included after this file.
include rtl/imu/params.mk
imu_PARAM_DEPS := rtl/imu/params.mk
imu_PARAMS  = -GNumLoops=$(IMU_NUM_LOOPS) -GIdW=$(IMU_ID_W) -GCntW=$(IMU_CNT_W) -GRetW=$(IMU_RET_W) \
               -GPlanW=$(IMU_PLAN_W) -GDepthW=$(IMU_DEPTH_W)
imu_DEFS    = -DIMU_NUM_LOOPS=$(IMU_NUM_LOOPS) -DIMU_ID_W=$(IMU_ID_W) -DIMU_CNT_W=$(IMU_CNT_W) \
               -DIMU_RET_W=$(IMU_RET_W) -DIMU_PLAN_W=$(IMU_PLAN_W) -DIMU_DEPTH_W=$(IMU_DEPTH_W)
# iCE40 hx8k prototype (make synth BLOCK=imu): the 16-entry table needs
# 195 flops per entry and does not place on the hx8k; 8 entries do.
imu_SYNTH_PARAMS = -GNumLoops=8 -GIdW=$(IMU_ID_W) -GCntW=$(IMU_CNT_W) -GRetW=$(IMU_RET_W) \
                   -GPlanW=$(IMU_PLAN_W) -GDepthW=$(IMU_DEPTH_W)
