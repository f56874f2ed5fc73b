// The layout check on frames made to fail: Dear ImGui runs headless here (a font atlas built in
// memory, no window, no OpenGL), the test draws text the way the views do, and check_layout reads it
// back from the draw lists. Each case has its twin that must pass, so neither side is vacuous.
#include "gui/layout/layout_check.hpp"
#include "gui/layout/settling.hpp"
#include "gui/layout/shown_range.hpp"
#include "gui/theme.hpp"

#include <gtest/gtest.h>
#include <imgui.h>
#include <string>

namespace prefixlab::test {
namespace {

class LayoutCheck : public ::testing::Test {
protected:
    void SetUp() override {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(800, 600);
        io.DeltaTime = 1.0f / 60;
        ImFontConfig config;
        config.SizePixels = 26; // Dear ImGui's built-in font, large enough for whole-pixel glyph quads
        io.Fonts->AddFontDefault(&config);
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(1));
    }
    void TearDown() override { ImGui::DestroyContext(); }

    // One frame: `body` draws inside a fixed 600×400 window; returns the check's report.
    template <typename Body>
    layout::LayoutReport frame(Body body, ImGuiWindowFlags flags = 0) {
        layout::begin_checked_frame();
        layout::new_frame();
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(10, 10));
        ImGui::SetNextWindowSize(ImVec2(600, 400));
        ImGui::Begin("test", nullptr, ImGuiWindowFlags_NoSavedSettings | flags);
        body();
        ImGui::End();
        ImGui::Render();
        layout::end_checked_frame();
        return layout::check_layout(*ImGui::GetDrawData());
    }
    // Dear ImGui lays windows out over two frames; the second is the one checked.
    template <typename Body>
    layout::LayoutReport settled(Body body, ImGuiWindowFlags flags = 0) {
        frame(body, flags);
        return frame(body, flags);
    }
};

std::string all(const layout::LayoutReport& r) {
    std::string s;
    for (const std::string& p : r.problems)
        s += p + "\n";
    return s;
}

TEST_F(LayoutCheck, TextsSideBySidePassAndTextsDrawnOverEachOtherFail) {
    const auto apart = settled([] {
        ImDrawList* d = ImGui::GetWindowDrawList();
        d->AddText(ImVec2(40, 100), 0xffffffff, "left text");
        d->AddText(ImVec2(300, 100), 0xffffffff, "right text");
    });
    EXPECT_TRUE(apart.problems.empty()) << all(apart);
    EXPECT_GE(apart.texts, 3u) << "the window title and both texts";

    const auto overlapping = settled([] {
        ImDrawList* d = ImGui::GetWindowDrawList();
        d->AddText(ImVec2(40, 100), 0xffffffff, "step label");
        d->AddText(ImVec2(60, 108), 0xffffffff, "other label");
    });
    ASSERT_EQ(overlapping.problems.size(), 1u) << all(overlapping);
    EXPECT_NE(overlapping.problems[0].find("\u201cstep label\u201d overlaps \u201cother label\u201d"), std::string::npos)
        << overlapping.problems[0];
}

TEST_F(LayoutCheck, TextCutByAClipRectangleFailsUnlessItsRegionScrolls) {
    const auto draw_cut = [] {
        ImDrawList* d = ImGui::GetWindowDrawList();
        d->PushClipRect(ImVec2(40, 90), ImVec2(120, 140), true);
        d->AddText(ImVec2(40, 100), 0xffffffff, "523776 523776");
        d->PopClipRect();
    };
    const auto cut = settled(draw_cut);
    ASSERT_EQ(cut.problems.size(), 1u) << all(cut);
    EXPECT_NE(cut.problems[0].find("cut at its right edge"), std::string::npos) << cut.problems[0];

    const auto scrolled = settled([&] {
        draw_cut();
        layout::note_scrolled_region(40, 90, 120, 140, true, false); // a canvas the view scrolls sideways
    });
    EXPECT_TRUE(scrolled.problems.empty()) << all(scrolled);
}

