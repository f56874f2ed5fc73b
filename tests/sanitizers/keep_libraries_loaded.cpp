// Linked into prefixlab in sanitizer builds only (PREFIXLAB_SANITIZE=ON, app/CMakeLists.txt): dlclose()
// leaves every library loaded.
//
// Mesa unloads its DRI driver (swrast_dri.so, with llvmpipe) when the window's display closes. What
// the driver's globals still pointed to then looks leaked, allocated from frames LeakSanitizer can no
// longer name ("<unknown module>"), so no suppression could even say which library it was: every GUI
// test reported 5.5 kB "leaked" in 258 allocations. With the driver kept loaded its globals keep that
// memory reachable and the GUI tests report no leak at all, while a leak of ours is still reported.
extern "C" int dlclose(void*) {
    return 0;
}
