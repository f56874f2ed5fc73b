#include "core/emulator/emulated_block.hpp"

#include "core/emulator/thread_ranges.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/ground/step_label.hpp"
#include "core/util/enum_names.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <string>
#include <tuple>

namespace prefixlab {

EmulatedBlock::EmulatedBlock(std::uint32_t threads, const SharedLayout& layout, bool records_registers,
                             WarpOrder order)
    : order_(order), threads_(threads), shared_(layout.total_words, kUnwrittenPattern) {
    if (threads == 0 || threads > kMaxThreads)
        throw EmulationError("emulator: a block has 1.." + std::to_string(kMaxThreads) + " threads, not " +
                             std::to_string(threads));
    trace_.threads = threads;
    trace_.shared_words = layout.total_words;
    trace_.records_registers = records_registers;
}

void EmulatedBlock::thread_entry(void* arg) {
    const auto* entry = static_cast<const EntryArg*>(arg);
    EmulatedBlock& block = *entry->block;
    Thread& self = block.threads_[entry->thread];
    try {
        (*block.body_)(entry->thread);
        // The body's locals are gone: a watch on one of them would be read at the next snapshot.
        // RegisterWatch releases every watch at the end of its scope; this catches a caller that
        // watched through EmulatedBlock::watch_register without one.
        if (self.watched != nullptr && self.watched != &self.retained)
            block.fail("thread " + std::to_string(entry->thread) +
                       " returned while a register of its kernel body was still watched");
        self.wait = Wait::done;
    } catch (...) {
        // Exceptions cannot cross a context switch: hand it to the scheduler, which rethrows it.
        self.error = std::current_exception();
        self.wait = Wait::failed;
    }
}

void EmulatedBlock::join_grid(GridLink& grid, std::uint32_t block_index, std::uint32_t grid_blocks,
                              std::size_t first_stack) {
    grid_ = &grid;
    block_index_ = block_index;
    grid_blocks_ = grid_blocks;
    first_stack_ = first_stack;
}

void EmulatedBlock::run(const std::function<void(std::uint32_t)>& body) {
    body_ = &body;
    auto& stacks = fiber_stacks(first_stack_ + threads_.size());
    entry_args_.resize(threads_.size());
    for (std::uint32_t t = 0; t < threads_.size(); ++t) {
        entry_args_[t] = EntryArg{this, t};
        threads_[t].fiber =
            std::make_unique<Fiber>(*stacks[first_stack_ + t], &EmulatedBlock::thread_entry, &entry_args_[t]);
    }
    schedule_ = warp_schedule();
    for (;;) {
        for (std::uint32_t w : schedule_)
            run_warp(w);
        if (std::all_of(threads_.begin(), threads_.end(), [](const Thread& t) { return t.wait == Wait::done; }))
            break;
        if (yield_parked_threads())
            continue;
        complete_block_sync();
    }
    for (auto& t : threads_)
        t.fiber.reset();
}

// The warps in the order they run between two block-level sync points (rule 1).
std::vector<std::uint32_t> EmulatedBlock::warp_schedule() const {
    const std::uint32_t warps = (threads() + 31) / 32;
    std::vector<std::uint32_t> schedule(warps);
    for (std::uint32_t w = 0; w < warps; ++w)
        schedule[w] = order_ == WarpOrder::reversed ? warps - 1 - w : w;
    return schedule;
}

// Runs the warp until every lane waits at a block-level sync point, completing its shuffles on the way.
void EmulatedBlock::run_warp(std::uint32_t warp) {
    do
        run_lanes_to_sync_points(warp);
    while (complete_shuffle(warp));
}

// Rule 2: rounds of one access per started lane, in lane order, until every lane waits. Skewed, lane l
// starts in round l, so its k-th access comes in round l + k: lane 0 may write a word before lane 1
// has read it, which lockstep never allows. A lane that waits for its start is still running, so a
// shuffle or barrier cannot complete without it: the skew delays a lane, it never drops one.
void EmulatedBlock::run_lanes_to_sync_points(std::uint32_t warp) {
    const std::uint32_t first = warp * 32;
    const std::uint32_t last = std::min(first + 32, threads());
    const bool skewed = order_ == WarpOrder::interleaved;
    for (std::uint32_t round = 0;; ++round) {
        bool any_running = false;
        for (std::uint32_t t = first; t < last; ++t) {
            Thread& thread = threads_[t];
            if (thread.wait != Wait::running)
                continue;
            any_running = true;
            if (skewed && t - first > round)
                continue; // its start round has not come
            thread.fiber->resume();
            if (thread.wait == Wait::failed)
                std::rethrow_exception(thread.error);
        }
        if (!any_running)
            return;
    }
}

namespace {

// The operation as a message names it.
const char* exchange_name(WarpExchange exchange) {
    static constexpr const char* kNames[] = {"shuffle", "down shuffle", "xor shuffle", "ballot"};
    return name_in<WarpExchange::ballot>(kNames, exchange, "shuffle");
}

} // namespace

// Rule 3: once every lane of the warp waits, the first lane at a warp exchange leads it; the others of
// its mask must wait at the same one, and then each receives its value and opens its next step. Every
// kind of exchange opens one step for each lane that takes part, as a shuffle on the GPU does
// (CudaContext, CudaGridContext), so that step numbers agree between the emulator and the GPU traces.
bool EmulatedBlock::complete_shuffle(std::uint32_t warp) {
    const std::uint32_t first = warp * 32;
    const std::uint32_t last = std::min(first + 32, threads());
    if (warp_has_parked_lane(warp))
        return false; // a lane parked at a global operation comes back after the block yields (rule 5)
    std::uint32_t leader = last;
    for (std::uint32_t t = first; t < last; ++t)
        if (threads_[t].wait == Wait::shuffle) {
            leader = t;
            break;
        }
    if (leader == last)
        return false;

    const Thread& lead = threads_[leader];
    check_shuffle_partners(warp, lead);
    const WarpExchange exchange = lead.exchange;
    std::uint32_t votes = 0; // a ballot's result: bit l for lane l's predicate
    std::uint32_t sources[32] = {};
    for (std::uint32_t lane = 0; lane < 32; ++lane) {
        if ((lead.mask >> lane & 1u) == 0)
            continue;
        sources[lane] = source_lane(lead, lane);
        if (threads_[first + lane].shuffle_in != 0)
            votes |= 1u << lane;
    }
    for (std::uint32_t lane = 0; lane < 32; ++lane) {
        if ((lead.mask >> lane & 1u) == 0)
            continue;
        Thread& receiver = threads_[first + lane];
        receiver.shuffle_out =
            exchange == WarpExchange::ballot ? votes : threads_[first + sources[lane]].shuffle_in;
    }
    for (std::uint32_t lane = 0; lane < 32; ++lane) {
        if ((lead.mask >> lane & 1u) == 0)
            continue;
        const std::uint32_t t = first + lane;
        Thread& thread = threads_[t];
        record_register(t);
        ++thread.step;
        thread.seq = 0;
        StepTag tag = thread.pending;
        tag.opening = StepOpening::shuffle;
        set_tag(thread.step, tag, t);
        // The shuffle source: the thread read from (a ballot's votes come from no one lane: itself).
        const std::uint32_t none[2] = {kNoSource, kNoSource};
        thread.shuffle_source = append_access(t, kShuffleSource, first + sources[lane], AccessKind::read,
                                              thread.shuffle_out, none);
        thread.wait = Wait::running;
    }
    return true;
}

// Every existing lane of the warp takes part: named in the mask, waiting at the same exchange (line,
// kind, mask, delta or lane mask); the mask names no lane that does not exist.
std::string EmulatedBlock::describe_wait(const Thread& thread, KernelFile lead_file) const {
    // The file too where it is not the lead's: warp-shuffle's lane 0 waits at a barrier of the block scan's
    // file while its warp shuffles in the warp scan's, and "line 78" alone pointed into the wrong file.
    const std::string path(kernel_file_path(thread.pending.file));
    const std::string line = std::to_string(thread.pending.line) +
                             (thread.pending.file == lead_file ? "" : " of " + path.substr(path.rfind('/') + 1));
    switch (thread.wait) {
    case Wait::barrier:
        return "waits at the barrier on line " + line;
    case Wait::shuffle:
        return "waits at the " + std::string(exchange_name(thread.exchange)) + " on line " + line +
               (thread.exchange == WarpExchange::ballot ? "" : ", delta " + std::to_string(thread.delta));
    case Wait::finish:
        return "is at kernel end";
    case Wait::done:
        return "has exited";
    default:
        return "is elsewhere";
    }
}

void EmulatedBlock::check_shuffle_partners(std::uint32_t warp, const Thread& lead) const {
    const std::uint32_t first = warp * 32;
    const std::uint32_t last = std::min(first + 32, threads());
    const std::string at =
        std::string(exchange_name(lead.exchange)) + " on line " + std::to_string(lead.pending.line);
    if (lead.exchange == WarpExchange::xor_of && (lead.delta < 0 || lead.delta > 31))
        fail(at + " in warp " + std::to_string(warp) + ": lane mask " + std::to_string(lead.delta) +
             " is outside 0..31");
    if (lead.exchange == WarpExchange::down && (lead.delta < 0 || lead.delta > 31))
        fail(at + " in warp " + std::to_string(warp) + ": delta " + std::to_string(lead.delta) +
             " is outside 0..31");
    std::vector<std::uint32_t> absent; // lanes of the mask waiting elsewhere
    for (std::uint32_t lane = 0; lane < 32; ++lane) {
        if ((lead.mask >> lane & 1u) == 0) {
            // Legal CUDA, but a warp whose lanes split between a shuffle and a barrier hung on an H100:
            // PrefixLab requires every thread of the warp to take part in its shuffles.
            if (first + lane < last)
                fail(at + " in warp " + std::to_string(warp) + ": lane " + std::to_string(lane) +
                     " exists but is not in the mask; every thread of a warp must take part in its shuffles");
            continue;
        }
        const std::uint32_t t = first + lane;
        if (t >= last)
            fail(at + " in warp " + std::to_string(warp) + ": its mask names lane " + std::to_string(lane) +
                 ", which does not exist");
        const Thread& other = threads_[t];
        if (other.wait != Wait::shuffle || other.pending.line != lead.pending.line ||
            other.exchange != lead.exchange || other.mask != lead.mask || other.delta != lead.delta) {
            absent.push_back(lane);
            continue;
        }
        const std::uint32_t source = source_lane(lead, lane);
        if ((lead.mask >> source & 1u) == 0)
            fail(at + ": lane " + std::to_string(lane) + " reads lane " + std::to_string(source) +
                 ", which is not in the mask");
    }
    if (absent.empty())
        return;
    // Name every lane the mask names that is elsewhere, and where the first of them is (issue 16's quiz:
    // a shuffle inside `if (lane >= delta)` leaves the low lanes at the next barrier).
    const bool one = absent.size() == 1;
    fail("warp " + std::to_string(warp) + " diverges at the " + at + " after " + describe_step(lead.step) +
         ": its mask names " + (one ? "lane " : "lanes ") + describe_thread_ranges(absent) +
         (one ? ", which does not take part in it" : ", which do not take part in it") + " (lane " +
         std::to_string(absent.front()) + " " + describe_wait(threads_[first + absent.front()], lead.pending.file) + ")");
}

// The lane whose value `lane` receives, as CUDA defines it for a whole warp (width 32): up, lane - delta
// or itself below delta; down, lane + delta or itself where that passes lane 31; xor, lane ^ lane_mask
// (always a lane of the warp, so no lane keeps its own: a partner missing from the mask is undefined on
// the GPU and an error here); a ballot, itself.
std::uint32_t EmulatedBlock::source_lane(const Thread& lead, std::uint32_t lane) const {
    switch (lead.exchange) {
    case WarpExchange::up:
        return lane >= static_cast<std::uint32_t>(lead.delta) ? lane - lead.delta : lane;
    case WarpExchange::down:
        return lane + static_cast<std::uint32_t>(lead.delta) < 32 ? lane + lead.delta : lane;
    case WarpExchange::xor_of:
        return lane ^ static_cast<std::uint32_t>(lead.delta);
    case WarpExchange::ballot:
        return lane;
    }
    return lane;
}

void EmulatedBlock::complete_block_sync() {
    // Group the waiting threads by where they wait; a barrier completes only with a single group.
    using Site = std::tuple<Wait, std::uint32_t>;
    std::map<Site, std::vector<std::uint32_t>> sites;
    std::uint32_t closed = 0;
    for (std::uint32_t t = 0; t < threads(); ++t) {
        const Thread& thread = threads_[t];
        if (thread.wait == Wait::shuffle)
            fail("thread " + std::to_string(t) + " waits at the " + exchange_name(thread.exchange) +
                 " on line " + std::to_string(thread.pending.line) +
                 " that the rest of its warp never reaches");
        sites[{thread.wait, thread.pending.line}].push_back(t);
        closed = std::max(closed, thread.step);
    }
    if (sites.size() > 1) {
        std::string message = "barrier not reached by every thread, after " + describe_step(closed) + ":";
        for (const auto& [site, members] : sites) {
            const auto& [wait, line] = site;
            const bool one = members.size() == 1;
            message += (one ? " thread " : " threads ") + describe_thread_ranges(members);
            if (wait == Wait::finish)
                message += one ? " is at kernel end;" : " are at kernel end;";
            else if (wait == Wait::done)
                message += one ? " has exited;" : " have exited;";
            else
                message += (one ? " waits" : " wait") + std::string(" at the barrier on line ") + std::to_string(line) + ";";
        }
        message.pop_back();
        fail(message);
    }

    // Close the step: shared memory at the block's step, each register at its thread's own step.
    ensure_step(closed);
    std::copy(shared_.begin(), shared_.end(), trace_.shared.begin() + std::size_t(closed) * shared_.size());
    trace_.shared_taken[closed] = 1;
    for (std::uint32_t t = 0; t < threads(); ++t)
        record_register(t);

    const bool at_kernel_end = threads_.front().wait == Wait::finish;
    if (at_kernel_end)
        trace_.step_count = closed + 1;
    for (std::uint32_t t = 0; t < threads(); ++t) {
        Thread& thread = threads_[t];
        if (!at_kernel_end) {
            thread.step = closed + 1;
            thread.seq = 0;
            StepTag tag = thread.pending;
            tag.opening = StepOpening::barrier;
            set_tag(thread.step, tag, t);
        }
        thread.wait = Wait::running;
    }
}

bool EmulatedBlock::warp_has_parked_lane(std::uint32_t warp) const {
    const std::uint32_t first = warp * 32;
    const std::uint32_t last = std::min(first + 32, threads());
    for (std::uint32_t t = first; t < last; ++t)
        if (threads_[t].wait == Wait::global || threads_[t].wait == Wait::spin)
            return true;
    return false;
}

// Rule 5: no thread can run; if some are parked at a global operation or a spin-wait, the block yields
// to its grid, as waiting on a spin (naming what it waits for) only if every parked thread spins.
bool EmulatedBlock::yield_parked_threads() {
    const TileWait* spinning_on = nullptr;
    bool any_parked = false, only_spinning = true;
    for (const Thread& thread : threads_) {
        if (thread.wait == Wait::global) {
            any_parked = true;
            only_spinning = false;
        } else if (thread.wait == Wait::spin) {
            any_parked = true;
            if (spinning_on == nullptr)
                spinning_on = &thread.tile_wait;
        }
    }
    if (!any_parked)
        return false;
    grid_->yield_block(only_spinning ? spinning_on : nullptr);
    for (Thread& thread : threads_)
        if (thread.wait == Wait::global || thread.wait == Wait::spin)
            thread.wait = Wait::running;
    return true;
}

void EmulatedBlock::after_global_operation(std::uint32_t thread, bool wrote) {
    if (grid_ == nullptr)
        return; // alone: nothing else to run
    if (wrote)
        grid_->on_global_write();
    park(thread, Wait::global);
}

void EmulatedBlock::record_grid_access(std::uint32_t thread, BufferId buffer, std::uint32_t index,
                                       GridAccessKind kind, std::uint64_t value, std::uint32_t operand) {
    if (grid_ == nullptr)
        return; // alone: no grid to record for
    GridAccessRecord access;
    access.value = value;
    access.operand = operand;
    access.index = index;
    access.block = block_index_;
    access.thread = static_cast<std::uint16_t>(thread);
    access.step = static_cast<std::uint16_t>(threads_[thread].step);
    access.buffer = buffer;
    access.kind = kind;
    grid_->record(access);
}

std::uint32_t EmulatedBlock::atomic_update(std::uint32_t thread, BufferId buffer, std::uint32_t index,
                                           std::uint32_t* word, std::uint32_t operand,
                                           std::uint32_t (*combine)(std::uint32_t, std::uint32_t)) {
    const std::uint32_t before = *word;
    *word = combine(before, operand);
    record_grid_access(thread, buffer, index, GridAccessKind::atomic, before, operand);
    after_global_operation(thread, true);
    return before;
}

void EmulatedBlock::store_status(std::uint32_t thread, BufferId buffer, std::uint32_t index, std::uint64_t* word,
                                  std::uint64_t value) {
    *word = value;
    record_grid_access(thread, buffer, index, GridAccessKind::release, value, 0);
    after_global_operation(thread, true);
}

// A load yields before it reads, a write after it writes: what a poll reads is as fresh as the schedule
// allows, and the spin-wait that follows a poll of an invalid word comes in the same turn, with no other
// block's write in between (the grid's deadlock test relies on it: emulated_grid.cpp).
std::uint64_t EmulatedBlock::load_status(std::uint32_t thread, BufferId buffer, std::uint32_t index,
                                          const std::uint64_t* word) {
    after_global_operation(thread, false);
    const std::uint64_t value = *word;
    record_grid_access(thread, buffer, index, GridAccessKind::acquire, value, 0);
    return value;
}

void EmulatedBlock::spin_wait(std::uint32_t thread, const TileWait& wait) {
    if (grid_ == nullptr)
        fail("thread " + std::to_string(thread) + " of tile " + std::to_string(wait.tile) +
             " spins on tile " + std::to_string(wait.awaited_tile) +
             "'s status word, but the block runs alone: no other block can ever write it");
    threads_[thread].tile_wait = wait;
    park(thread, Wait::spin);
}

void EmulatedBlock::park(std::uint32_t thread, Wait wait) {
    Thread& self = threads_[thread];
    self.wait = wait;
    self.fiber->suspend();
}

void EmulatedBlock::begin(std::uint32_t thread, StepTag tag) {
    tag.opening = StepOpening::kernel_start;
    set_tag(0, tag, thread);
}

void EmulatedBlock::barrier(std::uint32_t thread, StepTag next) {
    threads_[thread].pending = next;
    park(thread, Wait::barrier);
}

void EmulatedBlock::finish(std::uint32_t thread) {
    threads_[thread].pending = StepTag{};
    park(thread, Wait::finish);
}

ShuffleResult EmulatedBlock::shuffle_up(std::uint32_t thread, std::uint32_t bits, int delta, std::uint32_t mask,
                                        StepTag next) {
    return wait_at_exchange(thread, WarpExchange::up, bits, delta, mask, next);
}

ShuffleResult EmulatedBlock::shuffle_down(std::uint32_t thread, std::uint32_t bits, int delta,
                                          std::uint32_t mask, StepTag next) {
    return wait_at_exchange(thread, WarpExchange::down, bits, delta, mask, next);
}

ShuffleResult EmulatedBlock::shuffle_xor(std::uint32_t thread, std::uint32_t bits, int lane_mask,
                                         std::uint32_t mask, StepTag next) {
    return wait_at_exchange(thread, WarpExchange::xor_of, bits, lane_mask, mask, next);
}

ShuffleResult EmulatedBlock::ballot(std::uint32_t thread, bool predicate, std::uint32_t mask, StepTag next) {
    return wait_at_exchange(thread, WarpExchange::ballot, predicate ? 1u : 0u, 0, mask, next);
}

ShuffleResult EmulatedBlock::wait_at_exchange(std::uint32_t thread, WarpExchange exchange, std::uint32_t bits,
                                              int delta, std::uint32_t mask, StepTag next) {
    Thread& self = threads_[thread];
    self.pending = next;
    self.exchange = exchange;
    self.delta = delta;
    self.mask = mask;
    self.shuffle_in = bits;
    park(thread, Wait::shuffle);
    return ShuffleResult{self.shuffle_out, self.shuffle_source};
}

void EmulatedBlock::watch_register(std::uint32_t thread, const void* value, std::uint32_t* sources) {
    threads_[thread].watched = value;
    threads_[thread].watched_sources = sources;
}

void EmulatedBlock::release_register(std::uint32_t thread, const void* value) {
    Thread& self = threads_[thread];
    if (self.watched != value)
        return;
    std::memcpy(&self.retained, self.watched, sizeof self.retained);
    self.retained_sources[0] = self.watched_sources[0];
    self.retained_sources[1] = self.watched_sources[1];
    self.watched = &self.retained;
    self.watched_sources = self.retained_sources;
}

void EmulatedBlock::check_index(std::uint32_t thread, const SharedBufferDesc& desc, std::uint32_t word) {
    if (word < desc.words)
        return;
    fail("thread " + std::to_string(thread) + " in " + describe_step(threads_[thread].step) + ": word " +
         std::to_string(word) + " is outside its buffer '" + std::string(name_of(desc.id)) + "' of " +
         std::to_string(desc.words) + " words");
}

std::uint32_t EmulatedBlock::on_access(std::uint32_t thread, std::uint8_t buffer, std::uint32_t word, AccessKind kind,
                                       std::uint32_t bits, const std::uint32_t (&sources)[2]) {
    // The grid's shared arrays are the grid trace's; the block's trace keeps its own memory only.
    const auto id = static_cast<BufferId>(buffer);
    const bool grid_shared = buffer < kBufferIdCount && is_grid_shared(id);
    if (grid_shared)
        record_grid_access(thread, id, word, kind == AccessKind::read ? GridAccessKind::read : GridAccessKind::write,
                           bits, 0);
    const std::uint32_t ref = grid_shared ? kNoSource : append_access(thread, buffer, word, kind, bits, sources);
    // Lockstep: the next lane of the warp makes its access before this one makes its next.
    threads_[thread].fiber->suspend();
    return ref;
}

void EmulatedBlock::ensure_step(std::uint32_t step) {
    if (step >= max_steps_)
        fail("the kernel opens more than " + std::to_string(max_steps_) + " steps");
    if (step < trace_.steps.size())
        return;
    const std::size_t count = step + 1;
    trace_.steps.resize(count);
    tag_set_.resize(count, 0);
    trace_.shared.resize(count * shared_.size(), 0);
    trace_.shared_taken.resize(count, 0);
    if (trace_.records_registers) {
        trace_.registers.resize(count * threads(), 0);
        trace_.registers_taken.resize(count * threads(), 0);
        trace_.register_sources.resize(2 * count * threads(), kNoSource);
    }
}

void EmulatedBlock::set_tag(std::uint32_t step, const StepTag& tag, std::uint32_t thread) {
    ensure_step(step);
    if (!tag_set_[step]) {
        trace_.steps[step] = tag;
        tag_set_[step] = 1;
        return;
    }
    const StepTag& agreed = trace_.steps[step];
    if (!(agreed == tag))
        fail("threads disagree on step " + std::to_string(step) + ": thread " + std::to_string(thread) +
             " opens '" + step_label(tag) + "' (line " + std::to_string(tag.line) + ") where others opened '" +
             step_label(agreed) + "' (line " + std::to_string(agreed.line) + ")");
}

// Snapshots the watched register at the end of the thread's step with its provenance, then makes the
// snapshot its provenance (as CudaContext::close_register does).
void EmulatedBlock::record_register(std::uint32_t thread) {
    const Thread& self = threads_[thread];
    if (!trace_.records_registers || self.watched == nullptr)
        return;
    ensure_step(self.step);
    const std::size_t slot = std::size_t(self.step) * threads() + thread;
    std::memcpy(&trace_.registers[slot], self.watched, sizeof(std::uint32_t));
    trace_.registers_taken[slot] = 1;
    trace_.register_sources[2 * slot] = self.watched_sources[0];
    trace_.register_sources[2 * slot + 1] = self.watched_sources[1];
    self.watched_sources[0] = register_source(self.step);
    self.watched_sources[1] = kNoSource;
}

std::uint32_t EmulatedBlock::atomic_add_shared(std::uint32_t thread, std::uint8_t buffer, std::uint32_t word,
                                              std::uint32_t* address, std::uint32_t value, std::uint8_t extra_flags) {
    const std::uint32_t before = *address;
    *address = before + value;
    const std::uint32_t none[2] = {kNoSource, kNoSource};
    const auto flags = static_cast<std::uint8_t>(kAccessAtomic | extra_flags);
    const std::uint32_t read = append_access(thread, buffer, word, AccessKind::read, before, none, flags);
    const std::uint32_t sources[2] = {read, kNoSource};
    append_access(thread, buffer, word, AccessKind::write, before + value, sources, flags);
    threads_[thread].fiber->suspend(); // lockstep, as after any access
    return before;
}

std::uint32_t EmulatedBlock::append_access(std::uint32_t thread, std::uint8_t buffer, std::uint32_t word,
                                           AccessKind kind, std::uint32_t bits, const std::uint32_t (&sources)[2],
                                           std::uint8_t flags) {
    Thread& self = threads_[thread];
    if (self.seq > kMaxAccessSeq)
        fail("thread " + std::to_string(thread) + " makes more than " + std::to_string(kMaxAccessSeq + 1) +
             " accesses in " + describe_step(self.step));
    if (sources[1] == kTooManySources)
        fail("thread " + std::to_string(thread) + " in " + describe_step(self.step) +
             " writes a value combined from more than two reads; the dataflow records two");
    AccessRecord record{};
    record.step = static_cast<std::uint16_t>(self.step);
    record.thread = static_cast<std::uint16_t>(thread);
    record.seq = static_cast<std::uint8_t>(self.seq);
    record.buffer = buffer;
    record.kind = kind;
    record.flags = flags;
    record.word = word;
    record.value = bits;
    record.sources[0] = sources[0];
    record.sources[1] = sources[1];
    trace_.accesses.push_back(record);
    return read_source(self.step, self.seq++);
}

void EmulatedBlock::fail(const std::string& message) const { throw EmulationError("emulator: " + message); }

std::string EmulatedBlock::describe_step(std::uint32_t step) const {
    if (step < trace_.steps.size() && tag_set_[step])
        return "step " + std::to_string(step) + " ('" + step_label(trace_.steps[step]) + "')";
    return "step " + std::to_string(step);
}

} // namespace prefixlab
