// Cairo's surfaces and contexts owned: destroyed with the scope that made them, also when a drawing throws.
// Only compiled where Cairo was found.
#pragma once

#include <cairo.h>
#include <memory>

namespace prefixlab::cairo_handles {

struct SurfaceDeleter {
    void operator()(cairo_surface_t* surface) const { cairo_surface_destroy(surface); }
};
struct ContextDeleter {
    void operator()(cairo_t* cr) const { cairo_destroy(cr); }
};
using Surface = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;
using Context = std::unique_ptr<cairo_t, ContextDeleter>;

} // namespace prefixlab::cairo_handles
