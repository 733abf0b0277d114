/* secp256k1/ellswift.c - ElligatorSwift (BIP-324) on secp256k1: decoding,
 * encoding, key pair creation and the x-only ECDH; then the public calls.
 * Contracts in secp256k1/ellswift.h; (m) after an intermediate is its
 * field magnitude.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "ecc.h"
#include "secp256k1/ellswift.h"
#include "secp256k1/ecmult.h"
#include "hash/sha256.h"
#include "bufhelp.h"

typedef _kc_secp256k1_fe fe;
typedef _kc_secp256k1_ge ge;
typedef _kc_secp256k1_gej gej;
typedef _kc_secp256k1_scalar scalar;

/* c0 = sqrt(-3) as BIP-324 fixes it (0xa2d2ba93...5f852) and:
 * c1 = (c0 - 1)/2, c2 = (-c0 - 1)/2 (the decoder's x2);
 * c3 = (1 - c0)/2 = c2 + 1, c4 = (1 + c0)/2 = c1 + 1 (the inverse). */
static const fe c1 = KC_FE_CONST (0x851695D4, 0x9A83F8EF, 0x919BB861, 0x53CBCB16,
                                  0x630FB68A, 0xED0A766A, 0x3EC693D6, 0x8E6AFA40);
static const fe c2 = KC_FE_CONST (0x7AE96A2B, 0x657C0710, 0x6E64479E, 0xAC3434E9,
                                  0x9CF04975, 0x12F58995, 0xC1396C28, 0x719501EE);
static const fe c3 = KC_FE_CONST (0x7AE96A2B, 0x657C0710, 0x6E64479E, 0xAC3434E9,
                                  0x9CF04975, 0x12F58995, 0xC1396C28, 0x719501EF);
static const fe c4 = KC_FE_CONST (0x851695D4, 0x9A83F8EF, 0x919BB861, 0x53CBCB16,
                                  0x630FB68A, 0xED0A766A, 0x3EC693D6, 0x8E6AFA41);

enum { TAG_ENCODE, TAG_CREATE, TAG_XDH };

const char *const _kc_ellswift_tag_names[3] = {
  "secp256k1_ellswift_encode", "secp256k1_ellswift_create",
  "bip324_ellswift_xonly_ecdh"
};

const uint32_t _kc_ellswift_tag_midstate[3][8] = {
  { 0xd1a6524b, 0x028594b3, 0x96e42f4e, 0x1037a177,
    0x1b8fcb8b, 0x56023885, 0x2560ede1, 0xd626b715 },
  { 0xd29e1bf5, 0xf7025f42, 0x9b024773, 0x094cb7d5,
    0xe59ed789, 0x03bc9786, 0x68335b35, 0x4e363b53 },
  { 0x8c12d730, 0x827bd392, 0x9e4fb2ee, 0x207b373e,
    0x2292bd7a, 0xaa5441bc, 0x15c3779f, 0xcfb52549 }
};

static void
tagged_init (_kc_sha256_ctx *ctx, int tag)
{
  memcpy (ctx->h, _kc_ellswift_tag_midstate[tag], sizeof ctx->h);
  ctx->nbytes = KC_SHA256_BLOCK_LEN;
  ctx->buflen = 0;
}

/* ------------------------------------------------------------ decoding */

/* 1 if N/D (D nonzero) is the x of a point: x^3 + 7 = (N^3 + 7 D^3)/D^3
 * is a square, as is (N^3 + 7 D^3) D (times D^4).  In: magnitudes <= 8. */
static int
frac_is_x_var (const fe *n, const fe *d)
{
  fe a, b;
  _kc_secp256k1_fe_sqr (&a, n);
  _kc_secp256k1_fe_mul (&a, &a, n);             /* n^3 (1) */
  _kc_secp256k1_fe_sqr (&b, d);
  _kc_secp256k1_fe_mul (&b, &b, d);             /* d^3 (1) */
  _kc_secp256k1_fe_mul_int (&b, 7);             /* (7) */
  _kc_secp256k1_fe_add (&a, &b);                /* (8) */
  _kc_secp256k1_fe_mul (&a, &a, d);             /* (1) */
  return _kc_secp256k1_fe_is_square_var (&a);
}

