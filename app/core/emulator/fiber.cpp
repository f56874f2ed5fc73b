#include "core/emulator/fiber.hpp"

#include <cerrno>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <sys/mman.h>
#include <system_error>
#include <unistd.h>

// AddressSanitizer keeps one stack per OS thread; told nothing, it takes a fiber's frames for wild
// stack accesses, and the unwinding of an exception thrown on a fiber for a jump off the stack ("False
// positive error reports may follow"). GCC defines __SANITIZE_ADDRESS__, clang has __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define PREFIXLAB_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PREFIXLAB_ASAN 1
#endif
#endif
#if defined(PREFIXLAB_ASAN)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

#if defined(__x86_64__)
// prefixlab_switch_fiber(void** save_sp, void* load_sp): pushes the System V callee-saved registers,
// stores the stack pointer through save_sp, loads load_sp and pops the other fiber's registers; the
// `ret` continues wherever that fiber last called this function. prefixlab_fiber_start is where a new
// fiber's first switch "returns" to: r12 holds the Fiber, r13 the function to call with it.
asm(R"(
    .text
    .globl prefixlab_switch_fiber
    .hidden prefixlab_switch_fiber
    .type prefixlab_switch_fiber, @function
prefixlab_switch_fiber:
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .size prefixlab_switch_fiber, .-prefixlab_switch_fiber

    .globl prefixlab_fiber_start
    .hidden prefixlab_fiber_start
    .type prefixlab_fiber_start, @function
prefixlab_fiber_start:
    movq %r12, %rdi
    callq *%r13
    ud2
    .size prefixlab_fiber_start, .-prefixlab_fiber_start
)");

extern "C" void prefixlab_switch_fiber(void** save_sp, void* load_sp);
extern "C" void prefixlab_fiber_start();
#endif

