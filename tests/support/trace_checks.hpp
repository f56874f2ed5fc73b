// Structural checks on a trace that hold for every race-free kernel, used by the CPU tests on
// emulator traces and by the GPU tests on hardware traces.
#pragma once

#include "core/trace/trace.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace prefixlab::test {

// An access to a shared-memory buffer (not a shuffle, not the global input or output).
bool is_shared_access(const AccessRecord& a);

// Every block-wide snapshot equals the previous one with the writes made since applied in canonical
// order, and a word is defined exactly when something has written it. Returns "" or the first problem.
std::string check_snapshots_follow_writes(const Trace& trace);

// Every read of a word that no thread writes in the same step returns the value of the last snapshot.
std::string check_reads_see_snapshots(const Trace& trace);

// The trace as its file holds it (write_trace_json), parsed.
nlohmann::json trace_as_json(const Trace& trace);

// What the trace loader says of `document`: its one-line error, or "" when it accepts it.
std::string rejection(const nlohmann::json& document);

} // namespace prefixlab::test
