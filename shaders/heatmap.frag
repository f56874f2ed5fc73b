#version 330 core
// Colours a bank heatmap: u_counts holds, per warp-wide instruction (row) and bank (column), the
// distinct words touched (0..32); u_colours is the colour scale (colour_map.cpp), one texel per count.
// Looking the colour up keeps the scale defined in one place.
in vec2 v_uv;
out vec4 o_colour;

uniform sampler2D u_counts;  // R8: count / 255
uniform sampler2D u_colours; // 33 x 1 RGBA8

void main() {
    int count = int(texture(u_counts, v_uv).r * 255.0 + 0.5);
    o_colour = texelFetch(u_colours, ivec2(count, 0), 0);
}
