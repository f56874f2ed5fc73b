// An enum's names as one table indexed by the enumerator, in place of a switch of one return per
// case: for our enums, numbered 0, 1, 2, … in declaration order, the table lists the names in that
// order. The enum's last enumerator, named at each look-up, makes a table that misses one (an
// enumerator added, its name not) fail to compile instead of reading past its end. And the listing of
// a few names that messages give ("one of in-order, reversed, interleaved").
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace prefixlab {

// names[value]; a value beyond `Last` (never one of ours: only a cast makes it) reads as `fallback`.
template <auto Last, class Name, std::size_t N>
constexpr Name name_in(const Name (&names)[N], decltype(Last) value, std::type_identity_t<Name> fallback) {
    static_assert(N == static_cast<std::size_t>(Last) + 1, "one name for each enumerator, in declaration order");
    const auto at = static_cast<std::size_t>(value);
    return at < N ? names[at] : fallback;
}

// The same, a value beyond `Last` reading as the last name.
template <auto Last, class Name, std::size_t N>
constexpr Name name_in(const Name (&names)[N], decltype(Last) value) {
    return name_in<Last>(names, value, names[N - 1]);
}

// The enumerator whose name in `names` is `name`, if one is.
template <auto Last, class Name, std::size_t N>
constexpr std::optional<decltype(Last)> enumerator_named(const Name (&names)[N], std::string_view name) {
    static_assert(N == static_cast<std::size_t>(Last) + 1, "one name for each enumerator, in declaration order");
    for (std::size_t at = 0; at < N; ++at)
        if (std::string_view(names[at]) == name)
            return static_cast<decltype(Last)>(at);
    return std::nullopt;
}

// "a, b, c": each value's name_of(), in the order given.
template <class Enum>
std::string names_of(const std::vector<Enum>& values) {
    std::string text;
    for (const Enum value : values)
        text += (text.empty() ? "" : ", ") + std::string(name_of(value));
    return text;
}

} // namespace prefixlab
