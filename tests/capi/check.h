// SPDX-License-Identifier: MIT
/* The C ABI tests' check: CHECK(cond) counts a failure and prints the first 20, with the
 * line and the test's context string (the scheme, the record...), and goes on. */
#ifndef LWC_TESTS_CAPI_CHECK_H
#define LWC_TESTS_CAPI_CHECK_H

#include <stdio.h>

static int failures;
static char context[160]; /* what is being checked, for messages */

static void check(int ok, const char *what, int line) {
    if (ok) return;
    if (++failures <= 20) fprintf(stderr, "line %d: %s: %s failed\n", line, context, what);
}
#define CHECK(cond) check((cond) != 0, #cond, __LINE__)

#endif
