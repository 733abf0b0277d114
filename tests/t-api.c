/* t-api.c - bad input across the whole public API, table driven.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * For every function: each buffer argument NULL (with its proper length),
 * each length one too small, one too large, 0 and huge; unknown algorithms
 * and curves; out-of-range keys.  Each row says which error code it must
 * give.  Before every call the output buffers are filled with a marker;
 * after a failing call each output must hold either the marker (untouched)
 * or zeros: no secret, no partial result presented as success. */
#include "kcrypt-int.h"
#include "t-common.h"
#include "t-secp256k1.h"

enum { SK = KC_KEM_SNTRUP761_SECKEY_LEN, PK = KC_KEM_SNTRUP761_PUBKEY_LEN,
       CT = KC_KEM_SNTRUP761_ENCAPS_LEN, SS = KC_KEM_SNTRUP761_SHARED_LEN };

/* Buffers shared by all rows: valid inputs, and outputs to inspect. */
static unsigned char kem_pk[PK], kem_sk[SK], kem_ct[CT];
static unsigned char ecc_sk[32], ecc_pub[65], ecc_pubc[33], ecc_sig[64];
static unsigned char ecc_der[72];
static unsigned char ecc_rsig[65], ecc_xonly[32], ecc_ssig[64];
static size_t ecc_der_len;
static unsigned char digest[32];
static unsigned char out1[3 * KC_KEM_SNTRUP761_SECKEY_LEN + 64];
static unsigned char out2[3 * KC_KEM_SNTRUP761_SECKEY_LEN + 64];

#define MARK 0xa5

static void
mark_outputs (void)
{
  memset (out1, MARK, sizeof out1);
  memset (out2, MARK, sizeof out2);
}

/* An output after a failed call: all marker or all zero. */
static int
clean_output (const unsigned char *p, size_t n)
{
  size_t i, marks = 0, zeros = 0;
  for (i = 0; i < n; i++)
    {
      marks += p[i] == MARK;
      zeros += p[i] == 0;
    }
  return marks == n || zeros == n;
}

struct row
{
  const char *name;
  gpg_err_code_t want;
  gpg_error_t (*call) (int variant);
  int variant;
  size_t out1_len, out2_len;  /* the room given in out1/out2: after an
                               * error it must hold the marker or zeros,
                               * and nothing may be written beyond it */
};

/* ---- KEM ---- */
static gpg_error_t
kem_keypair (int v)
{
  switch (v)
    {
    case 0: return kc_kem_keypair (0, out1, PK, out2, SK);
    case 1: return kc_kem_keypair (2, out1, PK, out2, SK);
    case 2: return kc_kem_keypair (KC_KEM_SNTRUP761, NULL, PK, out2, SK);
    case 3: return kc_kem_keypair (KC_KEM_SNTRUP761, out1, PK, NULL, SK);
    case 4: return kc_kem_keypair (KC_KEM_SNTRUP761, out1, PK - 1, out2, SK);
    case 5: return kc_kem_keypair (KC_KEM_SNTRUP761, out1, PK + 1, out2, SK);
    case 6: return kc_kem_keypair (KC_KEM_SNTRUP761, out1, PK, out2, SK - 1);
    case 7: return kc_kem_keypair (KC_KEM_SNTRUP761, out1, PK, out2, SK + 1);
    case 8: return kc_kem_keypair (KC_KEM_SNTRUP761, out1, 0, out2, 0);
    case 9: return kc_kem_keypair (KC_KEM_SNTRUP761, out1, (size_t) -1, out2, SK);
    default: return kc_kem_keypair (KC_KEM_SNTRUP761, out1, PK, out2, SK);
    }
}

static gpg_error_t
kem_encap (int v)
{
  unsigned char opt[1] = { 0 };
  switch (v)
    {
    case 0: return kc_kem_encap (0, kem_pk, PK, out1, CT, out2, SS, NULL, 0);
    case 1: return kc_kem_encap (KC_KEM_SNTRUP761, NULL, PK, out1, CT, out2, SS, NULL, 0);
    case 2: return kc_kem_encap (KC_KEM_SNTRUP761, kem_pk, PK - 1, out1, CT, out2, SS, NULL, 0);
    case 3: return kc_kem_encap (KC_KEM_SNTRUP761, kem_pk, PK + 1, out1, CT, out2, SS, NULL, 0);
    case 4: return kc_kem_encap (KC_KEM_SNTRUP761, kem_pk, PK, NULL, CT, out2, SS, NULL, 0);
    case 5: return kc_kem_encap (KC_KEM_SNTRUP761, kem_pk, PK, out1, CT - 1, out2, SS, NULL, 0);
    case 6: return kc_kem_encap (KC_KEM_SNTRUP761, kem_pk, PK, out1, CT + 1, out2, SS, NULL, 0);
    case 7: return kc_kem_encap (KC_KEM_SNTRUP761, kem_pk, PK, out1, CT, NULL, SS, NULL, 0);
    case 8: return kc_kem_encap (KC_KEM_SNTRUP761, kem_pk, PK, out1, CT, out2, SS - 1, NULL, 0);
    case 9: return kc_kem_encap (KC_KEM_SNTRUP761, kem_pk, PK, out1, CT, out2, SS + 1, NULL, 0);
    case 10: return kc_kem_encap (KC_KEM_SNTRUP761, kem_pk, PK, out1, CT, out2, SS, opt, 1);
    case 11: return kc_kem_encap (KC_KEM_SNTRUP761, kem_pk, PK, out1, CT, out2, SS, NULL, 1);
    default: return kc_kem_encap (KC_KEM_SNTRUP761, kem_pk, PK, out1, CT, out2, SS, NULL, 0);
    }
}

static gpg_error_t
kem_decap (int v)
{
  unsigned char opt[1] = { 0 };
  switch (v)
    {
    case 0: return kc_kem_decap (7, kem_sk, SK, kem_ct, CT, out1, SS, NULL, 0);
    case 1: return kc_kem_decap (KC_KEM_SNTRUP761, NULL, SK, kem_ct, CT, out1, SS, NULL, 0);
    case 2: return kc_kem_decap (KC_KEM_SNTRUP761, kem_sk, SK - 1, kem_ct, CT, out1, SS, NULL, 0);
    case 3: return kc_kem_decap (KC_KEM_SNTRUP761, kem_sk, SK + 1, kem_ct, CT, out1, SS, NULL, 0);
    case 4: return kc_kem_decap (KC_KEM_SNTRUP761, kem_sk, SK, NULL, CT, out1, SS, NULL, 0);
    case 5: return kc_kem_decap (KC_KEM_SNTRUP761, kem_sk, SK, kem_ct, CT - 1, out1, SS, NULL, 0);
    case 6: return kc_kem_decap (KC_KEM_SNTRUP761, kem_sk, SK, kem_ct, CT + 1, out1, SS, NULL, 0);
    case 7: return kc_kem_decap (KC_KEM_SNTRUP761, kem_sk, SK, kem_ct, CT, NULL, SS, NULL, 0);
    case 8: return kc_kem_decap (KC_KEM_SNTRUP761, kem_sk, SK, kem_ct, CT, out1, SS - 1, NULL, 0);
    case 9: return kc_kem_decap (KC_KEM_SNTRUP761, kem_sk, SK, kem_ct, CT, out1, SS + 1, NULL, 0);
    case 10: return kc_kem_decap (KC_KEM_SNTRUP761, kem_sk, SK, kem_ct, CT, out1, SS, opt, 1);
    case 11: return kc_kem_decap (KC_KEM_SNTRUP761, kem_sk, SK, kem_ct, 0, out1, SS, NULL, 0);
    default: return kc_kem_decap (KC_KEM_SNTRUP761, kem_sk, SK, kem_ct, CT, out1, SS, NULL, 0);
    }
}

