#include "gui/features/lesson/lesson_feature.hpp"

#include "core/lesson/lesson.hpp"
#include "core/util/printable.hpp"
#include "core/util/terminal_output.hpp"
#include "gui/app_state.hpp"
#include "gui/export/view_export.hpp"
#include "gui/file_opening.hpp"
#include "gui/script/script_command.hpp"
#include "gui/shell/app_folders.hpp"
#include "gui/shell/menu_table.hpp"
#include "gui/shell/scene_glue.hpp"
#include "gui/shell/shortcut_table.hpp"
#include "gui/widgets.hpp"
#include "gui/workspace.hpp"

#include <GLFW/glfw3.h>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <imgui.h>

namespace prefixlab {

namespace {

constexpr const char* kLessonMenu = "Lesson";

// A new lesson's file: prefixlab-lessons/lesson-N.md in the working folder, the first N not taken (as the
// exports go to prefixlab-exports).
std::string next_lesson_path() {
    std::error_code ignored;
    std::filesystem::create_directories("prefixlab-lessons", ignored);
    for (int n = 1;; ++n) {
        const std::string path = "prefixlab-lessons/lesson-" + std::to_string(n) + ".md";
        if (!std::filesystem::exists(path, ignored))
            return path;
    }
}

} // namespace

bool LessonFeature::open_lesson(const std::string& path, GuiHost& host) {
    try {
        Lesson lesson = load_lesson_file(path);
        const std::size_t scenes = lesson.scenes.size();
        const std::string title = lesson.title;
        player_.open(std::move(lesson), path, host);
        opened_at_ = std::chrono::steady_clock::now();
        list_open_ = false;
        used_.push_back({std::filesystem::absolute(path).lexically_normal().string(), RecentKind::lesson});
        host.state.inform("Lesson '" + printable(title) + "': " + std::to_string(scenes) +
                          " scenes. Page Down goes on, G lists the scenes, S shows the notes");
        return true;
    } catch (const std::exception& e) {
        host.state.report_error(e.what()); // one line: the file, the line, the field
        return false;
    }
}

void LessonFeature::add_current_scene(GuiHost& host) {
    const int number = player_.active() ? static_cast<int>(player_.lesson().scenes.size()) + 1 : 1;
    player_.add_scene({"Scene " + std::to_string(number), current_scene(host), std::nullopt, "", 0});
    host.state.inform("Added scene " + std::to_string(player_.scene() + 1) + " of " +
                      std::to_string(player_.lesson().scenes.size()) +
                      ": S opens its notes, Lesson ▸ Save keeps it");
}

bool LessonFeature::save(GuiHost& host, const std::string& path) {
    if (!player_.active())
        return false;
    try {
        save_lesson_file(player_.lesson(), path);
    } catch (const std::exception& e) {
        host.state.report_error(e.what());
        return false;
    }
    player_.set_path(path);
    used_.push_back({std::filesystem::absolute(path).lexically_normal().string(), RecentKind::lesson});
    host.state.inform("Saved the lesson (" + std::to_string(player_.lesson().scenes.size()) +
                      " scenes): " + printable_path(path));
    return true;
}

bool LessonFeature::open_file(const std::string& path, FileKind kind, GuiHost& host) {
    if (kind != FileKind::lesson)
        return false;
    open_lesson(path, host);
    return true;
}

std::vector<RecentFile> LessonFeature::take_files_used() {
    return std::exchange(used_, {});
}

void LessonFeature::after_frame(GuiHost& host) {
    player_.frame(host);
    handout_.frame(player_, host);
    if (!player_.active())
        return;
    const bool exporting = host.exports.active() || handout_.active();
    if (notes_open_ && !exporting) // the speaker's, never the exported picture's
        draw_notes();
    if (list_open_ && !exporting)
        draw_scene_list(host);
}

void LessonFeature::draw_notes() {
    // A panel over the lower right of the window, about a third of it: the hall sees the views beside it.
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const ImVec2 size(viewport->WorkSize.x * 0.42f, viewport->WorkSize.y * 0.5f);
    ImGui::SetNextWindowPos(
        ImVec2(viewport->WorkPos.x + viewport->WorkSize.x - size.x - ImGui::GetFontSize(),
               viewport->WorkPos.y + viewport->WorkSize.y - size.y - ImGui::GetFontSize()));
    ImGui::SetNextWindowSize(size);
    if (ImGui::Begin("Speaker notes (S)###lesson-notes", &notes_open_,
                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing)) {
        const Lesson& lesson = player_.lesson();
        const int k = player_.scene();
        ImGui::TextDisabled("%s", player_.position_line(opened_at_).c_str());
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(player_.current().title.c_str());
        ImGui::Separator();
        if (editing_notes_) {
            // Edited in place; kept in the lesson as typed (Lesson ▸ Save writes them).
            notes_buffer_.resize(std::max<std::size_t>(notes_buffer_.size(), 1) + 4096);
            if (ImGui::InputTextMultiline("##notes", notes_buffer_.data(), notes_buffer_.size(),
                                          ImVec2(-1, ImGui::GetTextLineHeight() * 8)))
                player_.set_notes(notes_buffer_.c_str());
            notes_buffer_ = notes_buffer_.c_str();
        } else {
            ImGui::TextUnformatted(player_.current().notes.empty() ? "(no notes)"
                                                                   : player_.current().notes.c_str());
        }
        if (ImGui::SmallButton(editing_notes_ ? "Done" : "Edit notes")) {
            editing_notes_ = !editing_notes_;
            notes_buffer_ = player_.current().notes;
        }
        ImGui::Separator();
        if (k + 1 < static_cast<int>(lesson.scenes.size()))
            ImGui::TextDisabled("Next: %s", lesson.scenes[static_cast<std::size_t>(k) + 1].title.c_str());
        else
            ImGui::TextDisabled("The last scene");
        ImGui::PopTextWrapPos();
    }
    ImGui::End();
}

void LessonFeature::draw_scene_list(GuiHost& host) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x / 2,
                                   viewport->WorkPos.y + viewport->WorkSize.y / 2),
                            ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(viewport->WorkSize.x * 0.4f, 0),
                                        ImVec2(viewport->WorkSize.x * 0.8f, viewport->WorkSize.y * 0.8f));
    const Lesson& lesson = player_.lesson();
    const int scenes = static_cast<int>(lesson.scenes.size());
    // Digits pick a scene by its number; Enter opens the one picked (the step keys move the choice).
    for (const ImWchar c : ImGui::GetIO().InputQueueCharacters)
        if (c >= '0' && c <= '9' && typed_number_.size() < 3)
            typed_number_ += static_cast<char>(c);
    if (!typed_number_.empty())
        list_choice_ = std::clamp(std::stoi(typed_number_) - 1, 0, scenes - 1);
    const bool enter = ImGui::IsKeyPressed(ImGuiKey_Enter) || ImGui::IsKeyPressed(ImGuiKey_KeyPadEnter);
    const std::string title = printable(lesson.title) + "###lesson-scenes";
    if (ImGui::Begin(title.c_str(), &list_open_,
                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                         ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::TextDisabled("Scene number and Enter, or Page Up / Page Down and Enter; Esc closes");
        for (int k = 0; k < scenes; ++k) {
            const std::string label =
                std::to_string(k + 1) + ". " + printable(lesson.scenes[static_cast<std::size_t>(k)].title);
            // Reorder and delete, beside each scene (the lesson being built).
            ImGui::PushID(k);
            if (ImGui::SmallButton("↑"))
                player_.move_scene(k, -1);
            ImGui::SameLine();
            if (ImGui::SmallButton("↓"))
                player_.move_scene(k, +1);
            ImGui::SameLine();
            if (ImGui::SmallButton("×"))
                player_.remove_scene(k);
            ImGui::PopID();
            if (!player_.active())
                break; // the last scene was deleted
            ImGui::SameLine();
            if (ImGui::Selectable(label.c_str(), k == list_choice_)) {
                list_choice_ = k;
                player_.go_to(host, k);
                list_open_ = false;
            }
            if (k == list_choice_ && ImGui::IsWindowAppearing())
                ImGui::SetScrollHereY(0.5f);
        }
    }
    ImGui::End();
    if (enter && list_open_) {
        player_.go_to(host, list_choice_);
        list_open_ = false;
    }
    if (!list_open_)
        typed_number_.clear();
}