/* 1 if X (magnitude <= 8) is the x of a point. */
static int
is_x_var (const fe *x)
{
  fe a, b;
  _kc_secp256k1_fe_sqr (&a, x);
  _kc_secp256k1_fe_mul (&a, &a, x);             /* (1) */
  _kc_secp256k1_fe_set_int (&b, 7);
  _kc_secp256k1_fe_add (&a, &b);                /* (2) */
  return _kc_secp256k1_fe_is_square_var (&a);
}

void
_kc_ellswift_xswiftec_frac_var (fe *xn, fe *xd, const fe *u_in, const fe *t)
{
  fe u = *u_in, s, g, l, gs, d, n;

  KC_FE_CHECK_NORM (u_in);
  KC_FE_CHECK_NORM (t);
  if (_kc_secp256k1_fe_is_zero (&u))
    _kc_secp256k1_fe_set_int (&u, 1);
  if (_kc_secp256k1_fe_is_zero (t))
    _kc_secp256k1_fe_set_int (&s, 1);
  else
    _kc_secp256k1_fe_sqr (&s, t);               /* s = t^2 (1) */
  _kc_secp256k1_fe_sqr (&l, &u);                /* l = u^2 (1) */
  _kc_secp256k1_fe_mul (&g, &l, &u);
  _kc_secp256k1_fe_set_int (&n, 7);
  _kc_secp256k1_fe_add (&g, &n);                /* g = u^3 + 7 (2) */
  gs = g;
  _kc_secp256k1_fe_add (&gs, &s);               /* g + s (3) */
  if (_kc_secp256k1_fe_normalizes_to_zero_var (&gs))
    {
      /* t = 2t: s = 4s */
      _kc_secp256k1_fe_mul_int (&s, 4);         /* (4) */
      gs = g;
      _kc_secp256k1_fe_add (&gs, &s);           /* (6) */
    }
  /* x3 = (3 s u^3 - (g + s)^2) / (3 s u^2) */
  _kc_secp256k1_fe_mul (&d, &s, &l);
  _kc_secp256k1_fe_mul_int (&d, 3);             /* d = 3 s u^2 (3) */
  _kc_secp256k1_fe_mul (&n, &d, &u);            /* 3 s u^3 (1) */
  _kc_secp256k1_fe_sqr (&l, &gs);
  _kc_secp256k1_fe_negate (&l, &l, 1);          /* -(g + s)^2 (2) */
  _kc_secp256k1_fe_add (&n, &l);                /* (3) */
  if (frac_is_x_var (&n, &d))
    {
      *xn = n;
      *xd = d;
      return;
    }
  /* x2 = u (c1 s + c2 g) / (g + s) */
  _kc_secp256k1_fe_mul (&l, &c1, &s);
  _kc_secp256k1_fe_mul (&n, &c2, &g);
  _kc_secp256k1_fe_add (&n, &l);                /* (2) */
  _kc_secp256k1_fe_mul (&n, &n, &u);            /* (1) */
  *xd = gs;                                     /* (<= 6) */
  if (frac_is_x_var (&n, &gs))
    {
      *xn = n;
      return;
    }
  /* x1 = -(x2 + u) = -(n + u (g + s)) / (g + s) */
  _kc_secp256k1_fe_mul (&l, &gs, &u);           /* (1) */
  _kc_secp256k1_fe_add (&n, &l);                /* (2) */
  _kc_secp256k1_fe_negate (xn, &n, 2);          /* (3) */
  KC_VERIFY_CHECK (frac_is_x_var (xn, xd));
}

