#include "core/emulator/emulated_grid.hpp"

#include "core/util/enum_names.hpp"

#include <algorithm>
#include <random>
#include <utility>

namespace prefixlab {

std::size_t grid_fiber_stacks(std::uint32_t blocks, std::uint32_t threads, std::uint32_t resident) {
    return std::size_t(std::min(resident, blocks)) * (std::size_t(threads) + 1);
}

std::uint32_t most_resident_blocks(std::uint32_t threads) {
    return static_cast<std::uint32_t>(std::max<std::size_t>(kMaxFiberStacks / (std::size_t(threads) + 1), 1));
}

std::vector<std::uint32_t> block_start_order(std::uint32_t blocks, const GridSchedule& schedule) {
    std::vector<std::uint32_t> order(blocks);
    for (std::uint32_t b = 0; b < blocks; ++b)
        order[b] = schedule.order == BlockStartOrder::reversed ? blocks - 1 - b : b;
    if (schedule.order == BlockStartOrder::seeded_random) {
        std::mt19937_64 random(schedule.seed);
        for (std::uint32_t b = blocks; b > 1; --b) // Fisher–Yates; the modulo's bias does not matter here
            std::swap(order[b - 1], order[random() % b]);
    }
    return order;
}

namespace {

constexpr std::string_view kStartOrderNames[] = {"in-order", "reversed", "random"};

} // namespace

std::string_view name_of(BlockStartOrder order) {
    return name_in<BlockStartOrder::seeded_random>(kStartOrderNames, order, "in-order");
}

std::optional<BlockStartOrder> parse_block_start_order(std::string_view name) {
    return enumerator_named<BlockStartOrder::seeded_random>(kStartOrderNames, name);
}

const std::vector<BlockStartOrder>& all_block_start_orders() {
    static const std::vector<BlockStartOrder> orders{BlockStartOrder::in_order, BlockStartOrder::reversed,
                                                     BlockStartOrder::seeded_random};
    return orders;
}

std::string describe_start_order(const GridSchedule& schedule) {
    if (schedule.order == BlockStartOrder::in_order)
        return "in order";
    if (schedule.order == BlockStartOrder::reversed)
        return "reversed";
    return "random (seed " + std::to_string(schedule.seed) + ")";
}

EmulatedGrid::EmulatedGrid(std::uint32_t blocks, std::uint32_t threads, const SharedLayout& layout,
                           GridSchedule schedule)
    : blocks_(blocks), threads_(threads), slots_(std::min(schedule.resident, blocks)), layout_(layout),
      schedule_(schedule), turns_(schedule.seed ^ 0x9e3779b97f4a7c15u) {
    if (blocks == 0)
        throw EmulationError("emulator: a grid has at least one block");
    if (schedule_.resident == 0)
        throw EmulationError("emulator: a grid needs at least one resident block");
    if (grid_fiber_stacks(blocks, threads, schedule.resident) > kMaxFiberStacks)
        throw EmulationError("emulator: " + std::to_string(slots_) + " resident blocks of " + std::to_string(threads) +
                             " threads need " + std::to_string(grid_fiber_stacks(blocks, threads, schedule.resident)) +
                             " fibers, more than the " + std::to_string(kMaxFiberStacks) + " it can run at once: at most " +
                             std::to_string(most_resident_blocks(threads)) + " resident blocks of that size fit");
}

// The block's own fiber: its scheduler runs here, and its threads' fibers nest in it.
void EmulatedGrid::block_entry(void* arg) {
    auto& self = *static_cast<Resident*>(arg);
    try {
        EmulatedGrid& grid = *self.grid;
        self.emulated->run([&](std::uint32_t thread) { (*grid.body_)(*self.emulated, thread); });
        self.state = State::done;
    } catch (...) {
        self.error = std::current_exception(); // rethrown by run(), on the caller's stack
        self.state = State::failed;
    }
}

// Region r holds the stacks of resident slot r: its threads' from r * threads, its block fiber's after
// every region's threads.
void EmulatedGrid::start(std::uint32_t block, std::size_t region) {
    const std::size_t block_stacks = std::size_t(slots_) * threads_;
    auto& stacks = fiber_stacks(block_stacks + slots_);
    auto entry = std::make_unique<Resident>();
    entry->grid = this;
    entry->block = block;
    entry->region = region;
    // Registers are recorded: a watched register's snapshot resets its provenance, which keeps the
    // provenance of a warp-shuffle tile's values within the two sources a write records.
    entry->emulated = std::make_unique<EmulatedBlock>(threads_, layout_, true);
    entry->emulated->set_max_steps(kMaxGridBlockSteps);
    entry->emulated->join_grid(*this, block, blocks_, region * threads_);
    entry->fiber =
        std::make_unique<Fiber>(*stacks[block_stacks + region], &EmulatedGrid::block_entry, entry.get());
    resident_.push_back(std::move(entry));
}

void EmulatedGrid::run(const ThreadBody& body, GridRecording* recording) {
    body_ = &body;
    recording_ = recording;
    const std::vector<std::uint32_t> order = block_start_order(blocks_, schedule_);
    const std::uint32_t slots = slots_;
    std::vector<std::size_t> free_regions;
    for (std::size_t r = slots; r-- > 0;)
        free_regions.push_back(r);
    std::size_t next = 0, turn = 0;
    while (next < order.size() || !resident_.empty()) {
        while (resident_.size() < slots && next < order.size()) { // rule 1
            start(order[next++], free_regions.back());
            free_regions.pop_back();
        }
        if (deadlocked(next < order.size() && resident_.size() < slots))
            throw EmulationError(describe_deadlock());
        turn = schedule_.order == BlockStartOrder::seeded_random ? std::size_t(turns_() % resident_.size())
                                                                 : turn % resident_.size(); // rule 2
        Resident& current = *resident_[turn];
        running_ = &current;
        current.fiber->resume();
        running_ = nullptr;
        if (current.state == State::failed)
            std::rethrow_exception(current.error);
        if (current.state == State::done) {
            if (recording_ != nullptr && recording_->keep_block_traces)
                recording_->blocks.push_back(
                    RecordedBlock{recording_->launch, current.block, std::move(current.emulated->trace())});
            free_regions.push_back(current.region);
            resident_.erase(resident_.begin() + static_cast<std::ptrdiff_t>(turn)); // the next one moves up
        } else {
            ++turn;
        }
    }
}

void EmulatedGrid::on_global_write() {
    ++writes_;
}

void EmulatedGrid::record(GridAccessRecord access) {
    if (recording_ == nullptr)
        return;
    if (recording_->accesses.size() >= recording_->most_accesses)
        throw GridRecordingFull("the run made more than " + std::to_string(recording_->most_accesses) +
                                " accesses to the shared arrays");
    access.order = recording_->accesses.size();
    access.launch = recording_->launch;
    recording_->accesses.push_back(access);
}

void EmulatedGrid::yield_block(const TileWait* wait) {
    Resident& self = *running_;
    if (wait != nullptr) {
        self.spun = true;
        self.wait = *wait;
        self.polled_at = writes_;
    }
    self.state = State::yielded;
    self.fiber->suspend();
}

// Rule 3: every resident block has spun since the last global write, and none can start. A block that
// spun with no write since then can only poll the same unchanged word again (a poll is an acquire load:
// it yields but changes nothing) and spin again, whichever of the two it did last; so none of them can
// ever go on. Its state alternates between the poll and the spin, which is why the test is on the write
// count of its last spin, not on its state.
bool EmulatedGrid::deadlocked(bool can_start) const {
    if (can_start || resident_.empty())
        return false;
    return std::all_of(resident_.begin(), resident_.end(), [&](const std::unique_ptr<Resident>& r) {
        return r->spun && r->polled_at == writes_;
    });
}

// "tiles 7, 6 wait for tile 5's prefix; tile 5 is not resident" — grouped by what they wait for, in the
// order the blocks became resident.
std::string EmulatedGrid::describe_deadlock() const {
    struct Group {
        std::uint32_t awaited;
        TileStatus needed;
        std::vector<std::uint32_t> tiles;
    };
    std::vector<Group> groups;
    std::vector<std::uint32_t> waiting;
    for (const auto& r : resident_) {
        waiting.push_back(r->wait.tile);
        auto same = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
            return g.awaited == r->wait.awaited_tile && g.needed == r->wait.needed;
        });
        if (same == groups.end()) {
            groups.push_back(Group{r->wait.awaited_tile, r->wait.needed, {}});
            same = groups.end() - 1;
        }
        same->tiles.push_back(r->wait.tile);
    }
    std::string message = "emulator: deadlock: ";
    for (const Group& g : groups) {
        std::string tiles;
        for (std::uint32_t t : g.tiles)
            tiles += (tiles.empty() ? "" : ", ") + std::to_string(t);
        message += (g.tiles.size() == 1 ? "tile " + tiles + " waits" : "tiles " + tiles + " wait") +
                   " for tile " + std::to_string(g.awaited) + "'s " +
                   (g.needed == TileStatus::prefix ? "prefix" : "aggregate or prefix") + "; ";
    }
    for (const Group& g : groups)
        if (std::find(waiting.begin(), waiting.end(), g.awaited) == waiting.end())
            message += "tile " + std::to_string(g.awaited) + " is not resident; ";
    message += "every resident block waits and none can start (" + std::to_string(resident_.size()) + " of " +
               std::to_string(blocks_) + " blocks resident, started " + describe_start_order(schedule_) + ")";
    return message;
}

} // namespace prefixlab
