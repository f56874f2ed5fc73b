// Runs a fuzz target over given inputs, without libFuzzer: the main() a target links where it is not
// built for fuzzing (PREFIXLAB_FUZZ=OFF, any compiler), so CI replays the seed corpus and every
// committed crash through the sanitizer build made with GCC.
//
//   fuzz_TARGET PATH...   each PATH a file, or a folder whose files (recursively) are all inputs
//
// Inputs run in path order, each from its own heap block of exactly its size, as libFuzzer hands
// them over, so a read one byte past the end is an AddressSanitizer report. A crash, a sanitizer
// report or an exception the target does not expect ends the process (the test fails) after the
// line naming the input; otherwise exit 0 with a count.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fs = std::filesystem;

namespace {

// Regular files under `path` in a stable order; false when the path is neither a file nor a folder.
bool collect_inputs(const fs::path& path, std::vector<fs::path>& inputs) {
    std::error_code ec;
    if (fs::is_regular_file(path, ec)) {
        inputs.push_back(path);
        return true;
    }
    if (!fs::is_directory(path, ec))
        return false;
    std::vector<fs::path> found;
    for (const auto& entry : fs::recursive_directory_iterator(path, ec))
        if (entry.is_regular_file(ec))
            found.push_back(entry.path());
    std::sort(found.begin(), found.end());
    inputs.insert(inputs.end(), found.begin(), found.end());
    return !ec;
}

bool read_input(const fs::path& path, std::vector<char>& bytes) {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return !in.bad();
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s FILE_OR_FOLDER...\n", argv[0]);
        return 2;
    }
    std::vector<fs::path> inputs;
    for (int i = 1; i < argc; ++i)
        if (!collect_inputs(argv[i], inputs)) {
            std::fprintf(stderr, "prefixlab: error: cannot read inputs from '%s'\n", argv[i]);
            return 2;
        }
    if (inputs.empty()) {
        std::fprintf(stderr, "prefixlab: error: no inputs to replay\n");
        return 2;
    }
    std::vector<char> bytes;
    for (const fs::path& path : inputs) {
        if (!read_input(path, bytes)) {
            std::fprintf(stderr, "prefixlab: error: cannot read '%s'\n", path.c_str());
            return 2;
        }
        std::printf("replaying %s (%zu bytes)\n", path.c_str(), bytes.size());
        std::fflush(stdout); // the last line before a crash names its input
        const auto data = std::make_unique<std::uint8_t[]>(bytes.size());
        std::copy(bytes.begin(), bytes.end(), data.get());
        LLVMFuzzerTestOneInput(data.get(), bytes.size());
    }
    std::printf("replayed %zu inputs: no crash, no unexpected exception\n", inputs.size());
    return 0;
}
