// Portability macros for code that is written once and compiled both by nvcc (device code) and by the
// host compiler (the CPU emulator). A kernel body is only ever instantiated on the device in CUDA
// translation units and only on the host elsewhere, so it is marked PL_BODY (device-only under nvcc);
// small helpers that the host launchers also need (layouts, thread counts) are PL_HOST_DEVICE.
#pragma once

#if defined(__CUDACC__)
#define PL_HOST_DEVICE __host__ __device__
#define PL_BODY __device__
#else
#define PL_HOST_DEVICE
#define PL_BODY
#endif

// A pragma for nvcc only (the host compiler warns about CUDA's), e.g. PL_CUDA_PRAGMA(unroll 4).
#if defined(__CUDACC__)
#define PL_CUDA_PRAGMA(text) _Pragma(#text)
#else
#define PL_CUDA_PRAGMA(text)
#endif
