// The instrumented buffer: a view of one shared-memory buffer (or of the global input or output)
// through which a kernel body does all its reads and writes. In an untraced context operator[] is a
// plain reference (no cost: the compiler sees an ordinary array). In a traced context it returns a
// proxy that reports every access to the context, exactly as the source reads: `s[i] = op(t, s[i])`
// is a read of s[i] and then a write, `s[a] = s[b]` a read of s[b] and a write of s[a]. Reads give
// Traced values carrying the read's reference; writes record the sources of the value written.
#pragma once

#include "kernels/common/host_device.hpp"
#include "kernels/common/shared_layout.hpp"
#include "kernels/common/trace_records.hpp"
#include "kernels/common/traced_value.hpp"
#include "kernels/common/value_bits.hpp"

#include <cstdint>

namespace prefixlab {

template <class T, class Ctx>
class InstrumentedArray {
public:
    // `base` points at logical element 0; a padded layout spreads elements with padded_index().
    PL_HOST_DEVICE InstrumentedArray(T* base, SharedBufferDesc desc, Ctx* ctx) : base_(base), desc_(desc), ctx_(ctx) {}

    // A proxy for one element of a traced buffer. Take values out with `V v = s[i];` (V is the
    // context's value type), never `auto v = s[i];`, which would keep the proxy and read later.
    class Element {
    public:
        PL_HOST_DEVICE Element(const InstrumentedArray& array, std::uint32_t index) : array_(array), index_(index) {}

        PL_HOST_DEVICE Traced<T> read() const {
            const std::uint32_t word = array_.word_of(index_);
            if (!array_.ctx_->check_index(array_.desc_, word))
                return Traced<T>();
            const T value = array_.base_[word];
            const std::uint32_t none[2] = {kNoSource, kNoSource};
            const std::uint32_t ref =
                array_.ctx_->on_access(array_.desc_, word, AccessKind::read, to_bits(value), none);
            return Traced<T>(value, ref);
        }

        PL_HOST_DEVICE operator Traced<T>() const { return read(); }
        PL_HOST_DEVICE operator T() const { return read().value; }

        PL_HOST_DEVICE Element& operator=(const Traced<T>& value) {
            const std::uint32_t word = array_.word_of(index_);
            if (!array_.ctx_->check_index(array_.desc_, word))
                return *this;
            array_.base_[word] = value.value;
            array_.ctx_->on_access(array_.desc_, word, AccessKind::write, to_bits(value.value), value.sources);
            return *this;
        }
        PL_HOST_DEVICE Element& operator=(T value) { return *this = Traced<T>(value); }
        PL_HOST_DEVICE Element& operator=(const Element& other) { return *this = other.read(); }

    private:
        const InstrumentedArray& array_;
        std::uint32_t index_;
    };

    PL_HOST_DEVICE decltype(auto) operator[](std::uint32_t index) const {
        if constexpr (Ctx::traced)
            return Element(*this, index);
        else
            return static_cast<T&>(base_[word_of(index)]);
    }

    // atomicAdd(&array[index], value) on a 32-bit word (shared memory, or a histogram's global bins): the old
    // value. Traced, the context records its read and its write with no other lane's access between them.
    PL_HOST_DEVICE T atomic_add(std::uint32_t index, T value) const { return atomic_add_flagged(index, value, 0); }
    // The same where the thread does not use the old value: recorded so (kAccessResultUnused), since the hardware
    // serialises it differently (trace_records.hpp). Untraced, the dropped result lets the compiler say so too.
    PL_HOST_DEVICE void atomic_add_unused(std::uint32_t index, T value) const {
        (void)atomic_add_flagged(index, value, kAccessResultUnused);
    }

    PL_HOST_DEVICE const SharedBufferDesc& desc() const { return desc_; }
    // The context the array reports to: a body that stores into a second array beside this one (a
    // tile's total beside its output, kernels/common/scan_io.hpp) reaches it through the same context.
    PL_HOST_DEVICE Ctx& context() const { return *ctx_; }

private:
    PL_HOST_DEVICE std::uint32_t word_of(std::uint32_t index) const { return padded_index(desc_, index); }

    PL_HOST_DEVICE T atomic_add_flagged(std::uint32_t index, T value, std::uint8_t flags) const {
        static_assert(sizeof(T) == sizeof(std::uint32_t), "a 32-bit word");
        const std::uint32_t word = word_of(index);
        if constexpr (Ctx::traced) {
            if (!ctx_->check_index(desc_, word))
                return T{};
            return ctx_->atomic_add_shared(desc_, word, base_ + word, value, flags);
        } else {
#if defined(__CUDA_ARCH__)
            return atomicAdd(base_ + word, value);
#else
            (void)value, (void)flags; // an untraced context runs on the GPU only
            return T{};
#endif
        }
    }

    T* base_;
    SharedBufferDesc desc_;
    Ctx* ctx_;
};

} // namespace prefixlab
