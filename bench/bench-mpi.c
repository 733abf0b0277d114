/* bench-mpi.c - bench-slope group "mpi": the public kc_mpi_* API.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Rows mpi/<bits>/<op>, ns per operation, for <bits> = 256, 1024, 2048,
 * 4096 (the size of the operands and of the modulus):
 *   add     w = u + v
 *   mul     w = u * v
 *   mod     r = (u * v) mod m        (a 2*bits dividend)
 *   mulm    w = u * v mod m
 *   powm    w = u ^ e mod m          (e of <bits> bits, m odd)
 *   invm    x = u ^ -1 mod m
 * kc_mpi is variable time by design (mpi.h): these are public-data costs.
 * Self-check per size: (u + v) - v = u, u * v = v * u, mod (u * v) = mulm,
 * u * invm (u) = 1 mod m, powm (u, 2) = mulm (u, u), and Fermat's
 * 3^(p-1) = 1 for p = 2^255 - 19.
 */
#include "kcrypt-int.h"
#include <stdio.h>
#include "bench.h"

struct mpi_ctx
{
  kc_mpi_t u, v, m, e, uv, w;
};

static void
body_add (void *vctx, uint64_t iters)
{
  struct mpi_ctx *c = vctx;
  while (iters--)
    kc_mpi_add (c->w, c->u, c->v);
  bench_consume_u64 (kc_mpi_get_nbits (c->w));
}

static void
body_mul (void *vctx, uint64_t iters)
{
  struct mpi_ctx *c = vctx;
  while (iters--)
    kc_mpi_mul (c->w, c->u, c->v);
  bench_consume_u64 (kc_mpi_get_nbits (c->w));
}

static void
body_mod (void *vctx, uint64_t iters)
{
  struct mpi_ctx *c = vctx;
  while (iters--)
    kc_mpi_mod (c->w, c->uv, c->m);
  bench_consume_u64 (kc_mpi_get_nbits (c->w));
}

static void
body_mulm (void *vctx, uint64_t iters)
{
  struct mpi_ctx *c = vctx;
  while (iters--)
    kc_mpi_mulm (c->w, c->u, c->v, c->m);
  bench_consume_u64 (kc_mpi_get_nbits (c->w));
}

static void
body_powm (void *vctx, uint64_t iters)
{
  struct mpi_ctx *c = vctx;
  while (iters--)
    kc_mpi_powm (c->w, c->u, c->e, c->m);
  bench_consume_u64 (kc_mpi_get_nbits (c->w));
}

static void
body_invm (void *vctx, uint64_t iters)
{
  struct mpi_ctx *c = vctx;
  uint64_t acc = 0;
  while (iters--)
    acc += (uint64_t) kc_mpi_invm (c->w, c->u, c->m);
  bench_consume_u64 (acc + kc_mpi_get_nbits (c->w));
}

static uint64_t rng_state = 0x13198a2e03707344ULL;

/* A random number of exactly BITS bits (top bit set); odd if ODD. */
static kc_mpi_t
random_mpi (const struct bench_group *g, unsigned int bits, int odd)
{
  unsigned char buf[512];
  size_t n = bits / 8, i;
  kc_mpi_t r = NULL;
  gpg_error_t err;

  for (i = 0; i < n; i++)
    buf[i] = (unsigned char) bench_rand64 (&rng_state);
  buf[0] |= 0x80;
  if (odd)
    buf[n - 1] |= 1;
  err = kc_mpi_scan (&r, KC_MPI_FMT_USG, buf, n, NULL);
  bench_check (g->name, !err && r, "kc_mpi_scan: %s", gpg_strerror (err));
  return r;
}

static kc_mpi_t
hex_mpi (const struct bench_group *g, const char *hex)
{
  kc_mpi_t r = NULL;
  gpg_error_t err = kc_mpi_scan (&r, KC_MPI_FMT_HEX, hex, 0, NULL);
  bench_check (g->name, !err && r, "kc_mpi_scan hex: %s", gpg_strerror (err));
  return r;
}

