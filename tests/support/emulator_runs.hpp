// A hand-written body run by every thread of an emulated block: the emulator's own tests use it to
// show what the emulator says of a kernel's mistake.
#pragma once

#include "core/emulator/emulated_block.hpp"
#include "core/emulator/emulator_context.hpp"

#include <cstdint>
#include <functional>
#include <string>

namespace prefixlab::test {

// Runs `body` on every thread of `block`; the emulator's error message, or "" when the block finished.
inline std::string run_and_catch(EmulatedBlock& block, const std::function<void(EmulatorContext&)>& body) {
    try {
        block.run([&](std::uint32_t thread) {
            EmulatorContext ctx(block, thread);
            body(ctx);
            ctx.finish();
        });
    } catch (const EmulationError& e) {
        return e.what();
    }
    return "";
}

} // namespace prefixlab::test
