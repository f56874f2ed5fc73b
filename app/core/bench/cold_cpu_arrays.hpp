// The CPU side of "caches must not flatter small N": each timed repetition of a CPU scan reads an
// input copy (and writes an output slot) that no recent repetition has touched, and before the first
// one the last-level cache is overwritten. Small arrays then come from DRAM, as the GPU's do after
// its L2 flush. Copies rotate through about twice the last-level cache; an array that large needs no
// copies (it evicts itself) and is read in place.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace prefixlab {

// The last-level cache of this machine in bytes (sysfs, then sysconf), 32 MiB when unknown, at most 256 MiB.
std::size_t last_level_cache_bytes();

// How many rotating copies an array of n elements gets for `uses` repetitions, given the cache.
std::size_t cold_copy_count(std::size_t n, std::size_t uses, std::size_t cache_bytes);

// Overwrites twice the cache's bytes: afterwards nothing read before is cached. Allocated once.
class CacheEvictor {
public:
    explicit CacheEvictor(std::size_t cache_bytes) : buffer_(2 * cache_bytes) {}
    void evict();

private:
    std::vector<std::uint8_t> buffer_;
};

// The rotating copies, reused from one point to the next (allocating and first touching memory for
// every point would cost more than many of the scans measured).
class ColdCpuArrays {
public:
    explicit ColdCpuArrays(std::size_t cache_bytes) : cache_bytes_(cache_bytes) {}

    // Lays out copies of `input` (which must outlive their use: a single copy is read in place) and
    // output slots for `uses` repetitions, every page touched. Returns whether the array is small
    // enough for the caches to matter (then evict before timing).
    bool prepare(const std::vector<std::uint32_t>& input, std::size_t uses);

    const std::uint32_t* input(std::size_t use) const {
        return copies_ == 1 ? original_ : inputs_.data() + slot(use) * n_;
    }
    std::uint32_t* output(std::size_t use) { return outputs_.data() + slot(use) * n_; }
    std::size_t copies() const { return copies_; }

private:
    std::size_t slot(std::size_t use) const { return use % copies_; }

    std::size_t cache_bytes_;
    const std::uint32_t* original_ = nullptr;
    std::size_t n_ = 0;
    std::size_t copies_ = 1;
    std::vector<std::uint32_t> inputs_, outputs_;
};

} // namespace prefixlab
