// Lesson ▸ Export handout, the script's lesson-handout, `prefixlab lesson-handout` (issue 34, point 6): each
// scene of the open lesson is opened at its last revealed step (as Page Up from the scene after leaves it),
// drawn once as vector shapes (ViewExport::start_picture, the SVG export's frame) without the speaker
// notes or the scene list over it, and set on a PDF page with its title and notes (core/plot/handout.hpp);
// on request each picture is a PNG too (scene-01.png, …). Nothing is written until every scene is drawn,
// then the files appear whole (an AtomicFileSet); the lesson goes back to the scene it was on.
#pragma once

#include "core/plot/handout.hpp"

#include <optional>
#include <string>
#include <vector>

namespace prefixlab {

struct GuiHost;
class LessonPlayer;

class LessonHandout {
public:
    // Starts the handout of `player`'s lesson: the PDF at `pdf_path`, and the PNGs in `png_folder` where it
    // is not empty. "" when it started, else the one line that says why it cannot (nothing is written).
    std::string start(std::string pdf_path, std::string png_folder, const LessonPlayer& player);
    bool active() const { return job_.has_value(); }
    // Once a frame, after the player's: opens the next scene, takes its picture, writes the files at the end.
    void frame(LessonPlayer& player, GuiHost& host);
    // The last handout's line for the status bar ("wrote handout.pdf: 11 pages …"), and whether it failed.
    const std::string& outcome() const { return outcome_; }
    bool failed() const { return failed_; }

    // prefixlab-exports/NAME-handout.pdf in the working folder (NAME the lesson file's), -2, -3, … rather
    // than replacing an earlier one.
    static std::string default_path(const LessonPlayer& player);

private:
    enum class Stage { open_scene, wait_for_scene, drawing };
    struct Job {
        std::string pdf_path, png_folder;
        int scene = 0;
        int return_to = 0;
        Stage stage = Stage::open_scene;
        bool drawn = false;
        std::vector<HandoutScene> scenes;
    };
    void finish(LessonPlayer& player, GuiHost& host, std::string outcome, bool failed);
    void write(const LessonPlayer& player);

    std::optional<Job> job_;
    std::string outcome_;
    bool failed_ = false;
};

} // namespace prefixlab
