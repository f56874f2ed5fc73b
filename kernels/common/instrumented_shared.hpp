// The instrumented shared buffer: a view of one shared-memory buffer through which a kernel body does
// all its shared reads and writes. In an untraced context operator[] is a plain reference into shared
// memory (no cost: the compiler sees an ordinary array). In a traced context it returns a proxy that
// reports every access to the context, exactly as the source reads: `s[i] = op(t, s[i])` is a read of
// s[i] and then a write, and `s[a] = s[b]` a read of s[b] and a write of s[a].
#pragma once

#include "host_device.hpp"
#include "shared_layout.hpp"
#include "trace_records.hpp"
#include "value_bits.hpp"

#include <cstdint>

namespace prefixlab {

template <class T, class Ctx>
class SharedArray {
public:
    PL_HOST_DEVICE SharedArray(T* base, SharedBufferDesc desc, Ctx* ctx) : base_(base), desc_(desc), ctx_(ctx) {}

    // A proxy for one element of a traced buffer. Take values out with `T v = s[i];`, never
    // `auto v = s[i];`, which would keep the proxy and read later.
    class Element {
    public:
        PL_HOST_DEVICE Element(const SharedArray& array, std::uint32_t index) : array_(array), index_(index) {}

        PL_HOST_DEVICE operator T() const {
            if (!array_.ctx_->check_index(array_.desc_, index_))
                return T{};
            const T value = array_.base_[index_];
            array_.ctx_->on_access(array_.desc_, index_, AccessKind::read, to_bits(value));
            return value;
        }

        PL_HOST_DEVICE Element& operator=(T value) {
            if (!array_.ctx_->check_index(array_.desc_, index_))
                return *this;
            array_.base_[index_] = value;
            array_.ctx_->on_access(array_.desc_, index_, AccessKind::write, to_bits(value));
            return *this;
        }

        PL_HOST_DEVICE Element& operator=(const Element& other) { return *this = static_cast<T>(other); }

    private:
        const SharedArray& array_;
        std::uint32_t index_;
    };

    PL_HOST_DEVICE decltype(auto) operator[](std::uint32_t index) const {
        if constexpr (Ctx::traced)
            return Element(*this, index);
        else
            return static_cast<T&>(base_[index]);
    }

    PL_HOST_DEVICE const SharedBufferDesc& desc() const { return desc_; }

private:
    T* base_;
    SharedBufferDesc desc_;
    Ctx* ctx_;
};

} // namespace prefixlab
