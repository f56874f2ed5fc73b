#include "gui/widgets.hpp"
#include "gui/workspace.hpp"

#include "core/files/assets_folder.hpp"
#include "gui/app_state.hpp"
#include "gui/layout/layout_check.hpp"
#include "gui/shell/feature.hpp"
#include "gui/shell/menu_table.hpp"
#include "gui/shell/shortcut_table.hpp"
#include "gui/theme.hpp"

#include <algorithm>
#include <cfloat>
#include <imgui.h>
#include <imgui_internal.h> // the tab bar's rectangle and the window's laid-out width (note_scrolling_tab_bar)

namespace prefixlab {

namespace {

constexpr ImGuiWindowFlags kFixed = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                    ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBackground;

// The main area keeps at least this many font heights of width beside a docked panel: the four tab
// titles need 18.5 at any scale, and a table needs room for its row labels and some columns.
constexpr float kMinMainEms = 24;
// The source panel beside the views: a kernel line (about 60 columns of code and a line number) at
// the widest, half of it at the narrowest before it takes the views' place instead.
constexpr float kMinSourceEms = 22;
// Lines of height the main area keeps before the narration strip is shortened (a toolbar, a caption,
// the Values table's headers and a few of its rows).
constexpr float kMinMainLines = 8;
constexpr float kMaxSourceEms = 40;

// A tab bar that scrolls: its tabs are cut at the bar's edge (before its arrow buttons) on purpose, and
// Dear ImGui counts all of them as the window's content, which the window does not scroll to; the
// bar's own arrows reach them.
void note_scrolling_tab_bar(float right) {
    ImGuiContext& g = *GImGui;
    if (const ImGuiTabBar* bar = g.CurrentTabBar)
        layout::note_scrolled_region(bar->BarRect.Min.x, bar->BarRect.Min.y, bar->BarRect.Max.x, bar->BarRect.Max.y, true, false);
    ImGuiWindow* window = g.CurrentWindow;
    window->DC.CursorMaxPos.x = std::min(window->DC.CursorMaxPos.x, right);
}

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

bool Workspace::sidebar_fits(float window_width) const {
    return window_width >= views_.sidebar.preferred_width() + kMinMainEms * ImGui::GetFontSize();
}

void Workspace::toggle_sidebar() {
    if (sidebar_fits(ImGui::GetMainViewport()->WorkSize.x)) {
        sidebar_visible = !sidebar_visible;
        overlay_open_ = false;
    } else {
        overlay_open_ = !overlay_open_;
    }
}

bool Workspace::close_topmost() {
    if (blackout)
        blackout = false;
    else if (overlay_open_)
        overlay_open_ = false;
    else if (shortcuts_open)
        shortcuts_open = false;
    else if (about_open)
        about_open = false;
    else
        return false;
    return true;
}

void Workspace::open_sidebar() {
    if (!sidebar_fits(ImGui::GetMainViewport()->WorkSize.x))
        overlay_open_ = true;
    else
        sidebar_visible = true;
}

void Workspace::draw_shortcuts_window() {
    if (!shortcuts_open)
        return;
    // As wide as the longest row, but never wider than the screen: at 3× on 1280×720 the actions
    // wrap onto a second line instead of running past the window's edge.
    const ImGuiStyle& style = ImGui::GetStyle();
    float keys_w = 0, actions_w = 0;
    for (const Shortcut& help : shortcuts_.rows()) {
        keys_w = std::max(keys_w, ImGui::CalcTextSize(help.keys_text.c_str()).x);
        actions_w = std::max(actions_w, ImGui::CalcTextSize(help.action.c_str()).x);
    }
    const ImVec2 screen = ImGui::GetMainViewport()->WorkSize;
    const float ideal = keys_w + actions_w + 4 * style.CellPadding.x + 2 * style.WindowPadding.x + style.ScrollbarSize;
    const float width = std::min(ideal, screen.x - 2 * ImGui::GetFontSize());
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, screen.y - ImGui::GetFontSize()));
    if (ImGui::Begin("Keyboard shortcuts", &shortcuts_open,
                     ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        if (ImGui::BeginTable("shortcuts", 2, ImGuiTableFlags_RowBg)) {
            ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthFixed, std::min(keys_w, width * 0.45f));
            ImGui::TableSetupColumn("action", ImGuiTableColumnFlags_WidthStretch);
            for (const Shortcut& help : shortcuts_.rows()) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextWrapped("%s", help.keys_text.c_str());
                ImGui::TableNextColumn();
                ImGui::TextWrapped("%s", help.action.c_str());
            }
            ImGui::EndTable();
        }
        ImGui::TextDisabled("Esc closes this window");
    }
    ImGui::End();
}

