#include "core/quiz/quiz_fragment.hpp"

#include "core/source/kernel_source.hpp"
#include "core/util/text_lines.hpp"

#include <algorithm>
#include <cctype>
#include <tuple>
#include <utility>

namespace prefixlab {

namespace {

// The line without a trailing marker comment and trailing blanks.
std::string without_marker(std::string_view line, std::string_view marker) {
    const std::size_t at = line.find(marker);
    std::string_view kept = at == std::string_view::npos ? line : line.substr(0, at);
    if (at != std::string_view::npos) {
        const std::size_t comment = kept.rfind("//");
        if (comment != std::string_view::npos &&
            kept.find_first_not_of(" \t", comment + 2) == std::string_view::npos)
            kept = kept.substr(0, comment);
    }
    while (!kept.empty() && (kept.back() == ' ' || kept.back() == '\t' || kept.back() == '\r'))
        kept.remove_suffix(1);
    return std::string(kept);
}

// The arguments of the call whose '(' is at `open`, split at top-level commas; `close` gets the ')'.
std::vector<std::string> call_arguments(std::string_view text, std::size_t open, std::size_t& close) {
    std::vector<std::string> arguments;
    int depth = 0;
    std::size_t from = open + 1;
    for (std::size_t k = open; k < text.size(); ++k) {
        const char c = text[k];
        if (c == '(')
            ++depth;
        else if (c == ')')
            --depth;
        if (depth == 1 && c == ',') {
            arguments.emplace_back(text.substr(from, k - from));
            from = k + 1;
        }
        if (depth == 0) {
            arguments.emplace_back(text.substr(from, k - from));
            close = k;
            return arguments;
        }
    }
    close = std::string_view::npos;
    return {};
}

std::string trimmed(std::string_view text) {
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    return std::string(text);
}

// Replaces every call `name(…)` in `line` by rewrite(arguments); a call it cannot parse stays.
template <class Rewrite>
std::string rewrite_calls(std::string line, std::string_view name, Rewrite rewrite) {
    std::size_t at = 0;
    while ((at = line.find(name, at)) != std::string::npos) {
        const std::size_t open = at + name.size();
        if (open >= line.size() || line[open] != '(') {
            at = open;
            continue;
        }
        std::size_t close = 0;
        const std::vector<std::string> arguments = call_arguments(line, open, close);
        if (close == std::string_view::npos) {
            at = open;
            continue;
        }
        std::vector<std::string> parts;
        for (const std::string& argument : arguments)
            parts.push_back(trimmed(argument));
        const std::string replacement = rewrite(parts);
        if (replacement.empty()) {
            at = open;
            continue;
        }
        line.replace(at, close + 1 - at, replacement);
        at += replacement.size();
    }
    return line;
}

void replace_all(std::string& text, std::string_view from, std::string_view to) {
    for (std::size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
        text.replace(at, from.size(), to);
}

} // namespace

std::string as_cuda(std::string_view source_line) {
    std::string line(source_line);
    line = rewrite_calls(line, "ctx.sync",
                         [](const std::vector<std::string>&) { return std::string("__syncthreads()"); });
    line = rewrite_calls(line, "ctx.shfl_up", [](const std::vector<std::string>& a) {
        return a.size() == 4 ? "__shfl_up_sync(" + a[2] + ", " + a[0] + ", " + a[1] + ")" : std::string();
    });
    for (const auto& [call, intrinsic] : {std::pair{"ctx.shfl_down", "__shfl_down_sync"},
                                          std::pair{"ctx.shfl_xor", "__shfl_xor_sync"}})
        line = rewrite_calls(line, call, [intrinsic](const std::vector<std::string>& a) {
            return a.size() == 4 ? std::string(intrinsic) + "(" + a[2] + ", " + a[0] + ", " + a[1] + ")"
                                 : std::string();
        });
    replace_all(line, "ctx.thread_index()", "threadIdx.x");
    replace_all(line, "ctx.template ", ""); // shared<T>(…), global<T>(…): the block's arrays, as device helpers
    replace_all(line, "ctx.block_threads()", "blockDim.x");
    replace_all(line, "ctx.block_index()", "blockIdx.x");
    replace_all(line, "PL_HOST_DEVICE ", "__host__ __device__ ");
    replace_all(line, "PL_BODY ", "__device__ ");
    line = rewrite_calls(line, "Op::apply", [](const std::vector<std::string>& a) {
        return a.size() == 2 ? a[0] + " + " + a[1] : std::string();
    });
    line = rewrite_calls(line, "static_cast<std::uint32_t>", [](const std::vector<std::string>& a) {
        return a.size() == 1 ? a[0] : std::string();
    });
    replace_all(line, "Op::identity()", "0");
    replace_all(line, "io.n", "n");
    replace_all(line, ", ++iteration)", ")");
    replace_all(line, ", ++round)", ")");
    replace_all(line, "const V ", "T ");
    if (line.find_first_not_of(' ') != std::string::npos &&
        line.substr(line.find_first_not_of(' ')).starts_with("V "))
        line.replace(line.find_first_not_of(' '), 2, "T ");
    return line;
}

bool is_tracing_line(std::string_view line) {
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return false;
    const std::string_view text = line.substr(first);
    return text.starts_with("ctx.begin(") || text.find("= ctx.watch_register(") != std::string_view::npos;
}

bool is_comment_line(std::string_view line) {
    const std::size_t first = line.find_first_not_of(" \t");
    return first != std::string_view::npos && line.substr(first).starts_with("//");
}

QuizFragment quiz_fragment_of(std::string_view source, std::string_view name) {
    const std::string open = "// <quiz:" + std::string(name) + ">";
    const std::string close = "// </quiz:" + std::string(name) + ">";
    const std::vector<std::string_view> lines = split_lines(source);
    std::size_t first = lines.size(), last = lines.size();
    for (std::size_t k = 0; k < lines.size(); ++k) {
        if (first == lines.size() && lines[k].find(open) != std::string_view::npos)
            first = k;
        if (first != lines.size() && lines[k].find(close) != std::string_view::npos) {
            last = k;
            break;
        }
    }
    QuizFragment fragment;
    if (first == lines.size() || last == lines.size())
        return fragment;
    std::size_t indent = std::string::npos;
    for (std::size_t k = first; k <= last; ++k) {
        std::string line = without_marker(lines[k], k == first ? open : close);
        const std::size_t text = line.find_first_not_of(' ');
        if (text != std::string::npos)
            indent = std::min(indent, text);
        fragment.lines.push_back(std::move(line));
    }
    for (std::string& line : fragment.lines)
        line.erase(0, std::min(indent, line.size()));
    fragment.first_line = static_cast<int>(first) + 1;
    return fragment;
}

QuizFragment quiz_fragment(std::string_view path, std::string_view name) {
    return quiz_fragment_of(kernel_source_text(path), name);
}

} // namespace prefixlab

namespace prefixlab {

std::vector<CitedLine> cited_lines_outside(std::string_view path, const QuizFragment& fragment,
                                           std::string_view verdict) {
    std::vector<CitedLine> cited;
    constexpr std::string_view kLine = "line ", kOf = " of ";
    for (std::size_t at = verdict.find(kLine); at != std::string_view::npos;
         at = verdict.find(kLine, at + 1)) {
        std::size_t end = at + kLine.size();
        int number = 0;
        while (end < verdict.size() && verdict[end] >= '0' && verdict[end] <= '9' && number < 1000000)
            number = number * 10 + (verdict[end++] - '0');
        // "line 78 of warp_shuffle_scan.cuh": another embedded file, found by its name.
        std::string file;
        std::string_view file_path = path;
        if (verdict.substr(end, kOf.size()) == kOf) {
            const std::size_t name = end + kOf.size();
            std::size_t stop = name;
            while (stop < verdict.size() && (std::isalnum(static_cast<unsigned char>(verdict[stop])) ||
                                             verdict[stop] == '_' || verdict[stop] == '.'))
                ++stop;
            if (stop > name && verdict[stop - 1] == '.')
                --stop; // the sentence's full stop
            file = std::string(verdict.substr(name, stop - name));
            file_path = {};
            for (const std::string_view candidate : embedded_kernel_source_paths())
                if (candidate.size() > file.size() && candidate.ends_with("/" + file))
                    file_path = candidate;
        }
        const bool inside = file.empty() && number >= fragment.first_line &&
                            number < fragment.first_line + static_cast<int>(fragment.lines.size());
        const bool known = std::any_of(cited.begin(), cited.end(), [&](const CitedLine& c) {
            return c.number == number && c.file == file;
        });
        const std::vector<std::string_view> lines = split_lines(kernel_source_text(file_path));
        if (number <= 0 || number > static_cast<int>(lines.size()) || inside || known)
            continue;
        const std::string_view text = lines[static_cast<std::size_t>(number - 1)];
        cited.push_back(
            {file, number, std::string(text.substr(std::min(text.find_first_not_of(' '), text.size())))});
    }
    std::sort(cited.begin(), cited.end(), [](const CitedLine& a, const CitedLine& b) {
        return std::tie(a.file, a.number) < std::tie(b.file, b.number);
    });
    return cited;
}

} // namespace prefixlab
