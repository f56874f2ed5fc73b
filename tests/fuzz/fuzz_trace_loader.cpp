// Fuzz target: a trace file as the GUI opens it (`prefixlab --trace`, the script's `open`): parsed by
// read_trace_json, then prepared for the views exactly as AppState does before anything is drawn
// (prepare_for_display: the trace index, the dataflow graph, the bank analysis), and the bank
// statistics as `--stats` prints them.
//
// Expected: the reader's one-line TraceFormatError, and build_dataflow's documented std::runtime_error
// for provenance that names a read the trace does not contain (the GUI shows both as an error line).
// Anything else - a crash, a sanitizer report, another exception - is a finding.
#include "core/analysis/bank_report.hpp"
#include "core/trace/trace_json.hpp"
#include "gui/app_state.hpp"

#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <typeinfo>

using namespace prefixlab;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    Trace trace;
    try {
        trace = read_trace_json(in);
    } catch (const TraceFormatError&) {
        return 0;
    }
    try {
        const auto loaded = prepare_for_display(std::move(trace), "fuzz input");
        bank_report_json(loaded->trace, loaded->banks, analyse_coalescing(loaded->trace));
    } catch (const std::runtime_error& e) {
        if (typeid(e) != typeid(std::runtime_error))
            throw; // a subclass: not the dataflow's documented error
    }
    return 0;
}