/* For x = n/d, k = n^3 + 7 d^3 and q = k d (a nonzero square: the
 * decoder picked x on the curve; no point has y = 0), one power
 * z = q^((p-3)/4) gives z^2 = 1/q, so 1/d = k z^2, and sqrt(q) = q z:
 *   x = n k z^2,  y = sqrt(x^3 + 7) = sqrt(q / d^4) = q z (k z^2)^2,
 * instead of an inversion and a square root. */
void
_kc_ellswift_decode_var (ge *r, const unsigned char ell[64])
{
  fe u, t, n, d, k, q, z, di;

  /* set_b32 reduces mod p (its return says whether it had to). */
  (void) _kc_secp256k1_fe_set_b32 (&u, ell);
  (void) _kc_secp256k1_fe_set_b32 (&t, ell + 32);
  _kc_ellswift_xswiftec_frac_var (&n, &d, &u, &t);
  _kc_secp256k1_fe_sqr (&k, &n);
  _kc_secp256k1_fe_mul (&k, &k, &n);            /* n^3 (1) */
  _kc_secp256k1_fe_sqr (&q, &d);
  _kc_secp256k1_fe_mul (&q, &q, &d);            /* d^3 (1) */
  _kc_secp256k1_fe_mul_int (&q, 7);             /* (7) */
  _kc_secp256k1_fe_add (&k, &q);                /* k (8) */
  _kc_secp256k1_fe_mul (&q, &k, &d);            /* q (1) */
  _kc_secp256k1_fe_pow_p34_chosen (&z, &q);     /* normalized */
  _kc_secp256k1_fe_sqr (&di, &z);               /* 1/q (1) */
  _kc_secp256k1_fe_mul (&di, &di, &k);          /* 1/d (1) */
  _kc_secp256k1_fe_mul (&r->x, &n, &di);        /* x (1) */
  _kc_secp256k1_fe_sqr (&di, &di);              /* 1/d^2 (1) */
  _kc_secp256k1_fe_mul (&z, &z, &q);            /* sqrt(q) (1) */
  _kc_secp256k1_fe_mul (&r->y, &z, &di);        /* y (1) */
  _kc_secp256k1_fe_normalize_var (&r->x);
  _kc_secp256k1_fe_normalize_var (&r->y);
  r->infinity = 0;
  if (_kc_secp256k1_fe_is_odd (&r->y) != _kc_secp256k1_fe_is_odd (&t))
    {
      _kc_secp256k1_fe_negate (&r->y, &r->y, 1);
      _kc_secp256k1_fe_normalize_var (&r->y);
    }
  KC_VERIFY_CHECK (_kc_secp256k1_ge_is_valid_var (r));
}

/* ------------------------------------------------------------ encoding */

