// Limits CUDA sets, named once: every check, range and help text that depends on one reads it here.
#pragma once

namespace prefixlab {

// Threads in one block: 1024 on every architecture since Fermi (compute capability 2.0) — CUDA C++
// Programming Guide, "Features and Technical Specifications", maximum number of threads per block.
inline constexpr int kMaxBlockThreads = 1024;

} // namespace prefixlab
