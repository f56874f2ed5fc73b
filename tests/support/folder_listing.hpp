// What a folder holds, by name: for tests that check an export or a failed write left exactly these
// files behind (nothing half-written, no temporaries).
#pragma once

#include <filesystem>
#include <set>
#include <string>

namespace prefixlab::test {

inline std::set<std::string> names_in(const std::filesystem::path& folder) {
    std::set<std::string> names;
    for (const std::filesystem::directory_entry& entry : std::filesystem::directory_iterator(folder))
        names.insert(entry.path().filename().string());
    return names;
}

} // namespace prefixlab::test
