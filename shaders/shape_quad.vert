#version 330 core
// Rectangles (dataflow nodes, grid cells), two triangles each: every vertex carries its rectangle and
// which corner it is. Rectangles are in diagram units; the view's pan and zoom are two uniforms, so
// panning re-uploads nothing. Every rectangle is at least u_min_pixels wide and tall on screen, so a
// node of a zoomed-out N = 2048 diagram is still a visible dot. (Not instanced: Mesa's llvmpipe runs
// its vertex pipeline once per instance, which cost more than the six vertices per rectangle.)
layout(location = 0) in vec4 a_rect;   // x0, y0, x1, y1 (diagram units)
layout(location = 1) in vec4 a_colour; // normalised RGBA
layout(location = 2) in vec2 a_corner; // (0|1, 0|1)

uniform vec2 u_offset;     // screen position (pixels) of diagram point (0, 0)
uniform vec2 u_scale;      // pixels per diagram unit, x and y
uniform vec4 u_display;    // display origin (xy) and size (zw), in pixels
uniform float u_min_pixels;

out vec4 v_colour;

void main() {
    vec2 lo = u_offset + a_rect.xy * u_scale;
    vec2 hi = u_offset + a_rect.zw * u_scale;
    vec2 centre = 0.5 * (lo + hi);
    vec2 half_size = max(0.5 * (hi - lo), vec2(0.5 * u_min_pixels));
    vec2 screen = mix(centre - half_size, centre + half_size, a_corner);
    vec2 ndc = (screen - u_display.xy) / u_display.zw * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    v_colour = a_colour;
}
