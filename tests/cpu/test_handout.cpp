// The lesson handout's drawing (core/plot/handout.hpp): a PDF of one page per scene, more where a scene's
// notes run over the page, with the lesson's title in its metadata; and a picture as a PNG of its own size.
// The GUI's part (each scene's picture from a real frame) is tests/gui/test_gui_lessons.cpp's.
#include "core/plot/handout.hpp"

#include <gtest/gtest.h>
#include <regex>
#include <string>

namespace prefixlab::test {
namespace {

VectorPicture small_picture() {
    VectorPicture picture;
    picture.width = 320;
    picture.height = 180;
    picture.background = {1, 1, 1, 1};
    PictureItem clip{PictureItem::Kind::clip, {{0, 0}, {320, 180}}, {}, "", 0, false};
    PictureItem rect{PictureItem::Kind::rect, {{10, 10}, {60, 40}}, {0.9f, 0.6f, 0, 1}, "", 0, false};
    PictureItem triangle{
        PictureItem::Kind::polygon, {{100, 100}, {150, 100}, {125, 60}}, {0, 0.4f, 0.8f, 1}, "", 0, false};
    PictureItem text{PictureItem::Kind::text, {{10, 120}}, {0, 0, 0, 1}, "x ≠ 0: 10 3 9 2 1 2", 16, true};
    picture.items = {clip, rect, triangle, text};
    return picture;
}

int pages_of(const std::string& pdf) {
    static const std::regex page(R"(/Type\s*/Page[^s])");
    return static_cast<int>(
        std::distance(std::sregex_iterator(pdf.begin(), pdf.end(), page), std::sregex_iterator()));
}

TEST(Handout, OnePagePerSceneAndMoreWhereTheNotesRunOver) {
    if (!handout_available())
        GTEST_SKIP() << handout_unavailable_reason();
    std::string long_notes;
    for (int k = 0; k < 120; ++k)
        long_notes += "A line of notes that the page wraps, number " + std::to_string(k) + ".\n\n";
    const std::vector<HandoutScene> scenes = {
        {"The up-sweep", "Each level halves the threads.", small_picture()},
        {"Long notes", long_notes, small_picture()},
        {"No picture", "- a list\n- of two", VectorPicture{}}};
    const std::string pdf = handout_pdf("A short lesson", scenes);
    ASSERT_TRUE(pdf.starts_with("%PDF-")) << pdf.substr(0, 20);
    EXPECT_NE(pdf.find("(A short lesson)"), std::string::npos) << "the title in the metadata";
    const int pages = pages_of(pdf);
    EXPECT_GE(pages, 4) << "a page each, and the long notes over at least one more";
    EXPECT_EQ(pages_of(handout_pdf("One", {scenes[0]})), 1);
}

TEST(Handout, APictureIsAPngOfItsOwnSize) {
    if (!handout_available())
        GTEST_SKIP() << handout_unavailable_reason();
    const std::string png = picture_png(small_picture());
    ASSERT_GT(png.size(), 24u);
    EXPECT_EQ(png.substr(1, 3), "PNG");
    const auto be32 = [&](std::size_t at) {
        return (static_cast<unsigned>(static_cast<unsigned char>(png[at])) << 24) |
               (static_cast<unsigned>(static_cast<unsigned char>(png[at + 1])) << 16) |
               (static_cast<unsigned>(static_cast<unsigned char>(png[at + 2])) << 8) |
               static_cast<unsigned>(static_cast<unsigned char>(png[at + 3]));
    };
    EXPECT_EQ(be32(16), 320u);
    EXPECT_EQ(be32(20), 180u);
}

} // namespace
} // namespace prefixlab::test
