// The SVG export's conversion (gui/export/svg_from_draw_data.hpp) on synthetic frames: Dear ImGui runs
// headless (a font atlas built in memory, no window, no OpenGL), the test draws known text and
// shapes into a draw list, and the SVG must give the text back as <text> elements at the places
// RenderText drew it, and the shapes as rectangles and paths.
#include "gui/export/svg_from_draw_data.hpp"

#include <cmath>
#include <gtest/gtest.h>
#include <imgui.h>
#include <regex>
#include <string>
#include <vector>

namespace prefixlab::test {
namespace {

struct SvgText {
    std::string x, y, size, fill, family, text;
};

// Every <text> element of a document, in order (the converter writes one per line).
std::vector<SvgText> texts_of(const std::string& svg) {
    static const std::regex element(
        "<text x=\"([^\"]*)\" y=\"([^\"]*)\" font-size=\"([^\"]*)\" fill=\"([^\"]*)\"[^>]* font-family=\"([^\"]*)\">([^<]*)</text>");
    std::vector<SvgText> out;
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), element); it != std::sregex_iterator(); ++it)
        out.push_back({(*it)[1], (*it)[2], (*it)[3], (*it)[4], (*it)[5], (*it)[6]});
    return out;
}

std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
        ++n;
    return n;
}

class SvgFromDrawData : public ::testing::Test {
protected:
    void SetUp() override {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(800, 600);
        io.DeltaTime = 1.0f / 60;
        ImFontConfig config;
        config.SizePixels = 26;
        sans_ = io.Fonts->AddFontDefault(&config);
        config.SizePixels = 20;
        mono_ = io.Fonts->AddFontDefault(&config); // a second font of the atlas, standing in for the mono one
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(1));
    }
    void TearDown() override { ImGui::DestroyContext(); }

    // One frame whose foreground draw list `body` fills; its SVG.
    template <typename Body>
    DrawDataSvg frame(Body body) {
        ImGui::NewFrame();
        body(*ImGui::GetForegroundDrawList());
        ImGui::Render();
        return svg_from_draw_data(*ImGui::GetDrawData(), *ImGui::GetIO().Fonts, {mono_}, IM_COL32(10, 20, 30, 255));
    }

    // Where RenderText puts the baseline of text drawn at y: the line's top plus the rounded ascent.
    static float baseline(float y, const ImFont* font, float size) {
        return y + std::round(font->Ascent) * size / font->FontSize;
    }

    ImFont* sans_ = nullptr;
    ImFont* mono_ = nullptr;
};

TEST_F(SvgFromDrawData, ALabelIsOneTextElementWithItsStringAtItsPosition) {
    const DrawDataSvg svg = frame([&](ImDrawList& list) {
        list.AddText(sans_, sans_->FontSize, ImVec2(100, 50), IM_COL32(230, 159, 0, 255), "up-sweep d=2, stride 4");
    });
    const std::vector<SvgText> texts = texts_of(svg.document);
    ASSERT_EQ(texts.size(), 1u) << svg.document;
    EXPECT_EQ(texts[0].text, "up-sweep d=2, stride 4");
    EXPECT_EQ(texts[0].x, "100");
    EXPECT_NEAR(std::stof(texts[0].y), baseline(50, sans_, sans_->FontSize), 0.01);
    EXPECT_NEAR(std::stod(texts[0].size), 26 / 1.164, 0.01) << "the em of DejaVu drawn 26 px from ascent to descent";
    EXPECT_EQ(texts[0].fill, "rgb(230,159,0)");
    EXPECT_EQ(texts[0].family, "DejaVu Sans, sans-serif");
    EXPECT_EQ(svg.texts, 1);
}

TEST_F(SvgFromDrawData, SizeFontOpacityAndEscapingAreKept) {
    const DrawDataSvg svg = frame([&](ImDrawList& list) {
        list.AddText(mono_, 30, ImVec2(12.5f, 300), IM_COL32(255, 255, 255, 128), "s[i] <- a & b");
    });
    const std::vector<SvgText> texts = texts_of(svg.document);
    ASSERT_EQ(texts.size(), 1u) << svg.document;
    EXPECT_EQ(texts[0].text, "s[i] &lt;- a &amp; b");
    EXPECT_EQ(texts[0].x, "12") << "RenderText starts at the floor of the position";
    EXPECT_NEAR(std::stof(texts[0].y), baseline(300, mono_, 30), 0.01);
    EXPECT_NEAR(std::stod(texts[0].size), 30 / 1.164, 0.01);
    EXPECT_EQ(texts[0].family, "DejaVu Sans Mono, monospace");
    EXPECT_NE(svg.document.find("fill-opacity=\"0.5\""), std::string::npos);
}

