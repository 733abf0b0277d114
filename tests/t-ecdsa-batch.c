/* t-ecdsa-batch.c - kc_ecdsa_verify_batch against kc_ecdsa_verify item by
 * item: every batch size 1..70 and 1000, with no, one and many invalid
 * items at random places (tampered digests and signatures, r or s out of
 * range, high-S under KC_ECDSA_LOW_S, malformed DER, off-curve and
 * malformed keys, wrong lengths), each flag combination; the lane kernel
 * directly on the corner cases (u1 = 0, u1 G + u2 P = infinity, x(R) =
 * r + n impossible/possible) against the single verification, on every
 * lane path the CPU has, forced (_kc_ecdsa_verify_batch_path_var): the
 * kernel's points against _kc_secp256k1_ecmult_var, batches of 1..70 and
 * 1000 with tampered items; Wycheproof's secp256k1 ECDSA cases
 * (SHA-256, SHA-512, SHA3-256 and SHA3-512 digests; DER and r || s) in
 * runs of several sizes, each item's code against its single
 * verification.  Run again with the IFMA lanes masked (the
 * dispatcher then takes the AVX2 lanes) and on the portable path
 * (KCRYPT_HWF_MASK=0).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/ecdsa.h"
#include "secp256k1/ecdsa-batch.h"
#include "secp256k1/ecmult.h"
#include "secp256k1/x86_64/ecmult-lanes.h"
#include "secp256k1/x86_64/field-ifma.h"
#include "t-common.h"
#include "wycheproof.h"
#include "t-wp-ecdsa.h"

#define C KC_ECC_SECP256K1
#define POOL 48
#define MAXB 1000

static const unsigned char N[32] = {
  0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFE,
  0xBA,0xAE,0xDC,0xE6,0xAF,0x48,0xA0,0x3B,0xBF,0xD2,0x5E,0x8C,0xD0,0x36,0x41,0x41 };

struct signed_item
{
  unsigned char pub65[65], pub33[33], dg[32], sig[64];
};
static struct signed_item pool[POOL];

/* One item of a batch, in its own buffers. */
struct item
{
  unsigned char sig[80], pub[65], dg[40];
  size_t sig_len, pub_len, dg_len;
};
static struct item items[MAXB];

/* big-endian R = N - A (A < N) */
static void
n_minus (unsigned char r[32], const unsigned char a[32])
{
  int i, borrow = 0;
  for (i = 31; i >= 0; i--)
    {
      int d = N[i] - a[i] - borrow;
      borrow = d < 0;
      r[i] = (unsigned char) (d + 256 * borrow);
    }
}

/* Strict DER of r || s (64 bytes) into OUT; returns the length. */
static size_t
to_der (unsigned char *out, const unsigned char rs[64])
{
  size_t n = 2;
  int h;
  for (h = 0; h < 2; h++)
    {
      const unsigned char *v = rs + 32 * h;
      int i = 0, pad;
      while (i < 31 && v[i] == 0)
        i++;
      pad = v[i] >= 0x80;
      out[n++] = 0x02;
      out[n++] = (unsigned char) (32 - i + pad);
      if (pad)
        out[n++] = 0;
      memcpy (out + n, v + i, (size_t) (32 - i));
      n += (size_t) (32 - i);
    }
  out[0] = 0x30;
  out[1] = (unsigned char) (n - 2);
  return n;
}

static void
make_pool (void)
{
  int i;
  for (i = 0; i < POOL; i++)
    {
      unsigned char sk[32];
      size_t l = 64;
      struct signed_item *p = &pool[i];
      CHECK_ERR (kc_ecc_keypair (C, p->pub65, 65, sk, 32), 0);
      CHECK_ERR (kc_ecc_pubkey (C, p->pub33, 33, sk, 32), 0);
      t_randbytes (p->dg, 32);
      CHECK_ERR (kc_ecdsa_sign (C, 0, p->sig, &l, sk, 32, p->dg, 32), 0);
    }
}

/* Fill item IT from the pool; BAD: 0 leaves it valid (up to high-S, which
 * only KC_ECDSA_LOW_S rejects), else one of the tamperings. */
