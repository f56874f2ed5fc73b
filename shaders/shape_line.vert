#version 330 core
// Line segments (dataflow edges) as two triangles each, widened to a_width pixels in screen space so
// lines keep their width at any zoom. Every vertex carries its segment and which corner it is.
layout(location = 0) in vec4 a_ends;   // x0, y0, x1, y1 (diagram units)
layout(location = 1) in vec4 a_colour; // normalised RGBA
layout(location = 2) in vec2 a_corner; // x: 0 start, 1 end; y: 0 one side, 1 the other
layout(location = 3) in float a_width; // pixels

uniform vec2 u_offset;
uniform vec2 u_scale;
uniform vec4 u_display;

out vec4 v_colour;

void main() {
    vec2 a = u_offset + a_ends.xy * u_scale;
    vec2 b = u_offset + a_ends.zw * u_scale;
    vec2 along = b - a;
    float len = length(along);
    vec2 dir = len > 1e-4 ? along / len : vec2(1.0, 0.0);
    vec2 normal = vec2(-dir.y, dir.x) * (0.5 * a_width);
    vec2 screen = mix(a, b, a_corner.x) + mix(-normal, normal, a_corner.y);
    vec2 ndc = (screen - u_display.xy) / u_display.zw * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    v_colour = a_colour;
}
