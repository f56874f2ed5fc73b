// What a kernel's catalogue entry is written with (kernels/kernel_catalog.hpp lists the members): its
// family and kind, its phases, CUDA's limits, and the step tags its body opens steps with; <type_traits>
// for an entry that picks a member by its template argument (warp_shuffle_scan.cuh's CorrectTwin).
#pragma once

#include "kernels/common/cuda_limits.hpp"
#include "kernels/common/kernel_kind.hpp"
#include "kernels/common/phase_spec.hpp"
#include "kernels/common/step_tag.hpp"

#include <type_traits>
