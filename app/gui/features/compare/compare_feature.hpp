// The Compare feature (F3): a second trace beside the first, stepping with it, differences marked. Its
// key, its menu item, and its script commands (`compare`, `compare-file`, `compare-off`,
// `report-compare`; docs/gui-script.md).
#pragma once

#include "gui/features/compare/compare_session.hpp"
#include "gui/features/compare/shared_place.hpp"
#include "gui/layout/shown_range.hpp"
#include "gui/shell/feature.hpp"

namespace prefixlab {

// The line over the two sides: how they differ, and "(framed)" where the tab frames what differs.
std::string compare_line(const TraceComparison& comparison, bool framed);

class CompareFeature final : public Feature {
public:
    void add_commands(ScriptTable& table) override;
    void add_shortcuts(ShortcutTable& table) override;
    void add_menus(MenuTable& menus) override;
    void start(AppState& state) override;
    // The selected step tab twice, each side at its paired step (compare_sides.cpp).
    bool draw_tab(AppState& state, const ViewContext& context, View& first, View* second) override;
    // The settings panel's section: on or off, and what the other side runs (compare_panel.cpp).
    void draw_sidebar(AppState& state, const std::string& typed_path) override;
    void store(Scene& scene) const override;
    void restore(const Scene& scene) override;

private:
    void toggle() { session_.set_on(!session_.on()); }
    // Inside half `side` after its view drew: keeps the current step's row (`row`) on screen (compare_sides.cpp).
    void follow_in_half(int side, int step, const View* tab, layout::StepRowSpan row);
    struct HalfFollow {
        int step = -1;
        unsigned window = 0;       // the half's ImGuiID
        const View* tab = nullptr; // the tab drawn in it: another tab follows anew
        float height = 0, font = 0; // the half's inner height and the font size
        int frames = 0;      // frames left in which the half follows
    };
    HalfFollow half_follow_[2];
    CompareSession session_;
    SharedPlace shared_;
};

} // namespace prefixlab