void Workspace::draw_about_window() {
    if (!about_open)
        return;
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(ImGui::GetMainViewport()->WorkSize.x - ImGui::GetFontSize(),
                                                             ImGui::GetMainViewport()->WorkSize.y - ImGui::GetFontSize()));
    if (ImGui::Begin("About PrefixLab", &about_open,
                     ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::TextUnformatted(version_report().c_str());
        ImGui::TextDisabled("Esc closes this window");
    }
    ImGui::End();
}

void Workspace::draw_sidebar(AppState& state, const ViewContext& context, float x, float y, float width, float height,
                             bool over_main) {
    ImGui::SetNextWindowPos(ImVec2(x, y));
    ImGui::SetNextWindowSize(ImVec2(width, height));
    // Over the main area the panel needs its own background and edge, or the view behind shows through.
    const ImGuiWindowFlags flags = over_main ? (kFixed & ~ImGuiWindowFlags_NoBackground & ~ImGuiWindowFlags_NoBringToFrontOnFocus)
                                             : kFixed;
    if (over_main)
        ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, std::max(1.0f, context.ui_scale));
    if (ImGui::Begin(over_main ? "##sidebar-over" : "##sidebar", nullptr, flags))
        views_.sidebar.draw(state, context);
    ImGui::End();
    if (over_main)
        ImGui::PopStyleVar();
}

void Workspace::draw_main(GuiHost& host, const ViewContext& context, float x, float y, float width, float height,
                          bool show_panel_button) {
    AppState& state = host.state;
    ImGui::SetNextWindowPos(ImVec2(x, y));
    ImGui::SetNextWindowSize(ImVec2(width, height));
    if (ImGui::Begin("##main", nullptr, kFixed)) {
        if (show_panel_button) {
            // The way back to a hidden panel: one narrow button where a lecturer looks for it, so the
            // tabs keep their full titles (at 3× on 1280×720 they need 1001 of 1264 px).
            if (ImGui::Button(overlay_open_ ? "◂" : "▸"))
                toggle_sidebar();
            if (ImGui::IsItemHovered())
                tooltip("Settings panel (F9)");
            ImGui::SameLine();
        }
        // Six tabs need 1420 px at 3× (1001 before the multi-block runs' two tabs came): where their full
        // titles do not fit, the bar scrolls sideways (arrows at its end; the selected tab is kept in view)
        // instead of shortening every title to "Valu…".
        const ImGuiStyle& style = ImGui::GetStyle();
        float titles_w = 0;
        for (const auto& view : views_.tabs)
            titles_w += ImGui::CalcTextSize(view->title()).x + 2 * style.FramePadding.x + style.ItemInnerSpacing.x;
        const bool scrolls = titles_w > ImGui::GetContentRegionAvail().x;
        const float right = ImGui::GetWindowContentRegionMax().x + ImGui::GetWindowPos().x;
        if (ImGui::BeginTabBar("tabs", scrolls ? ImGuiTabBarFlags_FittingPolicyScroll : ImGuiTabBarFlags_None)) {
            for (std::size_t i = 0; i < views_.tabs.size(); ++i) {
                const ImGuiTabItemFlags flags = select_pending_ && i == selected_ ? ImGuiTabItemFlags_SetSelected : 0;
                const bool open = ImGui::BeginTabItem(views_.tabs[i]->title(), nullptr, flags);
                if (scrolls && i == 0) {
                    note_scrolling_tab_bar(right); // the first BeginTabItem laid the bar out
                    // Scrolled at once, not glided: Dear ImGui's glide goes by the clock, so how far it got
                    // in a given number of frames depended on how fast they came (a restored scene showed
                    // the tabs 1–4 px from where the saved window had them).
                    if (ImGuiTabBar* bar = GImGui->CurrentTabBar)
                        bar->ScrollingAnim = bar->ScrollingTarget;
                }
                if (open) {
                    if (!select_pending_)
                        selected_ = i;
                    // A feature may draw the tab instead (twice, side by side).
                    if (!host.features.draw_tab(state, context, *views_.tabs[i], views_.second_tabs[i].get())) {
                        ViewContext shown = context;
                        shown.shown = {state.block.trace(), state.block.step()};
                        views_.tabs[i]->draw(state, shown);
                    }
                    main_anchors_[i].record_and_apply();
                    ImGui::EndTabItem();
                }
            }
            select_pending_ = false;
            ImGui::EndTabBar();
        }
    }
    ImGui::End();
}

