#include "workspace.hpp"

#include "app_state.hpp"
#include "shortcuts.hpp"

#include <imgui.h>

namespace prefixlab {

namespace {

constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                    ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBackground;

} // namespace

bool Workspace::select_tab(const std::string& title) {
    for (std::size_t i = 0; i < views_.tabs.size(); ++i)
        if (title == views_.tabs[i]->title()) {
            select_tab(i);
            return true;
        }
    return false;
}

void Workspace::select_tab(std::size_t index) {
    if (index < views_.tabs.size()) {
        selected_ = index;
        select_pending_ = true;
    }
}

void Workspace::draw_menu(AppState& state) {
    if (!ImGui::BeginMainMenuBar())
        return;
    if (ImGui::BeginMenu("File")) {
        if (ImGui::MenuItem("Trace again", "F5"))
            state.capture_now();
        ImGui::Separator();
        if (ImGui::MenuItem("Quit", "Ctrl+Q"))
            requests.quit = true;
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("View")) {
        for (std::size_t i = 0; i < views_.tabs.size(); ++i) {
            const std::string shortcut = "Ctrl+" + std::to_string(i + 1);
            if (ImGui::MenuItem(views_.tabs[i]->title(), shortcut.c_str(), selected_ == i))
                select_tab(i);
        }
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Help")) {
        if (ImGui::MenuItem("Keyboard shortcuts", "F1"))
            shortcuts_open = true;
        ImGui::EndMenu();
    }
    ImGui::EndMainMenuBar();
}

void Workspace::draw_shortcuts_window() {
    if (!shortcuts_open)
        return;
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (ImGui::Begin("Keyboard shortcuts", &shortcuts_open,
                     ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        if (ImGui::BeginTable("shortcuts", 2, ImGuiTableFlags_RowBg)) {
            for (const ShortcutHelp& help : shortcut_help()) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(help.keys);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(help.action);
            }
            ImGui::EndTable();
        }
    }
    ImGui::End();
}

void Workspace::draw(AppState& state, const ViewContext& context) {
    draw_menu(state);
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const ImVec2 pos = viewport->WorkPos, size = viewport->WorkSize;
    const float status_h = ImGui::GetFrameHeight() + ImGui::GetStyle().WindowPadding.y * 2;
    const float sidebar_w = ImGui::GetFontSize() * 19;

    ImGui::SetNextWindowPos(pos);
    ImGui::SetNextWindowSize(ImVec2(sidebar_w, size.y - status_h));
    if (ImGui::Begin("##sidebar", nullptr, kFixed))
        views_.sidebar.draw(state, context);
    ImGui::End();

    ImGui::SetNextWindowPos(ImVec2(pos.x + sidebar_w, pos.y));
    ImGui::SetNextWindowSize(ImVec2(size.x - sidebar_w, size.y - status_h));
    if (ImGui::Begin("##main", nullptr, kFixed)) {
        if (ImGui::BeginTabBar("tabs")) {
            for (std::size_t i = 0; i < views_.tabs.size(); ++i) {
                const ImGuiTabItemFlags flags = select_pending_ && i == selected_ ? ImGuiTabItemFlags_SetSelected : 0;
                if (ImGui::BeginTabItem(views_.tabs[i]->title(), nullptr, flags)) {
                    if (!select_pending_)
                        selected_ = i;
                    views_.tabs[i]->draw(state, context);
                    ImGui::EndTabItem();
                }
            }
            select_pending_ = false;
            ImGui::EndTabBar();
        }
    }
    ImGui::End();

    ImGui::SetNextWindowPos(ImVec2(pos.x, pos.y + size.y - status_h));
    ImGui::SetNextWindowSize(ImVec2(size.x, status_h));
    if (ImGui::Begin("##status", nullptr, kFixed))
        views_.status_bar.draw(state, context);
    ImGui::End();

    draw_shortcuts_window();
}

} // namespace prefixlab
