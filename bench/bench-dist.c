/* bench-dist.c - bench-slope group "dist": constant-time against
 * variable-time comparison of 256-bit values, under input distributions.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Rows dist/<op>/<distribution>:
 *   op            ct_cmp_limbs   src/ct.h, 4 limbs, -1/0/1
 *                 cmp_limbs_var  plain early-exit compare from the top limb
 *                 ct_memequal    src/ct.h, 32 bytes, 1/0
 *                 memcmp         the C library's, 32 bytes
 *   distribution  equal          the two values are equal
 *                 differ_late    they differ only where the early-exit
 *                                compare looks last (limb 0 / byte 31)
 *                 differ_early   they differ where it looks first
 *                                (limb 3 / byte 0)
 * Each row cycles through 64 random pairs of its distribution, so the
 * values (not the positions) vary as they would in use.  The three
 * distributions of one operation are timed interleaved.  The constant-time
 * rows should read the same in every distribution; the variable-time rows
 * show how much an early exit tells about where two values differ.
 * Self-check: every pair is compared both ways and the results agree with
 * each other and with the distribution. */
#include "kcrypt-int.h"
#include "bench.h"

#define POOL 64                 /* pairs per distribution (power of 2) */
#define NLIMBS 4

struct pair
{
  uint64_t a[NLIMBS], b[NLIMBS];
};

enum dist { DIST_EQUAL, DIST_LATE, DIST_EARLY, NDIST };
static const char *const dist_names[NDIST] = {
  "equal", "differ_late", "differ_early"
};

/* pools[d][0]: positions in limb order (for the limb compares),
 * pools[d][1]: positions in byte order (for the byte compares). */
static struct pair pools[NDIST][2][POOL];

/* Variable time in everything: returns at the first differing limb,
 * scanning from the most significant. */