int
_kc_ellswift_xswiftec_inv_var (fe *t, const fe *x, const fe *u, int c)
{
  fe s, g, m, v, q, r, w, a, b;

  KC_FE_CHECK_NORM (x);
  KC_FE_CHECK_NORM (u);
  KC_VERIFY_CHECK (c >= 0 && c < 8);
  _kc_secp256k1_fe_set_int (&b, 7);
  if (!(c & 2))
    {
      /* Branches of x1 (c = 0, 4) and x2 (c = 1, 5): v = x and
       * s = -(u^3 + 7) / (u^2 + u x + x^2).  If -x-u is on the curve the
       * decoder would take x3 first: no preimage here. */
      m = *x;
      _kc_secp256k1_fe_add (&m, u);             /* (2) */
      _kc_secp256k1_fe_negate (&m, &m, 2);      /* -u-x (3) */
      if (is_x_var (&m))
        return 0;
      /* u^2 + u x + x^2 = (u + x)^2 - u x, nonzero here (else
       * x^3 = (-u-x)^3, and x^3 + 7 is a square while (-u-x)^3 + 7 is
       * not). */
      _kc_secp256k1_fe_sqr (&s, &m);            /* (u + x)^2 (1) */
      _kc_secp256k1_fe_negate (&s, &s, 1);      /* (2) */
      _kc_secp256k1_fe_mul (&a, u, x);          /* (1) */
      _kc_secp256k1_fe_add (&s, &a);            /* -(u^2 + u x + x^2) (3) */
      _kc_secp256k1_fe_sqr (&g, u);
      _kc_secp256k1_fe_mul (&g, &g, u);
      _kc_secp256k1_fe_add (&g, &b);            /* g = u^3 + 7 (2) */
      /* s is a square iff its numerator times its denominator is. */
      _kc_secp256k1_fe_mul (&a, &s, &g);        /* (1) */
      if (!_kc_secp256k1_fe_is_square_var (&a))
        return 0;
      _kc_secp256k1_fe_inv_var (&s, &s);
      _kc_secp256k1_fe_mul (&s, &s, &g);        /* s (1) */
      v = *x;                                   /* (1) */
    }
  else
    {
      /* Branches of x3 (c = 2, 3, 6, 7): s = x - u must be a square,
       * r = sqrt(-s (4 (u^3 + 7) + 3 s u^2)) must exist (and be nonzero
       * for c odd, whose sign choice would repeat c even), s nonzero;
       * then v = (r/s - u)/2. */
      _kc_secp256k1_fe_negate (&m, u, 1);       /* -u (2) */
      s = m;
      _kc_secp256k1_fe_add (&s, x);             /* x - u (3) */
      if (!_kc_secp256k1_fe_is_square_var (&s))
        return 0;
      _kc_secp256k1_fe_sqr (&g, u);             /* u^2 (1) */
      _kc_secp256k1_fe_mul (&q, &s, &g);
      _kc_secp256k1_fe_mul_int (&q, 3);         /* 3 s u^2 (3) */
      _kc_secp256k1_fe_mul (&g, &g, u);         /* u^3 (1) */
      _kc_secp256k1_fe_mul_int (&g, 4);         /* (4) */
      _kc_secp256k1_fe_set_int (&a, 28);
      _kc_secp256k1_fe_add (&g, &a);            /* 4 (u^3 + 7) (5) */
      _kc_secp256k1_fe_add (&q, &g);            /* (8) */
      _kc_secp256k1_fe_mul (&q, &q, &s);        /* (1) */
      _kc_secp256k1_fe_negate (&q, &q, 1);      /* (2) */
      if (!_kc_secp256k1_fe_is_square_var (&q))
        return 0;
      (void) _kc_secp256k1_fe_sqrt_chosen (&r, &q);   /* normalized */
      if ((c & 1) && _kc_secp256k1_fe_is_zero (&r))
        return 0;
      if (_kc_secp256k1_fe_normalizes_to_zero_var (&s))
        return 0;
      /* s is a nonzero square: z = s^((p-3)/4) gives 1/s = z^2 and
       * w = s z = s^((p+1)/4), the root the square root takes. */
      _kc_secp256k1_fe_pow_p34_chosen (&a, &s);
      _kc_secp256k1_fe_mul (&w, &s, &a);        /* w (1) */
      _kc_secp256k1_fe_sqr (&v, &a);            /* 1/s (1) */
      _kc_secp256k1_fe_mul (&v, &v, &r);        /* r/s (1) */
      _kc_secp256k1_fe_add (&v, &m);            /* r/s - u (3) */
      _kc_secp256k1_fe_half (&v);               /* (2) */
    }
  /* w = sqrt(s) = s^((p+1)/4), s known to be a square (computed above
   * in the x3 branches); t = +-w (c u + v) with c = c3 for c even and
   * c4 for c odd, negated when (c & 5) is 0 or 5. */
  if (!(c & 2))
    (void) _kc_secp256k1_fe_sqrt_chosen (&w, &s);
  else
    _kc_secp256k1_fe_normalize_var (&w);
  if ((c & 5) == 0 || (c & 5) == 5)
    _kc_secp256k1_fe_negate (&w, &w, 1);        /* (2) */
  _kc_secp256k1_fe_mul (&a, u, (c & 1) ? &c4 : &c3);
  _kc_secp256k1_fe_add (&a, &v);                /* (<= 3) */
  _kc_secp256k1_fe_mul (t, &w, &a);             /* (1) */
  return 1;
}

