// CPU baseline scans (cpu_scans.hpp): serial loop, std::inclusive_scan, and a reduce-then-scan on a
// persistent thread pool synchronised with C++20 barriers.
#include "core/bench/cpu_scans.hpp"

#include <barrier>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace prefixlab {

void cpu_loop_scan(const std::uint32_t* in, std::uint32_t* out, std::size_t n) {
    std::uint32_t running = 0; // unsigned: the sum wraps mod 2^32, as on the GPU
    for (std::size_t i = 0; i < n; ++i) {
        running += in[i];
        out[i] = running;
    }
}

void cpu_std_scan(const std::uint32_t* in, std::uint32_t* out, std::size_t n) {
    std::inclusive_scan(in, in + n, out);
}

namespace {

// One chunk total per thread, each on its own cache line: threads write their totals at the same
// moment, and sharing a line would make them take turns.
struct alignas(64) ChunkTotal {
    std::uint32_t value = 0;
};

} // namespace

struct CpuParallelScan::Pool {
    // Runs once, on one of the threads arriving after the reduce phase, while the others wait:
    // the chunk totals become exclusive offsets in place.
    struct SpineScan {
        Pool* pool;
        void operator()() noexcept {
            std::uint32_t offset = 0;
            for (ChunkTotal& total : pool->totals) {
                const std::uint32_t sum = total.value;
                total.value = offset;
                offset += sum;
            }
        }
    };

    explicit Pool(int threads)
        : totals(static_cast<std::size_t>(threads)), start(threads), reduced(threads, SpineScan{this}),
          finished(threads) {}

    // Thread t's chunk: [n·t/T, n·(t+1)/T), contiguous, sizes differing by at most one; empty when n < T.
    std::size_t chunk_begin(int t) const { return n * static_cast<std::size_t>(t) / totals.size(); }

    // Phases 1 to 3 for thread t; every thread of the pool, the caller's included, runs this.
    void scan_chunk(int t) {
        const std::size_t begin = chunk_begin(t), end = chunk_begin(t + 1);
        std::uint32_t sum = 0;
        for (std::size_t i = begin; i < end; ++i)
            sum += in[i];
        totals[t].value = sum;
        // barrier: every total is written before SpineScan reads them; SpineScan finishes before
        // any thread reads its offset.
        reduced.arrive_and_wait();
        std::uint32_t running = totals[t].value;
        for (std::size_t i = begin; i < end; ++i) {
            running += in[i]; // reads in[i] before writing out[i]: in == out is safe
            out[i] = running;
        }
    }

    void worker(int t) {
        for (;;) {
            // barrier: the caller has set the task (or `stopping`) before anyone reads it.
            start.arrive_and_wait();
            if (stopping)
                return;
            scan_chunk(t);
            // barrier: the caller returns only once every chunk is written.
            finished.arrive_and_wait();
        }
    }

    // The current task, written by the caller before `start`, read by the workers after it.
    const std::uint32_t* in = nullptr;
    std::uint32_t* out = nullptr;
    std::size_t n = 0;
    bool stopping = false;

    std::vector<ChunkTotal> totals; // reduce phase: chunk sums; after SpineScan: chunk offsets
    std::barrier<> start;
    std::barrier<SpineScan> reduced;
    std::barrier<> finished;
    std::vector<std::thread> workers; // threads 1..T-1; thread 0 is the caller of scan()
};

CpuParallelScan::CpuParallelScan(int threads, std::size_t serial_below)
    : threads_(threads), serial_below_(serial_below) {
    if (threads < 1)
        throw std::invalid_argument("CpuParallelScan: " + std::to_string(threads) +
                                    " threads, expected at least 1");
    if (threads == 1)
        return;
    pool_ = std::make_unique<Pool>(threads);
    pool_->workers.reserve(static_cast<std::size_t>(threads - 1));
    try {
        for (int t = 1; t < threads; ++t)
            pool_->workers.emplace_back([pool = pool_.get(), t] { pool->worker(t); });
    } catch (...) {
        // The system refused a thread: release the ones started (arriving for the caller and for
        // every thread that never started), join them, and let the error propagate.
        pool_->stopping = true;
        (void)pool_->start.arrive(threads - static_cast<std::ptrdiff_t>(pool_->workers.size()));
        for (std::thread& worker : pool_->workers)
            worker.join();
        throw;
    }
}

CpuParallelScan::~CpuParallelScan() {
    if (!pool_)
        return;
    pool_->stopping = true;
    pool_->start.arrive_and_wait(); // releases the workers, which see `stopping` and return
    for (std::thread& worker : pool_->workers)
        worker.join();
}

void CpuParallelScan::scan(const std::uint32_t* in, std::uint32_t* out, std::size_t n) {
    if (!pool_ || n < serial_below_) {
        cpu_loop_scan(in, out, n);
        return;
    }
    pool_->in = in;
    pool_->out = out;
    pool_->n = n;
    pool_->start.arrive_and_wait();
    pool_->scan_chunk(0);
    pool_->finished.arrive_and_wait();
}

} // namespace prefixlab
