// Where the frames of a step animation go, one frame per step of the trace: an animated GIF, or a
// numbered PNG sequence in a folder (step-00.png, step-01.png, …). Both keep the promise of
// docs/files-and-interrupts.md: nothing appears until every frame is in, and a sink destroyed before
// commit() (Esc, a failure, the window closed) leaves nothing behind. Blelloch N = 16 at 1920×1080,
// scale 2, on the 2-core development machine: the GIF export, drawing included, took 0.5–0.7 s and
// wrote 1.36 MB; the PNG sequence 2.2 s (stb's PNG encoder) and 4.0 MB in 11 files.
#pragma once

#include "gui/platform/platform_window.hpp"

#include <memory>
#include <string>

namespace prefixlab {

// How long a step shows in the GIF: a second is time to read a step's band of cells aloud; the
// last frame holds three, so the result is seen before the loop starts again.
inline constexpr int kStepDelayCentiseconds = 100;
inline constexpr int kLastStepDelayCentiseconds = 300;

class StepFrameSink {
public:
    virtual ~StepFrameSink() = default;
    // The frame of the next step (all frames the same size).
    virtual void add(const Image& frame) = 0;
    // Writes the result into place; returns what was written, for the status bar ("PATH (1.2 MB)").
    // Throws FileError (one line) and leaves nothing behind on failure.
    virtual std::string commit() = 0;
};

// Both check the target before any frame is drawn and throw FileError naming the problem.
// The GIF: `path` is a regular file or a new path (atomic_file.hpp's policy).
std::unique_ptr<StepFrameSink> gif_step_sink(const std::string& path, int steps);
// The PNG sequence: `folder` is a folder, or a new one whose parent exists (created now, and removed
// again if the export does not complete). Files step-NN.png of an older, longer export are removed at
// the commit, so the folder holds exactly this export's steps.
std::unique_ptr<StepFrameSink> png_sequence_sink(const std::string& folder, int steps);

// "step-07.png": two digits at least, more where the trace has more steps, so names sort in order.
std::string step_file_name(int step, int steps);

} // namespace prefixlab