static void
make_item (struct item *it, unsigned int flags, int bad)
{
  const struct signed_item *p = &pool[t_rand64 () % POOL];
  unsigned char rs[64];
  int kind = bad ? 1 + (int) (t_rand64 () % 11) : 0;

  memcpy (rs, p->sig, 64);
  if (t_rand64 () & 1)
    {
      memcpy (it->pub, p->pub65, 65);
      it->pub_len = 65;
    }
  else
    {
      memcpy (it->pub, p->pub33, 33);
      it->pub_len = 33;
    }
  memcpy (it->dg, p->dg, 32);
  it->dg_len = 32;
  if (!bad && (t_rand64 () & 3) == 0)
    n_minus (rs + 32, p->sig + 32);            /* high-S twin */
  switch (kind)
    {
    case 1: it->dg[t_rand64 () % 32] ^= 1; break;         /* other message */
    case 2: rs[t_rand64 () % 64] ^= 0x10; break;          /* other sig */
    case 3: memset (rs, 0, 32); break;                    /* r = 0 */
    case 4: memcpy (rs + 32, N, 32); break;               /* s = n */
    case 5: n_minus (rs + 32, p->sig + 32);               /* high-S */
      if (!(flags & KC_ECDSA_LOW_S))
        rs[5] ^= 1;                                        /* then break r */
      break;
    case 6: it->pub[it->pub_len - 1] ^= 1;                /* off curve (65) */
      if (it->pub_len == 33)
        it->pub[0] = 0x05;                                 /* bad prefix */
      break;
    case 7: it->pub_len = 64; break;                      /* wrong length */
    case 8: it->dg_len = 0; break;                        /* empty digest */
    case 9: memcpy (rs, N, 32); break;                    /* r = n */
    case 10: it->dg_len = 40; memset (it->dg + 32, 7, 8); /* longer digest, */
      it->dg[0] ^= 0x80;                                   /* other prefix */
      break;
    default: memset (rs + 32, 0, 32); break;              /* s = 0 */
    }
  if (flags & KC_ECDSA_DER)
    {
      it->sig_len = to_der (it->sig, rs);
      if (kind == 2 && (t_rand64 () & 1))
        it->sig[1] ^= 1;                                  /* malformed DER */
    }
  else
    {
      memcpy (it->sig, rs, 64);
      it->sig_len = (kind == 2 && (t_rand64 () & 1)) ? 63 : 64;
    }
}

static const void *sigs[MAXB], *pubs[MAXB], *dgs[MAXB];
static size_t sig_lens[MAXB], pub_lens[MAXB], dg_lens[MAXB];
static gpg_error_t res[MAXB + 1];

/* A batch of N items, NBAD of them (0, 1 or many) invalid at random
 * places; compare with the single verification. */
static void
run_batch (size_t n, size_t nbad)
{
  static const unsigned int fl[4] = { 0, KC_ECDSA_DER, KC_ECDSA_LOW_S,
                                      KC_ECDSA_DER | KC_ECDSA_LOW_S };
  unsigned int flags = fl[t_rand64 () & 3];
  gpg_error_t err, err2, want_all = 0;
  size_t i;
  char bad[MAXB];

  memset (bad, 0, n);
  for (i = 0; i < nbad; i++)
    bad[t_rand64 () % n] = 1;
  for (i = 0; i < n; i++)
    {
      make_item (&items[i], flags, bad[i]);
      sigs[i] = items[i].sig;
      pubs[i] = items[i].pub;
      dgs[i] = items[i].dg;
      sig_lens[i] = items[i].sig_len;
      pub_lens[i] = items[i].pub_len;
      dg_lens[i] = items[i].dg_len;
    }
  memset (res, 0xee, sizeof res);
  err = kc_ecdsa_verify_batch (C, flags, n, sigs, sig_lens, pubs, pub_lens,
                               dgs, dg_lens, res);
  for (i = 0; i < n; i++)
    {
      gpg_error_t want = kc_ecdsa_verify (C, flags, sigs[i], sig_lens[i],
                                          pubs[i], pub_lens[i], dgs[i],
                                          dg_lens[i]);
      if (want)
        want_all = GPG_ERR_BAD_SIGNATURE;
      CHECK (res[i] == want, "batch %zu flags %u item %zu: %d, single %d",
             n, flags, i, (int) gpg_err_code (res[i]),
             (int) gpg_err_code (want));
    }
  CHECK (gpg_err_code (err) == want_all, "batch %zu: returned %d", n,
         (int) gpg_err_code (err));
  CHECK (res[n] == (gpg_error_t) 0xeeeeeeee, "batch %zu wrote past COUNT", n);
  err2 = kc_ecdsa_verify_batch (C, flags, n, sigs, sig_lens, pubs, pub_lens,
                                dgs, dg_lens, NULL);
  CHECK (err2 == err, "batch %zu: NULL results changed the answer", n);
}

