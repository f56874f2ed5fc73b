// `prefixlab kernels --json` is the kernel list the validators, tools/gpu_check.sh and the README test read:
// it must parse, hold every catalogue kernel in catalogue order with the facts the compile-time
// catalogue states, and every grid driver; and the command refuses bad arguments as every other does
// (one line, exit code 2).
#include "core/capture/grid_capture.hpp"
#include "core/ground/kernel_names.hpp"
#include "kernels/kernel_catalog.hpp"
#include "support/process.hpp"

#include <algorithm>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>

namespace prefixlab::test {
namespace {

using nlohmann::json;

json kernels_json() {
    const ProcessResult r = run_prefixlab("kernels --json");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    return json::parse(r.out); // throws, failing the test, on anything but one JSON document
}

template <class Kernel>
json optional_name() {
    if constexpr (has_correct_twin<Kernel>())
        return Kernel::CorrectTwin::kName;
    else
        return nullptr;
}

template <class Kernel>
json companion_name() {
    if constexpr (has_companion<Kernel>())
        return Kernel::Companion::kName;
    else
        return nullptr;
}

TEST(KernelsCommand, JsonHoldsEveryCatalogueKernelWithItsFacts) {
    const json table = kernels_json();
    const json& kernels = table.at("kernels");
    ASSERT_EQ(kernels.size(), BlockKernels::size);
    std::size_t index = 0;
    for_each_block_kernel([&]<class Kernel>() {
        const json& k = kernels.at(index++);
        SCOPED_TRACE(Kernel::kName);
        EXPECT_EQ(k.at("name"), Kernel::kName);
        EXPECT_EQ(k.at("description"), Kernel::kDescription);
        EXPECT_EQ(k.at("family"), name_of(Kernel::kFamily));
        EXPECT_EQ(k.at("kind"), name_of(Kernel::kKind));
        EXPECT_EQ(k.at("level"), "block");
        EXPECT_EQ(k.at("min_n"), 1);
        EXPECT_EQ(k.at("max_n"), Kernel::kMaxN);
        EXPECT_EQ(k.at("elements_per_thread"), Kernel::kElementsPerThread);
        EXPECT_EQ(k.at("threads_at_max_n"), Kernel::threads_for(Kernel::kMaxN));
        EXPECT_EQ(k.at("max_block_threads"), kMaxBlockThreads);
        EXPECT_EQ(k.at("max_n_per_block").back().at("max_n"), Kernel::kMaxN);
        EXPECT_EQ(k.at("exclusive_form"), Kernel::kKind == KernelKind::block_scan);
        EXPECT_EQ(k.at("racy"), is_racy<Kernel>());
        EXPECT_EQ(k.at("divergent_sync"), has_divergent_sync<Kernel>());
        EXPECT_EQ(k.at("traceable"), !has_divergent_sync<Kernel>());
        EXPECT_EQ(k.at("correct_twin"), optional_name<Kernel>());
        EXPECT_EQ(k.at("quiz_role") == "wrong", has_correct_twin<Kernel>());
        EXPECT_EQ(k.at("companion"), companion_name<Kernel>());
        EXPECT_EQ(k.at("source_path"), Kernel::kSourcePath);
        EXPECT_EQ(k.at("helper_source_paths").size(), helper_source_count<Kernel>());
        EXPECT_EQ(k.at("phases").size(), phase_count<Kernel>());
        EXPECT_EQ(k.at("phases").front(), Kernel::kPhases[0].name);
    });
}

TEST(KernelsCommand, JsonHoldsEveryGridDriverWithItsRanges) {
    const json drivers = kernels_json().at("grid_drivers");
    ASSERT_EQ(drivers.size(), all_grid_drivers().size());
    for (std::size_t i = 0; i < drivers.size(); ++i) {
        const GridDriver driver = all_grid_drivers()[i];
        EXPECT_EQ(drivers[i].at("name"), name_of(driver));
        EXPECT_EQ(drivers[i].at("kind"), "multi-block-driver");
        EXPECT_EQ(drivers[i].at("level"), "grid");
        EXPECT_EQ(drivers[i].at("single_pass"), is_single_pass(driver));
        EXPECT_EQ(drivers[i].at("max_n_emulated"), kMaxEmulatedGridN);
        EXPECT_EQ(drivers[i].at("max_n_gpu_trace"), kMaxGpuGridN);
        EXPECT_FALSE(drivers[i].at("source_paths").empty());
    }
}

// The plain form names every kernel and driver, one a line, with its N range.
TEST(KernelsCommand, PlainTableNamesEveryKernelAndDriver) {
    const ProcessResult r = run_prefixlab("kernels");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for_each_block_kernel([&]<class Kernel>() {
        const std::string line_start = "\n" + std::string(Kernel::kName) + " ";
        const auto at = r.out.find(line_start);
        ASSERT_NE(at, std::string::npos) << Kernel::kName;
        const std::string line = r.out.substr(at + 1, r.out.find('\n', at + 1) - at - 1);
        EXPECT_NE(line.find(" 1-" + std::to_string(Kernel::kMaxN) + " "), std::string::npos) << line;
    });
    for (const GridDriver driver : all_grid_drivers())
        EXPECT_NE(r.out.find("\n" + std::string(name_of(driver)) + " "), std::string::npos)
            << name_of(driver);
}

TEST(KernelsCommand, BadArgumentsAreOneLineAndExitCodeTwo) {
    for (const char* arguments : {"kernels --bogus", "kernels --json=1", "kernels extra", "kernels --list"}) {
        const ProcessResult r = run_prefixlab(arguments);
        EXPECT_EQ(r.exit_code, 2) << arguments << "\n" << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << arguments << ": " << r.err;
        EXPECT_EQ(r.err.rfind("prefixlab: error: ", 0), 0u) << r.err;
        EXPECT_EQ(r.out, "") << arguments;
    }
}

} // namespace
} // namespace prefixlab::test
