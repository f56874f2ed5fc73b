// Raised before a launch whose block a kernel cannot take: more threads than its registers allow (the
// tuned scan at 48 elements a thread uses 92 registers, so 1024 threads would need 94 208 of the SM's
// 65 536). Plain C++, so that the benchmark above the launchers can skip such a point with the message.
#pragma once

#include <stdexcept>

namespace prefixlab {

class GpuBlockTooLarge : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

} // namespace prefixlab
