#include "gui/export/gif_animation.hpp"

#include "core/util/atomic_file.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

#if PREFIXLAB_HAVE_GIF
#include <gif_lib.h>
#endif

namespace prefixlab {

namespace {

bool pixels_equal(const Image& a, const Image& b, int x, int y) {
    const std::size_t i = (std::size_t(y) * a.width + x) * 4;
    return std::memcmp(&a.rgba[i], &b.rgba[i], 3) == 0;
}

bool rows_equal(const Image& a, const Image& b, int y) {
    const std::size_t row = std::size_t(a.width) * 4;
    return std::memcmp(&a.rgba[y * row], &b.rgba[y * row], row) == 0;
}

} // namespace

PixelRect changed_rect(const Image& previous, const Image& current) {
    int top = 0, bottom = current.height - 1;
    while (top <= bottom && rows_equal(previous, current, top))
        ++top;
    if (top > bottom)
        return {0, 0, 1, 1};
    while (rows_equal(previous, current, bottom))
        --bottom;
    int left = current.width, right = -1;
    for (int y = top; y <= bottom; ++y) {
        for (int x = 0; x < left; ++x)
            if (!pixels_equal(previous, current, x, y)) {
                left = x;
                break;
            }
        for (int x = current.width - 1; x > right; --x)
            if (!pixels_equal(previous, current, x, y)) {
                right = x;
                break;
            }
    }
    return {left, top, right - left + 1, bottom - top + 1};
}

Image cropped(const Image& image, const PixelRect& rect) {
    Image part;
    part.width = rect.width;
    part.height = rect.height;
    part.rgba.resize(std::size_t(rect.width) * rect.height * 4);
    for (int y = 0; y < rect.height; ++y)
        std::memcpy(&part.rgba[std::size_t(y) * rect.width * 4],
                    &image.rgba[(std::size_t(rect.y + y) * image.width + rect.x) * 4], std::size_t(rect.width) * 4);
    return part;
}

#if PREFIXLAB_HAVE_GIF

bool gif_export_available() { return true; }

const std::string& gif_export_unavailable_reason() {
    static const std::string none;
    return none;
}

namespace {

int append_bytes(GifFileType* gif, const GifByteType* bytes, int count) {
    auto* out = static_cast<std::vector<std::uint8_t>*>(gif->UserData);
    out->insert(out->end(), bytes, bytes + count);
    return count;
}

// GIF colour tables hold a power of two of entries.
int table_size(std::size_t colours) {
    int size = 2;
    while (static_cast<std::size_t>(size) < colours)
        size *= 2;
    return size;
}

} // namespace

struct GifAnimation::Encoder {
    std::vector<std::uint8_t> bytes;
    GifFileType* gif = nullptr;

    void check(int result, const char* what) const {
        if (result != GIF_OK)
            throw FileError(std::string("GIF encoding failed (") + what + "): " + GifErrorString(gif->Error));
    }
    ~Encoder() {
        if (gif != nullptr)
            EGifCloseFile(gif, nullptr);
    }
};

GifAnimation::GifAnimation(int width, int height) : encoder_(std::make_unique<Encoder>()) {
    int error = 0;
    encoder_->gif = EGifOpen(&encoder_->bytes, append_bytes, &error);
    if (encoder_->gif == nullptr)
        throw FileError(std::string("GIF encoding failed: ") + GifErrorString(error));
    EGifSetGifVersion(encoder_->gif, true); // GIF89a: frame delays and looping
    encoder_->check(EGifPutScreenDesc(encoder_->gif, width, height, 8, 0, nullptr), "screen");
    // Loop for ever (the NETSCAPE2.0 application extension, which every viewer reads): a slide shows
    // the animation until the lecturer moves on.
    static const GifByteType kNetscape[] = "NETSCAPE2.0";
    static const GifByteType kLoopForever[] = {1, 0, 0};
    encoder_->check(EGifPutExtensionLeader(encoder_->gif, APPLICATION_EXT_FUNC_CODE), "loop");
    encoder_->check(EGifPutExtensionBlock(encoder_->gif, 11, kNetscape), "loop");
    encoder_->check(EGifPutExtensionBlock(encoder_->gif, 3, kLoopForever), "loop");
    encoder_->check(EGifPutExtensionTrailer(encoder_->gif), "loop");
    previous_.width = width;
    previous_.height = height;
}

GifAnimation::~GifAnimation() = default;

void GifAnimation::add_frame(const Image& frame, int delay_centiseconds) {
    if (frame.width != previous_.width || frame.height != previous_.height) // the window was resized
        throw FileError("the window changed size during the export (" + std::to_string(previous_.width) + "×" +
                        std::to_string(previous_.height) + ", then " + std::to_string(frame.width) + "×" +
                        std::to_string(frame.height) + "): nothing written");
    GifFileType* gif = encoder_->gif;
    const PixelRect rect = frames_ == 0 ? PixelRect{0, 0, frame.width, frame.height} : changed_rect(previous_, frame);
    const IndexedImage indexed = quantise_to_palette(frames_ == 0 ? frame : cropped(frame, rect));

    GraphicsControlBlock control{};
    control.DisposalMode = DISPOSE_DO_NOT; // the next frame is drawn over this one
    control.DelayTime = delay_centiseconds;
    control.TransparentColor = NO_TRANSPARENT_COLOR;
    GifByteType extension[4];
    const std::size_t length = EGifGCBToExtension(&control, extension);
    encoder_->check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension), "delay");

    const int entries = table_size(indexed.palette.size());
    std::vector<GifColorType> colours(entries, GifColorType{0, 0, 0});
    for (std::size_t i = 0; i < indexed.palette.size(); ++i)
        colours[i] = {indexed.palette[i].r, indexed.palette[i].g, indexed.palette[i].b};
    ColorMapObject* map = GifMakeMapObject(entries, colours.data());
    if (map == nullptr)
        throw FileError("GIF encoding failed: out of memory for a colour table");
    const int put = EGifPutImageDesc(gif, rect.x, rect.y, rect.width, rect.height, false, map);
    GifFreeMapObject(map);
    encoder_->check(put, "frame");
    std::vector<GifPixelType> row(rect.width);
    for (int y = 0; y < rect.height; ++y) {
        std::copy_n(&indexed.indices[std::size_t(y) * rect.width], rect.width, row.begin());
        encoder_->check(EGifPutLine(gif, row.data(), rect.width), "pixels");
    }
    previous_ = frame;
    ++frames_;
}

std::vector<std::uint8_t> GifAnimation::finish() {
    int error = 0;
    GifFileType* gif = std::exchange(encoder_->gif, nullptr);
    if (EGifCloseFile(gif, &error) != GIF_OK)
        throw FileError(std::string("GIF encoding failed (end): ") + GifErrorString(error));
    return std::move(encoder_->bytes);
}

#else // built without giflib

bool gif_export_available() { return false; }

const std::string& gif_export_unavailable_reason() {
    static const std::string reason =
        "GIF export is not available: PrefixLab was built without giflib (install libgif-dev and rebuild)";
    return reason;
}

struct GifAnimation::Encoder {};

GifAnimation::GifAnimation(int, int) { throw FileError(gif_export_unavailable_reason()); }
GifAnimation::~GifAnimation() = default;
void GifAnimation::add_frame(const Image&, int) {}
std::vector<std::uint8_t> GifAnimation::finish() { return {}; }

#endif

} // namespace prefixlab
