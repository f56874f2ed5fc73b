#version 330 core
// The bank heatmap: one rectangle showing the texture's rows u_rows.x .. u_rows.x + u_rows.y (as
// fractions of its height: the rows of one step); the view's scroll moves it (u_offset), the scissor
// clips it to the view.
layout(location = 0) in vec2 a_corner; // (0|1, 0|1)

uniform vec2 u_offset;  // screen position of the rectangle's top-left corner (pixels)
uniform vec2 u_size;    // the rectangle's size on screen (pixels)
uniform vec2 u_rows;    // first row and row count, as fractions of the texture's height
uniform vec4 u_display; // display origin (xy) and size (zw), in pixels

out vec2 v_uv;

void main() {
    vec2 screen = u_offset + a_corner * u_size;
    vec2 ndc = (screen - u_display.xy) / u_display.zw * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    v_uv = vec2(a_corner.x, u_rows.x + a_corner.y * u_rows.y);
}