static void
api_errors (void)
{
  gpg_error_t r[2] = { 0, 0 };
  CHECK_ERR (kc_ecdsa_verify_batch (C, 0, 0, NULL, NULL, NULL, NULL, NULL,
                                    NULL, NULL), 0);
  CHECK_ERR (kc_ecdsa_verify_batch (C, 0, 2, NULL, sig_lens, pubs, pub_lens,
                                    dgs, dg_lens, r), GPG_ERR_INV_ARG);
  CHECK (gpg_err_code (r[1]) == GPG_ERR_INV_ARG, "NULL array: item code");
  CHECK_ERR (kc_ecdsa_verify_batch (7, 0, 2, sigs, sig_lens, pubs, pub_lens,
                                    dgs, dg_lens, r), GPG_ERR_NOT_SUPPORTED);
  CHECK (gpg_err_code (r[0]) == GPG_ERR_NOT_SUPPORTED, "curve: item code");
  /* unknown flag bits: every item INV_ARG, as kc_ecdsa_verify says */
  run_batch (3, 0);
  CHECK_ERR (kc_ecdsa_verify_batch (C, 8, 3, sigs, sig_lens, pubs, pub_lens,
                                    dgs, dg_lens, res), GPG_ERR_BAD_SIGNATURE);
  CHECK (gpg_err_code (res[2]) == GPG_ERR_INV_ARG, "flag 8: item code");
}

/* Each lane path on corner cases, against _kc_ecdsa_verify_var lane by
 * lane: u1 = 0 (m = 0), u1 G + u2 P = infinity (m = -r d), a valid
 * signature, and random (r, s); a lane count of items, so that every lane
 * of the kernel is used. */
static void
kernel_corners (int path)
{
  enum { L = 8 };
  _kc_secp256k1_scalar r[L], s[L], m[L], d, t;
  _kc_secp256k1_ge pub[L];
  _kc_secp256k1_gej pj;
  unsigned char b[32];
  int ok[L], l, round, n = _kc_ecdsa_batch_path_lanes (path);

  for (round = 0; round < 20; round++)
    {
      for (l = 0; l < n; l++)
        {
          t_randbytes (b, 32);
          b[0] &= 0x7f;
          _kc_secp256k1_scalar_set_b32 (&d, b, NULL);
          _kc_secp256k1_ecmult_gen (&pj, &d);
          _kc_secp256k1_ge_set_gej (&pub[l], &pj);
          _kc_secp256k1_fe_normalize (&pub[l].x);
          _kc_secp256k1_fe_normalize (&pub[l].y);
          t_randbytes (b, 32);
          b[0] &= 0x7f;
          _kc_secp256k1_scalar_set_b32 (&r[l], b, NULL);
          t_randbytes (b, 32);
          b[0] &= 0x7f;
          _kc_secp256k1_scalar_set_b32 (&s[l], b, NULL);
          t_randbytes (b, 32);
          _kc_secp256k1_scalar_set_b32 (&m[l], b, NULL);
          switch ((l + round) % 4)
            {
            case 0:                              /* u1 = 0 */
              _kc_secp256k1_scalar_set_int (&m[l], 0);
              break;
            case 1:                              /* m = -r d: infinity */
              _kc_secp256k1_scalar_mul (&t, &r[l], &d);
              _kc_secp256k1_scalar_negate (&m[l], &t);
              break;
            case 2:                              /* a valid signature */
              _kc_ecdsa_sign (&r[l], &s[l], &d, &m[l]);
              break;
            default:
              break;
            }
        }
      _kc_ecdsa_verify_batch_path_var (path, ok, (size_t) n, r, s, pub, m);
      for (l = 0; l < n; l++)
        {
          int want = _kc_ecdsa_verify_var (&r[l], &s[l], &pub[l], &m[l]);
          CHECK (ok[l] == want, "path %d round %d lane %d: %d, single %d",
                 path, round, l, ok[l], want);
          if ((l + round) % 4 == 2)
            CHECK (ok[l] == 1, "path %d round %d lane %d: valid rejected",
                   path, round, l);
        }
    }
}