static gpg_error_t
kem_keypair_batch (int v)
{
  switch (v)
    {
    case 0: return kc_kem_keypair_batch (0, out1, 2 * PK, out2, 2 * SK, 2);
    case 1: return kc_kem_keypair_batch (KC_KEM_SNTRUP761, NULL, 2 * PK, out2, 2 * SK, 2);
    case 2: return kc_kem_keypair_batch (KC_KEM_SNTRUP761, out1, 2 * PK, NULL, 2 * SK, 2);
    case 3: return kc_kem_keypair_batch (KC_KEM_SNTRUP761, out1, 2 * PK - 1, out2, 2 * SK, 2);
    case 4: return kc_kem_keypair_batch (KC_KEM_SNTRUP761, out1, 2 * PK, out2, 2 * SK + 1, 2);
    case 5: return kc_kem_keypair_batch (KC_KEM_SNTRUP761, out1, 0, out2, 0, 0);
    case 6: return kc_kem_keypair_batch (KC_KEM_SNTRUP761, out1, PK, out2, SK, 2);
    case 7: return kc_kem_keypair_batch (KC_KEM_SNTRUP761, out1, 2 * PK, out2,
                                         2 * SK, (size_t) -1 / PK + 2);
    default: return kc_kem_keypair_batch (KC_KEM_SNTRUP761, out1, 2 * PK, out2, 2 * SK, 2);
    }
}

/* ---- ECC keys ---- */

static gpg_error_t
ecc_keypair (int v)
{
  switch (v)
    {
    case 0: return kc_ecc_keypair (0, out1, 65, out2, 32);
    case 1: return kc_ecc_keypair (KC_ECC_SECP256K1, NULL, 65, out2, 32);
    case 2: return kc_ecc_keypair (KC_ECC_SECP256K1, out1, 65, NULL, 32);
    case 3: return kc_ecc_keypair (KC_ECC_SECP256K1, out1, 64, out2, 32);
    case 4: return kc_ecc_keypair (KC_ECC_SECP256K1, out1, 66, out2, 32);
    case 5: return kc_ecc_keypair (KC_ECC_SECP256K1, out1, 34, out2, 32);
    case 6: return kc_ecc_keypair (KC_ECC_SECP256K1, out1, 65, out2, 31);
    case 7: return kc_ecc_keypair (KC_ECC_SECP256K1, out1, 65, out2, 33);
    case 8: return kc_ecc_keypair (KC_ECC_SECP256K1, out1, 33, out2, 32);
    default: return kc_ecc_keypair (KC_ECC_SECP256K1, out1, 65, out2, 32);
    }
}

static gpg_error_t
ecc_pubkey (int v)
{
  unsigned char sk[32];
  switch (v)
    {
    case 0: return kc_ecc_pubkey (99, out1, 65, ecc_sk, 32);
    case 1: return kc_ecc_pubkey (KC_ECC_SECP256K1, NULL, 65, ecc_sk, 32);
    case 2: return kc_ecc_pubkey (KC_ECC_SECP256K1, out1, 65, NULL, 32);
    case 3: return kc_ecc_pubkey (KC_ECC_SECP256K1, out1, 64, ecc_sk, 32);
    case 4: return kc_ecc_pubkey (KC_ECC_SECP256K1, out1, 0, ecc_sk, 32);
    case 5: return kc_ecc_pubkey (KC_ECC_SECP256K1, out1, 65, ecc_sk, 31);
    case 6: return kc_ecc_pubkey (KC_ECC_SECP256K1, out1, 65, ecc_sk, 33);
    case 7: memset (sk, 0, 32);
      return kc_ecc_pubkey (KC_ECC_SECP256K1, out1, 65, sk, 32);
    case 8: return kc_ecc_pubkey (KC_ECC_SECP256K1, out1, 65, n_be, 32);
    case 9: memset (sk, 0xff, 32);
      return kc_ecc_pubkey (KC_ECC_SECP256K1, out1, 65, sk, 32);
    case 10: return kc_ecc_pubkey (KC_ECC_SECP256K1, out1, 33, ecc_sk, 32);
    default: return kc_ecc_pubkey (KC_ECC_SECP256K1, out1, 65, ecc_sk, 32);
    }
}

/* ---- ECDSA sign ---- */
static gpg_error_t
ecdsa_sign (int v)
{
  size_t len = 64, dlen = 72;
  unsigned char sk[32];
  switch (v)
    {
    case 0: return kc_ecdsa_sign (0, 0, out1, &len, ecc_sk, 32, digest, 32);
    case 1: return kc_ecdsa_sign (KC_ECC_SECP256K1, 0, NULL, &len, ecc_sk, 32, digest, 32);
    case 2: return kc_ecdsa_sign (KC_ECC_SECP256K1, 0, out1, NULL, ecc_sk, 32, digest, 32);
    case 3: return kc_ecdsa_sign (KC_ECC_SECP256K1, 0, out1, &len, NULL, 32, digest, 32);
    case 4: return kc_ecdsa_sign (KC_ECC_SECP256K1, 0, out1, &len, ecc_sk, 31, digest, 32);
    case 5: return kc_ecdsa_sign (KC_ECC_SECP256K1, 0, out1, &len, ecc_sk, 33, digest, 32);
    case 6: return kc_ecdsa_sign (KC_ECC_SECP256K1, 0, out1, &len, ecc_sk, 32, NULL, 32);
    case 7: return kc_ecdsa_sign (KC_ECC_SECP256K1, 0, out1, &len, ecc_sk, 32, digest, 0);
    case 8: len = 63;
      return kc_ecdsa_sign (KC_ECC_SECP256K1, 0, out1, &len, ecc_sk, 32, digest, 32);
    case 9: dlen = 8;
      return kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_DER, out1, &dlen, ecc_sk, 32, digest, 32);
    case 10: memset (sk, 0, 32);
      return kc_ecdsa_sign (KC_ECC_SECP256K1, 0, out1, &len, sk, 32, digest, 32);
    case 11: return kc_ecdsa_sign (KC_ECC_SECP256K1, 0, out1, &len, n_be, 32, digest, 32);
    case 12: len = 0;
      return kc_ecdsa_sign (KC_ECC_SECP256K1, 0, out1, &len, ecc_sk, 32, digest, 32);
    default: return kc_ecdsa_sign (KC_ECC_SECP256K1, 0, out1, &len, ecc_sk, 32, digest, 32);
    }
}

