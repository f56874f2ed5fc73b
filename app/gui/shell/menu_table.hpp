// The main menu bar as a table: File, View, then the menus features add, then Help. A feature adds the
// items it owns to a menu by name (ImHex's ContentRegistry::Interface::addMenuItem); the items of one
// menu are drawn in the order they were added, a separator between two features' items.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace prefixlab {

struct GuiHost;

class MenuTable {
public:
    // Draws items inside the open menu `menu` (ImGui::MenuItem calls); the menu is created on first use.
    void add(const std::string& menu, std::function<void(GuiHost&)> draw_items);
    // Inside ImGui::BeginMainMenuBar: every menu with its items.
    void draw(GuiHost& host) const;

private:
    struct Menu {
        std::string title;
        std::vector<std::function<void(GuiHost&)>> items;
    };
    std::vector<Menu> menus_ = {{"File", {}}, {"View", {}}, {"Help", {}}};
};

} // namespace prefixlab
