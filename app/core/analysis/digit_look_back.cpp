#include "core/analysis/digit_look_back.hpp"

#include "kernels/common/radix_key.hpp"
#include "kernels/grid/onesweep_sort.cuh"

#include <algorithm>
#include <map>
#include <numeric>

namespace prefixlab {

namespace {

std::string word_says(std::size_t pass, std::uint32_t tile, std::uint32_t digit) {
    return "pass " + std::to_string(pass) + ", tile " + std::to_string(tile) + ", digit " + std::to_string(digit) +
           ": ";
}

// Pass p's input: the keys in the order of their radix keys' low 8p bits, stable (what the passes before it
// made).
std::vector<std::uint32_t> radix_keys_before_pass(ElementType type, const std::vector<std::uint32_t>& keys,
                                                  std::size_t pass) {
    std::vector<std::uint32_t> radix(keys.size());
    std::transform(keys.begin(), keys.end(), radix.begin(), [type](std::uint32_t k) { return radix_key_of(type, k); });
    const std::uint64_t mask = (std::uint64_t(1) << (kOnesweepDigitBits * pass)) - 1u;
    std::stable_sort(radix.begin(), radix.end(),
                     [mask](std::uint32_t a, std::uint32_t b) { return (a & mask) < (b & mask); });
    return radix;
}

} // namespace

std::vector<DigitPassLookBacks> digit_look_backs_of(const std::vector<GridAccessRecord>& accesses, std::size_t n,
                                                    std::uint32_t tile) {
    std::vector<DigitPassLookBacks> passes;
    if (tile == 0)
        return passes;
    const auto tiles = static_cast<std::uint32_t>((n + tile - 1) / tile);
    std::map<std::uint16_t, std::size_t> pass_of_launch;
    for (const GridAccessRecord& a : accesses) {
        if (a.buffer != BufferId::tile_status)
            continue;
        auto [at, added] = pass_of_launch.try_emplace(a.launch, passes.size());
        if (added) {
            DigitPassLookBacks pass;
            pass.launch = a.launch;
            pass.tiles = tiles;
            pass.words.resize(std::size_t(tiles) * kOnesweepDigits);
            for (std::size_t w = 0; w < pass.words.size(); ++w)
                pass.words[w].tile = static_cast<std::uint32_t>(w / kOnesweepDigits);
            passes.push_back(std::move(pass));
        }
        DigitPassLookBacks& pass = passes[at->second];
        const std::uint32_t word_tile = a.index / kOnesweepDigits;
        if (word_tile >= tiles)
            continue;
        if (a.kind == GridAccessKind::release) {
            TileLookBack& word = pass.words[a.index];
            word.block = a.block;
            const GridMoment at_moment{a.order, a.time_ns};
            // A tile's first publication is its count (tile 0: its prefix at once), the second its prefix.
            if (status_of(a.value) == TileStatus::aggregate) {
                word.aggregate = at_moment;
                word.aggregate_bits = value_bits_of(a.value);
            } else {
                if (!word.prefix && word_tile == 0) {
                    word.aggregate = at_moment;
                    word.aggregate_bits = value_bits_of(a.value);
                }
                word.prefix = at_moment;
                word.prefix_bits = value_bits_of(a.value);
            }
        }
    }
    // Polls belong to the tile of the block that made them: each block publishes only its own tile's words.
    for (DigitPassLookBacks& pass : passes) {
        std::map<std::uint32_t, std::uint32_t> tile_of_block;
        for (const TileLookBack& word : pass.words)
            if (word.aggregate || word.prefix)
                tile_of_block[word.block] = word.tile;
        for (const GridAccessRecord& a : accesses) {
            if (a.launch != pass.launch || a.buffer != BufferId::tile_status || a.kind != GridAccessKind::acquire)
                continue;
            const auto found = tile_of_block.find(a.block);
            if (found == tile_of_block.end())
                continue;
            const std::uint32_t digit = a.index % kOnesweepDigits;
            TileLookBack& word = pass.words[std::size_t(found->second) * kOnesweepDigits + digit];
            const LookBackPoll poll{GridMoment{a.order, a.time_ns}, a.index / kOnesweepDigits, status_of(a.value),
                                    value_bits_of(a.value)};
            if (poll.seen == TileStatus::invalid)
                ++word.waits;
            word.polls.push_back(poll);
        }
        for (TileLookBack& word : pass.words)
            word.depth = static_cast<std::uint32_t>(combined_polls(word).size());
    }
    return passes;
}

std::string check_digit_look_backs(const std::vector<DigitPassLookBacks>& passes, ElementType type,
                                   const std::vector<std::uint32_t>& keys, std::uint32_t tile) {
    for (std::size_t p = 0; p < passes.size(); ++p) {
        const DigitPassLookBacks& pass = passes[p];
        const std::vector<std::uint32_t> radix = radix_keys_before_pass(type, keys, p);
        std::vector<std::uint32_t> running(kOnesweepDigits, 0), in_pass(kOnesweepDigits, 0);
        for (std::uint32_t r : radix)
            ++in_pass[r >> (kOnesweepDigitBits * p) & (kOnesweepDigits - 1u)];
        for (std::uint32_t t = 0; t < pass.tiles; ++t) {
            std::vector<std::uint32_t> count(kOnesweepDigits, 0);
            const std::size_t end = std::min<std::size_t>(std::size_t(t + 1) * tile, radix.size());
            for (std::size_t e = std::size_t(t) * tile; e < end; ++e)
                ++count[radix[e] >> (kOnesweepDigitBits * p) & (kOnesweepDigits - 1u)];
            for (std::uint32_t d = 0; d < kOnesweepDigits; ++d) {
                const TileLookBack& word = pass.words[std::size_t(t) * kOnesweepDigits + d];
                running[d] += count[d];
                if (in_pass[d] == 0) { // no key has the digit: no tile publishes it or looks back for it
                    if (word.aggregate || word.prefix || !word.polls.empty())
                        return word_says(p, t, d) + "no key of the pass has the digit, yet its word was " +
                               (word.polls.empty() ? "published" : "polled");
                    continue;
                }
                if (!word.aggregate)
                    return word_says(p, t, d) + "published no count";
                if (word.aggregate_bits != count[d])
                    return word_says(p, t, d) + "published the count " + std::to_string(word.aggregate_bits) +
                           ", not its " + std::to_string(count[d]) + " keys of the digit";
                if (!word.prefix)
                    return word_says(p, t, d) + "published no prefix";
                if (t > 0) {
                    const std::vector<LookBackPoll> combined = combined_polls(word);
                    if (combined.empty())
                        return word_says(p, t, d) + "its polls do not reach a predecessor's prefix";
                    std::uint32_t read = 0;
                    for (const LookBackPoll& poll : combined)
                        read += poll.value_bits;
                    if (read + word.aggregate_bits != word.prefix_bits)
                        return word_says(p, t, d) + "its prefix " + std::to_string(word.prefix_bits) +
                               " is not what it read (" + std::to_string(read) + ") plus its count " +
                               std::to_string(word.aggregate_bits);
                }
                if (word.prefix_bits != running[d])
                    return word_says(p, t, d) + "its prefix " + std::to_string(word.prefix_bits) + " is not the " +
                           std::to_string(running[d]) + " keys of the digit in tiles 0 to " + std::to_string(t);
            }
        }
    }
    return "";
}

} // namespace prefixlab
