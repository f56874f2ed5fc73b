#include "fiber.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <stdexcept>
#include <system_error>

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

FiberStack::~FiberStack() { munmap(mapping_, mapping_size_); }

void Fiber::run(void* self) {
    auto* fiber = static_cast<Fiber*>(self);
    fiber->entry_(fiber->arg_);
    for (;;)
        fiber->suspend(); // a finished fiber is never resumed; stay parked if it were
}

#if defined(__x86_64__)

Fiber::Fiber(FiberStack& stack, Entry entry, void* arg) : entry_(entry), arg_(arg) {
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

void Fiber::resume() { prefixlab_switch_fiber(&scheduler_sp_, fiber_sp_); }

void Fiber::suspend() { prefixlab_switch_fiber(&fiber_sp_, scheduler_sp_); }

#else

Fiber::Fiber(FiberStack& stack, Entry entry, void* arg) : entry_(entry), arg_(arg) {
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

void Fiber::resume() { swapcontext(&scheduler_context_, &fiber_context_); }

void Fiber::suspend() { swapcontext(&fiber_context_, &scheduler_context_); }

#endif

std::vector<std::unique_ptr<FiberStack>>& fiber_stacks(std::size_t count) {
    thread_local std::vector<std::unique_ptr<FiberStack>> stacks;
    while (stacks.size() < count)
        stacks.push_back(std::make_unique<FiberStack>(kFiberStackBytes));
    return stacks;
}

} // namespace prefixlab
