/* bench-peers-mpi.c - bench-peers rows mpi/<bits>/<op>: kc_mpi_* against
 * GMP (mpz_*) and libgcrypt (gcry_mpi_*), all variable time, on the same
 * numbers (bits = 256, 1024, 2048, 4096):
 *   mul   w = u * v        mpz_mul            gcry_mpi_mul
 *   mulm  w = u * v mod m  mpz_mul + mpz_mod  gcry_mpi_mulm
 *   powm  w = u ^ e mod m  mpz_powm           gcry_mpi_powm
 *   invm  w = u ^ -1 mod m mpz_invert         gcry_mpi_invm
 * Each row first checks that every peer's result equals ours.

 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdio.h>
#include <string.h>

#include "kcrypt-int.h"
#include "bench-peers.h"

#ifdef HAVE_GMP
# include <gmp.h>
#endif
#ifdef HAVE_LIBGCRYPT
# include <gcrypt.h>
#endif

#define MAX_BYTES 512           /* 4096 bits */

enum mpi_op { OP_MUL, OP_MULM, OP_POWM, OP_INVM };

struct mpi_input
{
  enum mpi_op op;
  kc_mpi_t u, v, m, e, w;
#ifdef HAVE_GMP
  mpz_t gu, gv, gm, ge, gw;
#endif
#ifdef HAVE_LIBGCRYPT
  gcry_mpi_t cu, cv, cm, ce, cw;
#endif
};

static void
mpi_ours (void *vctx, uint64_t iters)
{
  struct mpi_input *in = vctx;
  uint64_t acc = 0;
  while (iters--)
    switch (in->op)
      {
      case OP_MUL: kc_mpi_mul (in->w, in->u, in->v); break;
      case OP_MULM: kc_mpi_mulm (in->w, in->u, in->v, in->m); break;
      case OP_POWM: kc_mpi_powm (in->w, in->u, in->e, in->m); break;
      case OP_INVM: acc += (uint64_t) kc_mpi_invm (in->w, in->u, in->m); break;
      }
  bench_consume_u64 (acc + kc_mpi_get_nbits (in->w));
}

#ifdef HAVE_GMP
static void
mpi_gmp (void *vctx, uint64_t iters)
{
  struct mpi_input *in = vctx;
  uint64_t acc = 0;
  while (iters--)
    switch (in->op)
      {
      case OP_MUL: mpz_mul (in->gw, in->gu, in->gv); break;
      case OP_MULM:
        mpz_mul (in->gw, in->gu, in->gv);
        mpz_mod (in->gw, in->gw, in->gm);
        break;
      case OP_POWM: mpz_powm (in->gw, in->gu, in->ge, in->gm); break;
      case OP_INVM: acc += (uint64_t) mpz_invert (in->gw, in->gu, in->gm); break;
      }
  bench_consume_u64 (acc + mpz_sizeinbase (in->gw, 2));
}
#endif

#ifdef HAVE_LIBGCRYPT
static void
mpi_gcrypt (void *vctx, uint64_t iters)
{
  struct mpi_input *in = vctx;
  uint64_t acc = 0;
  while (iters--)
    switch (in->op)
      {
      case OP_MUL: gcry_mpi_mul (in->cw, in->cu, in->cv); break;
      case OP_MULM: gcry_mpi_mulm (in->cw, in->cu, in->cv, in->cm); break;
      case OP_POWM: gcry_mpi_powm (in->cw, in->cu, in->ce, in->cm); break;
      case OP_INVM: acc += (uint64_t) gcry_mpi_invm (in->cw, in->cu, in->cm); break;
      }
  bench_consume_u64 (acc + gcry_mpi_get_nbits (in->cw));
}
#endif

static uint64_t rng_state = 0xa4093822299f31d0ULL;

static void
random_bytes (unsigned char *b, size_t n)
{
  size_t i;
  for (i = 0; i < n; i++)
    b[i] = (unsigned char) (bench_rand64 (&rng_state) >> 56);
}

/* Our W as minimal big-endian bytes; returns the length. */
static size_t
ours_bytes (const char *path, unsigned char *b, kc_mpi_t w)
{
  size_t n = 0;
  if (kc_mpi_print (KC_MPI_FMT_USG, b, MAX_BYTES * 2, &n, w))
    bench_fail (path, "kc_mpi_print failed");
  return n;
}

