// Where each instrumented buffer of a kernel lies. Shared-memory buffers are placed in 4-byte words
// from the start of the block's shared memory; the bank of an access is computed from these absolute
// word offsets, so buffers laid one after another get their real banks. Each algorithm computes its
// layout with one function that both the launcher (to size dynamic shared memory) and the trace (to
// describe it) use. The global input and output arrays are instrumented too (their "words" are
// element indices), so a trace shows where every value came from, but they are not shared memory.
#pragma once

#include "kernels/common/host_device.hpp"

#include <cstdint>

namespace prefixlab {

// Shared memory: data, ping, pong, warp_totals, grid_words (a grid kernel's own words: the tile index,
// the warps' totals of its reduction, its prefix). Global: the input and output arrays, and the arrays
// the blocks of a grid share (kernels/common/grid_words.hpp): each tile's total or partial sum, each
// tile's status word, the tile counter.
enum class BufferId : std::uint8_t {
    data,
    ping,
    pong,
    warp_totals,
    input,
    output,
    grid_words,
    tile_totals,
    tile_status,
    tile_counter
};

inline constexpr int kBufferIdCount = 10;

PL_HOST_DEVICE constexpr bool is_shared(BufferId id) {
    return id == BufferId::data || id == BufferId::ping || id == BufferId::pong || id == BufferId::warp_totals ||
           id == BufferId::grid_words;
}

// The arrays through which the blocks of a grid talk to each other.
PL_HOST_DEVICE constexpr bool is_grid_shared(BufferId id) {
    return id == BufferId::tile_totals || id == BufferId::tile_status || id == BufferId::tile_counter;
}

// What a kernel's own words call one of its buffers in the lecture ("flags", "keys"), where the id names
// only the slot ("ping"): a catalogue entry may list them (kBufferLabels), and the narration, the race
// notes and the dataflow's columns say them (kernel_info.hpp: buffer_name).
struct BufferLabel {
    BufferId id = BufferId::data;
    const char* name = "";
};

struct SharedBufferDesc {
    BufferId id = BufferId::data;
    std::uint32_t base_word = 0;
    std::uint32_t words = 0;
    // Bank-conflict padding: 0 for none, else one unused word after every `padding` words, so logical
    // index i lives at word i + i / padding (GPU Gems 3, ch. 39: CONFLICT_FREE_OFFSET).
    std::uint32_t padding = 0;
};

// The word of logical index `i` in a buffer (before adding its base_word).
PL_HOST_DEVICE constexpr std::uint32_t padded_index(const SharedBufferDesc& desc, std::uint32_t i) {
    return desc.padding == 0 ? i : i + i / desc.padding;
}

struct SharedLayout {
    static constexpr int kMaxBuffers = 4;
    SharedBufferDesc buffers[kMaxBuffers] = {};
    int count = 0;
    std::uint32_t total_words = 0;

    // Appends a buffer of `elements` logical elements directly after the previous ones.
    PL_HOST_DEVICE constexpr SharedBufferDesc add(BufferId id, std::uint32_t elements, std::uint32_t padding = 0) {
        SharedBufferDesc desc;
        desc.id = id;
        desc.base_word = total_words;
        desc.padding = padding;
        desc.words = elements == 0 ? 0 : padded_index(desc, elements - 1) + 1;
        buffers[count++] = desc;
        total_words += desc.words;
        return desc;
    }

    // A fixed-length loop, so that the compiler unrolls it and keeps the layout in registers with its
    // padding a known constant (a loop to `count` left it in local memory, with a division per access).
    PL_HOST_DEVICE constexpr SharedBufferDesc find(BufferId id) const {
        SharedBufferDesc found{};
        for (int b = 0; b < kMaxBuffers; ++b)
            if (b < count && buffers[b].id == id)
                found = buffers[b];
        return found;
    }
};

// One word for each warp of a block, 32 for the largest (1024 threads): where the warps leave their
// totals for the block to combine (the shuffle reductions; block_reduce in the grid launches).
PL_HOST_DEVICE constexpr SharedLayout warp_totals_layout() {
    SharedLayout layout;
    layout.add(BufferId::warp_totals, 32);
    return layout;
}

// The descriptor of a global array of n elements (input or output).
PL_HOST_DEVICE constexpr SharedBufferDesc global_buffer(BufferId id, std::uint32_t n) {
    SharedBufferDesc desc;
    desc.id = id;
    desc.words = n;
    return desc;
}

// n rounded up to a power of two: the words of a tree whose every level halves it (Blelloch's, a tree
// reduction's).
PL_HOST_DEVICE constexpr int tree_width(int n) {
    int width = 1;
    while (width < n)
        width *= 2;
    return width;
}

} // namespace prefixlab
