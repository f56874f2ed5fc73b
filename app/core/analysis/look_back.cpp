#include "core/analysis/look_back.hpp"

#include "core/analysis/digit_look_back.hpp"
#include "core/ground/input_generator.hpp"
#include "core/ground/output_check.hpp"
#include "core/ground/keep_names.hpp"
#include "core/ground/reference_scan.hpp"
#include "kernels/block_dispatch.hpp"
#include "kernels/common/value_bits.hpp"

#include <cmath>
#include <functional>
#include <limits>
#include <map>

namespace prefixlab {

namespace {

GridMoment moment_of(const GridAccessRecord& a) { return GridMoment{a.order, a.time_ns}; }

// The launch that uses status words: a single-pass scan has one launch.
std::optional<std::uint16_t> status_launch(const GridTrace& trace) {
    for (const GridAccessRecord& a : trace.accesses)
        if (a.buffer == BufferId::tile_status)
            return a.launch;
    return std::nullopt;
}

// A compaction's elements as 1 (kept) or 0: what its kept counts add up.
std::vector<std::uint32_t> kept_flags(const GridTraceConfig& c, const std::vector<std::uint32_t>& input) {
    std::vector<std::uint32_t> flags(input.size());
    for (std::size_t i = 0; i < input.size(); ++i)
        flags[i] = kept_bits(c.type, c.keep, input[i]) ? 1u : 0u;
    return flags;
}

std::uint32_t combine_bits(const GridTrace& trace, std::uint32_t a, std::uint32_t b) {
    return dispatch_element(look_back_type(trace.config), look_back_operator(trace.config), [&]<class Op>() {
        using T = typename Op::value_type;
        return to_bits(Op::combine(from_bits<T>(a), from_bits<T>(b)));
    });
}

// Each predecessor's last poll, by predecessor, from the nearest back: what the look-back combined. A
// look-back reads a window of predecessors at once (one per lane) and may poll a word again while it
// is invalid, so the last poll of each predecessor is the one that counts.
std::map<std::uint32_t, LookBackPoll, std::greater<>> last_polls(const TileLookBack& tile) {
    std::map<std::uint32_t, LookBackPoll, std::greater<>> last;
    for (const LookBackPoll& poll : tile.polls)
        last[poll.predecessor] = poll;
    return last;
}

// The exclusive prefix a tile's polls add up to: the combined predecessors' values, older ones first;
// nullopt when the polls do not reach a prefix.
std::optional<std::uint32_t> prefix_read(const GridTrace& trace, const TileLookBack& tile) {
    const std::vector<LookBackPoll> combined = combined_polls(tile);
    if (combined.empty())
        return std::nullopt;
    std::optional<std::uint32_t> exclusive;
    for (const LookBackPoll& poll : combined)
        exclusive = exclusive ? combine_bits(trace, poll.value_bits, *exclusive) : poll.value_bits;
    return exclusive;
}

std::string tile_says(const TileLookBack& tile) { return "tile " + std::to_string(tile.tile) + ": "; }

std::string bits_text(ElementType type, std::uint32_t bits) {
    return std::to_string(element_as_double(type, bits));
}

} // namespace

std::vector<LookBackPoll> combined_polls(const TileLookBack& tile) {
    std::vector<LookBackPoll> combined;
    if (tile.tile == 0)
        return combined;
    const auto last = last_polls(tile);
    for (std::uint32_t expected = tile.tile;; ) {
        --expected;
        const auto found = last.find(expected);
        if (found == last.end() || found->second.seen == TileStatus::invalid)
            return {};
        combined.push_back(found->second);
        if (found->second.seen == TileStatus::prefix)
            return combined;
        if (expected == 0)
            return {};
    }
}

std::vector<TileLookBack> look_backs_of(const GridTrace& trace) {
    std::vector<TileLookBack> tiles;
    // Onesweep's first digit pass, each tile's 256 look-backs as one (digit_look_back.hpp has them apart)
    const bool onesweep = trace.config.sort == GridSortForm::onesweep;
    const std::optional<std::uint16_t> launch = status_launch(trace);
    if (!launch)
        return tiles;
    const std::vector<std::uint32_t> tile_of = tiles_of_blocks(trace, *launch);
    tiles.resize(tile_of.size());
    for (std::uint32_t b = 0; b < tile_of.size(); ++b) {
        if (tile_of[b] >= tiles.size())
            continue;
        tiles[tile_of[b]].tile = tile_of[b];
        tiles[tile_of[b]].block = b;
    }
    for (const GridAccessRecord& a : trace.accesses) {
        if (a.launch != *launch || a.block >= tile_of.size() || tile_of[a.block] >= tiles.size())
            continue;
        TileLookBack& tile = tiles[tile_of[a.block]];
        if (a.buffer == BufferId::tile_counter && a.kind == GridAccessKind::atomic) {
            tile.taken = moment_of(a);
        } else if (a.buffer == BufferId::tile_status && a.kind == GridAccessKind::release) {
            // Onesweep's tile publishes a word a digit: its first count, its last prefix (a sum of neither)
            if (status_of(a.value) == TileStatus::aggregate) {
                if (!tile.aggregate || !onesweep) {
                    tile.aggregate = moment_of(a);
                    tile.aggregate_bits = onesweep ? 0u : value_bits_of(a.value);
                }
            } else {
                if (onesweep && !tile.aggregate && tile.tile == 0)
                    tile.aggregate = moment_of(a); // tile 0's counts are its prefixes
                tile.prefix = moment_of(a);
                tile.prefix_bits = onesweep ? 0u : value_bits_of(a.value);
            }
        } else if (a.buffer == BufferId::tile_status && a.kind == GridAccessKind::acquire) {
            const LookBackPoll poll{moment_of(a), status_word_tile(trace.config, a.index), status_of(a.value),
                                    value_bits_of(a.value)};
            if (poll.seen == TileStatus::invalid)
                ++tile.waits;
            tile.polls.push_back(poll);
        }
    }
    for (TileLookBack& tile : tiles)
        tile.depth = static_cast<std::uint32_t>(combined_polls(tile).size());
    return tiles;
}

std::string check_look_backs(const GridTrace& trace, const std::vector<TileLookBack>& tiles) {
    const GridTraceConfig& c = trace.config;
    const std::vector<std::uint32_t> input =
        trace.input.empty() ? generate_input(c.input_kind, c.type, c.op, static_cast<int>(c.n), c.seed) : trace.input;
    if (c.sort == GridSortForm::onesweep) // every pass, every digit
        return check_digit_look_backs(digit_look_backs_of(trace.accesses, c.n, c.tile), c.type, input, c.tile);
    // what the status words carry: the scan's prefixes, or a compaction's kept counts (uint32 +)
    const ElementType type = look_back_type(c);
    const std::vector<std::uint32_t> values = c.compaction ? kept_flags(c, input) : input;
    const std::vector<std::uint32_t> inclusive = reference_scan(type, look_back_operator(c), false, values);
    const std::vector<double> exact = reference_scan_double(type, look_back_operator(c), false, values);
    const bool rounding = type == ElementType::float32 && look_back_operator(c) == ScanOperator::add;
    double magnitude = 0;
    std::size_t counted = 0;
    const double factor = float_sum_error_factor(input.size());
    for (const TileLookBack& tile : tiles) {
        if (!tile.prefix)
            return tile_says(tile) + "published no prefix";
        const std::size_t last =
            std::min<std::size_t>(std::size_t(tile.tile + 1) * c.tile, input.size()) - 1;
        for (; counted <= last; ++counted)
            magnitude += std::fabs(element_as_double(type, values[counted]));
        // A chained tile publishes no aggregate: only its prefix is checked, against the reference below.
        if (tile.tile > 0) {
            const std::optional<std::uint32_t> read = prefix_read(trace, tile);
            if (!read)
                return tile_says(tile) + "its polls do not reach a predecessor's prefix";
            if (c.driver != "chained") {
                if (!tile.aggregate)
                    return tile_says(tile) + "published no aggregate before looking back";
                // Float sums: the kernel combines a window's values as a butterfly, this check one after
                // another, and the two round differently; within the sum's rounding bound they agree.
                const std::uint32_t expected = combine_bits(trace, *read, tile.aggregate_bits);
                const bool agrees = rounding ? float_sum_within_bound(element_as_double(type, tile.prefix_bits),
                                                                      element_as_double(type, expected), factor,
                                                                      magnitude)
                                             : expected == tile.prefix_bits;
                if (!agrees)
                    return tile_says(tile) + "its prefix " + bits_text(type, tile.prefix_bits) +
                           " is not what it read (" + bits_text(type, *read) + ") combined with its aggregate " +
                           bits_text(type, tile.aggregate_bits);
            }
        }
        const bool equal = rounding ? float_sum_within_bound(element_as_double(type, tile.prefix_bits), exact[last],
                                                             factor, magnitude)
                                    : tile.prefix_bits == inclusive[last];
        if (!equal)
            return tile_says(tile) + "its prefix " + bits_text(type, tile.prefix_bits) +
                   " is not the reference prefix " + bits_text(type, inclusive[last]);
    }
    return "";
}

LookBackDepths look_back_depths(const std::vector<TileLookBack>& tiles) {
    LookBackDepths depths;
    double sum = 0;
    for (const TileLookBack& tile : tiles) {
        depths.deepest = std::max(depths.deepest, tile.depth);
        sum += tile.depth;
    }
    if (tiles.size() > 1)
        depths.mean = sum / double(tiles.size() - 1);
    return depths;
}

std::string look_back_summary(const std::vector<TileLookBack>& tiles, const std::string& verdict) {
    if (tiles.empty())
        return "no look-back";
    if (!verdict.empty())
        return "look-back inconsistent: " + verdict;
    return "look-backs consistent";
}

} // namespace prefixlab
