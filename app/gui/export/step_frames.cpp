#include "gui/export/step_frames.hpp"

#include "core/util/atomic_file.hpp"
#include "gui/export/gif_animation.hpp"
#include "gui/screenshot.hpp"

#include <cstdio>
#include <filesystem>
#include <regex>
#include <utility>

namespace prefixlab {

namespace fs = std::filesystem;

namespace {

std::string megabytes(std::uintmax_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / 1e6);
    return text;
}

class GifStepSink : public StepFrameSink {
public:
    GifStepSink(const std::string& path, int steps) : path_(path), steps_(steps) {
        if (!gif_export_available())
            throw FileError(gif_export_unavailable_reason());
        require_writable(path_);
    }

    void add(const Image& frame) override {
        if (!animation_)
            animation_ = std::make_unique<GifAnimation>(frame.width, frame.height);
        const bool last = animation_->frame_count() + 1 == steps_;
        animation_->add_frame(frame, last ? kLastStepDelayCentiseconds : kStepDelayCentiseconds);
    }

    std::string commit() override {
        const std::vector<std::uint8_t> bytes = animation_->finish();
        write_file_atomically(path_, [&](std::ostream& out) {
            out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        });
        return quoted_path(path_) + " (" + std::to_string(steps_) + " frames, " + megabytes(bytes.size()) + ")";
    }

private:
    std::string path_;
    int steps_;
    std::unique_ptr<GifAnimation> animation_;
};

class PngSequenceSink : public StepFrameSink {
public:
    PngSequenceSink(const std::string& folder, int steps) : folder_(folder), steps_(steps) {
        require_folder_named(folder);
        std::error_code ec;
        const fs::file_status status = fs::status(folder_, ec); // a link to a folder is a folder
        if (fs::exists(status) && !fs::is_directory(status))
            throw FileError("cannot write into '" + quoted_path(folder) + "': it is not a folder");
        if (!fs::exists(status)) {
            if (!fs::create_directory(folder_, ec))
                throw FileError("cannot create the folder '" + quoted_path(folder) + "': " + ec.message());
            created_folder_ = true;
        }
        for (int step = 0; step < steps_; ++step)
            require_writable(file(step)); // a link or a folder named step-03.png: refused before drawing
    }

    ~PngSequenceSink() override {
        files_.reset(); // removes the temporary files first
        std::error_code ignored;
        if (created_folder_ && !committed_)
            fs::remove(folder_, ignored); // only if still empty: remove() does not remove a full folder
    }

    void add(const Image& frame) override {
        const std::string target = file(added_++);
        files_->write_path(target, [&](const std::string& temp) { write_png(frame, temp, target); });
    }

    std::string commit() override {
        remove_older_steps();
        files_->commit();
        committed_ = true;
        return std::to_string(steps_) + " PNG files in " + quoted_path(folder_.string());
    }

private:
    std::string file(int step) const { return (folder_ / step_file_name(step, steps_)).string(); }

    void remove_older_steps() {
        static const std::regex kStepFile(R"(step-[0-9]+\.png)");
        std::error_code ec;
        for (const fs::directory_entry& entry : fs::directory_iterator(folder_, ec)) {
            const std::string name = entry.path().filename().string();
            if (!std::regex_match(name, kStepFile))
                continue;
            bool ours = false;
            for (const std::string& target : files_->targets())
                ours = ours || fs::path(target).filename() == name;
            if (!ours)
                files_->remove_on_commit(entry.path().string());
        }
    }

    fs::path folder_;
    int steps_;
    int added_ = 0;
    bool created_folder_ = false;
    bool committed_ = false;
    std::unique_ptr<AtomicFileSet> files_ = std::make_unique<AtomicFileSet>();
};

} // namespace

std::string step_file_name(int step, int steps) {
    const int digits = std::max<int>(2, static_cast<int>(std::to_string(std::max(steps - 1, 0)).size()));
    char name[32];
    std::snprintf(name, sizeof name, "step-%0*d.png", digits, step);
    return name;
}

std::unique_ptr<StepFrameSink> gif_step_sink(const std::string& path, int steps) {
    return std::make_unique<GifStepSink>(path, steps);
}

std::unique_ptr<StepFrameSink> png_sequence_sink(const std::string& folder, int steps) {
    return std::make_unique<PngSequenceSink>(folder, steps);
}

} // namespace prefixlab
