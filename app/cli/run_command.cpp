#include "cli/run_command.hpp"

#include "cli/command_line.hpp"
#include "core/capture/gpu_info.hpp"
#include "core/capture/gpu_run.hpp"
#include "core/entry/exit_status.hpp"
#include "core/ground/block_limits.hpp"
#include "core/ground/kernel_facts.hpp"
#include "core/ground/output_check.hpp"
#include "core/util/terminal_output.hpp"

#include <cstdio>

namespace prefixlab {

int run_run_command(const KernelOptions& options) {
    try {
        const ScanSetup r = scan_setup_from(options); // checked by validate_scan_setup
        if (has_divergent_sync(r.algorithm))
            throw BadInput(divergent_sync_refusal(r.algorithm));
        if (!gpu_info().available)
            throw BadInput("prefixlab run needs a CUDA GPU (" + gpu_info().reason + ")");
        const BlockRequest request = block_request(r);
        const std::vector<std::uint32_t> output = run_untraced_on_gpu(request);
        const OutputCheck check =
            check_kernel_output(kind_of(r.algorithm), r.type, r.op, r.exclusive, request.input, output, r.keep);
        printf_to_terminal(stdout, "ran %s (untraced) N=%d, %d threads on %s: %zu of %d elements wrong\n",
                           std::string(name_of(r.algorithm)).c_str(), r.n,
                           r.block_threads > 0 ? r.block_threads : block_min_threads(r.algorithm, r.n),
                           gpu_info().name.c_str(), check.wrong_count, r.n);
        const bool racy = is_racy(r.algorithm); // wrong results are its point
        return check.wrong_count == 0 || racy ? kExitOk : kExitFailure;
    } catch (const std::exception& e) {
        return report_exception(e);
    }
}

} // namespace prefixlab
