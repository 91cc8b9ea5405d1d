rtl/pmc/pmc_pkg.sv
rtl/pmc/pmc_add.sv
rtl/pmc/pmc_core.sv
rtl/pmc/pmc.sv