static void
self_check (const struct bench_group *g, struct mpi_ctx *c, unsigned int bits)
{
  kc_mpi_t t = kc_mpi_new (0), s = kc_mpi_new (0), one = kc_mpi_set_ui (NULL, 1);
  kc_mpi_t two = kc_mpi_set_ui (NULL, 2);

  kc_mpi_add (t, c->u, c->v);
  kc_mpi_sub (t, t, c->v);
  bench_check (g->name, !kc_mpi_cmp (t, c->u), "%u: (u + v) - v != u", bits);
  kc_mpi_mul (t, c->v, c->u);
  bench_check (g->name, !kc_mpi_cmp (t, c->uv), "%u: u * v != v * u", bits);
  kc_mpi_mod (t, c->uv, c->m);
  kc_mpi_mulm (s, c->u, c->v, c->m);
  bench_check (g->name, !kc_mpi_cmp (t, s), "%u: (u * v) mod m != mulm",
               bits);
  bench_check (g->name, kc_mpi_invm (t, c->u, c->m), "%u: no inverse",
               bits);
  kc_mpi_mulm (t, t, c->u, c->m);
  bench_check (g->name, !kc_mpi_cmp (t, one), "%u: u * invm (u) != 1", bits);
  kc_mpi_powm (t, c->u, two, c->m);
  kc_mpi_mulm (s, c->u, c->u, c->m);
  bench_check (g->name, !kc_mpi_cmp (t, s), "%u: powm (u, 2) != u * u",
               bits);
  kc_mpi_release (t);
  kc_mpi_release (s);
  kc_mpi_release (one);
  kc_mpi_release (two);
}

static void
mpi_run (const struct bench_group *g)
{
  static const unsigned int sizes[] = { 256, 1024, 2048, 4096 };
  static const struct
  {
    const char *op;
    bench_body body;
  } ops[] = {
    { "add", body_add }, { "mul", body_mul }, { "mod", body_mod },
    { "mulm", body_mulm }, { "powm", body_powm }, { "invm", body_invm },
  };
  size_t i, k;

  /* Fermat: 3^(p-1) = 1 mod p = 2^255 - 19. */
  {
    kc_mpi_t p = hex_mpi (g, "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFED");
    kc_mpi_t pm1 = hex_mpi (g, "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEC");
    kc_mpi_t three = kc_mpi_set_ui (NULL, 3), r = kc_mpi_new (0);
    kc_mpi_t one = kc_mpi_set_ui (NULL, 1);
    kc_mpi_powm (r, three, pm1, p);
    bench_check (g->name, !kc_mpi_cmp (r, one), "3^(p-1) mod p != 1");
    kc_mpi_release (p);
    kc_mpi_release (pm1);
    kc_mpi_release (three);
    kc_mpi_release (r);
    kc_mpi_release (one);
  }

  bench_group_begin (g);
  for (i = 0; i < KC_DIM (sizes); i++)
    {
      struct mpi_ctx c;
      char name[16];

      snprintf (name, sizeof name, "%u", sizes[i]);
      for (k = 0; k < KC_DIM (ops); k++)
        if (bench_row_wanted (g, name, ops[k].op))
          break;
      if (k == KC_DIM (ops))
        continue;
      c.m = random_mpi (g, sizes[i], 1);
      c.v = random_mpi (g, sizes[i], 0);
      c.e = random_mpi (g, sizes[i], 0);
      c.uv = kc_mpi_new (0);
      c.w = kc_mpi_new (0);
      kc_mpi_mod (c.v, c.v, c.m);   /* operands below m for mulm/invm */
      for (c.u = NULL;;)
        {
          /* u invertible mod m (the invm row times a success). */
          c.u = random_mpi (g, sizes[i], 0);
          kc_mpi_mod (c.u, c.u, c.m);
          if (kc_mpi_invm (c.w, c.u, c.m))
            break;
          kc_mpi_release (c.u);
        }
      kc_mpi_mul (c.uv, c.u, c.v);
      self_check (g, &c, sizes[i]);
      for (k = 0; k < KC_DIM (ops); k++)
        bench_row (g, name, ops[k].op, BENCH_NS_PER_OP, 1, ops[k].body, &c);
      kc_mpi_release (c.u);
      kc_mpi_release (c.v);
      kc_mpi_release (c.m);
      kc_mpi_release (c.e);
      kc_mpi_release (c.uv);
      kc_mpi_release (c.w);
    }
}

const struct bench_group bench_group_mpi = {
  "mpi", "kc_mpi_* (variable time, public data)",
  "mpi/{256,1024,2048,4096}/{add,mul,mod,mulm,powm,invm}", 0, mpi_run
};
