// Where the app finds its assets (issue 38; core/files/assets_folder.hpp): $PREFIXLAB_ASSETS_DIR first, then
// $PREFIXLAB_DATA_DIR where it holds a lessons/ folder, then the installed layout (tests/install/check_install.py
// runs an installed binary), else the source tree's assets/; --version's report names the one found.
#include "core/files/assets_folder.hpp"
#include "core/util/build_info.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>

namespace prefixlab::test {
namespace {

namespace fs = std::filesystem;

// Sets or clears an environment variable for one test and restores it after.
class EnvironmentVariable {
public:
    explicit EnvironmentVariable(const char* name) : name_(name) {
        if (const char* value = std::getenv(name))
            saved_ = value;
    }
    ~EnvironmentVariable() {
        if (saved_.empty())
            ::unsetenv(name_);
        else
            ::setenv(name_, saved_.c_str(), 1);
    }
    void set(const std::string& value) const { ::setenv(name_, value.c_str(), 1); }
    void clear() const { ::unsetenv(name_); }

private:
    const char* name_;
    std::string saved_;
};

TEST(AssetsFolder, EachPlaceInItsOrderAndTheReportNamesIt) {
    const EnvironmentVariable assets("PREFIXLAB_ASSETS_DIR"), data("PREFIXLAB_DATA_DIR");
    assets.clear();
    data.clear();
    const AssetsFolder built = find_assets_folder();
    EXPECT_EQ(built.source, AssetsSource::build_tree) << "this test's binary is not installed";
    EXPECT_TRUE(fs::is_directory(fs::path(built.path) / "lessons")) << built.path;

    const fs::path dir = fs::path(::testing::TempDir()) / ("prefixlab_assets_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    data.set(dir.string());
    EXPECT_EQ(find_assets_folder().source, AssetsSource::build_tree) << "a data folder without lessons/ holds no assets";
    fs::create_directories(dir / "lessons");
    EXPECT_EQ(find_assets_folder().source, AssetsSource::data_dir);
    EXPECT_EQ(find_assets_folder().path, dir.string());

    assets.set("/srv/prefixlab-assets");
    EXPECT_EQ(find_assets_folder().source, AssetsSource::environment) << "$PREFIXLAB_ASSETS_DIR comes first";
    const std::string report = version_report();
    EXPECT_EQ(report.rfind("prefixlab " + std::string(prefixlab_version()) + "\n", 0), 0u) << report;
    EXPECT_NE(report.find(std::string(cuda_build_state())), std::string::npos) << report;
    EXPECT_NE(report.find("assets: /srv/prefixlab-assets (from $PREFIXLAB_ASSETS_DIR)"), std::string::npos) << report;
    fs::remove_all(dir);
}

} // namespace
} // namespace prefixlab::test
