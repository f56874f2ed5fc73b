// The in-app file browser for Open and Save (File ▸ Open trace…, Open results…, Save trace as… — the
// trace of the selected tab, whose kind the title names;
// Ctrl+O, Ctrl+S): the folder's sub-folders and files (only .json files unless unticked), its parent,
// the recent files, and a path field. Enter or a double-click opens a folder or chooses a file; Esc
// closes it. A modal window laid out from the font size, so it reads at UI scales 1 to 3 on 1280×720.
// It only browses and chooses; file_opening.cpp opens or saves what was chosen and hands back an
// error to show here, in one line, when that fails.
#pragma once

#include "core/files/directory_listing.hpp"
#include "core/settings/settings.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace prefixlab {

// save: Save, of the selected tab's trace (its noun, "trace" or another kind, is the browser's save_noun).
enum class BrowseMode { open_trace, open_results, open_lesson, save };

class FileBrowserView {
public:
    void open(BrowseMode mode, const std::string& folder);
    // Save: `noun` says what (the session's noun, such as "trace"); the title names it.
    void open_save(std::string noun, const std::string& folder) {
        save_noun_ = std::move(noun);
        open(BrowseMode::save, folder);
    }
    const std::string& save_noun() const { return save_noun_; }
    void close() { open_ = false; }
    bool is_open() const { return open_; }
    BrowseMode mode() const { return mode_; }
    bool saving() const { return mode_ == BrowseMode::save; }
    const std::string& folder() const { return listing_.folder; }
    const std::string& error() const { return error_; }
    std::size_t entry_count() const { return listing_.entries.size(); }

    // Draws the window while open; `recent` are the recent files to offer (the newest first).
    void draw(const std::vector<RecentFile>& recent);

    // What Enter does with the text of the path field: a folder is entered, a file is chosen.
    void enter(const std::string& text);
    // The file chosen (absolute), once; file_opening then opens or saves it.
    std::optional<std::string> take_chosen() { return std::exchange(chosen_, std::nullopt); }
    // One line shown under the path field (the browser stays open).
    void show_error(std::string message) { error_ = std::move(message); }

private:
    void go_to(const std::string& folder);
    void choose(const std::string& path);
    void draw_folder_row();
    void draw_recent(const std::vector<RecentFile>& recent);
    void draw_listing(float height);
    void draw_path_row();

    bool open_ = false;
    bool just_opened_ = false;
    BrowseMode mode_ = BrowseMode::open_trace;
    std::string save_noun_ = "trace";
    bool only_json_ = true; // only the files of the mode's kind: .json, or .md for a lesson
    std::string_view extension() const { return !only_json_ ? "" : mode_ == BrowseMode::open_lesson ? ".md" : ".json"; }
    DirectoryListing listing_;
    char path_[4096] = "";
    std::string error_;
    std::string replace_asked_; // Save: the existing file the user was asked to confirm replacing
    std::optional<std::string> chosen_;
};

} // namespace prefixlab