TEST_F(LayoutCheck, ShortenedTabsAndButtonsWithAnEllipsisFail) {
    const auto tabs = [](float width) {
        return [width] {
            ImGui::SetNextItemWidth(width);
            ImGui::BeginChild("bar", ImVec2(width, 80));
            if (ImGui::BeginTabBar("tabs")) {
                for (const char* title : {"Values", "Dataflow", "Banks", "Benchmark"})
                    if (ImGui::BeginTabItem(title))
                        ImGui::EndTabItem();
                ImGui::EndTabBar();
            }
            ImGui::EndChild();
        };
    };
    const auto wide = settled(tabs(580));
    EXPECT_TRUE(wide.problems.empty()) << all(wide);
    const auto narrow = settled(tabs(260));
    EXPECT_FALSE(narrow.problems.empty());
    EXPECT_NE(all(narrow).find("tabs need"), std::string::npos) << all(narrow);
    EXPECT_NE(all(narrow).find("shortened by Dear ImGui's ellipsis"), std::string::npos) << all(narrow);
}

TEST_F(LayoutCheck, ContentBeyondAWindowWithoutAScrollBarIsCutButWithOneItScrolls) {
    const auto long_line = [] { ImGui::TextUnformatted("a line of text much longer than the window that holds it, cut"); };
    const auto no_bar = settled(long_line);
    // The line is cut at a space, so no glyph is half drawn: the window's content size tells.
    ASSERT_EQ(no_bar.problems.size(), 1u) << all(no_bar);
    EXPECT_NE(no_bar.problems[0].find("window test lays out"), std::string::npos) << all(no_bar);
    const auto with_bar = settled(long_line, ImGuiWindowFlags_HorizontalScrollbar);
    EXPECT_TRUE(with_bar.problems.empty()) << all(with_bar);
}

TEST_F(LayoutCheck, ATableColumnTooNarrowForItsTextFails) {
    const auto table = [](float action_width) {
        return [action_width] {
            if (ImGui::BeginTable("keys", 2)) {
                ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed, 100);
                ImGui::TableSetupColumn("action", ImGuiTableColumnFlags_WidthFixed, action_width);
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted("F11");
                ImGui::TableNextColumn();
                ImGui::TextUnformatted("presentation mode (full screen)");
                ImGui::EndTable();
            }
        };
    };
    const auto wide = settled(table(450));
    EXPECT_TRUE(wide.problems.empty()) << all(wide);
    const auto narrow = settled(table(150));
    EXPECT_NE(all(narrow).find("a column of table test holds"), std::string::npos) << all(narrow);
}

TEST_F(LayoutCheck, AWindowTooNarrowForARowFails) {
    const auto narrow = settled([] {
        ImGui::BeginChild("sliver", ImVec2(40, 200), true);
        ImGui::EndChild();
    });
    EXPECT_NE(all(narrow).find("window test/sliver"), std::string::npos) << all(narrow);
}

