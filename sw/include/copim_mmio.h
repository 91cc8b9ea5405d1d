/* The MMIO page and fixed addresses of docs/memory_map.md as constants, for
 * the RV32 runtime and for simulators that implement the page. */
#ifndef COPIM_MMIO_H
#define COPIM_MMIO_H

#define COPIM_MMIO_BASE 0xF0000000u
#define COPIM_MMIO_CONSOLE 0x000u
#define COPIM_MMIO_EXIT 0x004u
#define COPIM_MMIO_NUM_HARTS 0x008u
#define COPIM_MMIO_NUM_PES 0x00Cu
#define COPIM_MMIO_CYCLE_LO 0x010u
#define COPIM_MMIO_CYCLE_HI 0x014u
#define COPIM_MMIO_KERNEL_MARK 0x020u
#define COPIM_MMIO_PIM_REGION_BASE 0x030u
#define COPIM_MMIO_PIM_REGION_END 0x034u
#define COPIM_MMIO_LOOP_NAME 0x040u

#define COPIM_KERNEL_START 1u
#define COPIM_KERNEL_END 2u

#define COPIM_TEXT_BASE 0x00001000u
#define COPIM_MAILBOX_BASE 0x0F000000u /* PE p at + 32 * p */
#define COPIM_MAILBOX_BYTES 32u
#define COPIM_HOST_STACK_TOP 0x0F000000u /* hart h: top - h * 64 KiB */
#define COPIM_HOST_STACK_BYTES 0x10000u
#define COPIM_PE_STACK_TOP 0x0E000000u /* PE p: top - p * 16 KiB */
#define COPIM_PE_STACK_BYTES 0x4000u
#define COPIM_PE_HARTID_BASE 0x100u /* PE mhartid = 0x100 + vault */

#endif