/* Each lane path on batches of every size 1..70 and 1000 made of valid
 * signatures and, at random places, tampered ones (other digest, other
 * r, other s, other key), against _kc_ecdsa_verify_var item by item. */
static void
path_batches (int path)
{
  enum { PK = 16 };
  static _kc_secp256k1_scalar r[MAXB], s[MAXB], m[MAXB];
  static _kc_secp256k1_ge pub[MAXB];
  static int ok[MAXB];
  _kc_secp256k1_scalar d[PK], one;
  _kc_secp256k1_ge q[PK];
  _kc_secp256k1_gej pj;
  unsigned char b[32];
  size_t n, i;
  int k;

  _kc_secp256k1_scalar_set_int (&one, 1);
  for (k = 0; k < PK; k++)
    {
      t_randbytes (b, 32);
      b[0] &= 0x7f;
      _kc_secp256k1_scalar_set_b32 (&d[k], b, NULL);
      _kc_secp256k1_ecmult_gen (&pj, &d[k]);
      _kc_secp256k1_ge_set_gej (&q[k], &pj);
      _kc_secp256k1_fe_normalize (&q[k].x);
      _kc_secp256k1_fe_normalize (&q[k].y);
    }
  for (n = 1; n <= 71; n++)
    {
      size_t size = n == 71 ? MAXB : n;
      for (i = 0; i < size; i++)
        {
          k = (int) (t_rand64 () % PK);
          t_randbytes (b, 32);
          _kc_secp256k1_scalar_set_b32 (&m[i], b, NULL);
          _kc_ecdsa_sign (&r[i], &s[i], &d[k], &m[i]);
          pub[i] = q[k];
          if ((t_rand64 () % 5) == 0)
            switch (t_rand64 () % 4)
              {
              case 0: _kc_secp256k1_scalar_add (&m[i], &m[i], &one); break;
              case 1: _kc_secp256k1_scalar_add (&r[i], &r[i], &one); break;
              case 2: _kc_secp256k1_scalar_add (&s[i], &s[i], &one); break;
              default: pub[i] = q[(k + 1) % PK]; break;
              }
        }
      memset (ok, 0x55, sizeof ok);
      _kc_ecdsa_verify_batch_path_var (path, ok, size, r, s, pub, m);
      for (i = 0; i < size; i++)
        CHECK (ok[i] == _kc_ecdsa_verify_var (&r[i], &s[i], &pub[i], &m[i]),
               "path %d batch %zu item %zu: %d", path, size, i, ok[i]);
    }
}

/* The kernel of each lane path on random u1, u2 and keys: no lane may be
 * reported (none is exceptional), and every lane's point must be
 * u1 G + u2 P as _kc_secp256k1_ecmult_var computes it. */
typedef unsigned int (*kernel_fn) (_kc_secp256k1_fe *, _kc_secp256k1_fe *,
                                   _kc_secp256k1_fe *,
                                   const _kc_secp256k1_scalar *,
                                   const _kc_secp256k1_scalar *,
                                   const _kc_secp256k1_ge *);
