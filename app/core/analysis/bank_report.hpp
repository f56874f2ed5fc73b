// The memory statistics of a trace as JSON (`prefixlab trace --stats`): warp-wide shared loads and
// stores and their conflicts (extra wavefronts), the shared atomics and theirs, and the global loads' and stores' requests and 32-byte
// sectors (coalescing.hpp), per step and in total, with the Nsight Compute metrics that measure the
// same on the hardware.
#pragma once

#include "core/analysis/bank_conflicts.hpp"
#include "core/analysis/coalescing.hpp"

#include <string>

namespace prefixlab {

// The Nsight Compute expressions our totals equal, for users who check them.
inline constexpr const char* kNcuLoadInstructions = "smsp__sass_inst_executed_op_shared_ld.sum";
inline constexpr const char* kNcuStoreInstructions = "smsp__sass_inst_executed_op_shared_st.sum";
inline constexpr const char* kNcuLoadWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
inline constexpr const char* kNcuStoreWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum";
// Shared atomics (bucket-by-atomics' atomicAdd) are neither: instructions and wavefronts of their own (op_atom).
inline constexpr const char* kNcuAtomicInstructions = "smsp__sass_inst_executed_op_shared_atom.sum";
inline constexpr const char* kNcuAtomicWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum";
inline constexpr const char* kNcuGlobalLoadRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
inline constexpr const char* kNcuGlobalLoadSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
inline constexpr const char* kNcuGlobalStoreRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum";
inline constexpr const char* kNcuGlobalStoreSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum";
inline constexpr const char* kNcuGlobalReductionRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_red.sum";
inline constexpr const char* kNcuGlobalReductionSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum";
inline constexpr const char* kNcuGlobalAtomicRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum";
inline constexpr const char* kNcuGlobalAtomicSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum";

std::string bank_report_json(const Trace& trace, const BankAnalysis& analysis, const CoalescingAnalysis& global);

} // namespace prefixlab
