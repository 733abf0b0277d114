/* mlkem/mlkem.c - ML-KEM (FIPS 203): K-PKE and the KEM.  Contracts in
 * mlkem/mlkem.h.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * K-PKE runs on a table of kernels (mlkem/mlkem-int.h): the portable
 * ones of mlkem/poly.c or the AVX2 ones of mlkem/x86_64/avx2.c, chosen
 * once by _kc_hwf.
 */
#include "kcrypt-int.h"
#include "bufhelp.h"
#include "hash/keccak.h"
#include "mlkem/mlkem.h"
#include "mlkem/mlkem-int.h"

typedef _kc_mlkem_poly poly;

/* ------------------------------------------------------------- K-PKE */

struct params
{
  unsigned int k, eta1, du, dv;
};

static struct params
params_of (int k)
{
  struct params p;
  p.k = (unsigned int) k;
  p.eta1 = k == 2 ? 3 : 2;
  p.du = k == 4 ? 11 : 10;
  p.dv = k == 4 ? 5 : 4;
  return p;
}

#define KMAX KC_MLKEM_KMAX

/* The kernels, chosen by _kc_hwf at each call. */
KC_KERNEL_ROWS (mlkem_kernels, const struct _kc_mlkem_ops *ops) = {
#ifdef KC_USE_X86_64
  { { "avx2", KC_MLKEM_AVX2_HWF, 0 }, &_kc_mlkem_ops_avx2 },
#endif
  { { "portable", 0, 0 }, &_kc_mlkem_ops_portable },
};
KC_KERNEL_TABLE (_kc_mlkem_kernels_table, mlkem_kernels);

static const struct _kc_mlkem_ops *
ops_get (void)
{
  return KC_PICK (mlkem_kernels)->ops;
}

struct pke_work
{
  poly a[KMAX][KMAX];           /* the matrix: public, first */
  poly s[KMAX], e[KMAX], t[KMAX], v, w;
};

/* wipe what may be secret: all but the matrix */
static void
pke_work_wipe (struct pke_work *w)
{
  wipememory (w->s, sizeof *w - offsetof (struct pke_work, s));
}

/* the CBD of PRF_eta (sigma, nonce) into R[0..n-1], nonces from *NONCE
 * on, eight at a time */
static void
noise (const struct _kc_mlkem_ops *o, poly *const *r, unsigned int n,
       const unsigned char sigma[32], unsigned int *nonce, unsigned int eta)
{
  unsigned int i, j;
  for (i = 0; i < n; i += 8)
    {
      poly *rr[8];
      unsigned char nn[8];
      for (j = 0; j < 8; j++)
        {
          rr[j] = i + j < n ? r[i + j] : NULL;
          nn[j] = (unsigned char) (*nonce + j);
        }
      o->noise_x8 (rr, sigma, nn, eta);
      *nonce += n - i < 8 ? n - i : 8;
    }
}

/* The matrix from RHO into W->a (gen_matrix; not if HAVE_A: it is
 * there already), then the CBD of PRF_eta (sigma, nonce) into R[0..n-1]
 * as noise () does; the first batch of eight through gen_matrix_noise
 * where the kernels offer it. */
static void
matrix_and_noise (const struct _kc_mlkem_ops *o, struct pke_work *w,
                  const unsigned char rho[32], unsigned int k, int transposed,
                  int have_a, poly *const *r, unsigned int n,
                  const unsigned char sigma[32], unsigned int *nonce,
                  unsigned int eta)
{
  poly *rr[8];
  unsigned char nn[8];
  unsigned int j;

  if (have_a || !o->gen_matrix_noise)
    {
      if (!have_a)
        o->gen_matrix (w->a, rho, k, transposed);
      noise (o, r, n, sigma, nonce, eta);
      return;
    }
  for (j = 0; j < 8; j++)
    {
      rr[j] = j < n ? r[j] : NULL;
      nn[j] = (unsigned char) (*nonce + j);
    }
  o->gen_matrix_noise (w->a, rho, k, transposed, rr, sigma, nn, eta);
  *nonce += n < 8 ? n : 8;
  if (n > 8)
    noise (o, r + 8, n - 8, sigma, nonce, eta);
}

/* K-PKE.KeyGen from d (Algorithm 13): EK, and the encoded s into DK */
static void
pke_keypair (const struct _kc_mlkem_ops *o, struct pke_work *w,
             const struct params *p, unsigned char *ek, unsigned char *dk,
             const unsigned char d[32])
{
  unsigned char in[33], g[64];
  poly *se[2 * KMAX] = { NULL };   /* all set below; gcc 12 on riscv64
                                     * cannot see that (may-be-uninitialized) */
  unsigned int i, nonce = 0;

  memcpy (in, d, 32);
  in[32] = (unsigned char) p->k;
  _kc_sha3_512 (g, in, sizeof in);             /* rho || sigma */
  ct_declassify (g, 32);                       /* rho is in the public key */
  for (i = 0; i < p->k; i++)
    {
      se[i] = &w->s[i];
      se[p->k + i] = &w->e[i];
    }
  matrix_and_noise (o, w, g, p->k, 0, 0, se, 2 * p->k, g + 32, &nonce,
                    p->eta1);
  for (i = 0; i < p->k; i++)
    {
      o->ntt (&w->s[i]);
      o->ntt (&w->e[i]);
    }
  o->matvec (w->t, w->a, w->s, p->k, p->k);
  for (i = 0; i < p->k; i++)
    {
      o->tomont (&w->t[i]);
      o->add (&w->t[i], &w->e[i]);
      o->tobytes (ek + 384 * i, &w->t[i]);
      o->tobytes (dk + 384 * i, &w->s[i]);
    }
  memcpy (ek + 384 * p->k, g, 32);
  wipememory (g, sizeof g);
  wipememory (in, sizeof in);
}

