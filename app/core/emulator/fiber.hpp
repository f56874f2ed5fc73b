// Cooperative fibers for the CPU emulator: one per emulated CUDA thread. On x86-64 a fiber switch is
// a few instructions (save the callee-saved registers and the stack pointer, load the other fiber's);
// elsewhere POSIX ucontext is used, which is portable but makes a system call per switch (about
// 0.5 µs), too slow for the emulator's lockstep schedule. Neither needs Boost, so the emulator builds
// on the GPU test machine, which has only a compiler and CUDA.
//
// Stacks come from a per-OS-thread pool of mmap'ed regions with a guard page each, so a deep kernel
// body faults cleanly instead of corrupting its neighbour, and repeated runs reuse them.
//
// Under AddressSanitizer (PREFIXLAB_SANITIZE=ON, docs/fuzzing.md) every switch is announced to it, so
// that it checks each fiber's frames against that fiber's stack rather than the OS thread's.
#pragma once

#if !defined(__x86_64__)
#include <ucontext.h>
#endif

#include <cstddef>
#include <memory>
#include <vector>

namespace prefixlab {

class FiberStack {
public:
    explicit FiberStack(std::size_t usable_bytes);
    ~FiberStack();
    FiberStack(const FiberStack&) = delete;
    FiberStack& operator=(const FiberStack&) = delete;

    void* base() const { return usable_; }
    std::size_t size() const { return usable_size_; }

private:
    void* mapping_ = nullptr;
    std::size_t mapping_size_ = 0;
    void* usable_ = nullptr;
    std::size_t usable_size_ = 0;
};

// A fiber runs `entry(arg)` on its own stack. resume() switches into it from the scheduler; the
// fiber hands control back with suspend(). `entry` must not return until it has marked itself done;
// after it returns, the fiber suspends for good.
class Fiber {
public:
    using Entry = void (*)(void*);

    Fiber(FiberStack& stack, Entry entry, void* arg);
    Fiber(const Fiber&) = delete;
    Fiber& operator=(const Fiber&) = delete;

    void resume();
    void suspend();

private:
    static void run(void* self);
    // Back to the scheduler; `fake_stack_save` is nullptr when the fiber leaves for good.
    void switch_out(void** fake_stack_save);

    Entry entry_;
    void* arg_;
    // For AddressSanitizer's switch annotations (unused without it): each side's stack, and the
    // fake stacks it keeps for frames that a switch leaves behind.
    void* stack_base_ = nullptr;
    std::size_t stack_size_ = 0;
    const void* scheduler_stack_base_ = nullptr;
    std::size_t scheduler_stack_size_ = 0;
    void* scheduler_fake_stack_ = nullptr;
    void* fiber_fake_stack_ = nullptr;
#if defined(__x86_64__)
    void* scheduler_sp_ = nullptr;
    void* fiber_sp_ = nullptr;
#else
    static void trampoline(unsigned int high, unsigned int low);
    ucontext_t scheduler_context_{};
    ucontext_t fiber_context_{};
#endif
};

// The most fiber stacks one OS thread keeps. Each stack is two memory mappings (its guard page splits
// it) and Linux allows a process 65,530 (vm.max_map_count): `grid-trace --resident 4096` once asked for
// 135,168 stacks and failed with "cannot protect a fiber stack". 20,480 stacks are 40,960 mappings,
// which leaves a third of the limit to the process (the GUI's libraries and GL driver take about a
// thousand), and 2.6 GiB of address space of which a run touches a few pages a stack. It is enough
// for what the GUI offers at most: 64 resident blocks of 256 threads (16,448).
inline constexpr std::size_t kMaxFiberStacks = 20480;

// Stacks for up to `count` fibers, kept for the life of the OS thread. Throws std::length_error when
// `count` is more than kMaxFiberStacks (the emulator checks its requests against it first).
std::vector<std::unique_ptr<FiberStack>>& fiber_stacks(std::size_t count);

} // namespace prefixlab