/* ---- ECDSA verify ---- */
static gpg_error_t
ecdsa_verify (int v)
{
  unsigned char sig[64], pub[65];
  switch (v)
    {
    case 0: return kc_ecdsa_verify (3, 0, ecc_sig, 64, ecc_pub, 65, digest, 32);
    case 1: return kc_ecdsa_verify (KC_ECC_SECP256K1, 0, NULL, 64, ecc_pub, 65, digest, 32);
    case 2: return kc_ecdsa_verify (KC_ECC_SECP256K1, 0, ecc_sig, 63, ecc_pub, 65, digest, 32);
    case 3: return kc_ecdsa_verify (KC_ECC_SECP256K1, 0, ecc_sig, 65, ecc_pub, 65, digest, 32);
    case 4: return kc_ecdsa_verify (KC_ECC_SECP256K1, 0, ecc_sig, 64, NULL, 65, digest, 32);
    case 5: return kc_ecdsa_verify (KC_ECC_SECP256K1, 0, ecc_sig, 64, ecc_pub, 64, digest, 32);
    case 6: return kc_ecdsa_verify (KC_ECC_SECP256K1, 0, ecc_sig, 64, ecc_pub, 65, NULL, 32);
    case 7: return kc_ecdsa_verify (KC_ECC_SECP256K1, 0, ecc_sig, 64, ecc_pub, 65, digest, 0);
    case 8: memcpy (pub, ecc_pub, 65); pub[0] = 5;
      return kc_ecdsa_verify (KC_ECC_SECP256K1, 0, ecc_sig, 64, pub, 65, digest, 32);
    case 9: memcpy (pub, ecc_pub, 65); pub[64] ^= 1;      /* off the curve */
      return kc_ecdsa_verify (KC_ECC_SECP256K1, 0, ecc_sig, 64, pub, 65, digest, 32);
    case 10: memcpy (sig, ecc_sig, 64); sig[63] ^= 1;
      return kc_ecdsa_verify (KC_ECC_SECP256K1, 0, sig, 64, ecc_pub, 65, digest, 32);
    case 11: memset (sig, 0, 64);                          /* r = s = 0 */
      return kc_ecdsa_verify (KC_ECC_SECP256K1, 0, sig, 64, ecc_pub, 65, digest, 32);
    case 12: memcpy (sig, n_be, 32); memcpy (sig + 32, ecc_sig + 32, 32);   /* r = n */
      return kc_ecdsa_verify (KC_ECC_SECP256K1, 0, sig, 64, ecc_pub, 65, digest, 32);
    case 13: return kc_ecdsa_verify (KC_ECC_SECP256K1, KC_ECDSA_DER, ecc_sig, 64, ecc_pub, 65, digest, 32);
    case 14: return kc_ecdsa_verify (KC_ECC_SECP256K1, KC_ECDSA_DER, ecc_der, ecc_der_len - 1, ecc_pub, 65, digest, 32);
    case 15: return kc_ecdsa_verify (KC_ECC_SECP256K1, 0, ecc_sig, 64, ecc_pubc, 33, digest, 32);
    case 16: memcpy (pub, ecc_pubc, 33); pub[0] = 4;
      return kc_ecdsa_verify (KC_ECC_SECP256K1, 0, ecc_sig, 64, pub, 33, digest, 32);
    default: return kc_ecdsa_verify (KC_ECC_SECP256K1, KC_ECDSA_DER, ecc_der, ecc_der_len, ecc_pub, 65, digest, 32);
    }
}

/* ---- hashes ---- */
static gpg_error_t
md_hash (int v)
{
  switch (v)
    {
    case 0: return kc_md_hash_buffer (1, out1, 32, "abc", 3);
    case 1: return kc_md_hash_buffer (KC_MD_SHA256, NULL, 32, "abc", 3);
    case 2: return kc_md_hash_buffer (KC_MD_SHA256, out1, 31, "abc", 3);
    case 3: return kc_md_hash_buffer (KC_MD_SHA512, out1, 32, "abc", 3);
    case 4: return kc_md_hash_buffer (KC_MD_SHA512, out1, 64, NULL, 3);
    default: return kc_md_hash_buffer (KC_MD_SHA512, out1, 64, NULL, 0);
    }
}

/* ---- big integers ---- */
static gpg_error_t
mpi_scan (int v)
{
  kc_mpi_t a = (kc_mpi_t) (uintptr_t) 1;     /* must stay untouched */
  gpg_error_t err;
  static const unsigned char one[1] = { 1 };
  switch (v)
    {
    case 0: err = kc_mpi_scan (&a, KC_MPI_FMT_USG, NULL, 4, NULL); break;
    case 1: err = kc_mpi_scan (&a, KC_MPI_FMT_USG, one, 0, NULL); break;
    case 2: err = kc_mpi_scan (&a, KC_MPI_FMT_HEX, "12g4", 0, NULL); break;
    case 3: err = kc_mpi_scan (&a, KC_MPI_FMT_HEX, "", 0, NULL); break;
    case 4: err = kc_mpi_scan (&a, KC_MPI_FMT_HEX, "-", 0, NULL); break;
    case 5: err = kc_mpi_scan (&a, KC_MPI_FMT_HEX, "12", 2, NULL); break;
    case 6: err = kc_mpi_scan (&a, (enum kc_mpi_format) 7, one, 1, NULL); break;
    default:
      err = kc_mpi_scan (&a, KC_MPI_FMT_HEX, "-1f", 0, NULL);
      if (!err)
        kc_mpi_release (a);
      return err;
    }
  if (err && a != (kc_mpi_t) (uintptr_t) 1)
    {
      fail ("kc_mpi_scan variant %d: *ret changed on error", v);
      return 0;
    }
  return err;
}

static gpg_error_t
mpi_print (int v)
{
  kc_mpi_t a = kc_mpi_set_ui (NULL, 0x123456);
  size_t n = 0;
  gpg_error_t err;
  switch (v)
    {
    case 0: err = kc_mpi_print (KC_MPI_FMT_USG, out1, 2, &n, a); break;
    case 1: err = kc_mpi_print (KC_MPI_FMT_HEX, out1, 6, &n, a); break;
    case 2: err = kc_mpi_print (KC_MPI_FMT_HEX, out1, 64, &n, NULL); break;
    case 3: err = kc_mpi_print ((enum kc_mpi_format) 0, out1, 64, &n, a); break;
    default: err = kc_mpi_print (KC_MPI_FMT_HEX, out1, 7, &n, a); break;
    }
  kc_mpi_release (a);
  return err;
}

/* The void functions with a zero modulus or a NULL object: no crash, a
 * documented result (mpi/mpi.h).  Returned as an error code for the table:
 * GPG_ERR_BUG when the documented result did not come out. */