static void
kernel_points (int path)
{
  enum { L = 8 };
  kernel_fn fn = NULL;
  _kc_secp256k1_scalar u1[L], u2[L], d;
  _kc_secp256k1_ge pub[L], got, want;
  _kc_secp256k1_gej pj, rj;
  _kc_secp256k1_fe x[L], y[L], z[L];
  unsigned char b[32];
  unsigned int bad;
  int l, round, n = _kc_ecdsa_batch_path_lanes (path);

#ifdef KC_HAVE_FE4
  if (path == KC_ECDSA_BATCH_AVX2)
    fn = _kc_secp256k1_ecmult4_avx2;
#endif
#ifdef KC_HAVE_FE8
  if (path == KC_ECDSA_BATCH_IFMA)
    fn = _kc_secp256k1_ecmult8_ifma;
#endif
  if (!fn)
    return;
  for (round = 0; round < 30; round++)
    {
      for (l = 0; l < n; l++)
        {
          t_randbytes (b, 32);
          _kc_secp256k1_scalar_set_b32 (&d, b, NULL);
          _kc_secp256k1_ecmult_gen (&pj, &d);
          _kc_secp256k1_ge_set_gej (&pub[l], &pj);
          t_randbytes (b, 32);
          _kc_secp256k1_scalar_set_b32 (&u1[l], b, NULL);
          t_randbytes (b, 32);
          _kc_secp256k1_scalar_set_b32 (&u2[l], b, NULL);
          if (round == 0)
            _kc_secp256k1_scalar_set_int (&u1[l], (unsigned int) l);
        }
      bad = fn (x, y, z, u1, u2, pub);
      CHECK (bad == 0, "path %d round %d: lanes %x reported", path, round, bad);
      for (l = 0; l < n; l++)
        {
          _kc_secp256k1_gej_set_ge (&pj, &pub[l]);
          _kc_secp256k1_ecmult_var (&rj, &pj, &u2[l], &u1[l]);
          _kc_secp256k1_ge_set_gej_var (&want, &rj);
          rj.x = x[l];
          rj.y = y[l];
          rj.z = z[l];
          rj.infinity = 0;
          _kc_secp256k1_ge_set_gej_var (&got, &rj);
          _kc_secp256k1_fe_normalize_var (&got.x);
          _kc_secp256k1_fe_normalize_var (&got.y);
          _kc_secp256k1_fe_normalize_var (&want.x);
          _kc_secp256k1_fe_normalize_var (&want.y);
          CHECK (_kc_secp256k1_fe_equal_norm (&got.x, &want.x)
                 && _kc_secp256k1_fe_equal_norm (&got.y, &want.y),
                 "path %d round %d lane %d: not u1 G + u2 P", path, round, l);
        }
    }
}

/* The lane paths the CPU has, each forced; what the dispatcher picks is
 * one of them. */
static void
lane_paths (void)
{
  int path, ran = 0;

  CHECK (_kc_ecdsa_batch_path_usable (_kc_ecdsa_batch_path ()),
         "dispatcher picked path %d, not usable", _kc_ecdsa_batch_path ());
  for (path = 0; path < KC_ECDSA_BATCH_NPATHS; path++)
    {
      if (!_kc_ecdsa_batch_path_usable (path))
        continue;
      kernel_points (path);
      kernel_corners (path);
      path_batches (path);
      ran++;
    }
  CHECK (ran >= 1, "no batch path ran");
}

/* Wycheproof's secp256k1 ECDSA cases through the batch: those of
 * wycheproof-secp256k1.c (SHA-256; 476 in DER, 252 as r || s) and those
 * of data/wycheproof/ecdsa-digests.txt (t-wp-ecdsa.h: SHA-512 in DER and
 * as r || s, SHA3-256 and SHA3-512; the 64-byte digests passed whole,
 * so the batch's truncation is checked too).  The files' edge cases (r
 * or s near n, u1 G + u2 P at infinity or with x >= n, odd keys,
 * malformed encodings) so reach the lanes beside valid signatures. */
#define WPB 4096
static struct
{
  const void *sig, *pub, *dg;
  size_t sig_len, dg_len;
  int der;
  gpg_error_t want;             /* kc_ecdsa_verify's code */
} wp[WPB];
static size_t wp_n;

/* Item WP[WP_N] from its parts (copied), with its single verification. */
static void
wp_add (int tcid, int valid, int der, const void *pub, const void *sig,
        size_t sig_len, const void *dg, size_t dg_len)
{
  unsigned char *p;

  if (wp_n == WPB)
    {
      t_fail_at (__FILE__, __LINE__, "more than %d Wycheproof cases", WPB);
      return;
    }
  p = malloc (65 + dg_len + sig_len + 1);
  if (!p)
    {
      t_fail_at (__FILE__, __LINE__, "out of memory");
      return;
    }
  memcpy (p, pub, 65);
  memcpy (p + 65, dg, dg_len);
  memcpy (p + 65 + dg_len, sig, sig_len);
  wp[wp_n].pub = p;
  wp[wp_n].dg = p + 65;
  wp[wp_n].sig = p + 65 + dg_len;
  wp[wp_n].sig_len = sig_len;
  wp[wp_n].dg_len = dg_len;
  wp[wp_n].der = der;
  wp[wp_n].want = kc_ecdsa_verify (C, der ? KC_ECDSA_DER : 0,
                                   wp[wp_n].sig, sig_len, p, 65,
                                   wp[wp_n].dg, dg_len);
  CHECK ((wp[wp_n].want == 0) == (valid != 0), "wycheproof tcId %d: single",
         tcid);
  wp_n++;
}

