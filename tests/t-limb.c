/* t-limb.c - mpi/limb.h in both representations against each other and
 * against the compiler's unsigned __int128 used directly: this
 * translation unit forces the portable pair (KC_NO_INT128), while
 * t-limb-native.c is built as configure chose (native on this machine).
 * Edge words (0, 1, 2^32 +- 1, 2^63 +- 1, 2^64 - 1, ...) pairwise, then
 * random ones with random bit lengths; every shift count 0..127.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#ifdef KC_NO_INT128
# define T_BUILD_PORTABLE 1     /* the whole build uses the pair */
#else
# define KC_NO_INT128 1
#endif
#include "limb.h"
#include "t-common.h"

#if defined(KC_LIMB_NATIVE128) || defined(KC_LIMB_ADC_INTRIN)
# error "KC_NO_INT128 must select the portable pair and carry code"
#endif

#ifndef __SIZEOF_INT128__
int
main (void)
{
  printf ("t-limb: SKIP (no native __int128 to compare with)\n");
  return T_SKIP;
}
#else
/* here only: without __int128 (as on 32-bit hosts) main is the skip
 * above, and the operations would be defined but not used */
#include "t-limb-ops.h"

__extension__ typedef unsigned __int128 nu128;
__extension__ typedef __int128 ni128;

static const uint64_t edge[] = {
  0, 1, 2, 3, 0x7FFFFFFFULL, 0x80000000ULL, 0xFFFFFFFFULL, 0x100000000ULL,
  0x100000001ULL, 0xFFFFFFFF00000000ULL, 0x3FFFFFFFFFFFFFFFULL,
  0x7FFFFFFFFFFFFFFFULL, 0x8000000000000000ULL, 0x8000000000000001ULL,
  0xFFFFFFFFFFFFFFFEULL, 0xFFFFFFFFFFFFFFFFULL, 0x1000003D1ULL
};
#define NEDGE ((int) (sizeof edge / sizeof edge[0]))

static uint64_t
pick (int it, int k)
{
  if (it < NEDGE * NEDGE * NEDGE)
    return edge[k == 0 ? it % NEDGE : k == 1 ? (it / NEDGE) % NEDGE
                : (it / NEDGE / NEDGE) % NEDGE];
  return t_rand64 () >> (t_rand64 () % 4 == 0 ? t_rand64 () % 64 : 0);
}

static void
put (uint64_t *o, nu128 v)
{
  o[0] = (uint64_t) v;
  o[1] = (uint64_t) (v >> 64);
}

/* The expected outputs of ops_u128 / ops_limb, from the operators. */
static void
ref_u128 (uint64_t o[TN_OUT], const uint64_t x[2], uint64_t a, uint64_t b,
          unsigned int n)
{
  nu128 r = ((nu128) x[1] << 64) | x[0];
  ni128 s;
  memset (o, 0, TN_OUT * sizeof *o);
  put (o + 0, (nu128) a * b);
  r += (nu128) a * b;
  put (o + 2, r);
  r += a;
  put (o + 4, r);
  put (o + 6, r >> n);
  put (o + 8, (nu128) ((ni128) (int64_t) a * (int64_t) b));
  s = (ni128) ((((nu128) x[1] << 64) | x[0])
               + (nu128) ((ni128) (int64_t) a * (int64_t) b));
  put (o + 10, (nu128) s);
  s >>= n;
  put (o + 12, (nu128) s);
  o[14] = (uint64_t) s;
}

static void
ref_limb (uint64_t o[TN_OUT], uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
  nu128 t, k;
  uint64_t cy;
  memset (o, 0, TN_OUT * sizeof *o);
  put (o + 0, (nu128) a * b);
  put (o + 2, (nu128) a * b + c + d);
  put (o + 4, (nu128) a + b + (d & 1));
  t = (nu128) a - b - (d & 1);
  o[6] = (uint64_t) t;
  o[7] = (uint64_t) (t >> 64) & 1;
  cy = c & 1;
  t = (nu128) a + b + cy;
  o[8] = (uint64_t) t;
  t = (nu128) c + d + (uint64_t) (t >> 64);
  o[9] = (uint64_t) t;
  o[10] = (uint64_t) (t >> 64);
  t = (nu128) a - b - cy;
  o[11] = (uint64_t) t;
  t = (nu128) c - d - ((uint64_t) (t >> 64) & 1);
  o[12] = (uint64_t) t;
  o[13] = (uint64_t) (t >> 64) & 1;
  o[14] = 0;            /* m0inv: checked by its definition in main */
  o[15] = (uint64_t) __builtin_clzll (b | 1);
  k = d | ((uint64_t) 1 << 63);
  t = ((nu128) ((uint64_t) (c % (uint64_t) k)) << 64) | a;
  o[16] = (uint64_t) (t / k);
  o[17] = (uint64_t) (t % k);
}

int
main (int argc, char **argv)
{
  int it, i, bad_u = 0, bad_l = 0;
  t_init (argc, argv);
  t_seed (0x11B0C0DEULL);
#ifdef T_BUILD_PORTABLE
  CHECK (!tn_is_native (), "t-limb-native.c ignored KC_NO_INT128");
#else
  CHECK (tn_is_native (), "t-limb-native.c did not get the native type");
#endif
  for (it = 0; it < 300000; it++)
    {
      uint64_t a = pick (it, 0), b = pick (it, 1), c = pick (it, 2);
      uint64_t d = t_rand64 (), x[2];
      uint64_t port[TN_OUT], nat[TN_OUT], ref[TN_OUT];
      unsigned int n = (unsigned int) (it % 128);

      x[0] = c;
      x[1] = it & 1 ? d : pick (it, 1);
      ops_u128 (port, x, a, b, n);
      tn_u128 (nat, x, a, b, n);
      ref_u128 (ref, x, a, b, n);
      for (i = 0; i < 15; i++)
        if (port[i] != ref[i] || nat[i] != ref[i])
          {
            if (bad_u++ < 10)
              fail ("u128/i128 word %d: a %016llx b %016llx x %016llx:%016llx"
                    " n %u: portable %016llx native %016llx want %016llx",
                    i, (unsigned long long) a, (unsigned long long) b,
                    (unsigned long long) x[1], (unsigned long long) x[0], n,
                    (unsigned long long) port[i],
                    (unsigned long long) nat[i],
                    (unsigned long long) ref[i]);
            break;
          }
      t_checks++;

      ops_limb (port, a, b, c, d);
      tn_limb (nat, a, b, c, d);
      ref_limb (ref, a, b, c, d);
      /* m0inv: both agree and satisfy m (-m^-1) = -1 mod 2^64 */
      ref[14] = port[14];
      CHECK ((a | 1) * port[14] == ~(uint64_t) 0, "m0inv %016llx",
             (unsigned long long) a);
      for (i = 0; i < TN_OUT; i++)
        if (port[i] != ref[i] || nat[i] != ref[i])
          {
            if (bad_l++ < 10)
              fail ("limb word %d: a %016llx b %016llx c %016llx d %016llx:"
                    " portable %016llx native %016llx want %016llx",
                    i, (unsigned long long) a, (unsigned long long) b,
                    (unsigned long long) c, (unsigned long long) d,
                    (unsigned long long) port[i],
                    (unsigned long long) nat[i],
                    (unsigned long long) ref[i]);
            break;
          }
      t_checks++;
    }
  CHECK (!bad_u && !bad_l, "%d accumulator and %d limb mismatches",
         bad_u, bad_l);
  return t_done ("t-limb");
}
#endif