/* OUT = H (HASHER's data || cnt), cnt 4 bytes little-endian: one
 * compression when HASHER holds at most 51 bytes of a block. */
static void
stream (unsigned char out[32], const _kc_sha256_ctx *hasher, uint32_t cnt)
{
  _kc_sha256_ctx c = *hasher;
  unsigned char b[4];
  buf_put_le32 (b, cnt);
  _kc_sha256_update (&c, b, 4);
  _kc_sha256_final (&c, out);
}

/* U32 || T: an encoding of P from the stream of HASHER.  T normalized,
 * with y(P)'s parity.  P finite, normalized.  Variable time (public). */
static void
encode_point_var (unsigned char u32[32], fe *t, const ge *p,
                  const _kc_sha256_ctx *hasher)
{
  unsigned char pool[32];
  int left = 0, c;
  uint32_t cnt = 0;
  fe u;

  KC_FE_CHECK_NORM (&p->x);
  KC_FE_CHECK_NORM (&p->y);
  for (;;)
    {
      if (left == 0)
        {
          stream (pool, hasher, cnt++);
          left = 64;
        }
      left--;
      c = (pool[left >> 1] >> ((left & 1) * 4)) & 7;
      stream (u32, hasher, cnt++);
      (void) _kc_secp256k1_fe_set_b32 (&u, u32);
      /* u = 0 would need BIP-324's u = 1; a hash output of 0 or p is
       * not going to happen, and libsecp256k1 does not correct it either. */
      if (_kc_ellswift_xswiftec_inv_var (t, &p->x, &u, c))
        break;
    }
  _kc_secp256k1_fe_normalize_var (t);
  if (_kc_secp256k1_fe_is_odd (t) != _kc_secp256k1_fe_is_odd (&p->y))
    {
      _kc_secp256k1_fe_negate (t, t, 1);
      _kc_secp256k1_fe_normalize_var (t);
    }
  wipememory (pool, sizeof pool);
}

void
_kc_ellswift_encode_var (unsigned char ell[64], const ge *p,
                         const unsigned char rnd[32])
{
  _kc_sha256_ctx h;
  unsigned char block[64];
  ge q = *p;
  fe t;

  _kc_secp256k1_fe_normalize_var (&q.x);
  _kc_secp256k1_fe_normalize_var (&q.y);
  memset (block, 0, sizeof block);
  block[0] = (unsigned char) (0x02 | _kc_secp256k1_fe_is_odd (&q.y));
  _kc_secp256k1_fe_get_b32 (block + 1, &q.x);
  tagged_init (&h, TAG_ENCODE);
  _kc_sha256_update (&h, block, sizeof block);
  _kc_sha256_update (&h, rnd, 32);
  encode_point_var (ell, &t, &q, &h);
  _kc_secp256k1_fe_get_b32 (ell + 32, &t);
  wipememory (&h, sizeof h);
}