/* K-PKE.Encrypt (Algorithm 14); T holds the decoded t of EK, and A the
 * matrix if HAVE_A */
static void
pke_encrypt (const struct _kc_mlkem_ops *o, struct pke_work *w,
             const struct params *p, unsigned char *ct,
             const unsigned char *ek, const unsigned char m[32],
             const unsigned char r[32], int have_a)
{
  poly *ye[2 * KMAX + 1], u;
  unsigned int i, nonce = 0;

  for (i = 0; i < p->k; i++)
    {
      ye[i] = &w->s[i];                        /* y */
      ye[p->k + i] = &w->e[i];                 /* e1 */
    }
  ye[2 * p->k] = &w->w;                        /* e2 */
  if (p->eta1 == 2)
    matrix_and_noise (o, w, ek + 384 * p->k, p->k, 1, have_a, ye,
                      2 * p->k + 1, r, &nonce, 2);
  else
    {
      matrix_and_noise (o, w, ek + 384 * p->k, p->k, 1, have_a, ye, p->k, r,
                        &nonce, p->eta1);
      noise (o, ye + p->k, p->k + 1, r, &nonce, 2);
    }
  for (i = 0; i < p->k; i++)
    o->ntt (&w->s[i]);
  /* u = NTT^-1 (A^T y) + e1 */
  for (i = 0; i < p->k; i++)
    {
      o->matvec (&u, (const poly (*)[KMAX]) w->a[i], w->s, 1, p->k);
      o->invntt (&u);
      o->add (&u, &w->e[i]);
      o->compress (ct + 32 * p->du * i, &u, p->du);
    }
  wipememory (&u, sizeof u);
  /* v = NTT^-1 (t^T y) + e2 + Decompress_1 (m) */
  o->matvec (&w->v, (const poly (*)[KMAX]) w->t, w->s, 1, p->k);
  o->invntt (&w->v);
  o->add (&w->v, &w->w);
  o->decompress (&w->w, m, 1);
  o->add (&w->v, &w->w);
  o->compress (ct + 32 * p->du * p->k, &w->v, p->dv);
}

/* K-PKE.Decrypt (Algorithm 15) with the encoded s at DK */
static void
pke_decrypt (const struct _kc_mlkem_ops *o, struct pke_work *w,
             const struct params *p, unsigned char m[32],
             const unsigned char *dk, const unsigned char *ct)
{
  unsigned int i;

  for (i = 0; i < p->k; i++)
    {
      o->decompress (&w->e[i], ct + 32 * p->du * i, p->du);   /* u */
      o->ntt (&w->e[i]);
      o->frombytes (&w->s[i], dk + 384 * i);
    }
  o->matvec (&w->w, (const poly (*)[KMAX]) w->s, w->e, 1, p->k);
  o->invntt (&w->w);
  o->decompress (&w->v, ct + 32 * p->du * p->k, p->dv);
  o->sub (&w->w, &w->v);                       /* w = v - s^T u */
  o->compress (m, &w->w, 1);
}

/* t of EK decoded into W->t; all ones if EK passes the modulus check */
static uint32_t
decode_t (const struct _kc_mlkem_ops *o, struct pke_work *w,
          const struct params *p, const unsigned char *ek)
{
  uint32_t ok = ~(uint32_t) 0;
  unsigned int i;
  for (i = 0; i < p->k; i++)
    ok &= o->frombytes (&w->t[i], ek + 384 * i);
  return ok;
}

/* --------------------------------------------------------------- KEM */

gpg_error_t
_kc_mlkem_keypair (int k, unsigned char *pk, unsigned char *sk,
                   const unsigned char seed[64])
{
  const struct _kc_mlkem_ops *o = ops_get ();
  struct params p = params_of (k);
  struct pke_work w;
  size_t pkl = KC_MLKEM_PK_BYTES (k);

  pke_keypair (o, &w, &p, pk, sk, seed);
  memcpy (sk + 384 * p.k, pk, pkl);
  _kc_sha3_256 (sk + 384 * p.k + pkl, pk, pkl);
  memcpy (sk + 384 * p.k + pkl + 32, seed + 32, 32);    /* z */
  pke_work_wipe (&w);
  return 0;
}

