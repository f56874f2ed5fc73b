// Fuzz target: a grid trace file as PrefixLab opens it: parsed by grid_trace_from_json_text, then read
// as the grid views read it — each block's tile, each tile's look-back, and its proof against the
// reference (which regenerates the input from the file's configuration when it holds none).
//
// Expected: the reader's one-line TraceFormatError. Anything else — a crash, a sanitizer report, another
// exception, an allocation sized from an unchecked field — is a finding.
#include "core/analysis/look_back.hpp"
#include "core/trace/grid_trace_json.hpp"

#include <cstdint>
#include <string_view>

using namespace prefixlab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    GridTrace trace;
    try {
        trace = grid_trace_from_json_text(std::string_view(reinterpret_cast<const char*>(data), size));
    } catch (const TraceFormatError&) {
        return 0;
    }
    for (std::uint16_t l = 0; l < trace.launches.size(); ++l)
        tiles_of_blocks(trace, l);
    const std::vector<TileLookBack> tiles = look_backs_of(trace);
    check_look_backs(trace, tiles);
    look_back_depths(tiles);
    return 0;
}
