/* bench-rng.c - bench-slope group "rng": the CSPRNG and the system RNG.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Rows rng/<source>/<size>, nanoseconds per call of SIZE bytes:
 *   kc_randomize/{32,3044,65536}   the library's CSPRNG, as users call it
 *                                  (stack burn included)
 *   system/{32,3044,65536}         _kc_random_system (getrandom in calls
 *                                  of at most 256 bytes)
 *   getrandom/{32,3044,65536}      one getrandom call of SIZE bytes (with
 *                                  getrandom only)
 *   3044 bytes is what one sntrup761 encapsulation draws.  The rows of a
 *   size are timed interleaved, so their ratios see one machine.
 * Rows rng/chacha20/4096 and rng/chacha20_ref/4096, ns per byte: the
 * keystream kernel this CPU dispatches to (AVX2 where present) and the
 * portable one, interleaved.
 * Self-check: the RFC 8439 section 2.3.2 block on both kernels; two
 * draws of kc_randomize differ. */
#include "kcrypt-int.h"
#include "chacha20.h"
#include <stdio.h>
#ifdef HAVE_SYS_RANDOM_H
# include <sys/random.h>
#endif
#include "bench.h"

struct rng_ctx
{
  size_t len;
  unsigned char *buf;
};

static void
body_randomize (void *vctx, uint64_t iters)
{
  const struct rng_ctx *c = vctx;
  while (iters--)
    {
      kc_randomize (c->buf, c->len);
      bench_consume (c->buf, c->len);
    }
}

static void
body_system (void *vctx, uint64_t iters)
{
  const struct rng_ctx *c = vctx;
  while (iters--)
    {
      _kc_random_system (NULL, c->buf, c->len);
      bench_consume (c->buf, c->len);
    }
}

#ifdef HAVE_GETRANDOM
static void
body_getrandom (void *vctx, uint64_t iters)
{
  const struct rng_ctx *c = vctx;
  while (iters--)
    {
      if (getrandom (c->buf, c->len, 0) != (ssize_t) c->len)
        bench_fail ("rng", "getrandom (%zu) failed or was short", c->len);
      bench_consume (c->buf, c->len);
    }
}
#endif

static const unsigned char bench_key[32] = { 1, 2, 3, 4 };
static const unsigned char bench_nonce[12];

static void
body_chacha (void *vctx, uint64_t iters)
{
  const struct rng_ctx *c = vctx;
  while (iters--)
    {
      _kc_chacha20_blocks (c->buf, bench_hide_ptr (bench_key), 0, bench_nonce,
                           c->len / KC_CHACHA20_BLOCK_LEN);
      bench_consume (c->buf, c->len);
    }
}

static void
body_chacha_ref (void *vctx, uint64_t iters)
{
  const struct rng_ctx *c = vctx;
  while (iters--)
    {
      _kc_chacha20_blocks_ref (c->buf, bench_hide_ptr (bench_key), 0,
                               bench_nonce, c->len / KC_CHACHA20_BLOCK_LEN);
      bench_consume (c->buf, c->len);
    }
}

static const size_t rng_sizes[] = { 32, 3044, 65536 };

static void
rng_run (const struct bench_group *g)
{
  static unsigned char a[65536], b[65536], d[65536];
  unsigned char key[32], nonce[12], blk[2][64];
  size_t s, i;

  for (i = 0; i < 32; i++)
    key[i] = (unsigned char) i;
  memset (nonce, 0, sizeof nonce);
  nonce[3] = 0x09;
  nonce[7] = 0x4a;
  _kc_chacha20_blocks (blk[0], key, 1, nonce, 1);
  _kc_chacha20_blocks_ref (blk[1], key, 1, nonce, 1);
  bench_check_hex (g->name, "chacha20 RFC 8439 2.3.2", blk[0], 64,
                   "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c06803"
                   "0422aa9ac3d46c4ed2826446079faa0914c2d705d98b02a2"
                   "b5129cd1de164eb9cbd083e8a2503c4e");
  bench_check (g->name, !memcmp (blk[0], blk[1], 64),
               "chacha20: the portable kernel disagrees");
  kc_randomize (a, 64);
  kc_randomize (b, 64);
  bench_check (g->name, memcmp (a, b, 64), "kc_randomize repeated itself");

  bench_group_begin (g);
  for (s = 0; s < KC_DIM (rng_sizes); s++)
    {
      struct rng_ctx ca = { rng_sizes[s], a }, cb = { rng_sizes[s], b };
      struct rng_ctx cd = { rng_sizes[s], d };
      char op[16];
      struct bench_row_def rows[3];
      size_t nrows = 2;

      snprintf (op, sizeof op, "%zu", rng_sizes[s]);
      rows[0].name = "kc_randomize";
      rows[0].op = op;
      rows[0].unit = BENCH_NS_PER_OP;
      rows[0].units_per_iter = 1;
      rows[0].body = body_randomize;
      rows[0].ctx = &ca;
      rows[1] = rows[0];
      rows[1].name = "system";
      rows[1].body = body_system;
      rows[1].ctx = &cb;
#ifdef HAVE_GETRANDOM
      rows[2] = rows[0];
      rows[2].name = "getrandom";
      rows[2].body = body_getrandom;
      rows[2].ctx = &cd;
      nrows = 3;
#else
      (void) cd;
#endif
      bench_rows (g, rows, nrows);
    }
  {
    struct rng_ctx ca = { 4096, a }, cb = { 4096, b };
    struct bench_row_def rows[2];

    rows[0].name = "chacha20";
    rows[0].op = "4096";
    rows[0].unit = BENCH_NS_PER_BYTE;
    rows[0].units_per_iter = 4096;
    rows[0].body = body_chacha;
    rows[0].ctx = &ca;
    rows[1] = rows[0];
    rows[1].name = "chacha20_ref";
    rows[1].body = body_chacha_ref;
    rows[1].ctx = &cb;
    bench_rows (g, rows, 2);
  }
}

const struct bench_group bench_group_rng = {
  "rng", "the CSPRNG (kc_randomize) beside the system RNG; ChaCha20 kernels",
  "rng/{kc_randomize,system,getrandom}/{32,3044,65536},\n"
  "           rng/{chacha20,chacha20_ref}/4096",
  0, rng_run
};
