#version 330 core
// Flat colour: no texture fetch and, since colours are opaque (dimming is pre-blended with the
// background on the CPU), no blending — the cheapest fragment a software rasteriser can run.
in vec4 v_colour;
out vec4 o_colour;

void main() {
    o_colour = v_colour;
}
