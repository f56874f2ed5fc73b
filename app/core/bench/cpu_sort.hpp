// A sort of uint32 keys on every core of the CPU: the sort table's parallel CPU row
// (sort_table.hpp), and the reference the table and the large GPU tests check against (2^30 keys on one
// core take 90 s). Each thread sorts a part with std::sort, then the parts are merged pairwise, the merges of
// a round on threads of their own.
#pragma once

#include <cstdint>
#include <vector>

namespace prefixlab {

void sort_on_every_core(std::vector<std::uint32_t>& keys);

} // namespace prefixlab
