// What an emulated grid leaves for a grid trace (core/trace/grid_trace.hpp): every access to the arrays
// the blocks share, in the order the schedule made them, and, when asked, each block's own trace.
// One recording spans all the launches of a driver, so that the order runs on from launch to launch.
#pragma once

#include "kernels/common/raw_trace.hpp"
#include "kernels/grid/grid_access.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace prefixlab {

struct RecordedBlock {
    std::uint16_t launch = 0;
    std::uint32_t block = 0;
    RawTrace trace;
};

// One kernel launch of a driver: "reduce tiles" (8 blocks of 32 threads), "scan the totals" (1 block)…
struct RecordedLaunch {
    std::string name;        // what the launch does, as the grid view labels its rows
    std::string source_path; // repository path of the kernel's source file
    std::uint32_t blocks = 0;
    std::uint32_t threads = 0;
    std::uint32_t tile = 0; // elements each block works on (a tile), or 0 where blocks take no tile
};

// Thrown into the run when a recording reaches its most_accesses: the run stops there, before the
// recording takes more memory than a trace could hold.
class GridRecordingFull : public std::length_error {
public:
    using std::length_error::length_error;
};

struct GridRecording {
    bool keep_block_traces = false;         // element detail: each block's steps, shared memory, accesses
    std::vector<RecordedLaunch> launches;   // in launch order
    std::uint16_t launch = 0;               // the launch being run: its index in `launches`, set before each
    std::vector<GridAccessRecord> accesses; // in global order (access.order is the index)
    std::vector<RecordedBlock> blocks;      // in the order blocks finished
    // The most accesses it takes: one more stops the run with GridRecordingFull (a grid trace's limit,
    // where only the run can tell how many accesses it makes: a single-pass scan polls as long as
    // its predecessor is late).
    std::size_t most_accesses = std::numeric_limits<std::size_t>::max();
};

} // namespace prefixlab
