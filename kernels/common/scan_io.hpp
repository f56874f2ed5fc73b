// The global-memory side of a single-block scan: where the body reads its input and writes its
// output. On the GPU these are device pointers; in the emulator, host pointers.
#pragma once

namespace prefixlab {

template <class T>
struct ScanIo {
    const T* input;
    T* output;
    int n;
    bool exclusive;
};

} // namespace prefixlab
