// Two sets of a single-pass kernel's words (a status word a tile and the tile counter) that alternate
// from run to run: a run uses one set and its blocks clear the other as they finish their tiles
// (GridScanIo::next_status and next_counter, clear_for_next_run), so that the next run starts on cleared
// words without a fill before its launch. The scans (grid_driver_scan.cuh) and the single-pass
// compaction (grid_compact.cuh) keep their words so. Host code: the sets are device memory.
#pragma once

#include "kernels/common/grid_words.hpp"
#include "kernels/gpu/device_buffer.cuh"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace prefixlab {

class AlternatingStatusWords {
public:
    // The words of one run (start()): this set's, whether they are zero already for the run's tiles, and
    // the other set's, for the blocks to clear.
    struct Run {
        GridWords<std::uint64_t> status;
        GridWords<std::uint32_t> counter;
        bool cleared = false;
        GridWords<std::uint64_t> next_status;
        GridWords<std::uint32_t> next_counter;
        std::size_t tiles = 0;
    };

    // Sets of `status_words` status words each (and the counter); both may hold anything at first.
    explicit AlternatingStatusWords(std::size_t status_words) : sets_{Set(status_words), Set(status_words)} {}

    // The words for a run of `tiles` tiles. Until launched() says the launch is on the stream, every word
    // of this set counts as written: a launch that throws leaves the set to be filled next time.
    Run start(std::size_t tiles) {
        Set& now = sets_[current_];
        Set& next = sets_[1 - current_];
        const Run run{now.status(), now.counter(), now.dirty.clean_for(tiles), next.status(), next.counter(), tiles};
        before_ = now.dirty;
        now.dirty = Dirty{};
        return run;
    }
    // The run start() gave is on the stream: it wrote [0, tiles) of its set (where it filled it, or its
    // blocks did) and cleared [0, tiles) and the counter of the other, which the next run uses.
    void launched(const Run& run) {
        sets_[current_].dirty = before_.used(run.tiles);
        Set& next = sets_[1 - current_];
        next.dirty = next.dirty.cleared(run.tiles);
        current_ = 1 - current_;
    }

    // This set's words for a run that writes none of them (a scan's multi-pass drivers): nothing changes.
    GridWords<std::uint64_t> idle_status() { return sets_[current_].status(); }
    GridWords<std::uint32_t> idle_counter() { return sets_[current_].counter(); }

private:
    // What of a set may be non-zero: the status words [from, to) and the counter.
    struct Dirty {
        std::size_t from = 0, to = std::numeric_limits<std::size_t>::max();
        bool counter = true;

        // Whether a run of `tiles` tiles finds the words zero.
        bool clean_for(std::size_t tiles) const { return !counter && (to <= from || tiles <= from); }
        // After a run of `tiles` tiles on the set, which filled [0, tiles) where it was not clean: all of
        // [0, tiles) written, whatever was dirty past it still so.
        Dirty used(std::size_t tiles) const { return Dirty{0, std::max(tiles, to > from ? to : 0), true}; }
        // After a run of `tiles` tiles on the other set, which cleared [0, tiles) and the counter here.
        Dirty cleared(std::size_t tiles) const { return Dirty{std::max(from, tiles), to, false}; }
    };
    // One set: the tile counter in word 0 (its low half), the status words after it.
    struct Set {
        explicit Set(std::size_t status_words) : words(status_words + 2) {}
        DeviceBuffer<std::uint64_t> words;
        Dirty dirty;

        GridWords<std::uint64_t> status() {
            return {words.get() + 1, BufferId::tile_status, static_cast<std::uint32_t>(words.size() - 1)};
        }
        GridWords<std::uint32_t> counter() {
            return {reinterpret_cast<std::uint32_t*>(words.get()), BufferId::tile_counter, 1};
        }
    };

    Set sets_[2];
    int current_ = 0;
    Dirty before_;
};

} // namespace prefixlab
