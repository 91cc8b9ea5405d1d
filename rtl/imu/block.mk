# Build-time parameters of the IMU: their defaults, named configurations,
# verilator -G list (imu_PARAMS) and the shim's -D flags (imu_DEFS) are
# hw/imu.desc's, in the generated rtl/imu/params.mk; they feed verilator,
# the shim and synthesis.  Override on the make command line.
# IMU_CNT_W must equal PMC_CNT_W (the PMC read port feeds the IMU): its
# default is $(PMC_CNT_W), and the lists are expanded late (=) because
# rtl/pmc/block.mk may be included after this file.
include rtl/imu/params.mk
# iCE40 hx8k prototype (make synth BLOCK=imu): the 16-entry table needs
# 195 flops per entry and does not place on the hx8k; 8 entries do.
imu_SYNTH_PARAMS = -GNumLoops=8 $(filter-out -GNumLoops=%,$(imu_PARAMS))
