// Names of parameterised tests from the catalogue's and the drivers' names: gtest names take no dashes,
// so "reduce-sequential" becomes "reducesequential" and "decoupled-look-back" "decoupledlookback".
#pragma once

#include "core/ground/kernel_names.hpp"

#include <gtest/gtest.h>

#include <string>

namespace prefixlab::test {

// For INSTANTIATE_TEST_SUITE_P over values that name_of() names.
template <class Named>
std::string test_name_of(const ::testing::TestParamInfo<Named>& info) {
    std::string name;
    for (char c : name_of(info.param))
        if (c != '-')
            name += c;
    return name;
}

} // namespace prefixlab::test
