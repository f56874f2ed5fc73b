// Every block kernel's untraced GPU instantiation, for each element type and operator of its
// instantiation list (kernels/kernel_instances.hpp), and nothing else: check_untraced_ptx.py compiles
// this unit to PTX and checks each kernel in it. The same template and the same list as the generated
// GPU units, without their traced instantiations and launchers, which the check does not read: compiling
// the generated units to PTX, one a kernel, made the check take 77 s on the 2-core machine; this unit and
// the two benchmark units, compiled side by side, take 20 s.
#include "kernels/gpu/gpu_block_scan_impl.cuh"

namespace prefixlab {

// Taking a kernel's address instantiates it for the device.
void instantiate_untraced_block_kernels() {
    for_each_block_kernel([]<class Algo>() {
        for_each_instance<Algo>([]<class Op>() { (void)&block_scan_kernel<Algo, Op, false>; });
    });
}

} // namespace prefixlab
