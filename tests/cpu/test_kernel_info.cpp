// The kernel table (core/ground/kernel_info.hpp) says what each catalogue entry says: walked beside the
// compile-time catalogue, every row holds its kernel's facts, in catalogue order, and the fact functions
// the rest of PrefixLab calls read that row. The grid drivers have a row each, whose sources are files
// of the repository. None of the per-kernel checks names a kernel, so a new entry is checked as it is.
#include "core/ground/block_limits.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/kernel_info.hpp"
#include "core/ground/kernel_names.hpp"
#include "kernels/kernel_catalog.hpp"
#include "support/catalogue_ids.hpp"

#include <algorithm>
#include <filesystem>
#include <gtest/gtest.h>
#include <string>

namespace prefixlab::test {
namespace {

template <class Kernel>
std::optional<BlockAlgorithm> twin_of() {
    if constexpr (has_correct_twin<Kernel>())
        return block_algorithm_of<typename Kernel::CorrectTwin>;
    else
        return std::nullopt;
}

template <class Kernel>
std::optional<BlockAlgorithm> companion_in_catalogue() {
    if constexpr (has_companion<Kernel>())
        return block_algorithm_of<typename Kernel::Companion>;
    else
        return std::nullopt;
}

TEST(KernelInfo, EveryRowHoldsItsCatalogueEntrysFacts) {
    ASSERT_EQ(kernel_infos().size(), BlockKernels::size);
    for_each_block_kernel([&]<class Kernel>() {
        const BlockAlgorithm algorithm = block_algorithm_of<Kernel>;
        const KernelInfo& row = kernel_infos()[static_cast<std::size_t>(algorithm)];
        SCOPED_TRACE(Kernel::kName);
        EXPECT_EQ(row.algorithm, algorithm);
        EXPECT_EQ(&kernel_info(algorithm), &row);
        EXPECT_EQ(find_kernel_info(Kernel::kName), &row);
        EXPECT_EQ(row.name, std::string_view(Kernel::kName));
        EXPECT_EQ(row.description, std::string_view(Kernel::kDescription));
        EXPECT_EQ(row.family, Kernel::kFamily);
        EXPECT_EQ(row.kind, Kernel::kKind);
        EXPECT_EQ(row.level, KernelLevel::block);
        EXPECT_EQ(row.max_n, Kernel::kMaxN);
        EXPECT_EQ(row.elements_per_thread, Kernel::kElementsPerThread);
        EXPECT_EQ(row.max_block_threads, kMaxBlockThreads);
        for (const int n : {1, 2, 31, 32, 33, 100, 1000, Kernel::kMaxN - 1, Kernel::kMaxN})
            if (n >= 1)
                EXPECT_EQ(row.threads_for(n), Kernel::threads_for(n)) << "n=" << n;
        EXPECT_EQ(row.exclusive_form, Kernel::kKind == KernelKind::block_scan);
        EXPECT_EQ(row.no_exclusive_form_reason.empty(), row.exclusive_form);
        EXPECT_EQ(row.writes_every_output, Kernel::kKind != KernelKind::block_reduce &&
                                               Kernel::kKind != KernelKind::compaction &&
                                               Kernel::kKind != KernelKind::histogram);
        EXPECT_EQ(row.watches_registers, Kernel::kWatchesRegisters);
        EXPECT_EQ(row.racy, is_racy<Kernel>());
        EXPECT_EQ(row.divergent_sync, has_divergent_sync<Kernel>());
        EXPECT_EQ(row.traceable, !has_divergent_sync<Kernel>());
        EXPECT_EQ(row.correct_twin, twin_of<Kernel>());
        EXPECT_EQ(row.companion, companion_in_catalogue<Kernel>());
        EXPECT_EQ(row.source_path, std::string_view(Kernel::kSourcePath));
        EXPECT_EQ(row.file, Kernel::kFile);
        ASSERT_EQ(row.helper_source_paths.size(), helper_source_count<Kernel>());
        for (std::size_t i = 0; i < helper_source_count<Kernel>(); ++i)
            EXPECT_EQ(row.helper_source_paths[i], std::string_view(helper_source_path<Kernel>(i)));
        ASSERT_EQ(row.phases.size(), phase_count<Kernel>());
        for (std::size_t i = 0; i < phase_count<Kernel>(); ++i)
            EXPECT_EQ(row.phases[i].phase, Kernel::kPhases[i].phase);
    });
}

// The largest N per block size is the largest N whose fewest threads fit: one more would not.
TEST(KernelInfo, MaxNPerBlockIsTheLargestNThatFits) {
    for (const KernelInfo& row : kernel_infos()) {
        SCOPED_TRACE(std::string(row.name));
        ASSERT_EQ(row.max_n_per_block.size(), kLimitBlockSizes.size());
        for (std::size_t i = 0; i < kLimitBlockSizes.size(); ++i) {
            const BlockSizeLimit& limit = row.max_n_per_block[i];
            EXPECT_EQ(limit.block_threads, kLimitBlockSizes[i]);
            ASSERT_GE(limit.max_n, 1) << limit.block_threads << " threads take no N";
            EXPECT_LE(row.threads_for(limit.max_n), limit.block_threads);
            if (limit.max_n < row.max_n)
                EXPECT_GT(row.threads_for(limit.max_n + 1), limit.block_threads);
        }
        EXPECT_EQ(row.max_n_per_block.back().max_n, row.max_n); // a 1024-thread block takes the largest N
    }
    // one element per thread, two (Blelloch), eight (the shuffle reductions), whole warps of them
    EXPECT_EQ(kernel_info(kernel_id("hillis-steele")).max_n_per_block[0].max_n, 32);
    EXPECT_EQ(kernel_info(kernel_id("blelloch")).max_n_per_block[0].max_n, 64);
    EXPECT_EQ(kernel_info(kernel_id("reduce-shuffle-down")).max_n_per_block[0].max_n, 256);
}

// Wrong by design names the kernel it breaks (wrong); that kernel is the correct one (correct).
TEST(KernelInfo, QuizRolesPairEveryWrongKernelWithItsTwin) {
    for (const KernelInfo& row : kernel_infos()) {
        SCOPED_TRACE(std::string(row.name));
        const bool is_a_twin = std::ranges::any_of(
            kernel_infos(), [&](const KernelInfo& other) { return other.correct_twin == row.algorithm; });
        const QuizRole expected = row.correct_twin ? QuizRole::wrong
                                  : is_a_twin      ? QuizRole::correct
                                                   : QuizRole::none;
        EXPECT_EQ(row.quiz_role, expected);
        if (row.quiz_role == QuizRole::wrong) {
            EXPECT_TRUE(row.racy);
            EXPECT_EQ(kernel_info(*row.correct_twin).quiz_role, QuizRole::correct);
        }
    }
    EXPECT_EQ(kernel_info(kernel_id("hillis-steele")).quiz_role, QuizRole::correct);
    EXPECT_EQ(kernel_info(kernel_id("hillis-steele-racy")).quiz_role, QuizRole::wrong);
    EXPECT_EQ(kernel_info(kernel_id("blelloch")).quiz_role, QuizRole::none);
}

TEST(KernelInfo, CompareCounterpartsFollowCompanionThenTwin) {
    EXPECT_EQ(kernel_info(kernel_id("blelloch")).compare_counterpart, kernel_id("blelloch-padded"));
    EXPECT_EQ(kernel_info(kernel_id("blelloch-padded")).compare_counterpart, kernel_id("blelloch"));
    EXPECT_EQ(kernel_info(kernel_id("hillis-steele-racy")).compare_counterpart, kernel_id("hillis-steele"));
    EXPECT_EQ(kernel_info(kernel_id("hillis-steele")).compare_counterpart, kernel_id("hillis-steele-racy"));
    for (const KernelInfo& row : kernel_infos()) {
        // itself only when nothing else compares: no companion, no twin, alone of its kind (compact, split)
        const auto same_kind = std::ranges::count_if(
            kernel_infos(), [&](const KernelInfo& other) { return other.kind == row.kind; });
        EXPECT_EQ(row.compare_counterpart == row.algorithm, same_kind == 1) << row.name;
        EXPECT_EQ(compare_counterpart_of(row.algorithm), row.compare_counterpart);
    }
}

// The fact functions are reads of the row: each one agrees with it for every kernel.
TEST(KernelInfo, FactFunctionsReadTheRow) {
    for (const KernelInfo& row : kernel_infos()) {
        const BlockAlgorithm a = row.algorithm;
        SCOPED_TRACE(std::string(row.name));
        EXPECT_EQ(name_of(a), row.name);
        EXPECT_EQ(parse_block_algorithm(row.name), a);
        EXPECT_EQ(description_of(a), row.description);
        EXPECT_EQ(family_of(a), row.family);
        EXPECT_EQ(kind_of(a), row.kind);
        EXPECT_EQ(writes_every_output(a), row.writes_every_output);
        EXPECT_EQ(has_exclusive_form(a), row.exclusive_form);
        EXPECT_EQ(no_exclusive_form_reason(a), row.no_exclusive_form_reason);
        EXPECT_EQ(is_racy(a), row.racy);
        EXPECT_EQ(has_divergent_sync(a), row.divergent_sync);
        EXPECT_EQ(companion_of(a), row.companion);
        EXPECT_EQ(block_max_n(a), row.max_n);
        EXPECT_EQ(block_min_threads(a, 33), row.threads_for(33));
        EXPECT_EQ(kernel_file_path(row.file), row.source_path);
        EXPECT_EQ(std::ranges::count(traceable_block_algorithms(), a), row.traceable ? 1 : 0);
    }
    EXPECT_EQ(find_kernel_info("no-such-kernel"), nullptr);
}

TEST(KernelInfo, EveryGridDriverHasARowWithItsSources) {
    ASSERT_EQ(grid_driver_infos().size(), all_grid_drivers().size());
    for (std::size_t i = 0; i < all_grid_drivers().size(); ++i) {
        const GridDriver driver = all_grid_drivers()[i];
        const GridDriverInfo& row = grid_driver_infos()[i];
        SCOPED_TRACE(std::string(name_of(driver)));
        EXPECT_EQ(row.driver, driver);
        EXPECT_EQ(&grid_driver_info(driver), &row);
        EXPECT_EQ(row.name, name_of(driver));
        EXPECT_FALSE(row.description.empty());
        EXPECT_EQ(row.kind, KernelKind::multi_block_driver);
        EXPECT_EQ(row.level, KernelLevel::grid);
        EXPECT_EQ(row.single_pass, is_single_pass(driver));
        EXPECT_EQ(row.deterministic, is_deterministic(driver));
        ASSERT_FALSE(row.source_paths.empty());
        for (std::string_view path : row.source_paths) {
            EXPECT_TRUE(std::filesystem::is_regular_file(std::filesystem::path(PREFIXLAB_SOURCE_DIR) / path))
                << path;
            EXPECT_EQ(std::ranges::count(all_kernel_source_paths(), path), 1)
                << path; // the source panel has it
        }
    }
    EXPECT_EQ(grid_driver_info(GridDriver::decoupled_look_back).source_paths.front(),
              std::string_view("kernels/grid/single_pass_scan.cuh"));
}

// The compile-time lookups the tests name kernels with (support/catalogue_ids.hpp) agree with the table.
TEST(KernelInfo, TestLookupsAgreeWithTheTable) {
    for (const KernelInfo& row : kernel_infos())
        EXPECT_EQ(parse_block_algorithm(row.name), row.algorithm);
    EXPECT_EQ(kernel_id("warp-shuffle"), find_kernel_info("warp-shuffle")->algorithm);
    EXPECT_EQ(kernel_file_id("warp-shuffle"), find_kernel_info("warp-shuffle")->file);
    EXPECT_EQ(phase_id("up-sweep"), parse_phase("up-sweep"));
    EXPECT_EQ(phase_id("look-back"), parse_phase("look-back")); // a grid kernel's phase
}

} // namespace
} // namespace prefixlab::test
