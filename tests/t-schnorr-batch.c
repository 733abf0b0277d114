/* t-schnorr-batch.c - kc_schnorr_verify_batch: the BIP-340 test vectors
 * (data/bip340/test-vectors.csv, one by one and all in one batch), and
 * batches of every size 1..70 and 1000 of signatures made here (BIP-340
 * signing written out with the internal group code) with no, one and
 * many invalid items at random places (tampered message, r, s, key; r >=
 * p, s >= n, x not on the curve, NULL buffers), compared item by item
 * with the one-item path (_kc_schnorr_prepare_var and
 * _kc_schnorr_verify_one_var), with the single kc_schnorr_verify and with
 * what the construction says; the prepared items also go through both
 * internal paths (each item on its own, _kc_schnorr_verify_each_var, and
 * the random-coefficient batch equation with bisection,
 * _kc_schnorr_verify_batch_msm_var), which must agree with the one-item
 * path.  Two invalid items whose errors cancel in the sum without
 * coefficients (s + d and s' - d) must both be rejected, at any places.
 * Run again without the IFMA lanes (KCRYPT_HWF_MASK without KC_HWF_IFMA)
 * and on the portable path (KCRYPT_HWF_MASK=0).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "secp256k1/schnorr-batch.h"
#include "secp256k1/ecmult.h"
#include "hash/sha256.h"
#include "t-common.h"

#define C KC_ECC_SECP256K1
#define POOL 40
#define MAXB 1000

static void
normalize_ge (_kc_secp256k1_ge *a)
{
  _kc_secp256k1_fe_normalize (&a->x);
  _kc_secp256k1_fe_normalize (&a->y);
}

/* BIP-340 signing (deterministic nonce from the test PRNG): SIG over MSG
 * with secret D; XONLY gets the key. */
static void
sign (unsigned char sig[64], unsigned char xonly[32], const unsigned char *msg,
      size_t msg_len)
{
  static const char tag[] = "BIP0340/challenge";
  _kc_secp256k1_scalar d, k, e;
  _kc_secp256k1_gej j;
  _kc_secp256k1_ge p, r;
  _kc_sha256_ctx c;
  unsigned char b[32], th[32];

  t_randbytes (b, 32);
  b[0] &= 0x7f;
  b[31] |= 1;
  _kc_secp256k1_scalar_set_b32 (&d, b, NULL);
  _kc_secp256k1_ecmult_gen (&j, &d);
  _kc_secp256k1_ge_set_gej (&p, &j);
  normalize_ge (&p);
  if (_kc_secp256k1_fe_is_odd (&p.y))
    _kc_secp256k1_scalar_negate (&d, &d);
  t_randbytes (b, 32);
  b[0] &= 0x7f;
  b[31] |= 1;
  _kc_secp256k1_scalar_set_b32 (&k, b, NULL);
  _kc_secp256k1_ecmult_gen (&j, &k);
  _kc_secp256k1_ge_set_gej (&r, &j);
  normalize_ge (&r);
  if (_kc_secp256k1_fe_is_odd (&r.y))
    _kc_secp256k1_scalar_negate (&k, &k);
  _kc_secp256k1_fe_get_b32 (sig, &r.x);
  _kc_secp256k1_fe_get_b32 (xonly, &p.x);
  _kc_sha256 (th, tag, sizeof tag - 1);
  _kc_sha256_init (&c);
  _kc_sha256_update (&c, th, 32);
  _kc_sha256_update (&c, th, 32);
  _kc_sha256_update (&c, sig, 32);
  _kc_sha256_update (&c, xonly, 32);
  _kc_sha256_update (&c, msg, msg_len);
  _kc_sha256_final (&c, b);
  _kc_secp256k1_scalar_set_b32 (&e, b, NULL);
  _kc_secp256k1_scalar_mul (&e, &e, &d);
  _kc_secp256k1_scalar_add (&k, &k, &e);       /* s = k + e d */
  _kc_secp256k1_scalar_get_b32 (sig + 32, &k);
}

