// The benchmark side of scripted mode: `bench key=value …` settings applied to a BenchSpec, and the
// plot kinds by name. Separate from gui_script.cpp so that each file reads as one thing.
#pragma once

#include "core/bench/bench_plots.hpp"
#include "core/bench/bench_runner.hpp"

#include <optional>
#include <string>

namespace prefixlab {

// The whole of `text` as an integer in min..max, or nothing. (Script arguments of every command.)
std::optional<int> integer_in(const std::string& text, int min, int max);

// Applies one `key=value` setting of a `bench` command: algos=LIST (names, all, gpu, cpu),
// n=SIZES (2^10..2^20, 1000, …), reps=R, warmup=W, seed=S, block=B,B… and block-n=SIZES.
// Throws std::invalid_argument naming the problem.
void apply_bench_setting(const std::string& setting, BenchSpec& spec);

// "time", "throughput", "gelems", "speedup", "block-sweep"; throws std::invalid_argument.
BenchPlotKind parse_plot_kind(const std::string& name);

} // namespace prefixlab