// Issue 33, point 8: text is measured against what is drawn under it. The projector's orange status
// line (#E69F00 on white, 2.25:1) fails; the same words in near-black pass; so does text of a disabled
// control, which WCAG leaves out, drawn at Dear ImGui's DisabledAlpha.
TEST_F(LayoutCheck, TextThatReadsTooFaintlyOnItsBackgroundFails) {
    const auto on = [&](ImU32 fill, ImU32 ink) {
        return settled([&] {
            const ImVec2 at = ImGui::GetCursorScreenPos();
            ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + 500, at.y + 60), fill);
            ImGui::PushStyleColor(ImGuiCol_Text, ink);
            ImGui::TextUnformatted("CPU emulation");
            ImGui::PopStyleColor();
        });
    };
    const layout::LayoutReport orange = on(IM_COL32(255, 255, 255, 255), IM_COL32(0xE6, 0x9F, 0x00, 255));
    ASSERT_EQ(orange.problems.size(), 1u) << all(orange);
    EXPECT_NE(orange.problems[0].find("contrast 2.25:1 (#E69F00 on #FFFFFF)"), std::string::npos) << all(orange);
    EXPECT_TRUE(on(IM_COL32(255, 255, 255, 255), IM_COL32(20, 20, 20, 255)).problems.empty());
    // White on Okabe–Ito blue reads (5.2:1); the light grey of 235 did not (4.35:1).
    EXPECT_TRUE(on(IM_COL32(0x00, 0x72, 0xB2, 255), IM_COL32(255, 255, 255, 255)).problems.empty());
    EXPECT_EQ(on(IM_COL32(0x00, 0x72, 0xB2, 255), IM_COL32(235, 235, 235, 255)).problems.size(), 1u);
    const layout::LayoutReport disabled = settled([] {
        ImGui::BeginDisabled();
        ImGui::Button("Dim later steps");
        ImGui::EndDisabled();
    });
    EXPECT_TRUE(disabled.problems.empty()) << all(disabled);
}

// A line crossing a digit (an arrow under the Values table's numbers) is not the text's background:
// the colour under most of the text is.
TEST_F(LayoutCheck, ALineAcrossTextIsNotItsBackground) {
    const layout::LayoutReport crossed = settled([] {
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImDrawList* list = ImGui::GetWindowDrawList();
        list->AddRectFilled(at, ImVec2(at.x + 400, at.y + 60), IM_COL32(255, 255, 255, 255));
        list->AddLine(ImVec2(at.x + 20, at.y), ImVec2(at.x + 20, at.y + 60), IM_COL32(20, 20, 20, 255), 3);
        ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(20, 20, 20, 255));
        ImGui::TextUnformatted("1024 2048");
        ImGui::PopStyleColor();
    });
    EXPECT_TRUE(crossed.problems.empty()) << all(crossed);
}

// Every colour pair the views draw text in, in both themes: a data colour as text on the background
// (readable_on), ink on each fill (ink_on), dimmed ink on a later step's dimmed fill, and the source
// panel's syntax colours on the step's shaded lines.
TEST(ThemeContrast, EveryTextColourPairReadsInBothThemes) {
    for (const theme::Name name : theme::kNames) {
        const theme::Palette& p = theme::palette(name);
        const char* theme_name = theme::name_text(name);
        const theme::Rgb data[] = {p.cell_value,   p.cell_unwritten, p.cell_written,     p.cell_read,
                                   p.current_step, p.error,          p.ok,               p.input_node,
                                   p.edge,         p.active_threads, p.progress,         p.differs,
                                   p.status_invalid, p.status_aggregate, p.status_prefix, p.text};
        for (const theme::Rgb c : data) {
            EXPECT_GE(theme::contrast_ratio(theme::readable_on(c, p.background), p.background), 4.5) << theme_name;
            EXPECT_GE(theme::contrast_ratio(theme::ink_on(c), c), 4.5) << theme_name;
            const theme::Rgb dimmed = theme::blend(c, p.background, 0.65f);
            EXPECT_GE(theme::contrast_ratio(theme::dimmed_ink_on(dimmed), dimmed), 4.5) << theme_name;
        }
        for (const theme::Rgb code : {p.code_keyword, p.code_comment, p.code_literal, p.code_preprocessor, p.text})
            for (const theme::Rgb under : {p.background, p.code_step_lines})
                EXPECT_GE(theme::contrast_ratio(theme::readable_on(code, under), under), 4.5) << theme_name;
    }
    // The ratio itself, against WCAG's figures: black on white 21:1, white on white 1:1.
    EXPECT_NEAR(theme::contrast_ratio({0, 0, 0}, {255, 255, 255}), 21.0, 1e-9);
    EXPECT_NEAR(theme::contrast_ratio({255, 255, 255}, {255, 255, 255}), 1.0, 1e-9);
}

