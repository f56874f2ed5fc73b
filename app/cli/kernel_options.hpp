// The options that choose a kernel and its input, shared by `prefixlab trace` and `prefixlab run`:
// --algo --n --input --seed --type --op --exclusive --block --keep. `--input values:10,0,3` gives the
// elements themselves (N is their count).
#pragma once

#include "core/ground/kernel_names.hpp"
#include "core/ground/scan_setup.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace CLI {
class App;
}

namespace prefixlab {

struct KernelOptions {
    std::string algorithm = std::string(name_of(kDefaultBlockAlgorithm));
    // --n and --block are kept as typed and read in scan_setup_from: their ranges depend on the
    // algorithm, and --algo may come after them on the command line.
    std::optional<std::string> n;     // absent: 32, or the count of --input values:…
    std::optional<std::string> block; // absent: the algorithm's minimum for N
    std::string input = "iota";       // a kind, or "values:" and the list
    std::optional<std::string> keep;  // a compaction's predicate; absent: odd
    std::uint64_t seed = 1;
    std::optional<std::string> type;  // absent: the kernel's one type (a segmented scan's uint32), else int32
    std::string op = "add";
    bool exclusive = false;
};

void add_kernel_options(CLI::App& command, KernelOptions& options);

// The setup the options ask for, checked by validate_scan_setup(). Throws BadInput naming the option
// and quoting its value, with the allowed values or range ("--n '-1': expected a whole number from 1
// to 1024 for hillis-steele"); the device is left automatic.
ScanSetup scan_setup_from(const KernelOptions& options);

} // namespace prefixlab
