rtl/pe/pe_pkg.sv
rtl/pe/pe_ram.sv
rtl/pe/pe_mdu.sv
rtl/pe/pe_decode.sv
rtl/pe/pe.sv
