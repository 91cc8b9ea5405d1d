# Build-time parameters of the IMU: one place feeds verilator (-G), the
# shim (-D), synthesis and docs.  Override on the make command line.
# IMU_CNT_W must equal PMC_CNT_W (the PMC read port feeds the IMU); the
# variables below are expanded late (=) because rtl/pmc/block.mk may be
# included after this file.
IMU_NUM_LOOPS ?= 16
IMU_ID_W      ?= 32
IMU_CNT_W     ?= $(PMC_CNT_W)
IMU_RET_W     ?= 3
IMU_PLAN_W    ?= 6
IMU_DEPTH_W   ?= 4
imu_PARAMS  = -GNumLoops=$(IMU_NUM_LOOPS) -GIdW=$(IMU_ID_W) -GCntW=$(IMU_CNT_W) -GRetW=$(IMU_RET_W) \
               -GPlanW=$(IMU_PLAN_W) -GDepthW=$(IMU_DEPTH_W)
imu_DEFS    = -DIMU_NUM_LOOPS=$(IMU_NUM_LOOPS) -DIMU_ID_W=$(IMU_ID_W) -DIMU_CNT_W=$(IMU_CNT_W) \
               -DIMU_RET_W=$(IMU_RET_W) -DIMU_PLAN_W=$(IMU_PLAN_W) -DIMU_DEPTH_W=$(IMU_DEPTH_W)
# iCE40 hx8k prototype (make synth BLOCK=imu): the 16-entry table needs
# 195 flops per entry and does not place on the hx8k; 8 entries do.
imu_SYNTH_PARAMS = -GNumLoops=8 -GIdW=$(IMU_ID_W) -GCntW=$(IMU_CNT_W) -GRetW=$(IMU_RET_W) \
                   -GPlanW=$(IMU_PLAN_W) -GDepthW=$(IMU_DEPTH_W)
