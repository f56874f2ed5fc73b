#include "gui_script_bench.hpp"

#include "core/bench/bench_catalog.hpp"
#include "core/bench/bench_sizes.hpp"

#include <stdexcept>

namespace prefixlab {

namespace {

int integer_setting(const std::string& key, const std::string& text, int min, int max) {
    if (const auto value = integer_in(text, min, max))
        return *value;
    throw std::invalid_argument(key + ": '" + text + "' is not an integer in " + std::to_string(min) + ".." +
                                std::to_string(max));
}

std::vector<int> block_list(const std::string& text) {
    std::vector<int> blocks;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        blocks.push_back(integer_setting("block", text.substr(start, comma - start), 32, 1024));
        start = comma + 1;
    }
    return blocks;
}

} // namespace

std::optional<int> integer_in(const std::string& text, int min, int max) {
    try {
        std::size_t used = 0;
        const int value = std::stoi(text, &used);
        if (used == text.size() && value >= min && value <= max)
            return value;
    } catch (const std::exception&) {
    }
    return std::nullopt;
}

void apply_bench_setting(const std::string& setting, BenchSpec& spec) {
    const auto eq = setting.find('=');
    if (eq == std::string::npos)
        throw std::invalid_argument("expected key=value, found '" + setting + "'");
    const std::string key = setting.substr(0, eq), value = setting.substr(eq + 1);
    if (key == "algos")
        spec.algorithms = expand_bench_algorithms(value);
    else if (key == "n")
        spec.sizes = parse_bench_sizes(value, "n");
    else if (key == "reps")
        spec.repetitions = integer_setting(key, value, 1, 1000);
    else if (key == "warmup")
        spec.warmup = integer_setting(key, value, 0, 1000);
    else if (key == "seed")
        spec.seed = static_cast<std::uint64_t>(integer_setting(key, value, 0, 1 << 30));
    else if (key == "block")
        spec.block_sizes = block_list(value);
    else if (key == "block-n")
        spec.block_sweep_sizes = parse_bench_sizes(value, "block-n");
    else
        throw std::invalid_argument("unknown setting '" + key + "'");
}

BenchPlotKind parse_plot_kind(const std::string& name) {
    for (BenchPlotKind kind : all_bench_plot_kinds())
        if (name_of(kind) == name)
            return kind;
    std::string known;
    for (BenchPlotKind kind : all_bench_plot_kinds())
        known += (known.empty() ? "" : ", ") + std::string(name_of(kind));
    throw std::invalid_argument("unknown plot '" + name + "' (" + known + ")");
}

} // namespace prefixlab
