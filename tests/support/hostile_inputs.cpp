#include "hostile_inputs.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <sys/stat.h>

namespace prefixlab::test {

std::string nested_arrays(std::size_t depth) {
    return std::string(depth, '[') + "1" + std::string(depth, ']');
}

std::string with_raw_value(nlohmann::json document, const std::string& pointer, std::string_view raw) {
    const std::string marker = "@@raw-value@@"; // appears nowhere in a trace or results file
    document[nlohmann::json::json_pointer(pointer)] = marker;
    std::string text = document.dump();
    const std::string quoted = "\"" + marker + "\"";
    const auto at = text.find(quoted);
    if (at == std::string::npos)
        throw std::logic_error("with_raw_value: the marker vanished");
    text.replace(at, quoted.size(), raw);
    return text;
}

void make_fifo(const std::string& path) {
    if (::mkfifo(path.c_str(), 0600) != 0)
        throw std::runtime_error("mkfifo " + path + " failed");
}

void make_link_to_dev_zero(const std::string& path) {
    std::filesystem::create_symlink("/dev/zero", path);
}

void make_sparse_file(const std::string& path, std::uint64_t bytes) {
    { std::ofstream create(path); }
    std::filesystem::resize_file(path, bytes);
}

} // namespace prefixlab::test
