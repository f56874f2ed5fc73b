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

// A fragment's line as the lecture writes it in CUDA: the execution context's calls as the intrinsics they
// stand for on the GPU (kernels/gpu/cuda_context.cuh), the tracing bookkeeping left out:
//   ctx.sync(step_tag(…))            -> __syncthreads()
//   ctx.shfl_up(x, d, mask, tag)     -> __shfl_up_sync(mask, x, d)
//   Op::apply(a, b)                  -> a + b      (the quizzes sum; Op::identity() -> 0)
//   io.n                             -> n
//   static_cast<std::uint32_t>(d)    -> d
//   ", ++iteration" / ", ++round" in a loop header, "const V " / "V " declarations -> "T "
std::string as_cuda(std::string_view line);

// Whether a fragment line is only a comment (the quiz screen hides those until the reveal: the wrong
// fragments' comments say what is wrong).
bool is_comment_line(std::string_view line);

} // namespace prefixlab
