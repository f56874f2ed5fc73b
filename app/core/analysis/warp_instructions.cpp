#include "core/analysis/warp_instructions.hpp"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>

namespace prefixlab {

std::vector<WarpAccessGroup> warp_access_groups(const Trace& trace, std::uint32_t step, std::size_t& cursor,
                                                bool (*selected)(const AccessRecord&)) {
    // Per thread, how many loads and stores it has made so far in this step (each thread's accesses
    // come in program order).
    std::unordered_map<std::uint32_t, std::uint32_t> loads_made, stores_made;
    std::map<std::tuple<std::uint32_t, std::uint8_t, std::uint32_t>, std::size_t> index_of;
    // the program position that orders them in the step: (warp, seq of the first access, kind)
    std::vector<std::pair<std::tuple<std::uint32_t, std::uint32_t, std::uint8_t>, WarpAccessGroup>> found;
    for (; cursor < trace.accesses.size() && trace.accesses[cursor].step == step; ++cursor) {
        const AccessRecord& access = trace.accesses[cursor];
        if (!selected(access))
            continue;
        auto& made = access.kind == AccessKind::read ? loads_made : stores_made;
        const std::uint32_t order = made[access.thread]++;
        const auto key = std::make_tuple(warp_of(access.thread), static_cast<std::uint8_t>(access.kind), order);
        auto [it, inserted] = index_of.try_emplace(key, found.size());
        if (inserted)
            found.push_back({{warp_of(access.thread), access.seq, static_cast<std::uint8_t>(access.kind)},
                             WarpAccessGroup{warp_of(access.thread), access.kind, order, access.buffer, {}}});
        found[it->second].second.accesses.push_back(static_cast<std::uint32_t>(cursor));
    }
    std::stable_sort(found.begin(), found.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
    std::vector<WarpAccessGroup> groups;
    groups.reserve(found.size());
    for (auto& entry : found)
        groups.push_back(std::move(entry.second));
    return groups;
}

} // namespace prefixlab
