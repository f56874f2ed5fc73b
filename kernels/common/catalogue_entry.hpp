// What a kernel's catalogue entry is written with (kernels/kernel_catalog.hpp lists the members): its
// family and kind, its phases, CUDA's limits, and the step tags its body opens steps with.
#pragma once

#include "cuda_limits.hpp"
#include "kernel_kind.hpp"
#include "phase_spec.hpp"
#include "step_tag.hpp"
