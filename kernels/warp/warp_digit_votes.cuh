// How a warp tells its lanes' radix digits apart with ballots (the match of CUB's and Onesweep's warp ranks,
// written with __ballot_sync so that the emulator runs the same code): one ballot for the lanes holding a
// key, then one a digit bit. Every lane then holds all the words, so any lane can name the lanes of any
// digit: its own (its peers: its rank is the peers below it), or digit d for a count. The radix sorts
// across blocks use it, 4 bits a digit (kernels/grid/radix_sort_tiles.cuh) and 8 (onesweep_sort.cuh).
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/step_tag.hpp"

#include <cstdint>

namespace prefixlab {

inline constexpr const char* kDigitVotesSourcePath = "kernels/warp/warp_digit_votes.cuh";
inline constexpr KernelFile kDigitVotesFile = kernel_file_at(kDigitVotesSourcePath);

// The 1 + kBits ballots of one row of keys, in every lane.
template <int kBits>
struct RowDigitVotes {
    std::uint32_t holders = 0;
    std::uint32_t bits[kBits] = {};

    // The lanes holding a key of `digit`.
    PL_HOST_DEVICE std::uint32_t lanes_of(std::uint32_t digit) const {
        std::uint32_t lanes = holders;
        for (int b = 0; b < kBits; ++b)
            lanes &= (digit >> b & 1u) != 0 ? bits[b] : ~bits[b];
        return lanes;
    }
};

// Called by every lane of the warp (the ballots name all 32): `holds` whether this lane has a key, `digit`
// its digit. Each ballot opens a step tagged `phase`, level `row`, offset the digit bit.
template <int kBits, class Ctx>
PL_BODY RowDigitVotes<kBits> vote_digits(Ctx& ctx, bool holds, std::uint32_t digit, Phase phase, std::uint16_t row) {
    RowDigitVotes<kBits> votes;
    votes.holders = ctx.ballot(holds, 0xffffffffu, step_tag(kDigitVotesFile, phase, __LINE__, row));
    for (int b = 0; b < kBits; ++b)
        votes.bits[b] = ctx.ballot(holds && (digit >> b & 1u) != 0, 0xffffffffu,
                                   step_tag(kDigitVotesFile, phase, __LINE__, row, static_cast<std::uint32_t>(b)));
    return votes;
}

// Where every lane of the warp holds a key (Onesweep's pass, whose lanes past the tile's end hold the largest
// digit instead): the lanes whose digit is the calling lane's, its peers, matched bit by bit as each ballot
// comes (CUB's match of a warp's digits), kBits ballots a row and no vote of the holders. The same ballots,
// tagged the same, as vote_digits makes.
template <int kBits, class Ctx>
PL_BODY std::uint32_t digit_peers(Ctx& ctx, std::uint32_t digit, Phase phase, std::uint16_t row) {
    std::uint32_t peers = 0xffffffffu;
    for (int b = 0; b < kBits; ++b)
        peers &= ctx.ballot_agree(digit, 1u << b, 0xffffffffu,
                                  step_tag(kDigitVotesFile, phase, __LINE__, row, static_cast<std::uint32_t>(b)));
    return peers;
}

} // namespace prefixlab
