#include "core/ground/keep_names.hpp"

#include "kernels/block_dispatch.hpp"

#include <charconv>
#include <cmath>

namespace prefixlab {

namespace {

struct RuleText {
    KeepRule rule;
    std::string_view name;
    std::string_view condition; // with a bound: the operator before it
};

constexpr RuleText kRules[] = {
    {KeepRule::nonzero, "nonzero", "x ≠ 0"},
    {KeepRule::odd, "odd", "x is odd"},
    {KeepRule::even, "even", "x is even"},
    {KeepRule::less_than, "less-than", "x < "},
    {KeepRule::greater_than, "greater-than", "x > "},
};

const RuleText& text_of(KeepRule rule) {
    for (const RuleText& r : kRules)
        if (r.rule == rule)
            return r;
    return kRules[1];
}

// The shortest decimal that reads back as the same double: 5, -2.5, 0.1.
std::string bound_text(double bound) {
    char text[40];
    const char* end = std::to_chars(text, text + sizeof text, bound).ptr;
    return std::string(text, static_cast<std::size_t>(end - text));
}

} // namespace

bool kept_bits(ElementType type, const KeepPredicate& keep, std::uint32_t bits) {
    return dispatch_value_type(type, [&]<class T>() { return kept_element(from_bits<T>(bits), keep); });
}

std::string_view rule_name(KeepRule rule) {
    return text_of(rule).name;
}

std::string name_of(const KeepPredicate& keep) {
    const std::string name(text_of(keep.rule).name);
    return has_bound(keep.rule) ? name + ":" + bound_text(keep.bound) : name;
}

std::string condition_of(const KeepPredicate& keep) {
    const std::string condition(text_of(keep.rule).condition);
    return has_bound(keep.rule) ? condition + bound_text(keep.bound) : condition;
}

std::optional<KeepPredicate> parse_keep_predicate(std::string_view text, std::string& problem) {
    const std::size_t colon = text.find(':');
    const std::string_view name = text.substr(0, colon);
    for (const RuleText& r : kRules) {
        if (r.name != name)
            continue;
        if (!has_bound(r.rule)) {
            if (colon != std::string_view::npos) {
                problem = "'" + std::string(name) + "' takes no bound";
                return std::nullopt;
            }
            return KeepPredicate{r.rule, 0};
        }
        if (colon == std::string_view::npos || colon + 1 == text.size()) {
            problem = "'" + std::string(name) + "' needs a bound: " + std::string(name) + ":K";
            return std::nullopt;
        }
        const std::string_view k = text.substr(colon + 1);
        double bound = 0;
        const auto [end, error] = std::from_chars(k.data(), k.data() + k.size(), bound);
        if (error != std::errc{} || end != k.data() + k.size() || !std::isfinite(bound)) {
            problem = "the bound '" + std::string(k) + "' is not a finite number";
            return std::nullopt;
        }
        return KeepPredicate{r.rule, bound};
    }
    problem = "unknown predicate (expected nonzero, odd, even, less-than:K or greater-than:K)";
    return std::nullopt;
}

const std::vector<std::string>& keep_predicate_forms() {
    static const std::vector<std::string> forms = {"nonzero", "odd", "even", "less-than:K", "greater-than:K"};
    return forms;
}

const std::vector<KeepRule>& all_keep_rules() {
    static const std::vector<KeepRule> rules = [] {
        std::vector<KeepRule> all;
        for (const RuleText& r : kRules)
            all.push_back(r.rule);
        return all;
    }();
    return rules;
}

} // namespace prefixlab