/* The one-item path's answer, as a code. */
static gpg_error_t
single (const unsigned char *sig, const unsigned char *xonly,
        const unsigned char *msg, size_t len)
{
  _kc_schnorr_item it;
  gpg_error_t err;
  if (!sig || !xonly || (!msg && len))
    return KC_ERR (GPG_ERR_INV_ARG);
  err = _kc_schnorr_prepare_var (&it, sig, xonly, msg, len);
  if (err)
    return err;
  switch (_kc_schnorr_verify_one_var (&it))
    {
    case KC_SCHNORR_OK: return 0;
    case KC_SCHNORR_BAD_KEY: return KC_ERR (GPG_ERR_BAD_PUBKEY);
    default: return KC_ERR (GPG_ERR_BAD_SIGNATURE);
    }
}

/* ------------------------------------------------------ BIP-340 vectors */

#define NVEC 32
static unsigned char vsig[NVEC][64], vpub[NVEC][32], vmsg[NVEC][128];
static size_t vmsg_len[NVEC];
static int vwant[NVEC];                 /* 1 valid; 0 invalid */
static char vnote[NVEC][96];

/* Field F (0-based) of the CSV line S into OUT (at most N-1 chars). */
static void
csv_field (char *out, size_t n, const char *s, int f)
{
  size_t k = 0;
  while (f > 0 && *s)
    if (*s++ == ',')
      f--;
  while (*s && *s != ',' && *s != '\n' && *s != '\r' && k + 1 < n)
    out[k++] = *s++;
  out[k] = 0;
}

static int
read_vectors (void)
{
  FILE *f = fopen (KC_TESTDATA "/bip340/test-vectors.csv", "r");
  char line[1024], fld[300];
  int n = 0;

  if (!f)
    return -1;
  if (!fgets (line, sizeof line, f))
    {
      fclose (f);
      return -1;
    }
  while (n < NVEC && fgets (line, sizeof line, f))
    {
      long l;
      csv_field (fld, sizeof fld, line, 2);
      CHECK (t_unhex (vpub[n], 32, fld) == 32, "vector %d: key", n);
      csv_field (fld, sizeof fld, line, 4);
      l = t_unhex (vmsg[n], sizeof vmsg[n], fld);
      CHECK (l >= 0, "vector %d: message", n);
      vmsg_len[n] = l < 0 ? 0 : (size_t) l;
      csv_field (fld, sizeof fld, line, 5);
      CHECK (t_unhex (vsig[n], 64, fld) == 64, "vector %d: signature", n);
      csv_field (fld, sizeof fld, line, 6);
      vwant[n] = !strcmp (fld, "TRUE");
      csv_field (vnote[n], sizeof vnote[n], line, 7);
      n++;
    }
  fclose (f);
  return n;
}

static void
vectors (void)
{
  const void *s[NVEC], *p[NVEC], *m[NVEC];
  gpg_error_t res[NVEC];
  int n = read_vectors (), i, nvalid = 0;

  if (n < 0)
    {
      fail ("cannot read the BIP-340 vectors");
      return;
    }
  CHECK (n >= 15, "only %d BIP-340 vectors", n);
  for (i = 0; i < n; i++)
    {
      gpg_error_t r;
      s[i] = vsig[i];
      p[i] = vpub[i];
      m[i] = vmsg_len[i] ? vmsg[i] : NULL;
      r = kc_schnorr_verify_batch (C, 1, &s[i], &p[i], &m[i], &vmsg_len[i],
                                   &res[i]);
      CHECK ((r == 0) == vwant[i], "vector %d (%s): %s", i, vnote[i],
             gpg_strerror (r));
      CHECK ((res[i] == 0) == (r == 0)
             && (r == 0 || gpg_err_code (r) == GPG_ERR_BAD_SIGNATURE),
             "vector %d: result %d, call %d", i, (int) res[i], (int) r);
      nvalid += vwant[i];
    }
  CHECK_ERR (kc_schnorr_verify_batch (C, (size_t) n, s, p, m, vmsg_len, res),
             nvalid == n ? 0 : GPG_ERR_BAD_SIGNATURE);
  for (i = 0; i < n; i++)
    {
      CHECK ((res[i] == 0) == vwant[i], "vector %d in the batch (%s): %s", i,
             vnote[i], gpg_strerror (res[i]));
      CHECK (res[i] == single (vsig[i], vpub[i], m[i], vmsg_len[i]),
             "vector %d: batch and one-item codes differ", i);
      CHECK (res[i] == kc_schnorr_verify (C, vsig[i], 64, vpub[i], 32, m[i],
                                          vmsg_len[i]),
             "vector %d: batch and kc_schnorr_verify differ", i);
    }
}