void LessonFeature::add_shortcuts(ShortcutTable& table) {
    // The step keys: the open scene list moves its choice; else the lesson's scenes; else the trace steps.
    table.add_stepper([this](GuiHost& host, int direction) {
        if (handout_.active()) // the handout opens the scenes itself: a key would move it
            return true;
        if (list_open_ && player_.active()) {
            list_choice_ =
                std::clamp(list_choice_ + direction, 0, static_cast<int>(player_.lesson().scenes.size()) - 1);
            typed_number_.clear();
            return true;
        }
        return player_.step(host, direction);
    });
    table.add({{{GLFW_KEY_G}},
               "G",
               "a lesson's scenes: jump to one (its number, then Enter)",
               [this](GuiHost&, const KeyPress&) {
                   if (!player_.active())
                       return;
                   list_open_ = !list_open_;
                   list_choice_ = player_.scene();
                   typed_number_.clear();
               }});
    table.add({{{GLFW_KEY_S}},
               "S",
               "a lesson's speaker notes, over the window (never exported)",
               [this](GuiHost&, const KeyPress&) { notes_open_ = player_.active() && !notes_open_; }});
    table.add({{{GLFW_KEY_F7}},
               "F7",
               "a lesson with the presenter view (two monitors): swap which one shows the audience window",
               [this](GuiHost&, const KeyPress&) { presenter_.swap_screens(); }});
    table.add_escape("close the scene list", [this](GuiHost&) { return std::exchange(list_open_, false); });
}

