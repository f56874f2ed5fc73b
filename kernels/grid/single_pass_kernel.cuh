// Which kernel a single-pass driver (chained, decoupled look-back) launches for a tile body: the
// register tile has its own, which reads its tile once (register_tile_scan.cuh); every block scan runs
// inside SinglePassScan, which reduces its tile before the body scans it (single_pass_scan.cuh).
#pragma once

#include "kernels/grid/register_tile.cuh"
#include "kernels/grid/register_tile_scan.cuh"
#include "kernels/grid/single_pass_scan.cuh"

namespace prefixlab {

template <class Body>
struct SinglePassKernelOf {
    using type = SinglePassScan<Body>;
};
template <int kItems>
struct SinglePassKernelOf<RegisterTile<kItems>> {
    using type = RegisterTileScan<kItems>;
};

template <class Body>
using SinglePassKernel = typename SinglePassKernelOf<Body>::type;

} // namespace prefixlab
