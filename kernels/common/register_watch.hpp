// The lifetime of a watched register, made part of the API. A shuffle kernel names the register
// whose per-thread value is snapshotted at every step's end; the snapshot is taken at the next
// sync point, which may come after the variable's scope has ended: the warp-shuffle scan watched a
// total declared inside `if (warp == 0) { … }` and the barrier after that block read the dead
// variable (a stack use after scope under AddressSanitizer, issue 9), and every kernel's last
// snapshot is taken at the kernel's end, after the body has returned.
//
// So watching returns a guard. When the guard is destroyed (at the end of the variable's scope, since
// the guard is declared after it), the context keeps the register's last value and provenance in its
// own storage and snapshots that copy until another register is watched. A snapshot therefore never
// reads a variable that has left its scope, on the GPU or in the emulator, whatever the kernel does.
// Discarding the guard is a compile error ([[nodiscard]] with -Werror=unused-result): the register
// would stop being watched at once.
#pragma once

#include "kernels/common/host_device.hpp"

namespace prefixlab {

template <class Ctx>
class [[nodiscard]] RegisterWatch {
public:
    PL_HOST_DEVICE RegisterWatch(Ctx* ctx, const void* value) : ctx_(ctx), value_(value) {}
    PL_HOST_DEVICE ~RegisterWatch() {
        if constexpr (Ctx::traced)
            ctx_->release_register(value_);
    }
    RegisterWatch(const RegisterWatch&) = delete;
    RegisterWatch& operator=(const RegisterWatch&) = delete;

private:
    Ctx* ctx_;
    const void* value_;
};

} // namespace prefixlab