void
_kc_ellswift_create (unsigned char ell[64], const unsigned char seckey[32],
                     const scalar *x, const unsigned char *aux)
{
  _kc_sha256_ctx h;
  unsigned char block[64];
  ge p;
  fe t;

  _kc_secp256k1_ecmult_gen_ge (&p, x);
  ct_declassify (&p, sizeof p);                 /* the public key */
  /* The key and 32 zero bytes are one whole block, compressed from
   * BLOCK directly (the context's buffer never sees the key). */
  memcpy (block, seckey, 32);
  memset (block + 32, 0, 32);
  tagged_init (&h, TAG_CREATE);
  _kc_sha256_update (&h, block, sizeof block);
  wipememory (block, sizeof block);
  /* A pseudorandom function of the key from here on (see the header). */
  ct_declassify (h.h, sizeof h.h);
  if (aux)
    _kc_sha256_update (&h, aux, 32);
  encode_point_var (ell, &t, &p, &h);
  _kc_secp256k1_fe_get_b32 (ell + 32, &t);
  wipememory (&h, sizeof h);
  wipememory (&p, sizeof p);
  wipememory (&t, sizeof t);
}

/* ---------------------------------------------------------------- XDH */

void
_kc_ellswift_xdh (unsigned char out[32], const unsigned char ell_a[64],
                  const unsigned char ell_b[64], const scalar *x, int party)
{
  const unsigned char *theirs = party ? ell_a : ell_b;
  _kc_sha256_ctx h;
  unsigned char sx[32];
  fe u, t, n, d, g, a;
  ge q;
  gej r;

  (void) _kc_secp256k1_fe_set_b32 (&u, theirs);
  (void) _kc_secp256k1_fe_set_b32 (&t, theirs + 32);
  _kc_ellswift_xswiftec_frac_var (&n, &d, &u, &t);
  /* G = n^3 + 7 d^3; Q' = (G n, G^2) on the curve scaled by G d. */
  _kc_secp256k1_fe_sqr (&g, &n);
  _kc_secp256k1_fe_mul (&g, &g, &n);            /* n^3 (1) */
  _kc_secp256k1_fe_sqr (&a, &d);
  _kc_secp256k1_fe_mul (&a, &a, &d);            /* d^3 (1) */
  _kc_secp256k1_fe_mul_int (&a, 7);             /* (7) */
  _kc_secp256k1_fe_add (&g, &a);                /* G (8) */
  _kc_secp256k1_fe_mul (&q.x, &g, &n);          /* (1) */
  _kc_secp256k1_fe_sqr (&q.y, &g);              /* (1) */
  q.infinity = 0;
  _kc_secp256k1_fe_mul (&g, &g, &d);            /* G d (1) */
  /* x in [1, n-1], Q' of order n: kQ' is finite, Z nonzero. */
  _kc_secp256k1_ecmult_const (&r, &q, x);
  /* x(kQ) = X / (Z^2 G d) */
  _kc_secp256k1_fe_sqr (&a, &r.z);
  _kc_secp256k1_fe_mul (&a, &a, &g);            /* (1) */
  _kc_secp256k1_fe_inv (&a, &a);
  _kc_secp256k1_fe_mul (&a, &a, &r.x);          /* (1) */
  _kc_secp256k1_fe_normalize (&a);
  _kc_secp256k1_fe_get_b32 (sx, &a);
  tagged_init (&h, TAG_XDH);
  _kc_sha256_update (&h, ell_a, 64);
  _kc_sha256_update (&h, ell_b, 64);
  _kc_sha256_update (&h, sx, 32);
  _kc_sha256_final (&h, out);
  wipememory (sx, sizeof sx);
  wipememory (&a, sizeof a);
  wipememory (&r, sizeof r);
  wipememory (&h, sizeof h);
}

/* ----------------------------------------------------- the public calls */

/* Policy as in ecc.c (order of checks: curve, arguments, content); on
 * any error nothing is written. */

static int
pubkey_len_ok (size_t len)
{
  return len == KC_ECC_SECP256K1_PUBKEY_LEN
         || len == KC_ECC_SECP256K1_PUBKEY_COMPRESSED_LEN;
}

