// Small helpers the tests share for files and a program's output: the bytes of a file, whether a text
// holds a part, and the lines of an output. One definition each, so that test files can be compiled
// together (the unity build, docs/build-time.md) without two helpers of one name meeting.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

namespace prefixlab::test {

// The whole file, byte for byte; "" where it cannot be read.
std::string read_file(const std::filesystem::path& path);

// Whether `text` holds `part` anywhere.
bool contains(const std::string& text, const std::string& part);

// The number of newline characters in `text`: its complete lines.
std::size_t count_lines(const std::string& text);

// The lines of `text` that start with `prefix`, in order, without their newline.
std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix);

} // namespace prefixlab::test
