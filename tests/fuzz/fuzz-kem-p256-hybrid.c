/* fuzz-kem-p256-hybrid.c - the P-256 hybrids, OpenSSH's
 * mlkem768nistp256-sha256 and TLS's SecP256r1MLKEM768, through the
 * public API on arbitrary inputs, against the composition of their parts
 * (RAW_P256R1 and ML-KEM-768 through the public API, SHA-256 by
 * kc_md_hash_buffer).
 * Input: 1 byte choosing the hybrid (bit 7 set: SecP256r1MLKEM768, P-256
 * first in every field; else mlkem768nistp256-sha256, ML-KEM first) and
 * the mode (bits 1-6), then bytes.
 *  mode 0: a key pair from a 64-byte seed d || z and an encapsulation to
 *          it with m || e (e made a valid scalar) from the input, then the
 *          rest XORed into the ciphertext: decapsulation gives what the
 *          parts give (GPG_ERR_INV_DATA for a P-256 half off the curve,
 *          nothing written) and otherwise the composition of their keys.
 *  mode 1: the rest as a public key, encapsulated with a fixed m || e:
 *          GPG_ERR_BAD_PUBKEY (either half) with nothing written, or the
 *          parts' ciphertexts and the composition of their keys.
 *  mode 2: the rest as a secret key and a ciphertext: decapsulation
 *          gives 0, GPG_ERR_BAD_SECKEY or GPG_ERR_INV_DATA as the parts
 *          do, writes nothing on error, and agrees with the composition
 *          on success.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <kcrypt.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define PK 1249
#define SK 2432
#define CT 1153
#define MPK KC_KEM_MLKEM768_PUBKEY_LEN
#define MSK KC_KEM_MLKEM768_SECKEY_LEN
#define MCT KC_KEM_MLKEM768_ENCAPS_LEN

struct hy { int algo, ec_first; size_t ss; };
static const struct hy hys[2] = {
  { KC_KEM_MLKEM768NISTP256_SHA256, 0,
    KC_KEM_MLKEM768NISTP256_SHA256_SHARED_LEN },
  { KC_KEM_SECP256R1MLKEM768, 1, KC_KEM_SECP256R1MLKEM768_SHARED_LEN },
};

/* the parts' offsets, from the specifications */
#define MK_PK(h) ((h)->ec_first ? 65 : 0)
#define MK_SK(h) ((h)->ec_first ? 32 : 0)
#define MK_CT(h) ((h)->ec_first ? 65 : 0)
#define EC_PK(h) ((h)->ec_first ? 0 : MPK)
#define EC_SK(h) ((h)->ec_first ? 0 : MSK)
#define EC_CT(h) ((h)->ec_first ? 0 : MCT)

static void
take (unsigned char *dst, size_t n, const uint8_t **p, size_t *left)
{
  size_t m = *left < n ? *left : n;
  memset (dst, 0, n);
  memcpy (dst, *p, m);
  *p += m;
  *left -= m;
}

static int
untouched (const unsigned char *b, size_t n, unsigned char v)
{
  size_t i;
  for (i = 0; i < n; i++)
    if (b[i] != v)
      return 0;
  return 1;
}

/* WANT = the combiner of H over the parts' keys M (ML-KEM) and X (P-256) */
static void
combine (const struct hy *h, unsigned char *want, const unsigned char *m,
         const unsigned char *x)
{
  unsigned char buf[64];
  if (h->ec_first)
    {
      memcpy (want, x, 32);
      memcpy (want + 32, m, 32);
      return;
    }
  memcpy (buf, m, 32);
  memcpy (buf + 32, x, 32);
  if (kc_md_hash_buffer (KC_MD_SHA256, want, 32, buf, 64))
    abort ();
}

/* Decapsulate CT with SK both ways, the hybrid and the composition of
 * its parts; abort on any disagreement. */
static void
check_decap (const struct hy *h, const unsigned char *sk,
             const unsigned char *ct)
{
  unsigned char ss[64], want[64], m[32], x[32];
  gpg_error_t err, epq, ex;

  memset (ss, 0xa5, sizeof ss);
  err = kc_kem_decap (h->algo, sk, SK, ct, CT, ss, h->ss, NULL, 0);
  ex = kc_kem_decap (KC_KEM_RAW_P256R1, sk + EC_SK (h), 32, ct + EC_CT (h),
                     65, x, 32, NULL, 0);
  epq = kc_kem_decap (KC_KEM_MLKEM768, sk + MK_SK (h), MSK, ct + MK_CT (h),
                      MCT, m, 32, NULL, 0);
  if (ex)
    {
      if (err != ex || !untouched (ss, sizeof ss, 0xa5))
        abort ();
      return;
    }
  if (epq)
    {
      if (err != epq || gpg_err_code (err) != GPG_ERR_BAD_SECKEY
          || !untouched (ss, sizeof ss, 0xa5))
        abort ();
      return;
    }
  combine (h, want, m, x);
  if (err || memcmp (ss, want, h->ss))
    abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static unsigned char pk[PK], sk[SK], ct[CT];
  unsigned char seed[64], opt[64], ss[64], delta[CT];
  const uint8_t *p = data + 1;
  const struct hy *h;
  size_t left, i;
  int mode;

  if (size < 1)
    return 0;
  h = &hys[data[0] >> 7];
  mode = ((data[0] >> 1) & 0x3f) % 3;
  left = size - 1;

  switch (mode)
    {
    case 0:
      take (seed, 64, &p, &left);
      take (opt, 64, &p, &left);
      opt[32] &= 0x7f;                  /* e in [1, n-1] */
      opt[63] |= 1;
      if (kc_kem_keypair_seed (h->algo, pk, PK, sk, SK, seed, 64)
          || kc_kem_encap (h->algo, pk, PK, ct, CT, ss, h->ss, opt, 64))
        abort ();
      take (delta, CT, &p, &left);
      for (i = 0; i < CT; i++)
        ct[i] ^= delta[i];
      check_decap (h, sk, ct);
      break;

    case 1:
      {
        unsigned char c[CT], mct[MCT], xct[65], m[32], x[32], want[64];
        gpg_error_t err, ex, epq;
        take (pk, PK, &p, &left);
        memset (opt, 0x3c, sizeof opt); /* e = 0x3c..3c < n */
        memset (c, 0x5a, sizeof c);
        memset (ss, 0xa5, sizeof ss);
        err = kc_kem_encap (h->algo, pk, PK, c, CT, ss, h->ss, opt, 64);
        ex = kc_kem_encap (KC_KEM_RAW_P256R1, pk + EC_PK (h), 65, xct, 65,
                           x, 32, opt + 32, 32);
        epq = kc_kem_encap (KC_KEM_MLKEM768, pk + MK_PK (h), MPK, mct, MCT,
                            m, 32, opt, 32);
        if (ex || epq)
          {
            if (err != (ex ? ex : epq)
                || gpg_err_code (err) != GPG_ERR_BAD_PUBKEY
                || !untouched (ss, sizeof ss, 0xa5)
                || !untouched (c, sizeof c, 0x5a))
              abort ();
            break;
          }
        combine (h, want, m, x);
        if (err || memcmp (ss, want, h->ss)
            || memcmp (c + MK_CT (h), mct, MCT)
            || memcmp (c + EC_CT (h), xct, 65))
          abort ();
      }
      break;

    case 2:
      take (sk, SK, &p, &left);
      take (ct, CT, &p, &left);
      check_decap (h, sk, ct);
      break;
    }
  return 0;
}
