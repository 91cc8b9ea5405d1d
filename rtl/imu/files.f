rtl/pmc/pmc_pkg.sv
rtl/imu/imu_pkg.sv
rtl/imu/imu_words.sv
rtl/imu/imu_ram.sv
rtl/imu/imu_cam.sv
rtl/imu/imu_mul.sv
rtl/imu/imu.sv