// Issue 33, point 2: the current step's row of a step view is wholly in the part of the screen its rows show
// through; where that part is shorter than a row, the row fills it.
TEST_F(LayoutCheck, TheCurrentStepsRowMustBeInView) {
    const auto row_problems = [&](layout::StepRowSpan row) {
        const layout::LayoutReport r = settled([&] {
            ImGui::TextUnformatted("some text");
            layout::note_current_step_row(row);
        });
        std::size_t rows = 0;
        for (const std::string& p : r.problems)
            rows += p.find("current step's row of Values") != std::string::npos;
        return rows;
    };
    EXPECT_EQ(row_problems({"Values", 120, 150, 100, 300, 100, 300}), 0u); // inside
    EXPECT_EQ(row_problems({"Values", 280, 310, 100, 300, 100, 300}), 1u); // 10 px below the edge
    EXPECT_EQ(row_problems({"Values", 80, 110, 100, 300, 100, 300}), 1u);  // 20 px above it
    EXPECT_EQ(row_problems({"Values", 400, 430, 100, 300, 100, 500}), 1u); // scrolled out of view
    EXPECT_EQ(row_problems({"Values", 90, 180, 100, 160, 100, 300}), 0u);  // taller than the view, filling it
    EXPECT_EQ(row_problems({"Values", 120, 210, 100, 160, 100, 300}), 1u); // taller, starting below its top
}

// A window that shows less than a line of itself: a problem where nothing scrolls to the rest, not where a
// window around it scrolls (the rest is scrolled out of view, as text cut at a scrolling edge is).
TEST_F(LayoutCheck, AWindowShowingASliverIsAProblemUnlessItsParentScrolls) {
    const auto sliver = [&](bool parent_scrolls) {
        const layout::LayoutReport r = settled([&] {
            ImGui::TextUnformatted("some text");
            ImGui::BeginChild("half", ImVec2(500, 200), false, parent_scrolls ? 0 : ImGuiWindowFlags_NoScrollbar);
            ImGui::Dummy(ImVec2(10, 190)); // the child below starts 10 px above the half's bottom edge
            ImGui::BeginChild("diagram", ImVec2(400, 150));
            ImGui::TextUnformatted("lanes");
            ImGui::EndChild();
            ImGui::EndChild();
        });
        std::size_t slivers = 0;
        for (const std::string& p : r.problems)
            slivers += p.find("diagram") != std::string::npos && p.find("shows only") != std::string::npos;
        return slivers;
    };
    EXPECT_EQ(sliver(true), 0u);
    EXPECT_EQ(sliver(false), 1u);
}

// The layout settles: a frame like the one before it has not moved; a window that moves, a content
// that changes size, or a scroll still to be applied has.
TEST_F(LayoutCheck, AFrameMovesWhileItsLayoutChanges) {
    const auto frame_with = [&](float content_h, bool scroll) {
        frame([&] {
            ImGui::BeginChild("rows", ImVec2(300, 200));
            ImGui::Dummy(ImVec2(10, content_h));
            if (scroll)
                ImGui::SetScrollY(50);
            ImGui::EndChild();
        });
        return layout::note_frame_moved();
    };
    frame_with(500, false);
    frame_with(500, false);
    EXPECT_FALSE(frame_with(500, false));
    EXPECT_EQ(layout::frames_moving(), 0);
    EXPECT_TRUE(frame_with(600, false)) << "the content grew";
    frame_with(600, false); // the window's scroll range follows a frame later
    EXPECT_FALSE(frame_with(600, false));
    EXPECT_TRUE(frame_with(600, true)) << "a scroll asked for, applied in the next frame";
    EXPECT_TRUE(frame_with(600, false)) << "the scroll applied";
    EXPECT_FALSE(frame_with(600, false));
    // A layout that flips every frame keeps moving.
    for (int k = 0; k < 6; ++k)
        frame_with(k % 2 ? 500 : 700, false);
    EXPECT_EQ(layout::frames_moving(), 6);
}

} // namespace
} // namespace prefixlab::test