TEST_F(SvgFromDrawData, LabelsApartLinesAndColoursAreSeparateElements) {
    const DrawDataSvg svg = frame([&](ImDrawList& list) {
        list.AddText(sans_, 26, ImVec2(10, 10), IM_COL32_WHITE, "12");
        list.AddText(sans_, 26, ImVec2(400, 10), IM_COL32_WHITE, "34");           // far to the right
        list.AddText(sans_, 26, ImVec2(10, 100), IM_COL32_WHITE, "first\nsecond"); // two lines
        list.AddText(sans_, 26, ImVec2(10, 200), IM_COL32(255, 0, 0, 255), "red");
    });
    const std::vector<SvgText> texts = texts_of(svg.document);
    ASSERT_EQ(texts.size(), 5u) << svg.document;
    EXPECT_EQ(texts[0].text, "12");
    EXPECT_EQ(texts[1].text, "34");
    EXPECT_EQ(texts[1].x, "400");
    EXPECT_EQ(texts[2].text, "first");
    EXPECT_EQ(texts[3].text, "second");
    EXPECT_EQ(texts[3].x, "10");
    EXPECT_GT(std::stof(texts[3].y), std::stof(texts[2].y));
    EXPECT_EQ(texts[4].fill, "rgb(255,0,0)");
}

TEST_F(SvgFromDrawData, ClippedTextKeepsItsCharactersInsideAClipPath) {
    const DrawDataSvg svg = frame([&](ImDrawList& list) {
        list.PushClipRect(ImVec2(0, 0), ImVec2(130, 600));
        const ImVec4 fine_clip(0, 0, 130, 600); // as RenderTextClipped cuts a button's label
        list.AddText(sans_, 26, ImVec2(100, 40), IM_COL32_WHITE, "cut", nullptr, 0, &fine_clip);
        list.PopClipRect();
    });
    const std::vector<SvgText> texts = texts_of(svg.document);
    ASSERT_EQ(texts.size(), 1u) << svg.document;
    EXPECT_EQ(texts[0].text.substr(0, 2), "cu") << "the glyphs cut at x = 130 are still the characters drawn";
    EXPECT_EQ(texts[0].x, "100");
    EXPECT_EQ(count_of(svg.document, "<clipPath"), 1u);
    EXPECT_NE(svg.document.find("<rect x=\"0\" y=\"0\" width=\"130\" height=\"600\"/></clipPath>"), std::string::npos)
        << svg.document;
}

TEST_F(SvgFromDrawData, RectanglesStayRectanglesAndOtherShapesBecomePaths) {
    ImGui::GetStyle().AntiAliasedFill = false; // as the export's vector frame draws
    const DrawDataSvg svg = frame([&](ImDrawList& list) {
        list.AddRectFilled(ImVec2(10, 20), ImVec2(110, 70), IM_COL32(0, 114, 178, 255));
        list.AddTriangleFilled(ImVec2(200, 200), ImVec2(260, 200), ImVec2(230, 250), IM_COL32(213, 94, 0, 255));
        list.AddCircleFilled(ImVec2(400, 400), 30, IM_COL32(0, 158, 115, 255), 24);
        list.AddImage(reinterpret_cast<ImTextureID>(2), ImVec2(0, 0), ImVec2(10, 10));
    });
    EXPECT_NE(svg.document.find("<rect x=\"10\" y=\"20\" width=\"100\" height=\"50\" fill=\"rgb(0,114,178)\"/>"),
              std::string::npos)
        << svg.document;
    EXPECT_EQ(svg.rects, 1);
    EXPECT_EQ(svg.paths, 2) << "the triangle, and the circle's fan as one path\n" << svg.document;
    EXPECT_NE(svg.document.find("fill=\"rgb(0,158,115)\""), std::string::npos);
    EXPECT_EQ(svg.skipped_images, 1);
    EXPECT_NE(svg.document.find("<!-- left out: 1 image(s)"), std::string::npos);
    EXPECT_EQ(svg.texts, 0);
}

TEST_F(SvgFromDrawData, TheDocumentIsTheDisplayWithItsBackground) {
    const DrawDataSvg svg = frame([](ImDrawList&) {});
    EXPECT_EQ(svg.document.rfind("<?xml", 0), 0u);
    EXPECT_NE(svg.document.find("viewBox=\"0 0 800 600\""), std::string::npos);
    EXPECT_NE(svg.document.find("<rect x=\"0\" y=\"0\" width=\"800\" height=\"600\" fill=\"rgb(10,20,30)\"/>"),
              std::string::npos);
    EXPECT_EQ(svg.document.substr(svg.document.size() - 7), "</svg>\n");
}

} // namespace
} // namespace prefixlab::test
