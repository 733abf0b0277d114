/* moduli.c - the named moduli's lookup and their self-checking
 * Montgomery set-up (the table is generated, in moduli-table.c).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "moduli.h"

const _kc_named_modulus *
_kc_modulus_by_name (const char *name)
{
  unsigned int i;
  for (i = 0; i < _kc_moduli_count; i++)
    if (!strcmp (_kc_moduli[i]->name, name))
      return _kc_moduli[i];
  return NULL;
}

static int
limbs_eq (const uint64_t *a, const uint64_t *b, unsigned int n)
{
  return ct_memequal (a, b, n * sizeof (uint64_t));
}

void
_kc_modulus_ctx (_kc_mont_ctx *ctx, const _kc_named_modulus *nm)
{
  uint64_t x[KC_MONT_MAX_LIMBS], y[KC_MONT_MAX_LIMBS];
  uint64_t e[KC_MONT_MAX_LIMBS], br = 0;
  unsigned int n = nm->n, j;

  if (_kc_mont_setup (ctx, nm->m, n))
    _kc_fatal ("moduli: bad modulus in the table");
  if (ctx->m0inv != nm->m0inv || nm->m0inv * nm->m[0] != ~(uint64_t) 0)
    _kc_fatal ("moduli: -m^-1 mod 2^64 disagrees");
  if (!limbs_eq (ctx->one, nm->r, n))
    _kc_fatal ("moduli: R mod m disagrees");
  if (!limbs_eq (ctx->r2, nm->r2, n))
    _kc_fatal ("moduli: R^2 mod m disagrees");
  if ((nm->m[n - 1] >> ((nm->bits - 1) % 64)) != 1)
    _kc_fatal ("moduli: bit length disagrees");

  /* Round trip of m - 1: to Montgomery form and back. */
  for (j = 0; j < n; j++)
    x[j] = _kc_subb64 (&br, nm->m[j], j == 0, br);
  _kc_mont_to (ctx, y, x);
  _kc_mont_from (ctx, y, y);
  if (!limbs_eq (x, y, n))
    _kc_fatal ("moduli: Montgomery round trip failed");

  /* Fermat: 2^(m-1) = 1 (x still holds m - 1); also checks that the
   * multiplication agrees with R mod m on a full exponentiation. */
  memcpy (e, x, sizeof e);
  _kc_mont_add (ctx, y, ctx->one, ctx->one);
  _kc_mont_pow (ctx, y, y, e, n);
  if (!limbs_eq (y, ctx->one, n))
    _kc_fatal ("moduli: Fermat test 2^(m-1) = 1 failed");
}