static gpg_error_t
mpi_edge (int v)
{
  kc_mpi_t a = kc_mpi_set_ui (NULL, 12345), z = kc_mpi_set_ui (NULL, 0);
  kc_mpi_t w = kc_mpi_set_ui (NULL, 99);
  int ok = 1;
  switch (v)
    {
    case 0: kc_mpi_mod (w, a, z); ok = kc_mpi_get_nbits (w) == 0; break;
    case 1: kc_mpi_mulm (w, a, a, z); ok = kc_mpi_get_nbits (w) == 0; break;
    case 2: kc_mpi_powm (w, a, a, z); ok = kc_mpi_get_nbits (w) == 0; break;
    case 3: ok = kc_mpi_invm (w, a, z) == 0 && kc_mpi_get_nbits (w) == 7; break;
    case 4: kc_mpi_add (w, NULL, a); kc_mpi_mul (NULL, a, a);
      ok = kc_mpi_get_nbits (w) == 7 && kc_mpi_get_nbits (NULL) == 0
           && kc_mpi_invm (NULL, a, a) == 0;
      break;
    default: ok = kc_mpi_invm (w, a, kc_mpi_set_ui (z, 3)) == 0; break;
    }
  kc_mpi_release (a);
  kc_mpi_release (z);
  kc_mpi_release (w);
  return ok ? 0 : gpg_error (GPG_ERR_BUG);
}

/* ---- the Bitcoin additions (kc_ecc_seckey_tweak_add works in place on
 * its key, so it is not for this table: t-ecc-btc checks it) ---- */
static gpg_error_t
btc_keys (int v)
{
  static const unsigned char zero[32];
  unsigned char off[33];
  int par;
  memcpy (off, ecc_pubc, 33);
  off[0] ^= 1;                        /* the other y: still a key */
  memset (off + 1, 0xff, 32);         /* x >= p */
  switch (v)
    {
    case 0: return kc_ecc_pubkey_convert (99, out1, 65, ecc_pubc, 33);
    case 1: return kc_ecc_pubkey_convert (KC_ECC_SECP256K1, NULL, 65, ecc_pubc, 33);
    case 2: return kc_ecc_pubkey_convert (KC_ECC_SECP256K1, out1, 64, ecc_pubc, 33);
    case 3: return kc_ecc_pubkey_convert (KC_ECC_SECP256K1, out1, 65, ecc_pubc, 32);
    case 4: return kc_ecc_pubkey_convert (KC_ECC_SECP256K1, out1, 65, off, 33);
    case 5: return kc_ecc_pubkey_convert (KC_ECC_SECP256K1, out1, 65, ecc_pubc, 33);
    case 10: return kc_ecc_pubkey_tweak_add (3, out1, 33, ecc_pub, 65, zero, 32);
    case 11: return kc_ecc_pubkey_tweak_add (KC_ECC_SECP256K1, out1, 33, ecc_pub, 65, NULL, 32);
    case 12: return kc_ecc_pubkey_tweak_add (KC_ECC_SECP256K1, out1, 33, ecc_pub, 65, zero, 31);
    case 13: return kc_ecc_pubkey_tweak_add (KC_ECC_SECP256K1, out1, 33, off, 33, zero, 32);
    case 14: return kc_ecc_pubkey_tweak_add (KC_ECC_SECP256K1, out1, 33, ecc_pub, 65, n_be, 32);
    case 15: return kc_ecc_pubkey_tweak_add (KC_ECC_SECP256K1, out1, 33, ecc_pub, 65, zero, 32);
    case 20: return kc_ecc_xonly_pubkey (0, out1, 32, &par, ecc_sk, 32);
    case 21: return kc_ecc_xonly_pubkey (KC_ECC_SECP256K1, out1, 33, &par, ecc_sk, 32);
    case 22: return kc_ecc_xonly_pubkey (KC_ECC_SECP256K1, out1, 32, &par, NULL, 32);
    case 23: return kc_ecc_xonly_pubkey (KC_ECC_SECP256K1, out1, 32, &par, n_be, 32);
    case 24: return kc_ecc_xonly_pubkey (KC_ECC_SECP256K1, out1, 32, NULL, ecc_sk, 32);
    case 30: return kc_ecc_xonly_tweak_add (2, out1, 32, &par, ecc_xonly, 32, zero, 32);
    case 31: return kc_ecc_xonly_tweak_add (KC_ECC_SECP256K1, out1, 31, &par, ecc_xonly, 32, zero, 32);
    case 32: return kc_ecc_xonly_tweak_add (KC_ECC_SECP256K1, out1, 32, &par, ecc_xonly, 33, zero, 32);
    case 33: return kc_ecc_xonly_tweak_add (KC_ECC_SECP256K1, out1, 32, &par, off + 1, 32, zero, 32);
    case 34: return kc_ecc_xonly_tweak_add (KC_ECC_SECP256K1, out1, 32, &par, ecc_xonly, 32, n_be, 32);
    default: return kc_ecc_xonly_tweak_add (KC_ECC_SECP256K1, out1, 32, &par, ecc_xonly, 32, zero, 32);
    }
}

static gpg_error_t
btc_schemes (int v)
{
  unsigned char bad[65], ff[32];
  size_t len = 64;
  memset (ff, 0xff, sizeof ff);
  memcpy (bad, ecc_rsig, 65);
  bad[64] = 4;                        /* no such recovery id */
  switch (v)
    {
    case 0: return kc_ecdh (99, 0, out1, 32, ecc_sk, 32, ecc_pubc, 33);
    case 1: return kc_ecdh (KC_ECC_SECP256K1, 4, out1, 32, ecc_sk, 32, ecc_pubc, 33);
    case 2: return kc_ecdh (KC_ECC_SECP256K1, 0, out1, 31, ecc_sk, 32, ecc_pubc, 33);
    case 3: return kc_ecdh (KC_ECC_SECP256K1, 0, out1, 32, ecc_sk, 32, ecc_pub, 33);
    case 4: return kc_ecdh (KC_ECC_SECP256K1, 0, out1, 32, n_be, 32, ecc_pubc, 33);
    case 5: return kc_ecdh (KC_ECC_SECP256K1, KC_ECDH_RAW_X, out1, 32, ecc_sk, 32, ecc_pubc, 33);
    case 10: return kc_ecdsa_recover (2, out1, 65, ecc_rsig, 65, digest, 32);
    case 11: return kc_ecdsa_recover (KC_ECC_SECP256K1, out1, 65, ecc_rsig, 64, digest, 32);
    case 12: return kc_ecdsa_recover (KC_ECC_SECP256K1, out1, 65, ecc_rsig, 65, digest, 0);
    case 13: return kc_ecdsa_recover (KC_ECC_SECP256K1, out1, 65, bad, 65, digest, 32);
    case 14: return kc_ecdsa_recover (KC_ECC_SECP256K1, out1, 65, ecc_rsig, 65, digest, 32);
    case 20: return kc_schnorr_sign (2, out1, 64, ecc_sk, 32, digest, 32, NULL, 0);
    case 21: return kc_schnorr_sign (KC_ECC_SECP256K1, out1, 65, ecc_sk, 32, digest, 32, NULL, 0);
    case 22: return kc_schnorr_sign (KC_ECC_SECP256K1, out1, 64, ecc_sk, 32, digest, 32, digest, 31);
    case 23: return kc_schnorr_sign (KC_ECC_SECP256K1, out1, 64, n_be, 32, digest, 32, NULL, 0);
    case 24: return kc_schnorr_sign (KC_ECC_SECP256K1, out1, 64, ecc_sk, 32, NULL, 0, digest, 32);
    case 25: len = 64;
      return kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_RECOVERABLE, out1, &len, ecc_sk, 32, digest, 32);
    case 26: len = 65;
      return kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_RECOVERABLE, out1, &len, ecc_sk, 32, digest, 32);
    case 30: return kc_schnorr_verify (2, ecc_ssig, 64, ecc_xonly, 32, digest, 32);
    case 31: return kc_schnorr_verify (KC_ECC_SECP256K1, ecc_ssig, 63, ecc_xonly, 32, digest, 32);
    case 32: return kc_schnorr_verify (KC_ECC_SECP256K1, ecc_ssig, 64, ecc_xonly, 32, NULL, 32);
    case 33: return kc_schnorr_verify (KC_ECC_SECP256K1, ecc_ssig, 64, ff, 32, digest, 32);
    case 34: return kc_schnorr_verify (KC_ECC_SECP256K1, ecc_ssig, 64, ecc_xonly, 32, digest, 31);
    default: return kc_schnorr_verify (KC_ECC_SECP256K1, ecc_ssig, 64, ecc_xonly, 32, digest, 32);
    }
}

