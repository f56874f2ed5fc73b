#version 330 core
// The bank heatmap: one rectangle covering the whole texture of instructions x banks; the view's
// scroll and zoom move it (u_offset, u_scale), the scissor clips it to the view.
layout(location = 0) in vec2 a_corner; // (0|1, 0|1)

uniform vec2 u_offset;  // screen position of the texture's top-left corner (pixels)
uniform vec2 u_size;    // the texture's size on screen (pixels)
uniform vec4 u_display; // display origin (xy) and size (zw), in pixels

out vec2 v_uv;

void main() {
    vec2 screen = u_offset + a_corner * u_size;
    vec2 ndc = (screen - u_display.xy) / u_display.zw * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    v_uv = a_corner;
}
