// GPU tests skip, with the reason, on a machine without a usable CUDA GPU (CI has none).
#pragma once

#include "kernels/gpu/gpu_block_scan.hpp"

#include <gtest/gtest.h>

#define PL_REQUIRE_GPU()                                                                                      \
    do {                                                                                                      \
        if (!::prefixlab::gpu_status().available)                                                             \
            GTEST_SKIP() << "no CUDA GPU: " << ::prefixlab::gpu_status().reason;                              \
    } while (0)