/* Ed25519: keys, sign, verify, batch (out1: the public key or the
 * signature; out2: the secret key of keypair) */
static gpg_error_t
eddsa_calls (int v)
{
  static const unsigned char seed[32] = { 1, 2, 3 };
  unsigned char pub[32], sig[64], big[65];
  const void *sp[1], *pp[1], *mp[1];
  size_t ml[1] = { 32 };
  gpg_error_t res[1];

  if (kc_ecc_pubkey (KC_ECC_ED25519, pub, 32, seed, 32)
      || kc_eddsa_sign (KC_ECC_ED25519, sig, 64, seed, 32, digest, 32))
    return GPG_ERR_GENERAL;
  memcpy (big, sig, 64);
  big[64] = 0;
  sp[0] = sig;
  pp[0] = pub;
  mp[0] = digest;
  switch (v)
    {
    case 0: return kc_ecc_keypair (KC_ECC_ED25519, out1, 33, out2, 32);
    case 1: return kc_ecc_keypair (KC_ECC_ED25519, out1, 32, out2, 31);
    case 2: return kc_ecc_keypair (KC_ECC_ED25519, out1, 32, out2, 32);
    case 3: return kc_ecc_pubkey (KC_ECC_ED25519, out1, 32, seed, 31);
    case 4: return kc_ecc_pubkey (KC_ECC_ED25519, out1, 32, NULL, 32);
    case 5: return kc_ecc_pubkey (KC_ECC_ED25519, out1, 32, seed, 32);
    case 10: return kc_eddsa_sign (KC_ECC_SECP256K1, out1, 64, seed, 32, digest, 32);
    case 11: return kc_eddsa_sign (KC_ECC_ED25519, out1, 65, seed, 32, digest, 32);
    case 12: return kc_eddsa_sign (KC_ECC_ED25519, out1, 64, seed, 33, digest, 32);
    case 13: return kc_eddsa_sign (KC_ECC_ED25519, out1, 64, seed, 32, NULL, 32);
    case 14: return kc_eddsa_sign (KC_ECC_ED25519, out1, 64, seed, 32, NULL, 0);
    case 20: return kc_eddsa_verify (99, sig, 64, pub, 32, digest, 32);
    case 21: return kc_eddsa_verify (KC_ECC_ED25519, big, 65, pub, 32, digest, 32);
    case 22: return kc_eddsa_verify (KC_ECC_ED25519, sig, 64, pub, 33, digest, 32);
    case 23: return kc_eddsa_verify (KC_ECC_ED25519, sig, 64, pub, 32, digest, 31);
    case 24:
      pub[31] = 0xff;                   /* y >= p */
      memset (pub, 0xff, 31);
      return kc_eddsa_verify (KC_ECC_ED25519, sig, 64, pub, 32, digest, 32);
    case 25:
      sig[63] = 0x10;                   /* S >= L */
      return kc_eddsa_verify (KC_ECC_ED25519, sig, 64, pub, 32, digest, 32);
    case 26: return kc_eddsa_verify (KC_ECC_ED25519, sig, 64, pub, 32, digest, 32);
    case 30: return kc_eddsa_verify_batch (KC_ECC_SECP256K1, 1, sp, pp, mp, ml, res);
    case 31: return kc_eddsa_verify_batch (KC_ECC_ED25519, 1, sp, NULL, mp, ml, res);
    default: return kc_eddsa_verify_batch (KC_ECC_ED25519, 1, sp, pp, mp, ml, res);
    }
}

