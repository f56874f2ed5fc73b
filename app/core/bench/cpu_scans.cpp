// CPU baseline scans (cpu_scans.hpp): serial loop, std::inclusive_scan / std::exclusive_scan, and a
// reduce-then-scan on a persistent thread pool synchronised with C++20 barriers. Each is a template
// over the operator (scan_operators.hpp), instantiated through dispatch_element for the scan asked for;
// elements are read and written as their 32-bit patterns (from_bits / to_bits: no aliasing of a
// uint32 array as float).
#include "core/bench/cpu_scans.hpp"

#include "kernels/block_dispatch.hpp"
#include "kernels/common/value_bits.hpp"

#include <barrier>
#include <iterator>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

namespace prefixlab {

namespace {

// Scans [begin, end) after `running`, the combination of every element before `begin` (the identity
// for the first); returns the combination up to `end`. Reads in[i] before writing out[i]: in == out
// is safe.
template <class Op>
typename Op::value_type scan_range(const std::uint32_t* in, std::uint32_t* out, std::size_t begin,
                                   std::size_t end, typename Op::value_type running, bool exclusive) {
    using T = typename Op::value_type;
    if (exclusive) {
        for (std::size_t i = begin; i < end; ++i) {
            const T x = from_bits<T>(in[i]);
            out[i] = to_bits(running);
            running = Op::combine(running, x);
        }
    } else {
        for (std::size_t i = begin; i < end; ++i) {
            running = Op::combine(running, from_bits<T>(in[i]));
            out[i] = to_bits(running);
        }
    }
    return running;
}

template <class Op>
typename Op::value_type reduce_range(const std::uint32_t* in, std::size_t begin, std::size_t end) {
    using T = typename Op::value_type;
    T total = Op::identity();
    for (std::size_t i = begin; i < end; ++i)
        total = Op::combine(total, from_bits<T>(in[i]));
    return total;
}

// An output iterator that stores values of T as their bit patterns, for the standard scans.
template <class T>
class BitsOutput {
public:
    using iterator_category = std::output_iterator_tag;
    using value_type = void;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = void;
    explicit BitsOutput(std::uint32_t* at) : at_(at) {}
    BitsOutput& operator*() { return *this; }
    BitsOutput& operator=(T value) {
        *at_ = to_bits(value);
        return *this;
    }
    BitsOutput& operator++() {
        ++at_;
        return *this;
    }
    BitsOutput operator++(int) {
        BitsOutput before = *this;
        ++at_;
        return before;
    }

private:
    std::uint32_t* at_;
};

template <class Op>
void std_scan(const std::uint32_t* in, std::uint32_t* out, std::size_t n, bool exclusive) {
    using T = typename Op::value_type;
    const auto combine = [](T a, T b) { return Op::combine(a, b); };
    if constexpr (std::is_same_v<T, std::uint32_t>) { // the elements are the values: scan them in place
        if (exclusive)
            std::exclusive_scan(in, in + n, out, Op::identity(), combine);
        else
            std::inclusive_scan(in, in + n, out, combine);
    } else {
        const auto value = [](std::uint32_t bits) { return from_bits<T>(bits); };
        if (exclusive)
            std::transform_exclusive_scan(in, in + n, BitsOutput<T>(out), Op::identity(), combine, value);
        else
            std::transform_inclusive_scan(in, in + n, BitsOutput<T>(out), combine, value);
    }
}

} // namespace

void cpu_loop_scan(const BenchScan& scan, const std::uint32_t* in, std::uint32_t* out, std::size_t n) {
    dispatch_element(scan.type, scan.op,
                     [&]<class Op>() { scan_range<Op>(in, out, 0, n, Op::identity(), scan.exclusive); });
}

void cpu_std_scan(const BenchScan& scan, const std::uint32_t* in, std::uint32_t* out, std::size_t n) {
    dispatch_element(scan.type, scan.op, [&]<class Op>() { std_scan<Op>(in, out, n, scan.exclusive); });
}

namespace {

// One chunk total per thread, each on its own cache line: threads write their totals at the same
// moment, and sharing a line would make them take turns.
struct alignas(64) ChunkTotal {
    std::uint32_t bits = 0; // a value of the scan's element type
};

} // namespace

struct CpuParallelScan::Pool {
    // Runs once, on one of the threads arriving after the reduce phase, while the others wait:
    // the chunk totals become exclusive offsets in place (the first chunk's is the identity).
    struct SpineScan {
        Pool* pool;
        void operator()() noexcept {
            dispatch_element(pool->scan.type, pool->scan.op, [this]<class Op>() {
                using T = typename Op::value_type;
                T offset = Op::identity();
                for (ChunkTotal& total : pool->totals) {
                    const T sum = from_bits<T>(total.bits);
                    total.bits = to_bits(offset);
                    offset = Op::combine(offset, sum);
                }
            });
        }
    };

    explicit Pool(int threads)
        : totals(static_cast<std::size_t>(threads)), start(threads), reduced(threads, SpineScan{this}),
          finished(threads) {}

    // Thread t's chunk: [n·t/T, n·(t+1)/T), contiguous, sizes differing by at most one; empty when n < T.
    std::size_t chunk_begin(int t) const { return n * static_cast<std::size_t>(t) / totals.size(); }

    // Phases 1 to 3 for thread t; every thread of the pool, the caller's included, runs this.
    void scan_chunk(int t) {
        dispatch_element(scan.type, scan.op, [&]<class Op>() {
            using T = typename Op::value_type;
            const std::size_t begin = chunk_begin(t), end = chunk_begin(t + 1);
            totals[t].bits = to_bits(reduce_range<Op>(in, begin, end));
            // barrier: every total is written before SpineScan reads them; SpineScan finishes before
            // any thread reads its offset.
            reduced.arrive_and_wait();
            scan_range<Op>(in, out, begin, end, from_bits<T>(totals[t].bits), scan.exclusive);
        });
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
    BenchScan scan;
    const std::uint32_t* in = nullptr;
    std::uint32_t* out = nullptr;
    std::size_t n = 0;
    bool stopping = false;

    std::vector<ChunkTotal> totals; // reduce phase: chunk totals; after SpineScan: chunk offsets
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

void CpuParallelScan::scan(const BenchScan& scan, const std::uint32_t* in, std::uint32_t* out,
                           std::size_t n) {
    if (!pool_ || n < serial_below_) {
        cpu_loop_scan(scan, in, out, n);
        return;
    }
    pool_->scan = scan;
    pool_->in = in;
    pool_->out = out;
    pool_->n = n;
    pool_->start.arrive_and_wait();
    pool_->scan_chunk(0);
    pool_->finished.arrive_and_wait();
}

} // namespace prefixlab
