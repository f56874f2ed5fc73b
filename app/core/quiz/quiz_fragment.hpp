// A quiz fragment: the lines of a kernel's own source between `// <quiz:NAME>` and `// </quiz:NAME>` (the
// markers are trailing comments, so that marking a loop moves none of the lines its step tags record),
// indented as a slide shows them and without the markers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace prefixlab {

struct QuizFragment {
    std::vector<std::string> lines; // the fragment, its common indentation removed, markers cut off
    int first_line = 0;             // its first line's number in the file (1-based); 0 when not found
};

// The fragment NAME of `source` (a file's text); empty with first_line 0 when it has no such markers, or
// they are out of order.
QuizFragment quiz_fragment_of(std::string_view source, std::string_view name);

// The fragment NAME of the embedded kernel source at `path` (core/source/kernel_source.hpp).
QuizFragment quiz_fragment(std::string_view path, std::string_view name);

// A line of the kernel's file that a verdict cites and its fragment does not hold ("lane 0 waits at the
// barrier on line 78", the barrier after the fragment): the quiz screen shows it under the fragment, so
// every line a verdict cites is on the screen.
struct CitedLine {
    std::string file; // the file's name where it is not the fragment's ("line 78 of warp_shuffle_scan.cuh")
    int number = 0;
    std::string text; // without its indentation
};
// The lines ("line N", or "line N of FILE" for another embedded file) that `verdict` cites outside
// `fragment` of the embedded file `path`, the fragment's file first, each in line order.
std::vector<CitedLine> cited_lines_outside(std::string_view path, const QuizFragment& fragment,
                                           std::string_view verdict);

// A fragment's line as the lecture writes it in CUDA: the execution context's calls as the intrinsics they
// stand for on the GPU (kernels/gpu/cuda_context.cuh), the tracing bookkeeping left out:
//   ctx.sync(step_tag(…))            -> __syncthreads()
//   ctx.shfl_up(x, d, mask, tag)     -> __shfl_up_sync(mask, x, d)   (shfl_down, shfl_xor alike)
//   ctx.thread_index(), block_threads(), block_index() -> threadIdx.x, blockDim.x, blockIdx.x
//   PL_BODY, PL_HOST_DEVICE          -> __device__, __host__ __device__
//   ctx.template shared<T>(…)        -> shared<T>(…)   (the block's arrays, as device helpers)
//   Op::apply(a, b)                  -> a + b      (the quizzes sum; Op::identity() -> 0)
//   io.n                             -> n
//   static_cast<std::uint32_t>(d)    -> d
//   ", ++iteration" / ", ++round" in a loop header, "const V " / "V " declarations -> "T "
std::string as_cuda(std::string_view line);

// Whether a line is only the trace's bookkeeping, which a CUDA kernel does not have: `ctx.begin(…)` (a step
// opened without a barrier) and `… = ctx.watch_register(x)`. The source panel's CUDA form leaves them out.
bool is_tracing_line(std::string_view line);

// Whether a fragment line is only a comment (the quiz screen hides those until the reveal: the wrong
// fragments' comments say what is wrong).
bool is_comment_line(std::string_view line);

} // namespace prefixlab
