// The catalogue's kernels, phases and source files for tests, looked up by the names the catalogue gives
// them (kernels/kernel_catalog.hpp): kernel_id("blelloch-padded"), phase_id("up-sweep"),
// kernel_file_id("warp-shuffle"). There is no list here to keep in step with the catalogue: each lookup
// walks the catalogue at compile time, so a name it lacks (a kernel renamed or removed) is a compile
// error at the test that names it, and the values are constants (switch labels, device code).
#pragma once

#include "kernels/kernel_catalog.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace prefixlab {

namespace catalogue_lookup {

template <class... Kernels>
consteval int index_named(KernelList<Kernels...>, std::string_view name) {
    const std::string_view names[] = {Kernels::kName...};
    for (std::size_t i = 0; i < sizeof...(Kernels); ++i)
        if (names[i] == name)
            return static_cast<int>(i);
    return -1;
}

struct FoundPhase {
    bool found = false;
    Phase phase{};
};

template <class Kernel>
consteval FoundPhase phase_in(std::string_view name) {
    for (std::size_t i = 0; i < phase_count<Kernel>(); ++i)
        if (std::string_view(Kernel::kPhases[i].name) == name)
            return {true, Kernel::kPhases[i].phase};
    return {};
}

// The first kernel of the list that lists the phase gives it (one name has one id: the catalogue checks).
template <class... Kernels>
consteval FoundPhase phase_in_any(std::string_view name) {
    FoundPhase found;
    ((found = found.found ? found : phase_in<Kernels>(name)), ...);
    return found;
}

template <class... Kernels>
consteval FoundPhase phase_in_list(KernelList<Kernels...>, std::string_view name) {
    return phase_in_any<Kernels...>(name);
}

template <class... Kernels>
consteval FoundPhase phase_in_list(GridKernelList<Kernels...>, std::string_view name) {
    return phase_in_any<Kernels...>(name);
}

template <class... Kernels>
consteval KernelFile file_at(KernelList<Kernels...>, int index) {
    const KernelFile files[] = {Kernels::kFile...};
    return files[index];
}

// Reached only for a name the catalogue lacks: not a constant expression, so the call does not compile.
inline void not_in_the_catalogue() {}

} // namespace catalogue_lookup

// The kernel the catalogue names `name` (its kName, as --algo takes it).
consteval BlockAlgorithm kernel_id(std::string_view name) {
    const int index = catalogue_lookup::index_named(BlockKernels{}, name);
    if (index < 0)
        catalogue_lookup::not_in_the_catalogue();
    return BlockAlgorithm{static_cast<std::uint8_t>(index)};
}

// The phase a catalogued kernel (block or grid) lists under `name`, as trace files name it.
consteval Phase phase_id(std::string_view name) {
    catalogue_lookup::FoundPhase found = catalogue_lookup::phase_in_list(BlockKernels{}, name);
    if (!found.found)
        found = catalogue_lookup::phase_in_list(GridKernels{}, name);
    if (!found.found)
        catalogue_lookup::not_in_the_catalogue();
    return found.phase;
}

// The source file of the kernel the catalogue names `kernel_name`.
consteval KernelFile kernel_file_id(std::string_view kernel_name) {
    return catalogue_lookup::file_at(BlockKernels{}, static_cast<int>(kernel_id(kernel_name)));
}

} // namespace prefixlab