static int
cmp_limbs_var (const uint64_t *a, const uint64_t *b, size_t n)
{
  while (n--)
    if (a[n] != b[n])
      return a[n] < b[n] ? -1 : 1;
  return 0;
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static uint64_t
rng_nonzero (void)
{
  uint64_t v;
  do
    v = bench_rand64 (&rng_state);
  while (!v);
  return v;
}

static void
make_pools (void)
{
  int d, order, i, j;

  for (d = 0; d < NDIST; d++)
    for (order = 0; order < 2; order++)
      for (i = 0; i < POOL; i++)
        {
          struct pair *p = &pools[d][order][i];
          unsigned char *bb = (unsigned char *) p->b;

          for (j = 0; j < NLIMBS; j++)
            p->a[j] = p->b[j] = bench_rand64 (&rng_state);
          if (d == DIST_EQUAL)
            continue;
          if (order == 0)       /* limbs: scanned from index 3 down */
            p->b[d == DIST_EARLY ? NLIMBS - 1 : 0] ^= rng_nonzero ();
          else                  /* bytes: scanned from byte 0 up */
            bb[d == DIST_EARLY ? 0 : 8 * NLIMBS - 1]
              ^= (unsigned char) (rng_nonzero () % 255 + 1);
        }
}

static void
self_check (const struct bench_group *g)
{
  static const uint64_t lo[NLIMBS] = { 5, 0, 0, 1 };
  static const uint64_t hi[NLIMBS] = { 4, 0, 0, 2 };
  int d, i;

  bench_check (g->name, ct_cmp_limbs (lo, hi, NLIMBS) == -1
               && ct_cmp_limbs (hi, lo, NLIMBS) == 1
               && ct_cmp_limbs (hi, hi, NLIMBS) == 0
               && cmp_limbs_var (lo, hi, NLIMBS) == -1,
               "limb compares of known values");
  for (d = 0; d < NDIST; d++)
    for (i = 0; i < POOL; i++)
      {
        const struct pair *pl = &pools[d][0][i], *pb = &pools[d][1][i];
        int ct = ct_cmp_limbs (pl->a, pl->b, NLIMBS);
        int var = cmp_limbs_var (pl->a, pl->b, NLIMBS);
        int ctb = ct_cmp_limbs (pl->b, pl->a, NLIMBS);
        int eq = (int) ct_memequal (pb->a, pb->b, sizeof pb->a);
        int mc = memcmp (pb->a, pb->b, sizeof pb->a);

        bench_check (g->name, ct == var && ctb == -ct,
                     "%s pair %d: ct_cmp_limbs %d/%d, cmp_limbs_var %d",
                     dist_names[d], i, ct, ctb, var);
        bench_check (g->name, (ct == 0) == (d == DIST_EQUAL),
                     "%s pair %d: limb compare says %d", dist_names[d], i, ct);
        bench_check (g->name, eq == (mc == 0) && eq == (d == DIST_EQUAL),
                     "%s pair %d: ct_memequal %d, memcmp %d",
                     dist_names[d], i, eq, mc);
      }
}

/* The bodies: pair i & (POOL-1) of the pool in CTX, every iteration
 * reloaded (bench_hide_ptr) and every result summed into the sink. */
static void
body_ct_cmp_limbs (void *ctx, uint64_t iters)
{
  const struct pair *pool = ctx;
  uint64_t i, acc = 0;
  for (i = 0; i < iters; i++)
    {
      const struct pair *p = bench_hide_ptr (&pool[i & (POOL - 1)]);
      acc += (uint64_t) ct_cmp_limbs (p->a, p->b, NLIMBS);
    }
  bench_consume_u64 (acc);
}

static void
body_cmp_limbs_var (void *ctx, uint64_t iters)
{
  const struct pair *pool = ctx;
  uint64_t i, acc = 0;
  for (i = 0; i < iters; i++)
    {
      const struct pair *p = bench_hide_ptr (&pool[i & (POOL - 1)]);
      acc += (uint64_t) cmp_limbs_var (p->a, p->b, NLIMBS);
    }
  bench_consume_u64 (acc);
}

static void
body_ct_memequal (void *ctx, uint64_t iters)
{
  const struct pair *pool = ctx;
  uint64_t i, acc = 0;
  for (i = 0; i < iters; i++)
    {
      const struct pair *p = bench_hide_ptr (&pool[i & (POOL - 1)]);
      acc += ct_memequal (p->a, p->b, sizeof p->a);
    }
  bench_consume_u64 (acc);
}

static void
body_memcmp (void *ctx, uint64_t iters)
{
  const struct pair *pool = ctx;
  uint64_t i, acc = 0;
  for (i = 0; i < iters; i++)
    {
      const struct pair *p = bench_hide_ptr (&pool[i & (POOL - 1)]);
      acc += (uint64_t) memcmp (p->a, p->b, sizeof p->a);
    }
  bench_consume_u64 (acc);
}

static const struct
{
  const char *name;
  int byte_order;               /* which pool order the op scans in */
  bench_body body;
} dist_ops[] = {
  { "ct_cmp_limbs", 0, body_ct_cmp_limbs },
  { "cmp_limbs_var", 0, body_cmp_limbs_var },
  { "ct_memequal", 1, body_ct_memequal },
  { "memcmp", 1, body_memcmp },
};

static void
dist_run (const struct bench_group *g)
{
  size_t o;
  int d;

  make_pools ();
  self_check (g);
  bench_group_begin (g);
  /* The distributions of one operation are measured interleaved: their
   * differences are the point, so they must share the machine's state. */
  for (o = 0; o < KC_DIM (dist_ops); o++)
    {
      struct bench_row_def rows[NDIST];
      for (d = 0; d < NDIST; d++)
        {
          rows[d].name = dist_names[d];
          rows[d].op = dist_ops[o].name;
          rows[d].unit = BENCH_NS_PER_OP;
          rows[d].units_per_iter = 1;
          rows[d].body = dist_ops[o].body;
          rows[d].ctx = pools[d][dist_ops[o].byte_order];
        }
      bench_rows (g, rows, NDIST);
    }
}

const struct bench_group bench_group_dist = {
  "dist", "256-bit compares, constant time vs early exit, by input",
  "dist/{ct_cmp_limbs,cmp_limbs_var,ct_memequal,memcmp}/"
  "{equal,differ_late,differ_early}", 1, dist_run
};