namespace prefixlab {

namespace {

constexpr std::size_t kFiberStackBytes = 128 * 1024;

std::size_t page_size() {
    static const std::size_t size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    return size;
}

// Around every switch: start_switch before it, naming the stack about to run (and where to keep the
// leaving side's fake stack; nullptr when that side leaves for good), finish_switch after it, on the
// stack that runs again (learning, if asked, the stack it came from).
#if defined(PREFIXLAB_ASAN)
void start_switch(void** fake_stack_save, const void* stack_base, std::size_t stack_size) {
    __sanitizer_start_switch_fiber(fake_stack_save, stack_base, stack_size);
}
void finish_switch(void* fake_stack_save, const void** from_base, std::size_t* from_size) {
    __sanitizer_finish_switch_fiber(fake_stack_save, from_base, from_size);
}
// A stack is reused by fiber after fiber, and a fiber can be dropped mid-body (a detected error) or
// parked for good: its frames' redzones stay poisoned and would be taken for overflows of the next.
void unpoison(void* base, std::size_t size) {
    ASAN_UNPOISON_MEMORY_REGION(base, size);
}
#else
void start_switch(void**, const void*, std::size_t) {}
void finish_switch(void*, const void**, std::size_t*) {}
void unpoison(void*, std::size_t) {}
#endif

} // namespace

FiberStack::FiberStack(std::size_t usable_bytes) {
    const std::size_t page = page_size();
    usable_size_ = (usable_bytes + page - 1) / page * page;
    mapping_size_ = usable_size_ + page; // one guard page below the stack, which grows down
    mapping_ = mmap(nullptr, mapping_size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapping_ == MAP_FAILED)
        throw std::system_error(errno, std::generic_category(), "emulator: cannot map a fiber stack");
    if (mprotect(mapping_, page, PROT_NONE) != 0) {
        munmap(mapping_, mapping_size_);
        throw std::system_error(errno, std::generic_category(), "emulator: cannot protect a fiber stack");
    }
    usable_ = static_cast<char*>(mapping_) + page;
}

FiberStack::~FiberStack() {
    unpoison(usable_, usable_size_); // the next mapping here may be anything
    munmap(mapping_, mapping_size_);
}

void Fiber::run(void* self) {
    auto* fiber = static_cast<Fiber*>(self);
    finish_switch(nullptr, &fiber->scheduler_stack_base_, &fiber->scheduler_stack_size_);
    fiber->entry_(fiber->arg_);
    fiber->switch_out(nullptr); // finished: its fake stack can go
    for (;;)
        fiber->suspend(); // a finished fiber is never resumed; stay parked if it were
}

void Fiber::resume() {
    start_switch(&scheduler_fake_stack_, stack_base_, stack_size_);
#if defined(__x86_64__)
    prefixlab_switch_fiber(&scheduler_sp_, fiber_sp_);
#else
    swapcontext(&scheduler_context_, &fiber_context_);
#endif
    finish_switch(scheduler_fake_stack_, nullptr, nullptr);
}

void Fiber::suspend() {
    switch_out(&fiber_fake_stack_);
}

void Fiber::switch_out(void** fake_stack_save) {
    start_switch(fake_stack_save, scheduler_stack_base_, scheduler_stack_size_);
#if defined(__x86_64__)
    prefixlab_switch_fiber(&fiber_sp_, scheduler_sp_);
#else
    swapcontext(&fiber_context_, &scheduler_context_);
#endif
    finish_switch(fiber_fake_stack_, &scheduler_stack_base_, &scheduler_stack_size_);
}

#if defined(__x86_64__)

Fiber::Fiber(FiberStack& stack, Entry entry, void* arg)
    : entry_(entry), arg_(arg), stack_base_(stack.base()), stack_size_(stack.size()) {
    unpoison(stack_base_, stack_size_);
    // Initial frame popped by the first switch: r15, r14, r13 (= run), r12 (= this), rbx, rbp, and
    // the return address prefixlab_fiber_start. After that `ret` the stack pointer is 16-byte aligned,
    // as the ABI wants it before prefixlab_fiber_start's call.
    auto top = reinterpret_cast<std::uintptr_t>(stack.base()) + stack.size();
    top &= ~std::uintptr_t(15);
    auto* frame = reinterpret_cast<void**>(top - 16 - 7 * sizeof(void*));
    frame[0] = nullptr;                                              // r15
    frame[1] = nullptr;                                              // r14
    frame[2] = reinterpret_cast<void*>(&Fiber::run);                 // r13
    frame[3] = this;                                                 // r12
    frame[4] = nullptr;                                              // rbx
    frame[5] = nullptr;                                              // rbp
    frame[6] = reinterpret_cast<void*>(&prefixlab_fiber_start);      // return address
    fiber_sp_ = frame;
}

#else

Fiber::Fiber(FiberStack& stack, Entry entry, void* arg)
    : entry_(entry), arg_(arg), stack_base_(stack.base()), stack_size_(stack.size()) {
    unpoison(stack_base_, stack_size_);
    if (getcontext(&fiber_context_) != 0)
        throw std::runtime_error("emulator: getcontext failed");
    fiber_context_.uc_stack.ss_sp = stack.base();
    fiber_context_.uc_stack.ss_size = stack.size();
    fiber_context_.uc_link = nullptr;
    // makecontext passes int arguments only: split the pointer to this fiber into two halves.
    const auto self = reinterpret_cast<std::uintptr_t>(this);
    makecontext(&fiber_context_, reinterpret_cast<void (*)()>(&Fiber::trampoline), 2,
                static_cast<unsigned int>(self >> 32), static_cast<unsigned int>(self & 0xffffffffu));
}

void Fiber::trampoline(unsigned int high, unsigned int low) {
    run(reinterpret_cast<Fiber*>((static_cast<std::uintptr_t>(high) << 32) | low));
}

#endif

std::vector<std::unique_ptr<FiberStack>>& fiber_stacks(std::size_t count) {
    thread_local std::vector<std::unique_ptr<FiberStack>> stacks;
    if (count > kMaxFiberStacks)
        throw std::length_error("emulator: " + std::to_string(count) + " fibers at once, more than the " +
                                std::to_string(kMaxFiberStacks) + " it can keep");
    while (stacks.size() < count)
        stacks.push_back(std::make_unique<FiberStack>(kFiberStackBytes));
    return stacks;
}

} // namespace prefixlab