/* -------------------------------------------------- generated batches */

struct signed_item
{
  unsigned char sig[64], xonly[32], msg[64];
  size_t msg_len;
};
static struct signed_item pool[POOL];
static struct signed_item items[MAXB];
static const void *sigs[MAXB], *xos[MAXB], *msgs[MAXB];
static size_t lens[MAXB];
static gpg_error_t res[MAXB + 1];

static const unsigned char P_BYTES[32] = {
  0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,
  0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFE,0xFF,0xFF,0xFC,0x2F };
static const unsigned char N_BYTES[32] = {
  0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFE,
  0xBA,0xAE,0xDC,0xE6,0xAF,0x48,0xA0,0x3B,0xBF,0xD2,0x5E,0x8C,0xD0,0x36,0x41,0x41 };

static void
make_pool (void)
{
  int i;
  for (i = 0; i < POOL; i++)
    {
      pool[i].msg_len = (size_t) (i % 4 == 0 ? 0 : i % 4 == 1 ? 32 : 17 + i);
      t_randbytes (pool[i].msg, pool[i].msg_len);
      sign (pool[i].sig, pool[i].xonly, pool[i].msg, pool[i].msg_len);
    }
}

/* Tamper with IT (kind 1..9); returns 1 if the result must be invalid. */
static void
tamper (struct signed_item *it, int kind)
{
  switch (kind)
    {
    case 1: it->msg[0] ^= 1; if (!it->msg_len) it->msg_len = 1; break;
    case 2: it->sig[t_rand64 () % 32] ^= 0x04; break;       /* r */
    case 3: it->sig[32 + t_rand64 () % 32] ^= 0x20; break;  /* s */
    case 4: it->xonly[t_rand64 () % 32] ^= 0x01; break;     /* key */
    case 5: memcpy (it->sig, P_BYTES, 32); break;           /* r = p */
    case 6: memcpy (it->sig + 32, N_BYTES, 32); break;      /* s = n */
    case 7: memset (it->xonly, 0, 32); it->xonly[31] = 5; break;  /* no y */
    case 8: memcpy (it->xonly, P_BYTES, 32); break;         /* x = p */
    default: memcpy (it->sig, pool[0].sig, 32); break;      /* other R */
    }
}

static void paths_agree (size_t n);

static void
run_batch (size_t n, size_t nbad)
{
  gpg_error_t err, want_all = 0;
  char bad[MAXB];
  size_t i;

  memset (bad, 0, n);
  for (i = 0; i < nbad; i++)
    bad[t_rand64 () % n] = 1;
  for (i = 0; i < n; i++)
    {
      items[i] = pool[t_rand64 () % POOL];
      if (bad[i])
        tamper (&items[i], 1 + (int) (t_rand64 () % 10));
      sigs[i] = items[i].sig;
      xos[i] = items[i].xonly;
      msgs[i] = items[i].msg_len ? items[i].msg : NULL;
      lens[i] = items[i].msg_len;
      if (bad[i] && (t_rand64 () % 16) == 0)
        sigs[i] = NULL;                                 /* INV_ARG */
    }
  memset (res, 0xee, sizeof res);
  err = kc_schnorr_verify_batch (C, n, sigs, xos, msgs, lens, res);
  for (i = 0; i < n; i++)
    {
      gpg_error_t want = single (sigs[i], xos[i], msgs[i], lens[i]);
      if (want)
        want_all = KC_ERR (GPG_ERR_BAD_SIGNATURE);
      CHECK (res[i] == want, "batch %zu item %zu: %d, one-item %d", n, i,
             (int) gpg_err_code (res[i]), (int) gpg_err_code (want));
      CHECK (res[i] == kc_schnorr_verify (C, sigs[i], 64, xos[i], 32, msgs[i],
                                          lens[i]),
             "batch %zu item %zu: differs from kc_schnorr_verify", n, i);
      if (!bad[i])
        CHECK (res[i] == 0, "batch %zu item %zu: a valid item rejected", n, i);
    }
  CHECK (err == want_all, "batch %zu: returned %d", n, (int) err);
  CHECK (res[n] == (gpg_error_t) 0xeeeeeeee, "batch %zu wrote past COUNT", n);
  CHECK (kc_schnorr_verify_batch (C, n, sigs, xos, msgs, lens, NULL) == err,
         "batch %zu: NULL results changed the answer", n);
  paths_agree (n);
}

