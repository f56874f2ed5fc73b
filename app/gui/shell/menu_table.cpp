#include "gui/shell/menu_table.hpp"

#include <imgui.h>

namespace prefixlab {

void MenuTable::add(const std::string& menu, std::function<void(GuiHost&)> draw_items) {
    for (Menu& m : menus_)
        if (m.title == menu) {
            m.items.push_back(std::move(draw_items));
            return;
        }
    // A feature's own menu stands before Help, the last.
    menus_.insert(menus_.end() - 1, Menu{menu, {std::move(draw_items)}});
}

void MenuTable::draw(GuiHost& host) const {
    for (const Menu& menu : menus_) {
        if (menu.items.empty() || !ImGui::BeginMenu(menu.title.c_str()))
            continue;
        for (std::size_t i = 0; i < menu.items.size(); ++i) {
            if (i > 0)
                ImGui::Separator();
            menu.items[i](host);
        }
        ImGui::EndMenu();
    }
}

} // namespace prefixlab
