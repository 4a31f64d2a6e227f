// SPDX-License-Identifier: MIT
// The instruction-set features a -march target lets the compiler use, as config.hpp's
// list sees them: compiled with the target's flags, linked into that target's launcher
// (target_run.cpp, compiled for the baseline). Data only: nothing here runs.
#include <cstdint>

#include <lwc/detail/config.hpp>

extern "C" constinit const std::uint64_t lwc_target_features = lwc::detail::isa::compiled;
