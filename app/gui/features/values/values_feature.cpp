#include "gui/features/values/values_feature.hpp"

#include "core/util/terminal_output.hpp"
#include "gui/features/values/value_table_layout.hpp"
#include "gui/features/values/value_table_view.hpp"
#include "gui/script/script_command.hpp"

#include <cstdio>

namespace prefixlab {

void ValuesFeature::add_tabs(std::vector<TabMaker>& tabs) {
    tabs.push_back([] { return std::make_unique<ValueTableView>(); });
}

void ValuesFeature::add_commands(ScriptTable& table) {
    table.add({.name = "report-values",
               .usage = "report-values",
               .help = "print where the Values tab's table was drawn in the last frame (window pixels): `values: "
                       "columns=64 steps=15 cell=W,H cells_x=X0,X1 scroll=SX,SY input_y=Y0,Y1 steps_y=Y0,Y1 "
                       "output_y=Y0,Y1 visible_columns=A,B overview=X0,Y0,X1,Y1` (`overview=none` when every column "
                       "fits; `values: none` before the tab has drawn a trace). Column C spans X0 + C·W − SX onwards, "
                       "step K's row Y0 + K·H − SY of `steps_y`",
               .run = [](ScriptRun&, const ScriptCommand&) {
                   // Where the Values table put its cells in the last frame, so a test can find them in a screenshot.
                   printf_to_terminal(stdout, "%s\n", describe(last_value_table_geometry()).c_str());
                   std::fflush(stdout);
               }});
}

} // namespace prefixlab
