// SPDX-License-Identifier: MIT
/* XKCP's generated config.h: the Xoodoo permutation is built in. */
#define XKCP_has_Xoodoo 1
