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
/* PE view only: the dispatcher's work grab (docs/memory_map.md) */
#define COPIM_MMIO_PE_GRAB 0x080u   /* R: 1 = a chunk is in the registers below, 0 = no work: halt */
#define COPIM_MMIO_PE_ENTRY 0x084u  /* R: body function of the chunk's launch */
#define COPIM_MMIO_PE_ARG 0x088u    /* R: its argument */
#define COPIM_MMIO_PE_LO 0x08Cu     /* R: first iteration of the chunk */
#define COPIM_MMIO_PE_HI 0x090u     /* R: end iteration (exclusive) */
#define COPIM_MMIO_PE_TICKET 0x094u /* R: the launch's ticket (a new one: fence first) */

#define COPIM_KERNEL_START 1u
#define COPIM_KERNEL_END 2u

#define COPIM_TEXT_BASE 0x00001000u
#define COPIM_WORKCTR_BASE 0x0F010000u /* dispatcher work counters (128 KiB) */
#define COPIM_HOST_STACK_TOP 0x0F000000u /* hart h: top - h * 64 KiB */
#define COPIM_HOST_STACK_BYTES 0x10000u
#define COPIM_PE_STACK_TOP 0x0E000000u /* PE p: top - p * 16 KiB */
#define COPIM_PE_STACK_BYTES 0x4000u
#define COPIM_PE_HARTID_BASE 0x100u /* PE mhartid = 0x100 + vault */

#endif
