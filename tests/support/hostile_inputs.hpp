// Hostile inputs for the readers' regression tests (issue 9), made by the tests themselves: JSON
// with a raw value spliced into one field (80,000 nested arrays, a 20 MB string, bytes that are not
// UTF-8), and files that are not files (a FIFO, a link to /dev/zero) or are far too big (sparse).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace prefixlab::test {

// `depth` nested arrays around 1: "[[[1]]]" for 3.
std::string nested_arrays(std::size_t depth);

// `document` as text with the value at `pointer` ("/config/n") replaced by `raw` exactly as given,
// so the result may be deeper, larger or less valid than any json value could be.
std::string with_raw_value(nlohmann::json document, const std::string& pointer, std::string_view raw);

// The special files, at `path` (which must not exist yet).
void make_fifo(const std::string& path);
void make_link_to_dev_zero(const std::string& path);
void make_sparse_file(const std::string& path, std::uint64_t bytes); // instant, takes no disk space

} // namespace prefixlab::test
