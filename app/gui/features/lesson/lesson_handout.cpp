#include "gui/features/lesson/lesson_handout.hpp"

#include "core/util/atomic_file.hpp"
#include "gui/app_state.hpp"
#include "gui/export/view_export.hpp"
#include "gui/features/lesson/lesson_player.hpp"
#include "gui/workspace.hpp"

#include <cstdio>
#include <filesystem>

namespace prefixlab {

namespace fs = std::filesystem;

std::string LessonHandout::default_path(const LessonPlayer& player) {
    const fs::path folder = fs::current_path() / "prefixlab-exports";
    const std::string stem = player.path().empty() ? "lesson" : fs::path(player.path()).stem().string();
    for (int copy = 1;; ++copy) {
        const fs::path candidate =
            folder / (stem + "-handout" + (copy > 1 ? "-" + std::to_string(copy) : std::string()) + ".pdf");
        std::error_code ec;
        if (!fs::exists(fs::symlink_status(candidate, ec)))
            return candidate.string();
    }
}

std::string LessonHandout::start(std::string pdf_path, std::string png_folder, const LessonPlayer& player) {
    if (active())
        return "a handout is being made: wait for it";
    if (!player.active())
        return "no lesson is open: open one first (File ▸ Open lesson…)";
    if (player.lesson().scenes.empty())
        return "the lesson has no scenes: add one first (Lesson ▸ Add current scene)";
    if (!handout_available())
        return handout_unavailable_reason();
    try { // before any scene is drawn: a path that cannot be written is said at once
        require_handout_writable(pdf_path, png_folder);
    } catch (const FileError& e) {
        return e.what();
    }
    job_ = Job{std::move(pdf_path), std::move(png_folder), 0, player.scene(), Stage::open_scene, false, {}};
    outcome_.clear();
    failed_ = false;
    return "";
}

void LessonHandout::frame(LessonPlayer& player, GuiHost& host) {
    if (!job_)
        return;
    if (!player.active()) {
        finish(player, host, "handout cancelled: the lesson was closed; nothing written", true);
        return;
    }
    Job& job = *job_;
    const int count = static_cast<int>(player.lesson().scenes.size());
    switch (job.stage) {
    case Stage::open_scene:
        host.state.inform("Handout: drawing scene " + std::to_string(job.scene + 1) + " of " +
                          std::to_string(count) + "…");
        player.go_to(host, job.scene, true); // its last revealed step, as Page Up leaves it
        job.stage = Stage::wait_for_scene;
        return;
    case Stage::wait_for_scene: {
        if (!player.arrived() || host.state.tracing())
            return;
        const std::string problem = host.exports.start_picture([this](VectorPicture picture) {
            if (!job_)
                return;
            job_->scenes.push_back({"", "", std::move(picture)});
            job_->drawn = true;
        });
        if (!problem.empty())
            return; // another export runs: try again next frame
        job.drawn = false;
        job.stage = Stage::drawing;
        return;
    }
    case Stage::drawing:
        if (host.exports.active() || !job.drawn)
            return;
        {
            HandoutScene& drawn = job.scenes.back();
            drawn.title = player.current().title;
            drawn.notes = player.current().notes;
        }
        if (++job.scene < count) {
            job.stage = Stage::open_scene;
            return;
        }
        try {
            write(player);
        } catch (const std::exception& e) {
            finish(player, host, e.what(), true);
            return;
        }
        {
            std::string line =
                "wrote the handout " + quoted_path(job.pdf_path) + ": " + std::to_string(count) + " scenes";
            if (!job.png_folder.empty())
                line += ", and " + std::to_string(count) + " PNGs in " + quoted_path(job.png_folder);
            finish(player, host, line, false);
        }
        return;
    }
}

void LessonHandout::write(const LessonPlayer& player) {
    const Job& job = *job_;
    const std::string pdf = handout_pdf(player.lesson().title, job.scenes);
    AtomicFileSet files;
    files.write(job.pdf_path, [&](std::ostream& out) { out << pdf; });
    if (!job.png_folder.empty()) {
        fs::create_directories(job.png_folder);
        for (std::size_t k = 0; k < job.scenes.size(); ++k) {
            char name[32];
            std::snprintf(name, sizeof name, "scene-%02zu.png", k + 1);
            const std::string png = picture_png(job.scenes[k].picture);
            files.write((fs::path(job.png_folder) / name).string(), [&](std::ostream& out) { out << png; });
        }
    }
    files.commit();
}

void LessonHandout::finish(LessonPlayer& player, GuiHost& host, std::string outcome, bool failed) {
    const int return_to = job_->return_to;
    job_.reset();
    outcome_ = std::move(outcome);
    failed_ = failed;
    if (player.active() && return_to < static_cast<int>(player.lesson().scenes.size()))
        player.go_to(host, return_to);
    if (failed)
        host.state.report_error(outcome_);
    else
        host.state.inform(outcome_);
}

} // namespace prefixlab