#define INV GPG_ERR_INV_ARG
#define NSUP GPG_ERR_NOT_SUPPORTED
static const struct row rows[] = {
  { "ed25519 keypair pub_len 33", INV, eddsa_calls, 0, 33, 32 },
  { "ed25519 keypair sk_len 31", INV, eddsa_calls, 1, 32, 31 },
  { "ed25519 keypair ok", 0, eddsa_calls, 2, 32, 32 },
  { "ed25519 pubkey sk_len 31", INV, eddsa_calls, 3, 32, 0 },
  { "ed25519 pubkey sk NULL", INV, eddsa_calls, 4, 32, 0 },
  { "ed25519 pubkey ok", 0, eddsa_calls, 5, 32, 0 },
  { "eddsa_sign curve 1", NSUP, eddsa_calls, 10, 64, 0 },
  { "eddsa_sign sig_len 65", INV, eddsa_calls, 11, 65, 0 },
  { "eddsa_sign sk_len 33", INV, eddsa_calls, 12, 64, 0 },
  { "eddsa_sign msg NULL", INV, eddsa_calls, 13, 64, 0 },
  { "eddsa_sign empty msg ok", 0, eddsa_calls, 14, 64, 0 },
  { "eddsa_verify curve 99", NSUP, eddsa_calls, 20, 0, 0 },
  { "eddsa_verify sig_len 65", INV, eddsa_calls, 21, 0, 0 },
  { "eddsa_verify pub_len 33", INV, eddsa_calls, 22, 0, 0 },
  { "eddsa_verify other message", GPG_ERR_BAD_SIGNATURE, eddsa_calls, 23, 0, 0 },
  { "eddsa_verify y >= p", GPG_ERR_BAD_PUBKEY, eddsa_calls, 24, 0, 0 },
  { "eddsa_verify S >= L", GPG_ERR_BAD_SIGNATURE, eddsa_calls, 25, 0, 0 },
  { "eddsa_verify ok", 0, eddsa_calls, 26, 0, 0 },
  { "eddsa_verify_batch curve 1", NSUP, eddsa_calls, 30, 0, 0 },
  { "eddsa_verify_batch pubkeys NULL", INV, eddsa_calls, 31, 0, 0 },
  { "eddsa_verify_batch ok", 0, eddsa_calls, 32, 0, 0 },
  { "pubkey_convert curve 99", NSUP, btc_keys, 0, 65, 0 },
  { "pubkey_convert out NULL", INV, btc_keys, 1, 65, 0 },
  { "pubkey_convert out_len 64", INV, btc_keys, 2, 65, 0 },
  { "pubkey_convert pub_len 32", INV, btc_keys, 3, 65, 0 },
  { "pubkey_convert x >= p", GPG_ERR_BAD_PUBKEY, btc_keys, 4, 65, 0 },
  { "pubkey_convert ok", 0, btc_keys, 5, 65, 0 },
  { "pubkey_tweak_add curve 3", NSUP, btc_keys, 10, 33, 0 },
  { "pubkey_tweak_add tweak NULL", INV, btc_keys, 11, 33, 0 },
  { "pubkey_tweak_add tweak_len 31", INV, btc_keys, 12, 33, 0 },
  { "pubkey_tweak_add x >= p", GPG_ERR_BAD_PUBKEY, btc_keys, 13, 33, 0 },
  { "pubkey_tweak_add tweak n", GPG_ERR_BAD_SECKEY, btc_keys, 14, 33, 0 },
  { "pubkey_tweak_add ok", 0, btc_keys, 15, 33, 0 },
  { "xonly_pubkey curve 0", NSUP, btc_keys, 20, 32, 0 },
  { "xonly_pubkey xonly_len 33", INV, btc_keys, 21, 33, 0 },
  { "xonly_pubkey sk NULL", INV, btc_keys, 22, 32, 0 },
  { "xonly_pubkey sk n", GPG_ERR_BAD_SECKEY, btc_keys, 23, 32, 0 },
  { "xonly_pubkey ok, parity NULL", 0, btc_keys, 24, 32, 0 },
  { "xonly_tweak_add curve 2 (P-256)", NSUP, btc_keys, 30, 32, 0 },
  { "xonly_tweak_add out_len 31", INV, btc_keys, 31, 31, 0 },
  { "xonly_tweak_add xonly_len 33", INV, btc_keys, 32, 32, 0 },
  { "xonly_tweak_add x >= p", GPG_ERR_BAD_PUBKEY, btc_keys, 33, 32, 0 },
  { "xonly_tweak_add tweak n", GPG_ERR_BAD_SECKEY, btc_keys, 34, 32, 0 },
  { "xonly_tweak_add ok", 0, btc_keys, 99, 32, 0 },
  { "ecdh curve 99", NSUP, btc_schemes, 0, 32, 0 },
  { "ecdh flag 4", INV, btc_schemes, 1, 32, 0 },
  { "ecdh shared_len 31", INV, btc_schemes, 2, 31, 0 },
  { "ecdh 04 key in 33 bytes", GPG_ERR_BAD_PUBKEY, btc_schemes, 3, 32, 0 },
  { "ecdh sk n", GPG_ERR_BAD_SECKEY, btc_schemes, 4, 32, 0 },
  { "ecdh raw x ok", 0, btc_schemes, 5, 32, 0 },
  { "ecdsa_recover curve 2 (P-256)", NSUP, btc_schemes, 10, 65, 0 },
  { "ecdsa_recover sig_len 64", INV, btc_schemes, 11, 65, 0 },
  { "ecdsa_recover digest_len 0", INV, btc_schemes, 12, 65, 0 },
  { "ecdsa_recover recid 4", GPG_ERR_BAD_SIGNATURE, btc_schemes, 13, 65, 0 },
  { "ecdsa_recover ok", 0, btc_schemes, 14, 65, 0 },
  { "schnorr_sign curve 2 (P-256)", NSUP, btc_schemes, 20, 64, 0 },
  { "schnorr_sign sig_len 65", INV, btc_schemes, 21, 65, 0 },
  { "schnorr_sign aux_len 31", INV, btc_schemes, 22, 64, 0 },
  { "schnorr_sign sk n", GPG_ERR_BAD_SECKEY, btc_schemes, 23, 64, 0 },
  { "schnorr_sign empty msg ok", 0, btc_schemes, 24, 64, 0 },
  { "ecdsa_sign recoverable room 64", GPG_ERR_TOO_SHORT, btc_schemes, 25, 64, 0 },
  { "ecdsa_sign recoverable ok", 0, btc_schemes, 26, 65, 0 },
  { "schnorr_verify curve 2 (P-256)", NSUP, btc_schemes, 30, 0, 0 },
  { "schnorr_verify sig_len 63", INV, btc_schemes, 31, 0, 0 },
  { "schnorr_verify msg NULL", INV, btc_schemes, 32, 0, 0 },
  { "schnorr_verify x >= p", GPG_ERR_BAD_PUBKEY, btc_schemes, 33, 0, 0 },
  { "schnorr_verify other msg", GPG_ERR_BAD_SIGNATURE, btc_schemes, 34, 0, 0 },
  { "schnorr_verify ok", 0, btc_schemes, 99, 0, 0 },
  { "kem_keypair algo 0", NSUP, kem_keypair, 0, PK, SK },
  { "kem_keypair algo 2", NSUP, kem_keypair, 1, PK, SK },
  { "kem_keypair pk NULL", INV, kem_keypair, 2, PK, SK },
  { "kem_keypair sk NULL", INV, kem_keypair, 3, PK, SK },
  { "kem_keypair pk_len-1", INV, kem_keypair, 4, PK, SK },
  { "kem_keypair pk_len+1", INV, kem_keypair, 5, PK, SK },
  { "kem_keypair sk_len-1", INV, kem_keypair, 6, PK, SK },
  { "kem_keypair sk_len+1", INV, kem_keypair, 7, PK, SK },
  { "kem_keypair lens 0", INV, kem_keypair, 8, PK, SK },
  { "kem_keypair pk_len huge", INV, kem_keypair, 9, PK, SK },
  { "kem_keypair ok", 0, kem_keypair, 99, PK, SK },
  { "kem_keypair_batch algo 0", NSUP, kem_keypair_batch, 0, 2 * PK, 2 * SK },
  { "kem_keypair_batch pk NULL", INV, kem_keypair_batch, 1, 2 * PK, 2 * SK },
  { "kem_keypair_batch sk NULL", INV, kem_keypair_batch, 2, 2 * PK, 2 * SK },
  { "kem_keypair_batch pk_len-1", INV, kem_keypair_batch, 3, 2 * PK, 2 * SK },
  { "kem_keypair_batch sk_len+1", INV, kem_keypair_batch, 4, 2 * PK, 2 * SK },
  { "kem_keypair_batch count 0", INV, kem_keypair_batch, 5, 2 * PK, 2 * SK },
  { "kem_keypair_batch lens for 1, count 2", INV, kem_keypair_batch, 6, 2 * PK, 2 * SK },
  { "kem_keypair_batch count overflows", INV, kem_keypair_batch, 7, 2 * PK, 2 * SK },
  { "kem_keypair_batch ok", 0, kem_keypair_batch, 99, 2 * PK, 2 * SK },
  { "kem_encap algo 0", NSUP, kem_encap, 0, CT, SS },
  { "kem_encap pk NULL", INV, kem_encap, 1, CT, SS },
  { "kem_encap pk_len-1", INV, kem_encap, 2, CT, SS },
  { "kem_encap pk_len+1", INV, kem_encap, 3, CT, SS },
  { "kem_encap ct NULL", INV, kem_encap, 4, CT, SS },
  { "kem_encap ct_len-1", INV, kem_encap, 5, CT, SS },
  { "kem_encap ct_len+1", INV, kem_encap, 6, CT, SS },
  { "kem_encap ss NULL", INV, kem_encap, 7, CT, SS },
  { "kem_encap ss_len-1", INV, kem_encap, 8, CT, SS },
  { "kem_encap ss_len+1", INV, kem_encap, 9, CT, SS },
  { "kem_encap optional given", GPG_ERR_INV_VALUE, kem_encap, 10, CT, SS },
  { "kem_encap optional NULL,1", GPG_ERR_INV_VALUE, kem_encap, 11, CT, SS },
  { "kem_encap ok", 0, kem_encap, 99, CT, SS },
  { "kem_decap algo 7", NSUP, kem_decap, 0, SS, 0 },
  { "kem_decap sk NULL", INV, kem_decap, 1, SS, 0 },
  { "kem_decap sk_len-1", INV, kem_decap, 2, SS, 0 },
  { "kem_decap sk_len+1", INV, kem_decap, 3, SS, 0 },
  { "kem_decap ct NULL", INV, kem_decap, 4, SS, 0 },
  { "kem_decap ct_len-1", INV, kem_decap, 5, SS, 0 },
  { "kem_decap ct_len+1", INV, kem_decap, 6, SS, 0 },
  { "kem_decap ss NULL", INV, kem_decap, 7, SS, 0 },
  { "kem_decap ss_len-1", INV, kem_decap, 8, SS, 0 },
  { "kem_decap ss_len+1", INV, kem_decap, 9, SS, 0 },
  { "kem_decap optional given", GPG_ERR_INV_VALUE, kem_decap, 10, SS, 0 },
  { "kem_decap ct_len 0", INV, kem_decap, 11, SS, 0 },
  { "kem_decap ok", 0, kem_decap, 99, SS, 0 },
  { "ecc_keypair curve 0", NSUP, ecc_keypair, 0, 65, 32 },
  { "ecc_keypair pub NULL", INV, ecc_keypair, 1, 65, 32 },
  { "ecc_keypair sk NULL", INV, ecc_keypair, 2, 65, 32 },
  { "ecc_keypair pub_len 64", INV, ecc_keypair, 3, 65, 32 },
  { "ecc_keypair pub_len 66", INV, ecc_keypair, 4, 65, 32 },
  { "ecc_keypair pub_len 34", INV, ecc_keypair, 5, 65, 32 },
  { "ecc_keypair sk_len 31", INV, ecc_keypair, 6, 65, 32 },
  { "ecc_keypair sk_len 33", INV, ecc_keypair, 7, 65, 32 },
  { "ecc_keypair compressed ok", 0, ecc_keypair, 8, 33, 32 },
  { "ecc_keypair ok", 0, ecc_keypair, 99, 65, 32 },
  { "ecc_pubkey curve 99", NSUP, ecc_pubkey, 0, 65, 0 },
  { "ecc_pubkey pub NULL", INV, ecc_pubkey, 1, 65, 0 },
  { "ecc_pubkey sk NULL", INV, ecc_pubkey, 2, 65, 0 },
  { "ecc_pubkey pub_len 64", INV, ecc_pubkey, 3, 65, 0 },
  { "ecc_pubkey pub_len 0", INV, ecc_pubkey, 4, 65, 0 },
  { "ecc_pubkey sk_len 31", INV, ecc_pubkey, 5, 65, 0 },
  { "ecc_pubkey sk_len 33", INV, ecc_pubkey, 6, 65, 0 },
  { "ecc_pubkey sk 0", GPG_ERR_BAD_SECKEY, ecc_pubkey, 7, 65, 0 },
  { "ecc_pubkey sk n", GPG_ERR_BAD_SECKEY, ecc_pubkey, 8, 65, 0 },
  { "ecc_pubkey sk 2^256-1", GPG_ERR_BAD_SECKEY, ecc_pubkey, 9, 65, 0 },
  { "ecc_pubkey compressed ok", 0, ecc_pubkey, 10, 33, 0 },
  { "ecc_pubkey ok", 0, ecc_pubkey, 99, 65, 0 },
  { "ecdsa_sign curve 0", NSUP, ecdsa_sign, 0, 64, 0 },
  { "ecdsa_sign sig NULL", INV, ecdsa_sign, 1, 64, 0 },
  { "ecdsa_sign sig_len NULL", INV, ecdsa_sign, 2, 64, 0 },
  { "ecdsa_sign sk NULL", INV, ecdsa_sign, 3, 64, 0 },
  { "ecdsa_sign sk_len 31", INV, ecdsa_sign, 4, 64, 0 },
  { "ecdsa_sign sk_len 33", INV, ecdsa_sign, 5, 64, 0 },
  { "ecdsa_sign digest NULL", INV, ecdsa_sign, 6, 64, 0 },
  { "ecdsa_sign digest_len 0", INV, ecdsa_sign, 7, 64, 0 },
  { "ecdsa_sign room 63", GPG_ERR_TOO_SHORT, ecdsa_sign, 8, 63, 0 },
  { "ecdsa_sign DER room 8", GPG_ERR_TOO_SHORT, ecdsa_sign, 9, 8, 0 },
  { "ecdsa_sign sk 0", GPG_ERR_BAD_SECKEY, ecdsa_sign, 10, 64, 0 },
  { "ecdsa_sign sk n", GPG_ERR_BAD_SECKEY, ecdsa_sign, 11, 64, 0 },
  { "ecdsa_sign room 0", GPG_ERR_TOO_SHORT, ecdsa_sign, 12, 64, 0 },
  { "ecdsa_sign ok", 0, ecdsa_sign, 99, 64, 0 },
  { "ecdsa_verify curve 3", NSUP, ecdsa_verify, 0, 0, 0 },
  { "ecdsa_verify sig NULL", INV, ecdsa_verify, 1, 0, 0 },
  { "ecdsa_verify sig_len 63", INV, ecdsa_verify, 2, 0, 0 },
  { "ecdsa_verify sig_len 65", INV, ecdsa_verify, 3, 0, 0 },
  { "ecdsa_verify pub NULL", INV, ecdsa_verify, 4, 0, 0 },
  { "ecdsa_verify pub_len 64", INV, ecdsa_verify, 5, 0, 0 },
  { "ecdsa_verify digest NULL", INV, ecdsa_verify, 6, 0, 0 },
  { "ecdsa_verify digest_len 0", INV, ecdsa_verify, 7, 0, 0 },
  { "ecdsa_verify pub prefix 5", GPG_ERR_BAD_PUBKEY, ecdsa_verify, 8, 0, 0 },
  { "ecdsa_verify pub off curve", GPG_ERR_BAD_PUBKEY, ecdsa_verify, 9, 0, 0 },
  { "ecdsa_verify sig flipped", GPG_ERR_BAD_SIGNATURE, ecdsa_verify, 10, 0, 0 },
  { "ecdsa_verify r=s=0", GPG_ERR_BAD_SIGNATURE, ecdsa_verify, 11, 0, 0 },
  { "ecdsa_verify r=n", GPG_ERR_BAD_SIGNATURE, ecdsa_verify, 12, 0, 0 },
  { "ecdsa_verify raw as DER", GPG_ERR_BAD_SIGNATURE, ecdsa_verify, 13, 0, 0 },
  { "ecdsa_verify DER truncated", GPG_ERR_BAD_SIGNATURE, ecdsa_verify, 14, 0, 0 },
  { "ecdsa_verify compressed ok", 0, ecdsa_verify, 15, 0, 0 },
  { "ecdsa_verify 33 bytes prefix 4", GPG_ERR_BAD_PUBKEY, ecdsa_verify, 16, 0, 0 },
  { "ecdsa_verify DER ok", 0, ecdsa_verify, 99, 0, 0 },
  { "mpi_scan USG NULL", INV, mpi_scan, 0, 0, 0 },
  { "mpi_scan USG length 0", INV, mpi_scan, 1, 0, 0 },
  { "mpi_scan HEX bad digit", GPG_ERR_INV_OBJ, mpi_scan, 2, 0, 0 },
  { "mpi_scan HEX empty", GPG_ERR_INV_OBJ, mpi_scan, 3, 0, 0 },
  { "mpi_scan HEX lone minus", GPG_ERR_INV_OBJ, mpi_scan, 4, 0, 0 },
  { "mpi_scan HEX with buflen", INV, mpi_scan, 5, 0, 0 },
  { "mpi_scan unknown format", INV, mpi_scan, 6, 0, 0 },
  { "mpi_scan ok", 0, mpi_scan, 99, 0, 0 },
  { "mpi_print USG room 2 of 3", GPG_ERR_TOO_SHORT, mpi_print, 0, 2, 0 },
  { "mpi_print HEX room 6 of 7", GPG_ERR_TOO_SHORT, mpi_print, 1, 6, 0 },
  { "mpi_print NULL number", INV, mpi_print, 2, 64, 0 },
  { "mpi_print unknown format", INV, mpi_print, 3, 64, 0 },
  { "mpi_print ok", 0, mpi_print, 99, 7, 0 },
  { "mpi_mod by 0 gives 0", 0, mpi_edge, 0, 0, 0 },
  { "mpi_mulm mod 0 gives 0", 0, mpi_edge, 1, 0, 0 },
  { "mpi_powm mod 0 gives 0", 0, mpi_edge, 2, 0, 0 },
  { "mpi_invm mod 0: 0, x untouched", 0, mpi_edge, 3, 0, 0 },
  { "mpi NULL objects: no-ops", 0, mpi_edge, 4, 0, 0 },
  { "mpi_invm no inverse: 0", 0, mpi_edge, 99, 0, 0 },
  { "md algo 1", NSUP, md_hash, 0, 64, 0 },
  { "md digest NULL", INV, md_hash, 1, 64, 0 },
  { "md sha256 len 31", INV, md_hash, 2, 64, 0 },
  { "md sha512 len 32", INV, md_hash, 3, 64, 0 },
  { "md data NULL len 3", INV, md_hash, 4, 64, 0 },
  { "md data NULL len 0 ok", 0, md_hash, 99, 64, 0 },
};

