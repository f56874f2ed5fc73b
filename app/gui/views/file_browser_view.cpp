#include "gui/views/file_browser_view.hpp"

#include "core/util/printable.hpp"
#include "gui/layout/layout_check.hpp"
#include "gui/theme.hpp"
#include "gui/widgets.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <imgui.h>

namespace prefixlab {

namespace fs = std::filesystem;

namespace {

// One id whatever the title, so the popup stays open when its mode's title changes. Save names what
// it saves ("Save trace as", or the noun of the selected tab's session).
std::string title_of(BrowseMode mode, const std::string& save_noun) {
    switch (mode) {
    case BrowseMode::open_trace:
        return "Open trace###file-browser";
    case BrowseMode::open_results:
        return "Open results###file-browser";
    case BrowseMode::open_lesson:
        return "Open lesson###file-browser";
    case BrowseMode::save:
        return "Save " + save_noun + " as###file-browser";
    }
    return "###file-browser";
}


// The window at most this many font heights wide and tall: a listing wider than that is hard to read
// across, and under Mesa's llvmpipe every pixel a dialog covers costs frame time (see draw()).
constexpr float kMaxWidthEms = 40;
constexpr float kMaxHeightEms = 24;

// 'NAME', escaped as messages quote it. (Built by appending: GCC 12 warns, wrongly, about
// "'" + std::string here under -Wrestrict.)
std::string quoted_name(const std::string& name) {
    std::string text(1, '\'');
    text.append(printable_path(name)).push_back('\'');
    return text;
}

void copy_into(char (&field)[4096], const std::string& text) {
    const std::size_t n = std::min(text.size(), sizeof field - 1);
    std::memcpy(field, text.data(), n);
    field[n] = '\0';
}

} // namespace

void FileBrowserView::open(BrowseMode mode, const std::string& folder) {
    mode_ = mode;
    open_ = true;
    just_opened_ = true;
    error_.clear();
    replace_asked_.clear();
    chosen_.reset();
    go_to(folder);
    copy_into(path_, "");
}

void FileBrowserView::go_to(const std::string& folder) {
    listing_ = list_directory(folder, extension());
    error_ = listing_.error;
    if (!listing_.error.empty())
        listing_.folder = folder; // stay where we were asked to be, so Parent still works
}

void FileBrowserView::choose(const std::string& path) {
    error_.clear();
    chosen_ = path;
}

void FileBrowserView::enter(const std::string& text) {
    error_.clear();
    if (text.empty())
        return;
    const std::string path = resolve_in_folder(listing_.folder, text);
    std::error_code ignored;
    if (fs::is_directory(path, ignored)) {
        go_to(path);
        copy_into(path_, "");
        return;
    }
    if (!saving()) {
        if (!fs::exists(path, ignored))
            error_ = "no such file: " + quoted_name(text); // as typed: the folder is shown above
        else
            choose(path);
        return;
    }
    const std::string target = with_json_extension(path);
    if (!fs::is_directory(fs::path(target).parent_path(), ignored)) {
        error_ = "no such folder: " + quoted_name(fs::path(target).parent_path().string());
    } else if (fs::exists(fs::symlink_status(target, ignored)) && replace_asked_ != target) {
        // Replacing a file takes a second Enter: a lecture's prepared trace is easily overwritten.
        replace_asked_ = target;
        error_ = quoted_name(fs::path(target).filename().string()) + " exists: Save again to replace it";
    } else {
        choose(target);
    }
}

void FileBrowserView::draw_folder_row() {
    if (ImGui::Button("Parent"))
        go_to(parent_folder(listing_.folder));
    if (ImGui::IsItemHovered())
        tooltip("The folder above (Backspace in an empty path field)");
    ImGui::SameLine();
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(printable_path(listing_.folder).c_str());
    ImGui::PopTextWrapPos();
}

void FileBrowserView::draw_recent(const std::vector<RecentFile>& recent) {
    const std::string only = "Only " + std::string(mode_ == BrowseMode::open_lesson ? ".md" : ".json") + " files###only";
    if (ImGui::Checkbox(only.c_str(), &only_json_))
        go_to(listing_.folder);
    const RecentKind wanted = mode_ == BrowseMode::open_results  ? RecentKind::results
                              : mode_ == BrowseMode::open_lesson ? RecentKind::lesson
                                                                 : RecentKind::trace;
    if (recent.empty() || saving())
        return;
    const float width = ImGui::CalcTextSize("Recent files").x + ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetFrameHeight();
    const float room = ImGui::GetContentRegionAvail().x - ImGui::GetItemRectSize().x - ImGui::GetStyle().ItemSpacing.x;
    if (room >= width)
        ImGui::SameLine();
    ImGui::SetNextItemWidth(width);
    // The kind the mode opens first, then the other: a drop or Open decides by content anyway.
    if (ImGui::BeginCombo("##recent", "Recent files", ImGuiComboFlags_HeightLarge)) {
        for (int pass = 0; pass < 2; ++pass)
            for (const RecentFile& file : recent)
                if ((file.kind == wanted) == (pass == 0)) {
                    const std::string label = fs::path(file.path).filename().string() + "  (" +
                                              std::string(name_of(file.kind)) + ")##" + file.path;
                    if (ImGui::Selectable(printable(label, kMaxQuotedPathChars).c_str()))
                        choose(file.path);
                    if (ImGui::IsItemHovered())
                        tooltip("%s", printable_path(file.path).c_str());
                }
        ImGui::EndCombo();
    }
}

void FileBrowserView::draw_listing(float height) {
    // Where fewer than three rows fit (3× on 1280×720, with a long folder and an error line), the
    // rows follow inline and the whole dialog scrolls: a scrolling box a row high is unusable, and
    // check-layout found it showing 44 px.
    const bool in_box = height >= 3 * ImGui::GetFrameHeightWithSpacing();
    if (in_box && !ImGui::BeginChild("##listing", ImVec2(0, height), true))
        return ImGui::EndChild();
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("##entries", 2, flags)) {
        ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn("size", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("999.9 MB").x);
        std::string go_into;
        for (const DirectoryEntry& entry : listing_.entries) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const std::string shown = printable(entry.name, kMaxQuotedPathChars) + (entry.folder ? "/" : "");
            const bool selected = !entry.folder && entry.name == path_;
            if (ImGui::Selectable(shown.c_str(), selected, ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowDoubleClick)) {
                if (!entry.folder)
                    copy_into(path_, entry.name);
                if (ImGui::IsMouseDoubleClicked(0))
                    go_into = entry.name;
            }
            ImGui::TableNextColumn();
            if (!entry.folder)
                ImGui::TextDisabled("%s", size_text(entry.bytes).c_str());
        }
        ImGui::EndTable();
        if (!go_into.empty())
            enter(go_into);
    }
    if (listing_.entries.empty() && listing_.error.empty())
        ImGui::TextDisabled("%s", only_json_ ? ("No folders or " + std::string(extension()) + " files here").c_str()
                                             : "Nothing here");
    if (listing_.truncated)
        ImGui::TextDisabled("Only the first %zu entries are shown", kMaxListedEntries);
    if (in_box)
        ImGui::EndChild();
}

