// SPDX-License-Identifier: MIT
// lwcrypto: NIST Lightweight Cryptography finalists, header-only C++20.
// Umbrella header: every scheme, the Aead/Hash concepts and the registry.
#pragma once

#include "aead.hpp"
#include "grain128aead.hpp"
#include "hash.hpp"
#include "photon_beetle.hpp"
#include "registry.hpp"
#include "sparkle.hpp"
#include "tinyjambu.hpp"
#include "xoodyak.hpp"
