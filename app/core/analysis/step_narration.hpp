// What each step of a trace did, said in plain sentences for the narration panel, with running
// counters beside it. The sentence is the kernel's narration template (its catalogue entry's
// PhaseSpec), the numbers come from the trace, so no sentence is typed per trace and none can drift
// from what the threads did.
//
// Keys a narration template may use, filled from the step's tag and its recorded accesses:
//   {level} {offset}     the tag's numbers (as in the label)
//   {reads} {writes}     every read (write) each thread made in the step, in its order, as an
//                        expression in t when the index is affine in the thread ("data[8t+7]"), as
//                        the word itself when one thread made it ("data[15]"), else as examples;
//                        joined with " and "
//   {read1} {read2} {write1} {write2}   one of them
//   {first} {last}       the lowest and highest thread that read or wrote in the step
//   {active}             how many threads read or wrote in the step; {active_threads}: "1 thread", "4 threads"
//   {shuffle}            the step's shuffles from other lanes: "each lane ℓ ≥ 4 takes the value of
//                        thread t−4" (what the lane does with it, the template says), or that no lane has a partner
#pragma once

#include "core/trace/trace.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace prefixlab {

struct StepCounters {
    int active_threads = 0;  // distinct threads that read or wrote in this step
    int block_threads = 0;
    std::uint64_t work = 0;  // combine operations recorded in this step and every earlier one: distinct
                             // (thread, two sources) pairs, however often the value is stored, and the
                             // combines in registers (in_register_combines)
    int serial_work = 0;     // what a serial scan does: n − 1 combines
    int steps = 0;           // this step and every earlier one (the depth so far)
    int barriers = 0;        // of them, the steps a block barrier opened
};

struct StepNarration {
    std::string what;        // the kernel's sentence, filled in; the step label where it has none
    std::string who;         // "Threads 4–15 active (12 of 16); threads 0–3 idle."
    StepCounters counters;
};

// One narration per step of `trace`, in O(accesses).
std::vector<StepNarration> narrate_steps(const Trace& trace);

// Per step, the combines a thread made in a register from inputs it read: k reads of the input that
// no write or register of the thread names as a source (a share of three or more elements is a plain
// value: kernels/block/reduce_steps.cuh) were combined into one value, k − 1 combines.
std::vector<std::uint64_t> in_register_combines(const Trace& trace);

// Whether a value's provenance makes it a combine operation (StepCounters::work): two sources, or more.
bool is_combine(const std::uint32_t (&sources)[2]);

} // namespace prefixlab
