// Where each shared-memory buffer of a kernel lies, in 4-byte words from the start of the block's
// shared memory. The bank of an access is computed from these absolute word offsets, so buffers laid
// one after another get their real banks. Each algorithm computes its layout with one function that
// both the launcher (to size dynamic shared memory) and the trace (to describe it) use.
#pragma once

#include "host_device.hpp"

#include <cstdint>

namespace prefixlab {

enum class SharedBufferId : std::uint8_t { data, ping, pong, warp_totals };

inline constexpr int kSharedBufferIdCount = 4;

struct SharedBufferDesc {
    SharedBufferId id = SharedBufferId::data;
    std::uint32_t base_word = 0;
    std::uint32_t words = 0;
};

struct SharedLayout {
    static constexpr int kMaxBuffers = 4;
    SharedBufferDesc buffers[kMaxBuffers] = {};
    int count = 0;
    std::uint32_t total_words = 0;

    // Appends a buffer directly after the previous ones.
    PL_HOST_DEVICE constexpr SharedBufferDesc add(SharedBufferId id, std::uint32_t words) {
        SharedBufferDesc desc;
        desc.id = id;
        desc.base_word = total_words;
        desc.words = words;
        buffers[count++] = desc;
        total_words += words;
        return desc;
    }

    PL_HOST_DEVICE constexpr SharedBufferDesc find(SharedBufferId id) const {
        for (int b = 0; b < count; ++b)
            if (buffers[b].id == id)
                return buffers[b];
        return SharedBufferDesc{};
    }
};

} // namespace prefixlab