static void
setup (void)
{
  gpg_error_t err;
  unsigned char ss[SS];
  size_t len = sizeof ecc_sig;

  err = kc_kem_keypair (KC_KEM_SNTRUP761, kem_pk, PK, kem_sk, SK);
  if (!err)
    err = kc_kem_encap (KC_KEM_SNTRUP761, kem_pk, PK, kem_ct, CT, ss, SS,
                        NULL, 0);
  if (!err)
    err = kc_ecc_keypair (KC_ECC_SECP256K1, ecc_pub, 65, ecc_sk, 32);
  if (!err)
    err = kc_ecc_pubkey (KC_ECC_SECP256K1, ecc_pubc, 33, ecc_sk, 32);
  t_randbytes (digest, sizeof digest);
  if (!err)
    err = kc_ecdsa_sign (KC_ECC_SECP256K1, 0, ecc_sig, &len, ecc_sk, 32,
                         digest, 32);
  ecc_der_len = sizeof ecc_der;
  if (!err)
    err = kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_DER, ecc_der,
                         &ecc_der_len, ecc_sk, 32, digest, 32);
  len = sizeof ecc_rsig;
  if (!err)
    err = kc_ecdsa_sign (KC_ECC_SECP256K1, KC_ECDSA_RECOVERABLE, ecc_rsig,
                         &len, ecc_sk, 32, digest, 32);
  if (!err)
    err = kc_ecc_xonly_pubkey (KC_ECC_SECP256K1, ecc_xonly, 32, NULL, ecc_sk,
                               32);
  if (!err)
    err = kc_schnorr_sign (KC_ECC_SECP256K1, ecc_ssig, 64, ecc_sk, 32, digest,
                           32, NULL, 0);
  if (err)
    {
      fprintf (stderr, "t-api: setup failed: %s\n", gpg_strerror (err));
      exit (1);
    }
}