static void
wp_add_digest_case (void *ctx, const struct wp_ecdsa_item *it)
{
  (void) ctx;
  wp_add (it->tcid, it->valid, it->der, it->pub, it->sig, it->sig_len,
          it->dg, it->dg_len);
}

static void
wycheproof_collect (void)
{
  unsigned char dg[32];
  size_t i;

  for (i = 0; i < _kc_wycheproof_ncases; i++)
    {
      const struct _kc_wycheproof_case *c = &_kc_wycheproof_cases[i];
      CHECK_ERR (kc_md_hash_buffer (KC_MD_SHA256, dg, 32, c->msg,
                                    c->msg_len), 0);
      wp_add (c->tcid, c->valid, c->der, c->pub, c->sig, c->sig_len, dg, 32);
    }
  CHECK (wp_n == 728, "wycheproof SHA-256 cases %zu", wp_n);
  CHECK (wp_ecdsa_digests_each ("secp256k1", wp_add_digest_case, NULL) == 4
         && wp_n == 728 + 1882, "wycheproof digest cases %zu", wp_n);
}

static void
wycheproof_free (void)
{
  size_t i;
  for (i = 0; i < wp_n; i++)
    free ((void *) (uintptr_t) wp[i].pub);  /* the block of wp_add */
  wp_n = 0;
}

/* The collected cases of one form (DER or r || s), in the order
 * collected, through the batch in consecutive runs of RUN items: every
 * item's code against its single verification's, and the call's result
 * against the items'. */
static void
wycheproof_batch (size_t run)
{
  static const void *s[WPB], *p[WPB], *d[WPB];
  static size_t sl[WPB], pl[WPB], dl[WPB];
  static gpg_error_t want[WPB], got[WPB];
  size_t i, k, n, start;
  int der;

  for (der = 1; der >= 0; der--)
    {
      for (i = n = 0; i < wp_n; i++)
        if (wp[i].der == der)
          {
            s[n] = wp[i].sig;
            sl[n] = wp[i].sig_len;
            p[n] = wp[i].pub;
            pl[n] = 65;
            d[n] = wp[i].dg;
            dl[n] = wp[i].dg_len;
            want[n++] = wp[i].want;
          }
      for (start = 0; start < n; start += run)
        {
          size_t m = n - start < run ? n - start : run;
          int bad = 0;
          gpg_error_t err;
          err = kc_ecdsa_verify_batch (C, der ? KC_ECDSA_DER : 0, m,
                                       s + start, sl + start, p + start,
                                       pl + start, d + start, dl + start,
                                       got);
          for (k = 0; k < m; k++)
            {
              CHECK (got[k] == want[start + k],
                     "wycheproof batch of %zu, item %zu (%s, %zu-byte "
                     "digest): %s, single %s", m, k, der ? "DER" : "r||s",
                     dl[start + k], gpg_strerror (got[k]),
                     gpg_strerror (want[start + k]));
              bad |= want[start + k] != 0;
            }
          CHECK (gpg_err_code (err) == (bad ? GPG_ERR_BAD_SIGNATURE : 0),
                 "wycheproof batch of %zu: %s", m, gpg_strerror (err));
        }
    }
}

int
main (int argc, char **argv)
{
  size_t n;

  t_init (argc, argv);
  t_seed (0xba7c4);
  make_pool ();
  api_errors ();
  lane_paths ();
  for (n = 1; n <= 70; n++)
    run_batch (n, n % 3 == 0 ? 0 : n % 3 == 1 ? 1 : 1 + n / 3);
  /* the three kinds again on a few sizes around the lane count */
  for (n = 7; n <= 17; n += 5)
    {
      run_batch (n, 0);
      run_batch (n, 1);
      run_batch (n, n / 2);
    }
  run_batch (MAXB, 0);
  run_batch (MAXB, 1);
  run_batch (MAXB, 300);
  wycheproof_collect ();
  wycheproof_batch (1);
  wycheproof_batch (5);
  wycheproof_batch (8);
  wycheproof_batch (64);
  wycheproof_batch (WPB);
  wycheproof_free ();
  t_rerun_masked (argv, ~KC_HWF_IFMA);   /* the public call on AVX2 lanes */
  t_rerun_portable (argv);
  return t_done ("t-ecdsa-batch");
}
