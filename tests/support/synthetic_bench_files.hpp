// Reduction tables and results files of a chosen size, well formed, for the tests that time or bound
// their readers (docs/input-limits.md): the shapes PrefixLab writes, many times over.
#pragma once

#include <cstddef>
#include <string>

namespace prefixlab::test {

// A reduction table CSV as `prefixlab reduce-table --csv` writes it: `tables` tables (N = 1024, 1025, …)
// of `rows` rows each, table after table.
std::string synthetic_reduce_table_csv(std::size_t tables, std::size_t rows);

// A results file's text of `points` verified uint32-add points, three samples each: the catalogue's
// algorithms in turn (the first `algorithms` of them, then made-up names "algorithm-K" beyond its
// size), each at N = 1, 2, 3, … So the plots find their baseline (cpu-loop) and copy at every N.
std::string synthetic_results_json(std::size_t points, std::size_t algorithms);

} // namespace prefixlab::test
