// Whether the tests run under AddressSanitizer (the CI's sanitizer job): the slowest emulator runs
// (N = 2^20 grids) are left to the release build there, with a message.
#pragma once

namespace prefixlab::test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kUnderAddressSanitizer = true;
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif

} // namespace prefixlab::test