void LessonFeature::draw_shipped_lessons(GuiHost& host) {
    if (!shipped_) {
        // Each file's title is its first line ("# …"); a file that does not start so is no lesson.
        shipped_.emplace();
        std::error_code error;
        std::vector<std::filesystem::path> files;
        for (const auto& entry : std::filesystem::directory_iterator(assets_folder() + "/lessons", error))
            if (entry.path().extension() == ".md")
                files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        for (const std::filesystem::path& file : files) {
            std::ifstream in(file);
            std::string first;
            if (std::getline(in, first) && first.starts_with("# "))
                shipped_->emplace_back(first.substr(2), file.string());
        }
    }
    if (ImGui::BeginMenu("Lessons", !shipped_->empty())) {
        for (const auto& [title, path] : *shipped_)
            if (ImGui::MenuItem(printable(title).c_str()))
                open_lesson(path, host);
        ImGui::EndMenu();
    }
}

void LessonFeature::add_menus(MenuTable& menus) {
    menus.add("Help", [this](GuiHost& host) { draw_shipped_lessons(host); });
    menus.add(kLessonMenu, [this](GuiHost& host) {
        if (ImGui::MenuItem("Open lesson…"))
            host.workspace.requests.file = FileRequest::open_lesson;
        if (ImGui::MenuItem("Add current scene"))
            add_current_scene(host);
        if (!player_.active())
            return;
        if (ImGui::MenuItem("Save lesson"))
            save(host, player_.path().empty() ? next_lesson_path() : player_.path());
        if (ImGui::MenuItem("Save lesson as…"))
            host.files.open_save_browser(
                "lesson", [this, &host](const std::string& path) { save(host, path); },
                player_.path().empty() ? "" : std::filesystem::path(player_.path()).parent_path().string());
        if (ImGui::MenuItem("Export handout (PDF)", nullptr, false, !handout_.active()))
            if (const std::string problem = handout_.start(LessonHandout::default_path(player_), "", player_);
                !problem.empty())
                host.state.report_error(problem);
        ImGui::Separator();
        const Lesson& lesson = player_.lesson();
        for (std::size_t k = 0; k < lesson.scenes.size(); ++k) {
            const std::string label = std::to_string(k + 1) + ". " + printable(lesson.scenes[k].title) +
                                      "###scene" + std::to_string(k);
            if (ImGui::MenuItem(label.c_str(), nullptr, static_cast<int>(k) == player_.scene()))
                player_.go_to(host, static_cast<int>(k));
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Scene list", "G"))
            list_open_ = true, list_choice_ = player_.scene();
        ImGui::MenuItem("Speaker notes", "S", &notes_open_);
        if (ImGui::MenuItem("Close the lesson"))
            player_.close(), notes_open_ = list_open_ = false;
    });
}

void LessonFeature::add_commands(ScriptTable& table) {
    const auto wait_for_scene = [this](ScriptRun& run) {
        run.wait_while([this, &run](std::string& failure) {
            if (!player_.arrived() || run.host().state.tracing())
                return true;
            if (run.host().state.message_is_error())
                failure = run.host().state.message();
            return false;
        });
    };
    table.add(
        {.name = "lesson-open",
         .usage = "lesson-open FILE",
         .help =
             "give the lesson FILE (docs/lessons.md) from its first scene, in presentation mode; the script "
             "waits for the scene's traces. A file that is not a lesson fails the script with one line "
             "naming the file, the line and the field",
         .args = {path_arg("FILE")},
         .run = [this, wait_for_scene](ScriptRun& run, const ScriptCommand& c) {
             if (!open_lesson(c.args[0].text, run.host())) {
                 run.fail(run.host().state.message());
                 return;
             }
             wait_for_scene(run);
         }});
    table.add({.name = "lesson-go",
               .usage = "lesson-go N",
               .help =
                   "open scene N (1 to 200) of the lesson at its first step, as the scene list (G) does; the "
                   "script waits for its traces",
               .args = {whole_arg("N", 1, kMaxLessonScenes)},
               .run = [this, wait_for_scene](ScriptRun& run, const ScriptCommand& c) {
                   if (!player_.active()) {
                       run.fail("lesson-go: no lesson is open (lesson-open FILE)");
                       return;
                   }
                   const int scene = static_cast<int>(c.args[0].whole);
                   if (scene > static_cast<int>(player_.lesson().scenes.size())) {
                       run.fail("lesson-go: the lesson has " +
                                std::to_string(player_.lesson().scenes.size()) + " scenes");
                       return;
                   }
                   player_.go_to(run.host(), scene - 1);
                   wait_for_scene(run);
               }});
    table.add(
        {.name = "lesson-wait",
         .usage = "lesson-wait",
         .help =
             "wait until the lesson's scene has its traces and its step (after a key that opened a scene)",
         .run = [wait_for_scene](ScriptRun& run, const ScriptCommand&) { wait_for_scene(run); }});
    table.add({.name = "lesson-notes",
               .usage = "lesson-notes on|off",
               .help = "show or hide the speaker notes over the window (S)",
               .args = {name_arg("STATE", {"on", "off"})},
               .run = [this](ScriptRun&, const ScriptCommand& c) { notes_open_ = *c.args[0].choice == 0; }});
    table.add({.name = "lesson-close",
               .usage = "lesson-close",
               .help = "close the lesson: the step keys step the trace again",
               .run = [this](ScriptRun&, const ScriptCommand&) {
                   player_.close(), notes_open_ = list_open_ = false;
               }});
    table.add(
        {.name = "lesson-add-scene",
         .usage = "lesson-add-scene",
         .help = "add the screen as a scene after the current one (Lesson ▸ Add current scene; a new lesson "
                 "where none is open)",
         .run = [this](ScriptRun& run, const ScriptCommand&) { add_current_scene(run.host()); }});
    table.add({.name = "lesson-save",
               .usage = "lesson-save FILE.md",
               .help =
                   "save the lesson (docs/lessons.md); fails with one line when FILE cannot be written or no "
                   "lesson is open",
               .args = {path_arg("FILE.md", ".md")},
               .run = [this](ScriptRun& run, const ScriptCommand& c) {
                   if (!player_.active())
                       run.fail("lesson-save: no lesson is open (lesson-open FILE or lesson-add-scene)");
                   else if (!save(run.host(), c.args[0].text))
                       run.fail(run.host().state.message());
               }});
    table.add({.name = "lesson-save-as",
               .usage = "lesson-save-as [FOLDER]",
               .help = "open the file browser to save the lesson (Lesson ▸ Save lesson as…) in FOLDER, or beside the "
                       "lesson's file; `browser-enter NAME.md` then saves it; fails when no lesson is open",
               .args = {optional_arg(path_arg("FOLDER"))},
               .run = [this](ScriptRun& run, const ScriptCommand& c) {
                   if (!player_.active()) {
                       run.fail("lesson-save-as: no lesson is open (lesson-open FILE or lesson-add-scene)");
                       return;
                   }
                   GuiHost& host = run.host();
                   host.files.open_save_browser(
                       "lesson", [this, &host](const std::string& path) { save(host, path); },
                       c.args.empty() ? "" : c.args[0].text);
                   run.wait_frames(1);
               }});
    table.add({.name = "lesson-handout",
               .usage = "lesson-handout FILE.pdf [FOLDER]",
               .help = "write the lesson's handout: a PDF page per scene, its last revealed step as vector graphics "
                       "with its title and notes; with FOLDER, each scene's picture as scene-01.png, … too; the "
                       "script waits for it, and fails with one line when it cannot be written",
               .args = {path_arg("FILE.pdf", ".pdf"), optional_arg(path_arg("FOLDER"))},
               .run = [this](ScriptRun& run, const ScriptCommand& c) {
                   const std::string folder = c.args.size() > 1 ? c.args[1].text : "";
                   if (const std::string problem = handout_.start(c.args[0].text, folder, player_); !problem.empty()) {
                       run.fail("lesson-handout: " + problem);
                       return;
                   }
                   run.wait_while([this](std::string& failure) {
                       if (handout_.active())
                           return true;
                       if (handout_.failed())
                           failure = handout_.outcome();
                       return false;
                   });
               }});
    table.add({.name = "report-presenter",
               .usage = "report-presenter",
               .help = "print the presenter view's state: `presenter: open=1 audience=NAME WxH+X+Y presenter=NAME "
                       "WxH+X+Y swapped=0`, or `presenter: open=0 monitors=N` (it opens while a lesson is given "
                       "in presentation mode on two or more monitors)",
               .run = [this](ScriptRun& run, const ScriptCommand&) {
                   printf_to_terminal(stdout, "%s\n", presenter_.report(run.host()).c_str());
                   std::fflush(stdout);
               }});
    table.add({.name = "presenter-screenshot",
               .usage = "presenter-screenshot FILE.png",
               .help = "save the presenter's window, as its next frame draws it, as a PNG; fails when the presenter "
                       "view is not open or the file cannot be written",
               .args = {path_arg("FILE.png", ".png")},
               .run = [this](ScriptRun& run, const ScriptCommand& c) {
                   if (!presenter_.open()) {
                       run.fail("presenter-screenshot: the presenter view is not open (a lesson in presentation "
                                "mode on two monitors)");
                       return;
                   }
                   presenter_.request_screenshot(c.args[0].text);
                   run.wait_while([this](std::string& failure) {
                       if (!presenter_.pending_screenshot().empty())
                           return true;
                       failure = presenter_.screenshot_error();
                       return false;
                   });
               }});
    table.add({.name = "lesson-delete",
               .usage = "lesson-delete N",
               .help = "delete scene N of the lesson (the scene list's ×)",
               .args = {whole_arg("N", 1, kMaxLessonScenes)},
               .run = [this](ScriptRun&, const ScriptCommand& c) {
                   player_.remove_scene(static_cast<int>(c.args[0].whole) - 1);
               }});
    table.add({.name = "lesson-move",
               .usage = "lesson-move N up|down",
               .help = "move scene N of the lesson one place up or down (the scene list's arrows)",
               .args = {whole_arg("N", 1, kMaxLessonScenes), name_arg("WAY", {"up", "down"})},
               .run = [this](ScriptRun&, const ScriptCommand& c) {
                   player_.move_scene(static_cast<int>(c.args[0].whole) - 1, *c.args[1].choice == 0 ? -1 : 1);
               }});
    table.add(
        {.name = "report-lesson-scene",
         .usage = "report-lesson-scene",
         .help =
             "print the lesson's current scene as the lesson holds it: `lesson-scene: TITLE | SCENE-JSON` "
             "(the scene file's JSON on one line)",
         .run = [this](ScriptRun&, const ScriptCommand&) {
             if (!player_.active()) {
                 printf_to_terminal(stdout, "lesson-scene: none\n");
                 return;
             }
             std::string json;
             for (const char ch : scene_to_json_text(player_.current().scene))
                 if (ch != '\n')
                     json += ch;
             printf_to_terminal(stdout, "lesson-scene: %s | %s\n", printable(player_.current().title).c_str(),
                                json.c_str());
             std::fflush(stdout);
         }});
    table.add({.name = "report-lesson",
               .usage = "report-lesson",
               .help =
                   "print where the lesson is: `lesson: scene=2 of 8 title=… tab=Banks step=5 steps=5-9 "
                   "phase=none arrived=1 queued=0` (steps: the scene's range of steps; phase: a quiz scene's "
                   "question, ran or revealed), or `lesson: none`",
               .run = [this](ScriptRun& run, const ScriptCommand&) {
                   printf_to_terminal(stdout, "%s\n", player_.report(run.host()).c_str());
                   std::fflush(stdout);
               }});
}

} // namespace prefixlab
