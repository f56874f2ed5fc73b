// A kernel's catalogue entry is all a new kernel needs: walking the catalogue, every entry is found by
// its name (the command line's --algo and `trace --list`, the GUI's menu), dispatches to its own type,
// gets its limits, its drivers in the benchmark catalogue, its source path and its phases' names and
// labels, and traces in the emulator with steps that only its own phases and source files open. None of
// these tests names a kernel: a new entry is checked by them as it is.
#include "core/bench/bench_catalog.hpp"
#include "core/ground/block_limits.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_names.hpp"
#include "core/ground/step_label.hpp"
#include "kernels/kernel_catalog.hpp"
#include "support/scan_test_support.hpp"

#include <algorithm>
#include <filesystem>
#include <gtest/gtest.h>
#include <set>
#include <string>
#include <type_traits>

namespace prefixlab::test {
namespace {

template <class Kernel>
std::string name() {
    return Kernel::kName;
}

template <class Kernel>
bool lists_phase(Phase phase) {
    for (std::size_t i = 0; i < phase_count<Kernel>(); ++i)
        if (Kernel::kPhases[i].phase == phase)
            return true;
    return false;
}

template <class Kernel>
bool opens_in(KernelFile file) {
    if (file == Kernel::kFile)
        return true;
    for (std::size_t i = 0; i < helper_source_count<Kernel>(); ++i)
        if (file == kernel_file_at(helper_source_path<Kernel>(i)))
            return true;
    return false;
}

TEST(KernelCatalog, EveryEntryIsListedByNameInCatalogueOrder) {
    std::vector<BlockAlgorithm> expected;
    for_each_block_kernel([&]<class Kernel>() {
        const BlockAlgorithm algorithm = block_algorithm_of<Kernel>;
        expected.push_back(algorithm);
        EXPECT_EQ(name_of(algorithm), name<Kernel>());
        EXPECT_EQ(parse_block_algorithm(name<Kernel>()), algorithm) << name<Kernel>();
        EXPECT_EQ(description_of(algorithm), std::string_view(Kernel::kDescription));
        EXPECT_EQ(kind_of(algorithm), Kernel::kKind) << name<Kernel>();
        // a block scan, a block reduction, a compaction, a split, a sort, a bucketing, a histogram or a segmented
        // scan, each of its family
        EXPECT_TRUE(Kernel::kKind == KernelKind::block_scan || Kernel::kKind == KernelKind::block_reduce ||
                    Kernel::kKind == KernelKind::compaction || Kernel::kKind == KernelKind::split ||
                    Kernel::kKind == KernelKind::sort || Kernel::kKind == KernelKind::bucketing ||
                    Kernel::kKind == KernelKind::bucketing_unordered || Kernel::kKind == KernelKind::histogram ||
                    Kernel::kKind == KernelKind::segmented_scan);
        if constexpr (Kernel::kFamily != KernelFamily::quiz_variant) { // a quiz variant breaks a kernel of any kind
            EXPECT_EQ(Kernel::kKind == KernelKind::block_reduce, Kernel::kFamily == KernelFamily::reduction)
                << name<Kernel>();
            EXPECT_EQ(Kernel::kKind == KernelKind::compaction || Kernel::kKind == KernelKind::split,
                      Kernel::kFamily == KernelFamily::compaction)
                << name<Kernel>();
            EXPECT_EQ(Kernel::kKind == KernelKind::sort, Kernel::kFamily == KernelFamily::sort) << name<Kernel>();
            if constexpr (Kernel::kKind == KernelKind::segmented_scan)
                EXPECT_EQ(Kernel::kFamily, KernelFamily::scan) << name<Kernel>();
            EXPECT_EQ(Kernel::kKind == KernelKind::bucketing || Kernel::kKind == KernelKind::bucketing_unordered ||
                          Kernel::kKind == KernelKind::histogram,
                      Kernel::kFamily == KernelFamily::histogram)
                << name<Kernel>();
        } else if constexpr (has_correct_twin<Kernel>()) {
            EXPECT_TRUE(is_racy<Kernel>()) << name<Kernel>();
            EXPECT_EQ(Kernel::kKind, Kernel::CorrectTwin::kKind) << name<Kernel>();
        } else {
            ADD_FAILURE() << name<Kernel>() << ": a quiz variant names the correct kernel it breaks";
        }
        EXPECT_EQ(has_divergent_sync(algorithm), has_divergent_sync<Kernel>()) << name<Kernel>();
        EXPECT_EQ(std::ranges::count(traceable_block_algorithms(), algorithm), has_divergent_sync<Kernel>() ? 0 : 1)
            << name<Kernel>();
    });
    EXPECT_EQ(all_block_algorithms(), expected); // traceable_block_algorithms() keeps those that leave a trace
    EXPECT_EQ(static_cast<int>(expected.size()), kBlockAlgorithmCount);
    EXPECT_EQ(expected.front(), kDefaultBlockAlgorithm);
}

TEST(KernelCatalog, EveryEntryDispatchesToItsOwnKernelWithItsLimits) {
    for_each_block_kernel([&]<class Kernel>() {
        const BlockAlgorithm algorithm = block_algorithm_of<Kernel>;
        const bool own = dispatch_algorithm(algorithm, []<class Dispatched>() { return std::is_same_v<Dispatched, Kernel>; });
        EXPECT_TRUE(own) << name<Kernel>();
        EXPECT_EQ(block_max_n(algorithm), Kernel::kMaxN);
        EXPECT_EQ(block_min_threads(algorithm, 33), Kernel::threads_for(33));
        EXPECT_LE(block_min_threads(algorithm, static_cast<std::size_t>(Kernel::kMaxN)), kMaxBlockThreads);
    });
}

// The scan drivers are built around every correct block scan; a racy kernel (wrong by design) and a
// block reduction (one total, no scan) get none.
TEST(KernelCatalog, EveryCorrectScanHasItsDriversInTheBenchmarkCatalogue) {
    for_each_block_kernel([&]<class Kernel>() {
        const BlockAlgorithm algorithm = block_algorithm_of<Kernel>;
        const bool benchmarked = std::ranges::count(bench_block_scans(), algorithm) == 1;
        const bool driven = !is_racy<Kernel>() && is_block_scan<Kernel>();
        EXPECT_EQ(benchmarked, driven) << name<Kernel>();
        for (const char* driver : {"stp-", "rts-"}) {
            const BenchAlgorithm* bench = find_bench_algorithm(driver + name<Kernel>());
            if (!driven) {
                EXPECT_EQ(bench, nullptr) << driver << name<Kernel>(); // never timed as a scan
                continue;
            }
            ASSERT_NE(bench, nullptr) << driver << name<Kernel>();
            EXPECT_EQ(bench->gpu.block, algorithm);
            EXPECT_EQ(bench->default_threads, Kernel::threads_for(kMaxBlockThreads)); // 1024-element tiles
        }
    });
}

TEST(KernelCatalog, EverySourcePathNamesAFileOfTheRepository) {
    ASSERT_FALSE(all_kernel_source_paths().empty());
    std::set<KernelFile> ids;
    for (std::string_view path : all_kernel_source_paths()) {
        EXPECT_TRUE(std::filesystem::is_regular_file(std::filesystem::path(PREFIXLAB_SOURCE_DIR) / path)) << path;
        const auto file = parse_kernel_file_path(path);
        ASSERT_TRUE(file.has_value()) << path;
        EXPECT_EQ(kernel_file_path(*file), path);
        EXPECT_TRUE(ids.insert(*file).second) << path << ": two paths with one id";
    }
    for_each_block_kernel([&]<class Kernel>() {
        EXPECT_EQ(kernel_file_path(Kernel::kFile), std::string_view(Kernel::kSourcePath));
    });
}

TEST(KernelCatalog, EveryPhaseHasOneNameOneIdAndALabel) {
    std::set<std::string_view> names;
    std::set<Phase> ids;
    for (const PhaseSpec& spec : all_phase_specs()) {
        EXPECT_TRUE(names.insert(spec.name).second) << spec.name;
        EXPECT_TRUE(ids.insert(spec.phase).second) << spec.name;
        EXPECT_EQ(parse_phase(spec.name), spec.phase);
        EXPECT_EQ(name_of(spec.phase), std::string_view(spec.name));
        StepTag tag = step_tag(KernelFile{}, spec.phase, 1, 3, 4);
        const std::string label = step_label(tag);
        EXPECT_FALSE(label.empty());
        EXPECT_EQ(label.find('{'), std::string::npos) << spec.name << ": " << label; // every placeholder filled
    }
    EXPECT_EQ(step_label(step_tag(KernelFile{}, phase_named("no-such-phase"), 1)), "unknown step");
}

// Traced in the emulator, a kernel opens only the phases and source files its entry lists, so that
// trace files can name them and views can label them.
TEST(KernelCatalog, EveryEntryTracesWithItsOwnPhasesAndSources) {
    for_each_block_kernel([&]<class Kernel>() {
        if (has_divergent_sync<Kernel>())
            return; // no trace: tests/cpu/test_quiz_variants.cpp checks what the emulator reports instead
        for (const bool exclusive : {false, true}) {
            const RawTrace trace = emulate_block_scan(make_request(block_algorithm_of<Kernel>, 100, InputKind::iota, 1,
                                                                   std::nullopt, ScanOperator::add, exclusive));
            ASSERT_FALSE(trace.steps.empty()) << name<Kernel>();
            for (const StepTag& tag : trace.steps) {
                EXPECT_TRUE(lists_phase<Kernel>(tag.phase)) << name<Kernel>() << ": " << name_of(tag.phase);
                EXPECT_TRUE(opens_in<Kernel>(tag.file)) << name<Kernel>() << ": " << kernel_file_path(tag.file);
            }
        }
    });
}

} // namespace
} // namespace prefixlab::test
