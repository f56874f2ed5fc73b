// The one place where PrefixLab's enumerations get their names: command-line values, trace-file
// strings and GUI labels all come from here, and parsing is the exact inverse. Algorithm and phase
// names and kernel source paths are read from the kernel catalogue (kernels/kernel_catalog.hpp).
#pragma once

#include "core/ground/kernel_info.hpp"
#include "kernels/common/kernel_kind.hpp"
#include "kernels/common/scan_types.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/step_tag.hpp"
#include "kernels/grid/grid_driver.hpp"
#include "kernels/grid/grid_scan_io.hpp"
#include "kernels/grid/grid_scan_request.hpp" // GridSortForm
#include "kernels/grid/reduce_finish.hpp"
#include "kernels/grid/tile_scan_bodies.hpp"

#include <optional>
#include <string_view>
#include <vector>

namespace prefixlab {

// How a block's input is made: generated (input_generator.hpp), or a list of values the user gives
// (input_values.hpp; one block's kernels only).
enum class InputKind : std::uint8_t { ones, iota, random, values };

std::string_view name_of(BlockAlgorithm algorithm);
std::string_view name_of(ElementType type);
std::string_view name_of(ScanOperator op);
std::string_view name_of(InputKind kind);
std::string_view name_of(Phase phase);
std::string_view name_of(StepOpening opening);
std::string_view name_of(BufferId buffer);
std::string_view name_of(WarpOrder order); // "in-order", "reversed", "interleaved"
std::string_view name_of(GridDriver driver); // "scan-then-propagate", …, "decoupled-look-back"
std::string_view name_of(ReduceFinish finish); // "recursive", "atomic", "cpu"
std::string_view name_of(TileScanBody body); // "warp-shuffle", "blelloch", "registers"
std::string_view name_of(TileOrder order);
std::string_view name_of(GridSortForm form); // "none", "textbook", "onesweep" (a grid trace of a sort)   // "counter", "block" (a tile index from the counter or blockIdx)
std::string_view name_of(KernelFamily family); // "scan", "reduction", "compaction", "quiz-variant"
std::string_view name_of(KernelKind kind);     // "block-scan", …, "multi-block-driver"
std::string_view name_of(KernelLevel level);   // "block", "grid"
std::string_view name_of(QuizRole role);       // "none", "wrong", "correct"

// Repository path of a kernel source file, e.g. "kernels/block/scan.cuh"; "?" for none the catalogue has.
std::string_view kernel_file_path(KernelFile file);
std::optional<KernelFile> parse_kernel_file_path(std::string_view path);

// The emulator's order as a reader says it, for the status bar: "warps in order", "warps reversed",
// "lanes interleaved access by access".
std::string_view phrase_of(WarpOrder order);

// The operator as it is written in a formula: "+", "max", "min".
std::string_view symbol_of(ScanOperator op);

std::optional<BlockAlgorithm> parse_block_algorithm(std::string_view name);
std::optional<ElementType> parse_element_type(std::string_view name);
std::optional<ScanOperator> parse_scan_operator(std::string_view name);
std::optional<InputKind> parse_input_kind(std::string_view name);
std::optional<InputKind> parse_generated_input_kind(std::string_view name); // not "values"
std::optional<Phase> parse_phase(std::string_view name);
std::optional<StepOpening> parse_step_opening(std::string_view name);
std::optional<BufferId> parse_buffer_id(std::string_view name);
std::optional<WarpOrder> parse_warp_order(std::string_view name);
std::optional<GridDriver> parse_grid_driver(std::string_view name);
std::optional<ReduceFinish> parse_reduce_finish(std::string_view name);
std::optional<TileScanBody> parse_tile_body(std::string_view name);
std::optional<TileOrder> parse_tile_order(std::string_view name);
std::optional<GridSortForm> parse_grid_sort_form(std::string_view name);

const std::vector<BlockAlgorithm>& all_block_algorithms();
const std::vector<ElementType>& all_element_types();
const std::vector<ScanOperator>& all_scan_operators();
const std::vector<InputKind>& all_input_kinds();
const std::vector<InputKind>& generated_input_kinds(); // all but values: the grids' inputs
const std::vector<WarpOrder>& all_warp_orders();
const std::vector<GridDriver>& all_grid_drivers();
const std::vector<ReduceFinish>& all_reduce_finishes();
const std::vector<TileScanBody>& all_tile_bodies();
const std::vector<TileOrder>& all_tile_orders();

} // namespace prefixlab