static void
row_mpi (const char *op_name, enum mpi_op op, unsigned int bits)
{
  static struct mpi_input in;
  unsigned char ub[MAX_BYTES], vb[MAX_BYTES], mb[MAX_BYTES], eb[MAX_BYTES];
  unsigned char want[2 * MAX_BYTES], got[2 * MAX_BYTES];
  struct peer_side sides[PEERS_MAX_SIDES];
  size_t nb = bits / 8, wn, gn, n = 0;
  char path[64];
  int tries;

  snprintf (path, sizeof path, "mpi/%u/%s", bits, op_name);
  if (!peers_row_wanted (path))
    return;
  if (nb < 1 || nb > MAX_BYTES)
    bench_fail (path, "size out of range");
  memset (&in, 0, sizeof in);
  in.op = op;

  /* u, v < m, m odd with its top bit set, u invertible mod m. */
  random_bytes (mb, nb);
  mb[0] |= 0x80;
  mb[nb - 1] |= 1;
  random_bytes (eb, nb);
  kc_mpi_scan (&in.m, KC_MPI_FMT_USG, mb, nb, NULL);
  kc_mpi_scan (&in.e, KC_MPI_FMT_USG, eb, nb, NULL);
  in.w = kc_mpi_new (0);
  for (tries = 0; ; tries++)
    {
      random_bytes (ub, nb);
      random_bytes (vb, nb);
      ub[0] &= 0x7f;
      vb[0] &= 0x7f;
      kc_mpi_release (in.u);
      kc_mpi_release (in.v);
      in.u = in.v = NULL;
      kc_mpi_scan (&in.u, KC_MPI_FMT_USG, ub, nb, NULL);
      kc_mpi_scan (&in.v, KC_MPI_FMT_USG, vb, nb, NULL);
      bench_check (path, in.u && in.v && in.m && in.e, "kc_mpi_scan failed");
      if (kc_mpi_invm (in.w, in.u, in.m))
        break;
      bench_check (path, tries < 100, "no invertible u found");
    }

  mpi_ours (&in, 1);
  wn = ours_bytes (path, want, in.w);
  sides[n].who = "ours";
  sides[n].body = mpi_ours;
  sides[n++].ctx = &in;

#ifdef HAVE_GMP
  mpz_inits (in.gu, in.gv, in.gm, in.ge, in.gw, NULL);
  mpz_import (in.gu, nb, 1, 1, 1, 0, ub);
  mpz_import (in.gv, nb, 1, 1, 1, 0, vb);
  mpz_import (in.gm, nb, 1, 1, 1, 0, mb);
  mpz_import (in.ge, nb, 1, 1, 1, 0, eb);
  mpi_gmp (&in, 1);
  mpz_export (got, &gn, 1, 1, 1, 0, in.gw);
  bench_check (path, gn == wn && !memcmp (got, want, wn),
               "GMP and ours disagree");
  sides[n].who = "gmp";
  sides[n].body = mpi_gmp;
  sides[n++].ctx = &in;
#endif
#ifdef HAVE_LIBGCRYPT
  if (gcry_mpi_scan (&in.cu, GCRYMPI_FMT_USG, ub, nb, NULL)
      || gcry_mpi_scan (&in.cv, GCRYMPI_FMT_USG, vb, nb, NULL)
      || gcry_mpi_scan (&in.cm, GCRYMPI_FMT_USG, mb, nb, NULL)
      || gcry_mpi_scan (&in.ce, GCRYMPI_FMT_USG, eb, nb, NULL))
    bench_fail (path, "gcry_mpi_scan failed");
  in.cw = gcry_mpi_new (0);
  mpi_gcrypt (&in, 1);
  if (gcry_mpi_print (GCRYMPI_FMT_USG, got, sizeof got, &gn, in.cw))
    bench_fail (path, "gcry_mpi_print failed");
  bench_check (path, gn == wn && !memcmp (got, want, wn),
               "libgcrypt and ours disagree");
  sides[n].who = "libgcrypt";
  sides[n].body = mpi_gcrypt;
  sides[n++].ctx = &in;
#endif

  peers_compare (path, BENCH_NS_PER_OP, 1, sides, n);

  kc_mpi_release (in.u);
  kc_mpi_release (in.v);
  kc_mpi_release (in.m);
  kc_mpi_release (in.e);
  kc_mpi_release (in.w);
#ifdef HAVE_GMP
  mpz_clears (in.gu, in.gv, in.gm, in.ge, in.gw, NULL);
#endif
#ifdef HAVE_LIBGCRYPT
  gcry_mpi_release (in.cu);
  gcry_mpi_release (in.cv);
  gcry_mpi_release (in.cm);
  gcry_mpi_release (in.ce);
  gcry_mpi_release (in.cw);
#endif
}

void
bench_peers_mpi (void)
{
  static const unsigned int sizes[] = { 256, 1024, 2048, 4096 };
  static const struct
  {
    const char *name;
    enum mpi_op op;
  } ops[] = {
    { "mul", OP_MUL }, { "mulm", OP_MULM }, { "powm", OP_POWM },
    { "invm", OP_INVM },
  };
  size_t s, o;

  for (s = 0; s < KC_DIM (sizes); s++)
    for (o = 0; o < KC_DIM (ops); o++)
      row_mpi (ops[o].name, ops[o].op, sizes[s]);
}