int
main (int argc, char **argv)
{
  size_t i;

  t_init (argc, argv);
  t_seed (11);
  setup ();
  for (i = 0; i < KC_DIM (rows); i++)
    {
      const struct row *r = &rows[i];
      gpg_error_t err;

      mark_outputs ();
      err = r->call (r->variant);
      t_checks++;
      if (gpg_err_code (err) != r->want)
        {
          fail ("%s: got %s, want %s", r->name, gpg_strerror (err),
                gpg_strerror (gpg_error (r->want)));
          continue;
        }
      CHECK (!err || gpg_err_source (err) == KC_ERR_SOURCE,
             "%s: error source is %s, want KC_ERR_SOURCE", r->name,
             gpg_strsource (err));
      CHECK (clean_output (out1 + r->out1_len, sizeof out1 - r->out1_len)
             && out1[r->out1_len] == MARK
             && clean_output (out2 + r->out2_len, sizeof out2 - r->out2_len)
             && out2[r->out2_len] == MARK,
             "%s: wrote beyond the room it was given", r->name);
      if (err)
        {
          CHECK (clean_output (out1, r->out1_len),
                 "%s: first output holds data after an error", r->name);
          CHECK (clean_output (out2, r->out2_len),
                 "%s: second output holds data after an error", r->name);
        }
      else if (r->out1_len)
        CHECK (!clean_output (out1, r->out1_len) || r->out1_len < 4,
               "%s: success wrote nothing", r->name);
      if (t_verbose)
        printf ("ok: %s -> %s\n", r->name, gpg_strerror (err));
    }
  return t_done ("t-api");
}