/* Both internal paths on the items of the batch that parse, against the
 * one-item path. */
static void
paths_agree (size_t n)
{
  static _kc_schnorr_item it[MAXB];
  static int each[MAXB], msm[MAXB];
  size_t i, k = 0;

  for (i = 0; i < n; i++)
    if (sigs[i] && xos[i] && (msgs[i] || !lens[i])
        && !_kc_schnorr_prepare_var (&it[k], sigs[i], xos[i], msgs[i],
                                     lens[i]))
      k++;
  _kc_schnorr_verify_each_var (each, k, it);
  _kc_schnorr_verify_batch_msm_var (msm, k, it);
  for (i = 0; i < k; i++)
    {
      int want = _kc_schnorr_verify_one_var (&it[i]);
      CHECK (each[i] == want, "batch %zu item %zu: each %d, one-item %d", n,
             i, each[i], want);
      CHECK (msm[i] == want, "batch %zu item %zu: msm %d, one-item %d", n, i,
             msm[i], want);
    }
}

/* S := S + D (D = +-1 times a random scalar) in the signature SIG. */
static void
shift_s (unsigned char sig[64], const _kc_secp256k1_scalar *d)
{
  _kc_secp256k1_scalar s;
  _kc_secp256k1_scalar_set_b32 (&s, sig + 32, NULL);
  _kc_secp256k1_scalar_add (&s, &s, d);
  _kc_secp256k1_scalar_get_b32 (sig + 32, &s);
}

/* Batches of N valid items but two, I and J, whose s are shifted by +D
 * and -D: without coefficients the batch sum would cancel (checked), so
 * only the coefficients catch them. */