void Workspace::draw_source(AppState& state, const ViewContext& context, float x, float y, float width, float height,
                            bool instead_of_views) {
    ImGui::SetNextWindowPos(ImVec2(x, y));
    ImGui::SetNextWindowSize(ImVec2(width, height));
    if (ImGui::Begin("##source", nullptr, kFixed)) {
        views_.source.draw(state, context);
        // No line of its own for this: at 3× on 1280×720 every line is taken from the code.
        if (instead_of_views && ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows))
            tooltip("F4: back to the views (no room for both at this size)");
    }
    ImGui::End();
}

void Workspace::draw(GuiHost& host, const ViewContext& context) {
    AppState& state = host.state;
    // The step keys, scripted `step` and playback step the selected tab's session.
    state.step_through(selected_session());
    if (ImGui::BeginMainMenuBar()) {
        menus_.draw(host);
        ImGui::EndMainMenuBar();
    }
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const ImVec2 pos = viewport->WorkPos, size = viewport->WorkSize;
    if (status_height_ <= 0)
        status_height_ = ImGui::GetFrameHeight() + ImGui::GetStyle().WindowPadding.y * 2;
    // The views keep at least kMinMainLines lines of height, and the narration strip gives way first:
    // at 2× on 1280×720 a four-line status bar and a quarter-window strip left the Values table no row.
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float narration_cap = std::min(size.y / 4, size.y - status_height_ - kMinMainLines * line);
    const bool narrating =
        narration_visible && views_.tabs[selected_]->shows_steps() && narration_cap >= 2 * line;
    const float narration_h = narrating ? std::min(views_.narration.height(state, size.x), narration_cap) : 0;
    const float main_h = size.y - status_height_ - narration_h;

    // A tab that needs none of the panel's settings (View::uses_sidebar) takes its width; ▸ still opens it over the tab.
    const bool docked = sidebar_visible && sidebar_fits(size.x) && views_.tabs[selected_]->uses_sidebar();
    if (docked)
        overlay_open_ = false;
    const float sidebar_w = std::min(views_.sidebar.preferred_width(), size.x);
    const float main_x = docked ? sidebar_w : 0;
    if (docked)
        draw_sidebar(state, context, pos.x, pos.y, sidebar_w, main_h, false);
    // The source panel: beside the views where both keep a useful width, else in their place.
    const float main_w = size.x - main_x, font = ImGui::GetFontSize();
    const bool source_beside = source_visible && main_w >= (kMinMainEms + kMinSourceEms) * font;
    const float source_w = source_beside ? std::clamp(main_w * 0.42f, kMinSourceEms * font, kMaxSourceEms * font)
                           : source_visible ? main_w
                                            : 0;
    if (!source_visible || source_beside)
        draw_main(host, context, pos.x + main_x, pos.y, main_w - source_w, main_h, !docked);
    if (source_visible)
        draw_source(state, context, pos.x + size.x - source_w, pos.y, source_w, main_h, !source_beside);
    if (overlay_open_)
        draw_sidebar(state, context, pos.x, pos.y, sidebar_w, main_h, true);

    // The narration is as tall as the lines it draws this frame (NarrationView::height), at most a quarter
    // of the window, and scrolls beyond that; the status bar is as tall as its wrapped lines were last frame.
    if (narrating) {
        ImGui::SetNextWindowPos(ImVec2(pos.x, pos.y + main_h));
        ImGui::SetNextWindowSize(ImVec2(size.x, narration_h));
        if (ImGui::Begin("##narration", nullptr, kFixed))
            views_.narration.draw(state, context);
        ImGui::End();
    }
    ImGui::SetNextWindowPos(ImVec2(pos.x, pos.y + main_h + narration_h));
    ImGui::SetNextWindowSizeConstraints(ImVec2(size.x, 0), ImVec2(size.x, size.y / 3));
    if (ImGui::Begin("##status", nullptr, kFixed | ImGuiWindowFlags_AlwaysAutoResize))
        views_.status_bar.draw(state, context);
    status_height_ = ImGui::GetWindowHeight();
    ImGui::End();

    draw_shortcuts_window();
    draw_about_window();
    if (blackout)
        ImGui::GetForegroundDrawList()->AddRectFilled(viewport->Pos,
                                                      ImVec2(viewport->Pos.x + viewport->Size.x, viewport->Pos.y + viewport->Size.y),
                                                      IM_COL32(0, 0, 0, 255));
}

} // namespace prefixlab
