// Writes a valid synthetic trace of about the given size, for load-time measurements:
//   prefixlab_make_synthetic_trace OUT.json MEGABYTES [HOT_WORDS]
// (tests/support/synthetic_trace.hpp says what the trace does). Prints its shape and real size.
#include "support/synthetic_trace.hpp"

#include <cstdio>
#include <exception>
#include <string>

int main(int argc, char** argv) {
    if (argc < 3 || argc > 4) {
        std::fprintf(stderr, "usage: %s OUT.json MEGABYTES [HOT_WORDS]\n", argv[0]);
        return 2;
    }
    try {
        const std::uint64_t bytes = static_cast<std::uint64_t>(std::stod(argv[2]) * 1e6);
        const int hot_words = argc == 4 ? std::stoi(argv[3]) : 1;
        const auto shape = prefixlab::test::synthetic_shape_for_bytes(bytes, hot_words);
        const std::uint64_t size = prefixlab::test::write_synthetic_trace(shape, argv[1]);
        std::printf(
            "%s: %d threads, %d steps, %d read-write pairs per thread and step, %d hot words: %.1f MB\n",
            argv[1], shape.threads, shape.steps, shape.pairs, shape.hot_words, size / 1e6);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: error: %s\n", argv[0], e.what());
        return 2;
    }
    return 0;
}