gpg_error_t
_kc_mlkem_encaps (int k, unsigned char *ct, unsigned char ss[32],
                  const unsigned char *pk, const unsigned char m[32])
{
  const struct _kc_mlkem_ops *o = ops_get ();
  struct params p = params_of (k);
  struct pke_work w;
  unsigned char in[64], kr[64];
  uint32_t ok = decode_t (o, &w, &p, pk);
  int have_a;

  ct_declassify (&ok, sizeof ok);              /* a property of the public key */
  if (!ok)
    {
      pke_work_wipe (&w);
      return KC_ERR (GPG_ERR_BAD_PUBKEY);
    }
  memcpy (in, m, 32);
  /* H (ek), with the matrix beside it where the kernels offer that */
  {
    unsigned char *outs[4] = { in + 32, NULL, NULL, NULL };
    const unsigned char *ins[4] = { pk, NULL, NULL, NULL };
    const size_t lens[4] = { KC_MLKEM_PK_BYTES (k), 0, 0, 0 };
    const unsigned char ds[4] = { KC_SHA3_DSUFFIX, 0, 0, 0 };
    have_a = o->gen_matrix_hashes
             && o->gen_matrix_hashes (w.a, pk + 384 * p.k, p.k, 1, 1, outs,
                                      ins, lens, ds);
  }
  if (!have_a)
    _kc_sha3_256 (in + 32, pk, KC_MLKEM_PK_BYTES (k));
  _kc_sha3_512 (kr, in, sizeof in);            /* K || r */
  pke_encrypt (o, &w, &p, ct, pk, m, kr + 32, have_a);
  memcpy (ss, kr, 32);
  pke_work_wipe (&w);
  wipememory (in, sizeof in);
  wipememory (kr, sizeof kr);
  return 0;
}

gpg_error_t
_kc_mlkem_decaps (int k, unsigned char ss[32], const unsigned char *ct,
                  const unsigned char *sk)
{
  const struct _kc_mlkem_ops *o = ops_get ();
  struct params p = params_of (k);
  size_t pkl = KC_MLKEM_PK_BYTES (k), ctl = KC_MLKEM_CT_BYTES (k);
  const unsigned char *ek = sk + 384 * p.k, *h = ek + pkl, *z = h + 32;
  /* CMP holds z || c for J first, then the re-encryption */
  unsigned char hh[32], in[64], kr[64], kbar[32], cmp[32 + 1568];
  struct pke_work w;
  uint32_t same;
  int have_a;

  /* the key check (7.3) H (ek), and J (z || c): side by side on the
   * four-way Keccak where it is vectorised, with the re-encryption's
   * matrix beside them where the kernels offer that */
  have_a = 0;
  if (o->x4_hashes)
    {
      unsigned char *outs[4] = { hh, kbar, NULL, NULL };
      const unsigned char *ins[4] = { ek, cmp, NULL, NULL };
      const size_t lens[4] = { pkl, 32 + ctl, 0, 0 };
      const unsigned char ds[4] = { KC_SHA3_DSUFFIX, KC_SHAKE_DSUFFIX, 0, 0 };
      memcpy (cmp, z, 32);
      memcpy (cmp + 32, ct, ctl);
      have_a = o->gen_matrix_hashes
               && o->gen_matrix_hashes (w.a, ek + 384 * p.k, p.k, 1, 2, outs,
                                        ins, lens, ds);
      if (!have_a)
        _kc_keccak_x4_oneshot (KC_SHA3_256_RATE, outs, 32, ins, lens, ds);
    }
  else
    {
      _kc_keccak_ctx j;
      _kc_sha3_256 (hh, ek, pkl);
      _kc_keccak_init (&j, KC_SHAKE256_RATE, KC_SHAKE_DSUFFIX);
      _kc_keccak_absorb (&j, z, 32);
      _kc_keccak_absorb (&j, ct, ctl);
      _kc_keccak_finalize (&j);
      _kc_keccak_squeeze (&j, kbar, 32);
      wipememory (&j, sizeof j);
    }
  same = ct_memequal (hh, h, 32);
  ct_declassify (&same, sizeof same);
  if (!same)
    {
      wipememory (kbar, sizeof kbar);
      wipememory (cmp, 32);
      return KC_ERR (GPG_ERR_BAD_SECKEY);
    }

  pke_decrypt (o, &w, &p, in, sk, ct);         /* m' */
  memcpy (in + 32, h, 32);
  _kc_sha3_512 (kr, in, sizeof in);            /* K' || r' */
  decode_t (o, &w, &p, ek);
  pke_encrypt (o, &w, &p, cmp, ek, in, kr + 32, have_a);
  same = ct_memequal (ct, cmp, ctl);
  memcpy (ss, kr, 32);
  ct_memmov_cond (ss, kbar, 32, 1 ^ same);
  pke_work_wipe (&w);
  wipememory (in, sizeof in);
  wipememory (kr, sizeof kr);
  wipememory (kbar, sizeof kbar);
  wipememory (cmp, sizeof cmp);
  return 0;
}
