/* t-limb-native.c - the native side of t-limb: limb.h as the build chose
 * it (the compiler's unsigned __int128 on this machine), behind plain
 * uint64_t wrappers, so that t-limb.c can run it beside the portable pair
 * it forces with KC_NO_INT128 in its own translation unit.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "limb.h"
#include "t-limb.h"

int
tn_is_native (void)
{
#ifdef KC_LIMB_NATIVE128
  return 1;
#else
  return 0;
#endif
}

#include "t-limb-ops.h"

void
tn_u128 (uint64_t out[TN_OUT], const uint64_t x[2], uint64_t a, uint64_t b,
         unsigned int n)
{
  ops_u128 (out, x, a, b, n);
}

void
tn_limb (uint64_t out[TN_OUT], uint64_t a, uint64_t b, uint64_t c,
         uint64_t d)
{
  ops_limb (out, a, b, c, d);
}
