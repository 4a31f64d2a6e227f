// SPDX-License-Identifier: MIT
// lwcrypto: NIST Lightweight Cryptography finalists, header-only C++20.
// Umbrella header: every scheme, the Aead/Hash concepts and the registry.
#pragma once

#include "detail/config.hpp"  // first: below C++20, its one #error and nothing else
#if LWC_CXX20

#include "aead.hpp"
#include "grain128aead.hpp"
#include "hash.hpp"
#include "photon_beetle.hpp"
#include "registry.hpp"
#include "sparkle.hpp"
#include "tinyjambu.hpp"
#include "xoodyak.hpp"
#endif  // LWC_CXX20