static void
cancelling (size_t n, size_t i, size_t j)
{
  static _kc_schnorr_item it[MAXB];
  _kc_secp256k1_scalar d, nd;
  _kc_secp256k1_ge pt[2];
  _kc_secp256k1_gej acc, t;
  unsigned char b[32];
  gpg_error_t err;
  size_t k, l;

  t_randbytes (b, 32);
  _kc_secp256k1_scalar_set_b32 (&d, b, NULL);
  _kc_secp256k1_scalar_negate (&nd, &d);
  for (k = 0; k < n; k++)
    {
      items[k] = pool[t_rand64 () % POOL];
      if (k == i)
        shift_s (items[k].sig, &d);
      if (k == j)
        shift_s (items[k].sig, &nd);
      sigs[k] = items[k].sig;
      xos[k] = items[k].xonly;
      msgs[k] = items[k].msg_len ? items[k].msg : NULL;
      lens[k] = items[k].msg_len;
      CHECK (!_kc_schnorr_prepare_var (&it[k], sigs[k], xos[k], msgs[k],
                                       lens[k]), "cancelling: parse");
    }
  /* the naive sum: s G - R - e P over all items, all coefficients 1 */
  _kc_secp256k1_gej_set_infinity (&acc);
  for (k = 0; k < n; k++)
    {
      _kc_secp256k1_scalar neg_e;
      CHECK (_kc_secp256k1_ge_set_xo_var (&pt[0], &it[k].rx, 0)
             && _kc_secp256k1_ge_set_xo_var (&pt[1], &it[k].px, 0),
             "cancelling: lift");
      _kc_secp256k1_scalar_negate (&neg_e, &it[k].e);
      _kc_secp256k1_gej_set_ge (&t, &pt[1]);
      _kc_secp256k1_ecmult_var (&t, &t, &neg_e, &it[k].s);
      _kc_secp256k1_gej_add_var (&acc, &acc, &t);
      _kc_secp256k1_ge_neg (&pt[0], &pt[0]);
      _kc_secp256k1_gej_add_ge_var (&acc, &acc, &pt[0]);
    }
  CHECK (acc.infinity, "cancelling %zu (%zu, %zu): the naive sum is not 0",
         n, i, j);
  err = kc_schnorr_verify_batch (C, n, sigs, xos, msgs, lens, res);
  CHECK_ERR (err, GPG_ERR_BAD_SIGNATURE);
  for (k = 0; k < n; k++)
    CHECK (res[k] == ((k == i || k == j) ? KC_ERR (GPG_ERR_BAD_SIGNATURE) : 0),
           "cancelling %zu (%zu, %zu): item %zu gave %d", n, i, j, k,
           (int) gpg_err_code (res[k]));
  {
    static int msm[MAXB];
    _kc_schnorr_verify_batch_msm_var (msm, n, it);
    for (l = 0; l < n; l++)
      CHECK (msm[l] == ((l == i || l == j) ? KC_SCHNORR_BAD_SIG
                                             : KC_SCHNORR_OK),
             "cancelling %zu (%zu, %zu): msm item %zu gave %d", n, i, j, l,
             msm[l]);
  }
}

static void
api_errors (void)
{
  gpg_error_t r[2] = { 0, 0 };
  CHECK_ERR (kc_schnorr_verify_batch (C, 0, NULL, NULL, NULL, NULL, NULL), 0);
  CHECK_ERR (kc_schnorr_verify_batch (C, 2, sigs, NULL, msgs, lens, r),
             GPG_ERR_INV_ARG);
  CHECK (gpg_err_code (r[1]) == GPG_ERR_INV_ARG, "NULL array: item code");
  CHECK_ERR (kc_schnorr_verify_batch (9, 2, sigs, xos, msgs, lens, r),
             GPG_ERR_NOT_SUPPORTED);
  CHECK (gpg_err_code (r[0]) == GPG_ERR_NOT_SUPPORTED, "curve: item code");
}

int
main (int argc, char **argv)
{
  size_t n, maxb;

  t_init (argc, argv);
  t_seed (0x5c4b);
  /* KC_TEST_QUICK (under emulation): the largest batches hold 200 items
   * (three chunks and a part) instead of MAXB */
  maxb = t_quick () ? 200 : MAXB;
  if (t_quick ())
    printf ("t-schnorr-batch: KC_TEST_QUICK: batches of at most %zu items\n",
            maxb);
  vectors ();
  make_pool ();
  api_errors ();
  for (n = 1; n <= 70; n++)
    run_batch (n, n % 3 == 0 ? 0 : n % 3 == 1 ? 1 : 1 + n / 3);
  for (n = 7; n <= 17; n += 5)
    {
      run_batch (n, 0);
      run_batch (n, 1);
      run_batch (n, n / 2);
    }
  run_batch (maxb, 0);
  run_batch (maxb, 1);
  run_batch (maxb, maxb * 3 / 10);
  cancelling (2, 0, 1);
  cancelling (9, 3, 7);
  for (n = 0; n < 6; n++)
    {
      size_t m = 3 + (size_t) (t_rand64 () % 300);
      size_t i = (size_t) (t_rand64 () % m), j = (size_t) (t_rand64 () % m);
      if (i == j)
        j = (i + 1) % m;
      cancelling (m, i, j);
    }
  t_rerun_masked (argv, ~KC_HWF_IFMA);   /* without the IFMA lanes */
  t_rerun_portable (argv);
  return t_done ("t-schnorr-batch");
}
