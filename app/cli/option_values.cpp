#include "cli/option_values.hpp"

#include "core/util/atomic_file.hpp"
#include "core/util/parse_number.hpp"

#include <CLI/CLI.hpp>

namespace prefixlab {

namespace {

// Runs `parse` on the option's text when the command line is parsed; a NumberError becomes the
// ValidationError that CLI11 reports, already worded in full (the option's name and the value).
template <class Parse>
CLI::Option* add_parsed_option(CLI::App& command, const std::string& name, Parse parse,
                               const std::string& type, const std::string& description) {
    return command
        .add_option_function<std::string>(
            name,
            [name, parse](const std::string& text) {
                try {
                    parse(text);
                } catch (const NumberError& e) {
                    throw CLI::ValidationError(value_problem(name, text, e.what()));
                }
            },
            description)
        ->type_name(type);
}

} // namespace

CLI::Option* add_whole_number_option(CLI::App& command, const std::string& name, int& target, int min,
                                     int max, const std::string& description) {
    const auto parse = [&target, min, max](const std::string& text) {
        target = static_cast<int>(
            parse_whole_number(text, static_cast<std::uint64_t>(min), static_cast<std::uint64_t>(max)));
    };
    return add_parsed_option(command, name, parse, "INT", description)->default_str(std::to_string(target));
}

CLI::Option* add_whole_number_option(CLI::App& command, const std::string& name, std::uint64_t& target,
                                     std::uint64_t min, std::uint64_t max, const std::string& description) {
    const auto parse = [&target, min, max](const std::string& text) {
        target = parse_whole_number(text, min, max);
    };
    return add_parsed_option(command, name, parse, "INT", description)->default_str(std::to_string(target));
}

CLI::Option* add_decimal_option(CLI::App& command, const std::string& name, float& target, float min,
                                float max, const std::string& description) {
    const auto parse = [&target, min, max](const std::string& text) {
        target = static_cast<float>(parse_decimal_number(text, min, max));
    };
    return add_parsed_option(command, name, parse, "FLOAT", description);
}

CLI::Option* add_path_option(CLI::App& command, const std::string& name, std::string& target, PathKind kind,
                             const std::string& description) {
    return command
        .add_option_function<std::string>(
            name,
            [name, &target](const std::string& text) {
                if (text.empty())
                    throw CLI::ValidationError(value_problem(name, text, kEmptyPathProblem));
                target = text;
            },
            description)
        ->type_name(kind == PathKind::file ? "FILE" : "DIR");
}

} // namespace prefixlab