void FileBrowserView::draw_path_row() {
    const ImGuiStyle& style = ImGui::GetStyle();
    const char* action = saving() ? "Save" : "Open";
    const float buttons = ImGui::CalcTextSize(action).x + ImGui::CalcTextSize("Cancel").x + 4 * style.FramePadding.x +
                          2 * style.ItemSpacing.x;
    ImGui::SetNextItemWidth(std::max(ImGui::GetFontSize() * 4, ImGui::GetContentRegionAvail().x - buttons));
    if (just_opened_)
        ImGui::SetKeyboardFocusHere();
    bool act = ImGui::InputTextWithHint("##path", saving() ? "file name" : "file or folder", path_,
                                        sizeof path_, ImGuiInputTextFlags_EnterReturnsTrue);
    layout::note_text_field();
    if (ImGui::IsItemActive() && path_[0] == '\0' && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Backspace)))
        go_to(parent_folder(listing_.folder));
    ImGui::SameLine();
    act |= ImGui::Button(action);
    ImGui::SameLine();
    if (ImGui::Button("Cancel"))
        open_ = false;
    if (act)
        enter(path_);
}

void FileBrowserView::draw(const std::vector<RecentFile>& recent) {
    if (!open_)
        return;
    if (just_opened_)
        ImGui::OpenPopup(title_of(mode_, save_noun_).c_str());
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const float em = ImGui::GetFontSize();
    const ImVec2 size(std::min(viewport->WorkSize.x - em, kMaxWidthEms * em),
                      std::min(viewport->WorkSize.y - em, kMaxHeightEms * em));
    ImGui::SetNextWindowPos(viewport->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(size, ImGuiCond_Always);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoCollapse;
    // Opaque: the theme's popup colour is slightly translucent, and the table behind showed through
    // the listing (dark theme, 1.5×). No dimmed screen behind it: the opaque window with its title bar
    // says enough, and under llvmpipe the full-screen blend cost frame time. Medians of 100-120 frames
    // at 1920×1080, 2×, on the loaded 2-core machine: with the dimming and 48 × 30 font heights,
    // 53-64 ms against 13-22 ms without the browser; without it and at 40 × 24, 12-23 ms against
    // 6-11 ms (empty main area), 15-19 ms against 11-16 ms (a trace in Values). Idle, nothing is redrawn.
    ImVec4 background = ImGui::GetStyle().Colors[ImGuiCol_PopupBg];
    background.w = 1;
    ImGui::PushStyleColor(ImGuiCol_PopupBg, background);
    // Dear ImGui dims the screen at the end of the frame with the style's colour then, so a pushed
    // colour would be popped by that time; this is the only modal window, so the style holds it.
    ImGui::GetStyle().Colors[ImGuiCol_ModalWindowDimBg] = ImVec4(0, 0, 0, 0);
    const bool visible = ImGui::BeginPopupModal(title_of(mode_, save_noun_).c_str(), nullptr, flags);
    ImGui::PopStyleColor();
    if (!visible) {
        open_ = false;
        return;
    }
    // The listing comes last and takes what height is left (it scrolls): at 3× on 1280×720 a listing
    // above the path field pushed the field and its buttons out of the window.
    draw_folder_row();
    draw_path_row();
    if (!error_.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::PushStyleColor(ImGuiCol_Text, text_colour(theme::colours().error));
        ImGui::TextUnformatted(error_.c_str());
        ImGui::PopStyleColor();
        ImGui::PopTextWrapPos();
    }
    draw_recent(recent);
    draw_listing(ImGui::GetContentRegionAvail().y);
    just_opened_ = false;
    if (!open_)
        ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
}

} // namespace prefixlab
