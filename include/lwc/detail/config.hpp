// The namespace every declaration of the library lives in.
#pragma once

// lwc:: holds one inline namespace named for the instruction set the including
// translation unit is compiled for, so callers still write lwc::XoodyakAead. Header
// code compiled with other target flags is other machine code under the same name:
// without distinct names the linker keeps one copy for the whole program (an ODR
// violation), and could hand AVX-512 code to a translation unit meant for any x86-64.
// liblwc compiles the registry once per target and names each namespace itself;
// a program may do the same by defining LWC_ISA_NS (one identifier) before including.
#ifndef LWC_ISA_NS
#if defined(__AVX512F__)
#define LWC_ISA_NS isa_avx512
#elif defined(__AVX2__)
#define LWC_ISA_NS isa_avx2
#elif defined(__BMI2__)
#define LWC_ISA_NS isa_bmi2
#else
#define LWC_ISA_NS isa_base
#endif
#endif