gpg_error_t
kc_ellswift_encode (int curve, void *ell, size_t ell_len,
                    const void *pubkey, size_t pubkey_len,
                    const void *rnd, size_t rnd_len)
{
  unsigned char r[KC_ELLSWIFT_SECP256K1_RND_LEN];
  ge q;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!ell || ell_len != KC_ELLSWIFT_SECP256K1_LEN
      || !pubkey || !pubkey_len_ok (pubkey_len)
      || (rnd_len != 0 && rnd_len != KC_ELLSWIFT_SECP256K1_RND_LEN)
      || (!rnd && rnd_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_pubkey (&q, pubkey, pubkey_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  if (rnd_len)
    memcpy (r, rnd, sizeof r);
  else
    _kc_random_fast (NULL, r, sizeof r);
  _kc_ellswift_encode_var (ell, &q, r);
  return 0;
}

gpg_error_t
kc_ellswift_decode (int curve, void *pubkey, size_t pubkey_len,
                    const void *ell, size_t ell_len)
{
  ge q;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!pubkey || !pubkey_len_ok (pubkey_len)
      || !ell || ell_len != KC_ELLSWIFT_SECP256K1_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  _kc_ellswift_decode_var (&q, ell);
  _kc_ecc_serialize_pubkey (pubkey, pubkey_len, &q);
  return 0;
}

static KC_NOINLINE gpg_error_t
ellswift_create_body (int curve, void *ell, size_t ell_len,
                      const void *seckey, size_t seckey_len,
                      const void *aux, size_t aux_len)
{
  scalar x;
  gpg_error_t err = 0;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!ell || ell_len != KC_ELLSWIFT_SECP256K1_LEN
      || !seckey || seckey_len != KC_ECC_SECP256K1_SECKEY_LEN
      || (aux_len != 0 && aux_len != KC_ELLSWIFT_SECP256K1_RND_LEN)
      || (!aux && aux_len))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_seckey (&x, seckey))
    err = KC_ERR (GPG_ERR_BAD_SECKEY);
  else
    {
      _kc_secp256k1_ecmult_gen_blind (_kc_random_fast, NULL);
      _kc_ellswift_create (ell, seckey, &x, aux_len ? aux : NULL);
    }
  wipememory (&x, sizeof x);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ellswift_create (int curve, void *ell, size_t ell_len,
                    const void *seckey, size_t seckey_len,
                    const void *aux, size_t aux_len)
{
  gpg_error_t err = ellswift_create_body (curve, ell, ell_len, seckey,
                                          seckey_len, aux, aux_len);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

static KC_NOINLINE gpg_error_t
ellswift_xdh_body (int curve, void *shared, size_t shared_len,
                   const void *ell_a, size_t ell_a_len,
                   const void *ell_b, size_t ell_b_len,
                   const void *seckey, size_t seckey_len, int party)
{
  scalar x;
  gpg_error_t err = 0;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!shared || shared_len != KC_ELLSWIFT_SECP256K1_SHARED_LEN
      || !ell_a || ell_a_len != KC_ELLSWIFT_SECP256K1_LEN
      || !ell_b || ell_b_len != KC_ELLSWIFT_SECP256K1_LEN
      || !seckey || seckey_len != KC_ECC_SECP256K1_SECKEY_LEN
      || (party != KC_ELLSWIFT_PARTY_A && party != KC_ELLSWIFT_PARTY_B))
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_seckey (&x, seckey))
    err = KC_ERR (GPG_ERR_BAD_SECKEY);
  else
    _kc_ellswift_xdh (shared, ell_a, ell_b, &x, party);
  wipememory (&x, sizeof x);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_ellswift_xdh (int curve, void *shared, size_t shared_len,
                 const void *ell_a, size_t ell_a_len,
                 const void *ell_b, size_t ell_b_len,
                 const void *seckey, size_t seckey_len, int party)
{
  gpg_error_t err = ellswift_xdh_body (curve, shared, shared_len, ell_a,
                                       ell_a_len, ell_b, ell_b_len, seckey,
                                       seckey_len, party);
  _kc_burn_stack (KC_STACK_BURN_ECDH);
  return err;
}
