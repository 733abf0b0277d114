/* secp256k1/silentpayments.c - silent payments (BIP-352): the sender's
 * outputs, labels, the prevouts summary, scanning and the light-client
 * calls.  Formulas and formats in secp256k1/silentpayments.h, the public
 * contract in kcrypt.h and kc_silentpayments.3.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Policy as in keys.c: checks in the order curve, arguments, content;
 * on any error the outputs are left as they were, but for two failures
 * no honest input meets (a hash >= n, a spend key that cancels its
 * tweak) once outputs are being written in place (more than 64
 * recipients; scanning): the output is then zeroed.  No heap.  The results, k and the searches follow
 * libsecp256k1 master's silentpayments module (same inputs, same bytes,
 * checked by bench-peers --check).
 */
#include "kcrypt-int.h"
#include "ecc.h"
#include "secp256k1/silentpayments.h"
#include "secp256k1/schnorr.h"
#include "secp256k1/ecmult.h"
#include "hash/sha256.h"

typedef _kc_secp256k1_fe fe;
typedef _kc_secp256k1_ge ge;
typedef _kc_secp256k1_gej gej;
typedef _kc_secp256k1_scalar scalar;

#define SUMMARY_LEN KC_SILENTPAYMENTS_PREVOUTS_SUMMARY_LEN
#define FOUND_LEN   KC_SILENTPAYMENTS_FOUND_OUTPUT_LEN
#define SUMMARY_VERSION 0x01
#define KP_LEN KC_SCHNORR_SECP256K1_KEYPAIR_LEN

enum { TAG_INPUTS, TAG_SHARED, TAG_LABEL };

const char *const _kc_sp_tag_names[3] = {
  "BIP0352/Inputs", "BIP0352/SharedSecret", "BIP0352/Label"
};

const uint32_t _kc_sp_tag_midstate[3][8] = {
  { 0xd4143ffc, 0x012ea4b5, 0x36e21c8f, 0xf7ec7b54,
    0x4dd4e2ac, 0x9bcaa0a4, 0xe244899b, 0xcd06903e },
  { 0x88831537, 0x5127079b, 0x69c2137b, 0xab0303e6,
    0x98fa21fa, 0x4a888523, 0xbd99daab, 0xf25e5e0a },
  { 0x26b95d63, 0x8bf1b740, 0x10a5986f, 0x06a387a5,
    0x2d1c1c30, 0xd035951a, 0x2d7f0f96, 0x29e3e0db }
};

static void
tagged_init (_kc_sha256_ctx *ctx, int tag)
{
  memcpy (ctx->h, _kc_sp_tag_midstate[tag], sizeof ctx->h);
  ctx->nbytes = KC_SHA256_BLOCK_LEN;
  ctx->buflen = 0;
}

static void
put_be32 (unsigned char b[4], uint32_t v)
{
  b[0] = (unsigned char) (v >> 24);
  b[1] = (unsigned char) (v >> 16);
  b[2] = (unsigned char) (v >> 8);
  b[3] = (unsigned char) v;
}

/* OUT (33) = the compressed encoding of the finite point P (normalized
 * coordinates).  Constant time. */
static void
ser33 (unsigned char out[33], const ge *p)
{
  out[0] = (unsigned char) (0x02 | _kc_secp256k1_fe_is_odd (&p->y));
  _kc_secp256k1_fe_get_b32 (out + 1, &p->x);
}

/* H = input_hash for OUTPOINT (36) and the finite public point A
 * (normalized); 0 if the hash is 0 or >= n (never seen).  Variable
 * time (public). */
static int
input_hash (scalar *h, const unsigned char outpoint[36], const ge *a)
{
  _kc_sha256_ctx ctx;
  unsigned char enc[33], dig[32];
  int overflow;

  ser33 (enc, a);
  tagged_init (&ctx, TAG_INPUTS);
  _kc_sha256_update (&ctx, outpoint, 36);
  _kc_sha256_update (&ctx, enc, 33);
  _kc_sha256_final (&ctx, dig);
  _kc_secp256k1_scalar_set_b32 (h, dig, &overflow);
  return !overflow && !_kc_secp256k1_scalar_is_zero (h);
}

/* SHARED (33) = ser33 (S * P) for the secret S in [1, n-1] and the
 * public finite point P.  Constant time in S and in the result. */
static void
shared_secret (unsigned char shared[33], const scalar *s, const ge *p)
{
  gej rj;
  ge r;

  _kc_secp256k1_ecmult_const (&rj, p, s);
  _kc_secp256k1_ge_set_gej (&r, &rj);
  ser33 (shared, &r);
  wipememory (&rj, sizeof rj);
  wipememory (&r, sizeof r);
}

/* T = t_k for SHARED (33) and K; 0 if the hash is 0 or >= n (never
 * seen).  Constant time in SHARED; the hash is declassified (see
 * secp256k1/silentpayments.h). */
static int
output_tweak (scalar *t, const unsigned char shared[33], uint32_t k)
{
  _kc_sha256_ctx ctx;
  unsigned char kb[4], dig[32];
  int overflow;

  put_be32 (kb, k);
  tagged_init (&ctx, TAG_SHARED);
  _kc_sha256_update (&ctx, shared, 33);
  _kc_sha256_update (&ctx, kb, 4);
  _kc_sha256_final (&ctx, dig);
  ct_declassify (dig, sizeof dig);
  _kc_secp256k1_scalar_set_b32 (t, dig, &overflow);
  wipememory (dig, sizeof dig);
  return !overflow && !_kc_secp256k1_scalar_is_zero (t);
}

/* RJ = T*G for the public T: the rows of K*G's comb table (see
 * secp256k1/ecmult.h: T or n - T below 2^255, signed W-bit digits with a
 * carry) read directly, added in variable time, no blinding.  About
 * half the time of the constant-time comb, which scans each row.
 * Variable time (T public). */
static void
gen_var (gej *rj, const scalar *t)
{
  scalar kk = *t;
  unsigned int carry = 0;
  int neg = _kc_secp256k1_scalar_is_high (t), j;

  _kc_secp256k1_scalar_cond_negate (&kk, neg);
  _kc_secp256k1_gej_set_infinity (rj);
  for (j = 0; j < KC_ECMULT_GEN_ROWS; j++)
    {
      unsigned int d = _kc_secp256k1_scalar_get_bits
        (&kk, KC_ECMULT_GEN_BITS * (unsigned int) j, KC_ECMULT_GEN_BITS)
        + carry;
      ge p;

      carry = d > KC_ECMULT_GEN_COLS;
      if (carry)
        d = 2 * KC_ECMULT_GEN_COLS - d;
      if (!d)
        continue;
      _kc_secp256k1_ge_from_storage (&p, &_kc_secp256k1_gen_table[j][d - 1]);
      if (carry)
        _kc_secp256k1_ge_neg (&p, &p);
      _kc_secp256k1_gej_add_ge_var (rj, rj, &p);
    }
  if (neg)
    _kc_secp256k1_gej_neg (rj, rj);
}

/* RJ = B + T*G for the public B (finite) and the public T; 0 if
 * infinity. */
static int
tweak_point (gej *rj, const ge *b, const scalar *t)
{
  gen_var (rj, t);
  _kc_secp256k1_gej_add_ge_var (rj, rj, b);
  return !rj->infinity;
}

/* OUT (32) = x of B + t_k*G (the output key of SHARED, B, K), T = t_k.
 * 0 on a bad hash or infinity. */
static int
output_key (unsigned char out[32], scalar *t, const unsigned char shared[33],
            const ge *b, uint32_t k)
{
  gej rj;
  ge r;

  if (!output_tweak (t, shared, k) || !tweak_point (&rj, b, t))
    return 0;
  _kc_secp256k1_ge_set_gej_var (&r, &rj);
  _kc_secp256k1_fe_normalize_var (&r.x);
  _kc_secp256k1_fe_get_b32 (out, &r.x);
  return 1;
}

/* ------------------------------------------------------------ sender */

/* 1 if recipient I's scan key came earlier (its group is done). */
static int
scan_seen (const void *const *scan, size_t i)
{
  size_t j;
  for (j = 0; j < i; j++)
    if (!memcmp (scan[j], scan[i], KC_SILENTPAYMENTS_PUBKEY_LEN))
      return 1;
  return 0;
}

/* The secret D and the public point of the key pair KP (96 bytes); as
 * keypair.c reads it.  0 or the error to return. */
static gpg_error_t
keypair_read (scalar *d, int *odd, const unsigned char *kp)
{
  ge p;

  if (!_kc_ecc_parse_seckey (d, kp))
    return KC_ERR (GPG_ERR_BAD_SECKEY);
  if (!_kc_secp256k1_ge_set_b64_var (&p, kp + 32))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  *odd = kp[95] & 1;
  return 0;
}

/* Up to this many recipients the outputs are made in a buffer on the
 * stack and copied out at the end; beyond, every argument is checked
 * first and the outputs are written in place. */
#define SENDER_STACK_N 64

static KC_NOINLINE gpg_error_t
create_outputs_body (int curve, void *outputs, size_t outputs_len,
                     size_t n, const void *const *scan_pubkeys,
                     const void *const *spend_pubkeys,
                     const void *outpoint, size_t outpoint_len,
                     size_t n_keypairs, const void *const *keypairs,
                     size_t n_seckeys, const void *const *seckeys)
{
  unsigned char stack_out[SENDER_STACK_N * 32];
  unsigned char shared[33], *out;
  size_t i, r;
  scalar sum, d, h;
  ge a, b;
  uint32_t k;
  int ok, odd, written = 0;
  gpg_error_t err = 0;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!outputs || n == 0 || n > SIZE_MAX / 32 || outputs_len != 32 * n
      || !scan_pubkeys || !spend_pubkeys
      || !outpoint || outpoint_len != KC_SILENTPAYMENTS_OUTPOINT_LEN
      || (n_keypairs && !keypairs) || (n_seckeys && !seckeys)
      || n_keypairs + n_seckeys == 0 || n_keypairs + n_seckeys < n_seckeys)
    return KC_ERR (GPG_ERR_INV_ARG);
  for (i = 0; i < n; i++)
    if (!scan_pubkeys[i] || !spend_pubkeys[i])
      return KC_ERR (GPG_ERR_INV_ARG);
  for (i = 0; i < n_keypairs; i++)
    if (!keypairs[i])
      return KC_ERR (GPG_ERR_INV_ARG);
  for (i = 0; i < n_seckeys; i++)
    if (!seckeys[i])
      return KC_ERR (GPG_ERR_INV_ARG);
  out = n <= SENDER_STACK_N ? stack_out : outputs;
  if (out == outputs)
    {
      /* written in place: first every check that can fail on real input
       * (the keys, the size of each scan key's group) */
      for (i = 0; i < n; i++)
        if (!_kc_ecc_parse_pubkey (&b, scan_pubkeys[i],
                                   KC_SILENTPAYMENTS_PUBKEY_LEN)
            || !_kc_ecc_parse_pubkey (&b, spend_pubkeys[i],
                                      KC_SILENTPAYMENTS_PUBKEY_LEN))
          return KC_ERR (GPG_ERR_BAD_PUBKEY);
      for (i = 0; i < n; i++)
        if (!scan_seen (scan_pubkeys, i))
          {
            for (k = 0, r = i; r < n; r++)
              k += !memcmp (scan_pubkeys[r], scan_pubkeys[i],
                            KC_SILENTPAYMENTS_PUBKEY_LEN);
            if (k > KC_SILENTPAYMENTS_GROUP_LIMIT)
              return KC_ERR (GPG_ERR_LIMIT_REACHED);
          }
    }

  /* a = sum of the secret keys, taproot ones with even y */
  memset (&sum, 0, sizeof sum);
  for (i = 0; i < n_seckeys && !err; i++)
    {
      if (!_kc_ecc_parse_seckey (&d, seckeys[i]))
        err = KC_ERR (GPG_ERR_BAD_SECKEY);
      else
        _kc_secp256k1_scalar_add (&sum, &sum, &d);
    }
  for (i = 0; i < n_keypairs && !err; i++)
    {
      err = keypair_read (&d, &odd, keypairs[i]);
      if (!err)
        {
          _kc_secp256k1_scalar_cond_negate (&d, odd);
          _kc_secp256k1_scalar_add (&sum, &sum, &d);
        }
    }
  if (err)
    goto leave;
  ok = !_kc_secp256k1_scalar_is_zero (&sum);
  ct_declassify (&ok, sizeof ok);
  if (!ok)
    {
      err = KC_ERR (GPG_ERR_BAD_SECKEY);
      goto leave;
    }
  /* A = a*G (public: the inputs' keys' sum), input_hash, a *= input_hash */
  _kc_secp256k1_ecmult_gen_blind (_kc_random_fast, NULL);
  _kc_secp256k1_ecmult_gen_ge (&a, &sum);
  ct_declassify (&a, sizeof a);
  if (!input_hash (&h, outpoint, &a))
    {
      err = KC_ERR (GPG_ERR_BAD_SECKEY);
      goto leave;
    }
  _kc_secp256k1_scalar_mul (&sum, &sum, &h);

  /* each scan key's group, in the order of first appearance; k counts
   * its recipients in their order */
  for (i = 0; i < n && !err; i++)
    {
      if (scan_seen (scan_pubkeys, i))
        continue;
      if (!_kc_ecc_parse_pubkey (&b, scan_pubkeys[i],
                                 KC_SILENTPAYMENTS_PUBKEY_LEN))
        {
          err = KC_ERR (GPG_ERR_BAD_PUBKEY);
          break;
        }
      shared_secret (shared, &sum, &b);
      for (k = 0, r = i; r < n; r++)
        {
          if (memcmp (scan_pubkeys[r], scan_pubkeys[i],
                      KC_SILENTPAYMENTS_PUBKEY_LEN))
            continue;
          if (k >= KC_SILENTPAYMENTS_GROUP_LIMIT)
            err = KC_ERR (GPG_ERR_LIMIT_REACHED);
          else if (!_kc_ecc_parse_pubkey (&b, spend_pubkeys[r],
                                          KC_SILENTPAYMENTS_PUBKEY_LEN))
            err = KC_ERR (GPG_ERR_BAD_PUBKEY);
          /* a spend key that cancels its tweak (or a hash >= n, never
           * seen): in place, the only failures left after the checks */
          else if (!output_key (out + 32 * r, &d, shared, &b, k))
            err = KC_ERR (GPG_ERR_BAD_PUBKEY);
          written = 1;
          if (err)
            break;
          k++;
        }
    }
  if (!err && out == stack_out)
    memcpy (outputs, out, 32 * n);
  else if (err && written && out != stack_out)
    wipememory (outputs, 32 * n);

 leave:
  wipememory (stack_out, sizeof stack_out);
  wipememory (&sum, sizeof sum);
  wipememory (&d, sizeof d);
  wipememory (shared, sizeof shared);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_silentpayments_sender_create_outputs (int curve, void *outputs,
                                         size_t outputs_len,
                                         size_t n_recipients,
                                         const void *const *scan_pubkeys,
                                         const void *const *spend_pubkeys,
                                         const void *outpoint,
                                         size_t outpoint_len,
                                         size_t n_keypairs,
                                         const void *const *keypairs,
                                         size_t n_seckeys,
                                         const void *const *seckeys)
{
  gpg_error_t err = create_outputs_body (curve, outputs, outputs_len,
                                         n_recipients, scan_pubkeys,
                                         spend_pubkeys, outpoint,
                                         outpoint_len, n_keypairs, keypairs,
                                         n_seckeys, seckeys);
  _kc_burn_stack (KC_STACK_BURN_SILENTPAYMENTS);
  return err;
}

/* ------------------------------------------------------------ labels */

static KC_NOINLINE gpg_error_t
label_create_body (int curve, void *label, size_t label_len,
                   void *label_tweak, size_t label_tweak_len,
                   const void *scan_key, size_t scan_key_len, unsigned int m)
{
  _kc_sha256_ctx ctx;
  unsigned char mb[4], tw[32], enc[33];
  scalar x, t;
  ge p;
  int overflow, ok;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!label || label_len != KC_SILENTPAYMENTS_LABEL_LEN
      || !label_tweak || label_tweak_len != KC_ECC_TWEAK_LEN
      || !scan_key || scan_key_len != KC_ECC_SECP256K1_SECKEY_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_seckey (&x, scan_key))
    {
      wipememory (&x, sizeof x);
      return KC_ERR (GPG_ERR_BAD_SECKEY);
    }
  put_be32 (mb, (uint32_t) m);
  tagged_init (&ctx, TAG_LABEL);
  _kc_sha256_update (&ctx, scan_key, 32);
  _kc_sha256_update (&ctx, mb, 4);
  _kc_sha256_final (&ctx, tw);
  /* The tweak is a secret of the recipient (it spends with it). */
  _kc_secp256k1_scalar_set_b32 (&t, tw, &overflow);
  /* (& rather than &&: no branch on the secret tweak's overflow) */
  ok = !overflow & !_kc_secp256k1_scalar_is_zero (&t);
  ct_declassify (&ok, sizeof ok);
  if (ok)
    {
      _kc_secp256k1_ecmult_gen_blind (_kc_random_fast, NULL);
      _kc_secp256k1_ecmult_gen_ge (&p, &t);
      ct_declassify (&p, sizeof p);            /* the label is public */
      ser33 (enc, &p);
      memcpy (label, enc, 33);
      memcpy (label_tweak, tw, 32);
    }
  wipememory (&x, sizeof x);
  wipememory (&t, sizeof t);
  wipememory (tw, sizeof tw);
  return ok ? 0 : KC_ERR (GPG_ERR_BAD_SECKEY);
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_silentpayments_recipient_label_create (int curve, void *label,
                                          size_t label_len, void *label_tweak,
                                          size_t label_tweak_len,
                                          const void *scan_key,
                                          size_t scan_key_len, unsigned int m)
{
  gpg_error_t err = label_create_body (curve, label, label_len, label_tweak,
                                       label_tweak_len, scan_key,
                                       scan_key_len, m);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}

gpg_error_t
kc_silentpayments_recipient_create_labeled_spend_pubkey (int curve, void *out,
                                                         size_t out_len,
                                                         const void *spend_pubkey,
                                                         size_t spend_pubkey_len,
                                                         const void *label,
                                                         size_t label_len)
{
  gej sj;
  ge b, l;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!out || (out_len != 33 && out_len != 65)
      || !spend_pubkey || (spend_pubkey_len != 33 && spend_pubkey_len != 65)
      || !label || label_len != KC_SILENTPAYMENTS_LABEL_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_pubkey (&b, spend_pubkey, spend_pubkey_len)
      || !_kc_ecc_parse_pubkey (&l, label, label_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  _kc_secp256k1_gej_set_ge (&sj, &b);
  _kc_secp256k1_gej_add_ge_var (&sj, &sj, &l);
  if (sj.infinity)
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  _kc_secp256k1_ge_set_gej_var (&b, &sj);
  _kc_ecc_serialize_pubkey (out, out_len, &b);
  return 0;
}

/* -------------------------------------------------- prevouts summary */

static void
summary_write (unsigned char *s, ge *q, const scalar *h)
{
  _kc_secp256k1_fe_normalize_var (&q->x);
  _kc_secp256k1_fe_normalize_var (&q->y);
  s[0] = SUMMARY_VERSION;
  _kc_secp256k1_fe_get_b32 (s + 1, &q->x);
  _kc_secp256k1_fe_get_b32 (s + 33, &q->y);
  _kc_secp256k1_scalar_get_b32 (s + 65, h);
}

/* Q and H of the summary S; 0 if it is not one this library wrote. */
static int
summary_read (ge *q, scalar *h, const unsigned char *s)
{
  int overflow;

  if (s[0] != SUMMARY_VERSION || !_kc_secp256k1_ge_set_b64_var (q, s + 1))
    return 0;
  _kc_secp256k1_scalar_set_b32 (h, s + 65, &overflow);
  return !overflow && !_kc_secp256k1_scalar_is_zero (h);
}

gpg_error_t
kc_silentpayments_recipient_prevouts_summary_create
  (int curve, void *summary, size_t summary_len,
   const void *outpoint, size_t outpoint_len,
   size_t n_xonly_pubkeys, const void *const *xonly_pubkeys,
   size_t n_pubkeys, const void *const *pubkeys, const size_t *pubkey_lens)
{
  unsigned char s[SUMMARY_LEN];
  gej sum;
  ge p;
  scalar h;
  size_t i;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!summary || summary_len != SUMMARY_LEN
      || !outpoint || outpoint_len != KC_SILENTPAYMENTS_OUTPOINT_LEN
      || (n_xonly_pubkeys && !xonly_pubkeys)
      || (n_pubkeys && (!pubkeys || !pubkey_lens))
      || n_xonly_pubkeys + n_pubkeys == 0
      || n_xonly_pubkeys + n_pubkeys < n_pubkeys)
    return KC_ERR (GPG_ERR_INV_ARG);
  for (i = 0; i < n_xonly_pubkeys; i++)
    if (!xonly_pubkeys[i])
      return KC_ERR (GPG_ERR_INV_ARG);
  for (i = 0; i < n_pubkeys; i++)
    if (!pubkeys[i] || (pubkey_lens[i] != 33 && pubkey_lens[i] != 65))
      return KC_ERR (GPG_ERR_INV_ARG);

  _kc_secp256k1_gej_set_infinity (&sum);
  for (i = 0; i < n_pubkeys; i++)
    {
      if (!_kc_ecc_parse_pubkey (&p, pubkeys[i], pubkey_lens[i]))
        return KC_ERR (GPG_ERR_BAD_PUBKEY);
      _kc_secp256k1_gej_add_ge_var (&sum, &sum, &p);
    }
  for (i = 0; i < n_xonly_pubkeys; i++)
    {
      if (!_kc_bip340_lift_x_var (&p, xonly_pubkeys[i]))
        return KC_ERR (GPG_ERR_BAD_PUBKEY);
      _kc_secp256k1_gej_add_ge_var (&sum, &sum, &p);
    }
  if (sum.infinity)
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  _kc_secp256k1_ge_set_gej_var (&p, &sum);
  _kc_secp256k1_fe_normalize_var (&p.x);
  _kc_secp256k1_fe_normalize_var (&p.y);
  if (!input_hash (&h, outpoint, &p))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  summary_write (s, &p, &h);
  memcpy (summary, s, SUMMARY_LEN);
  return 0;
}

gpg_error_t
kc_silentpayments_recipient_prevouts_summary_serialize
  (int curve, void *tweak_data, size_t tweak_data_len,
   const void *summary, size_t summary_len)
{
  static const scalar one = KC_SCALAR_CONST (0, 0, 0, 0, 0, 0, 0, 1);
  unsigned char enc[33];
  gej qj;
  ge q;
  scalar h;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!tweak_data || tweak_data_len != KC_SILENTPAYMENTS_TWEAK_DATA_LEN
      || !summary || summary_len != SUMMARY_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!summary_read (&q, &h, summary))
    return KC_ERR (GPG_ERR_INV_DATA);
  if (!_kc_secp256k1_scalar_eq (&h, &one))
    {
      gej aj;
      scalar zero;
      memset (&zero, 0, sizeof zero);
      _kc_secp256k1_gej_set_ge (&aj, &q);
      _kc_secp256k1_ecmult_var (&qj, &aj, &h, &zero);
      /* h in [1, n-1], Q of prime order: finite */
      _kc_secp256k1_ge_set_gej_var (&q, &qj);
      _kc_secp256k1_fe_normalize_var (&q.x);
      _kc_secp256k1_fe_normalize_var (&q.y);
    }
  ser33 (enc, &q);
  memcpy (tweak_data, enc, 33);
  return 0;
}

gpg_error_t
kc_silentpayments_recipient_prevouts_summary_parse
  (int curve, void *summary, size_t summary_len,
   const void *tweak_data, size_t tweak_data_len)
{
  static const scalar one = KC_SCALAR_CONST (0, 0, 0, 0, 0, 0, 0, 1);
  unsigned char s[SUMMARY_LEN];
  ge q;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!summary || summary_len != SUMMARY_LEN
      || !tweak_data || tweak_data_len != KC_SILENTPAYMENTS_TWEAK_DATA_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_pubkey (&q, tweak_data, tweak_data_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  summary_write (s, &q, &one);
  memcpy (summary, s, SUMMARY_LEN);
  return 0;
}

/* ----------------------------------------------------------- scanning */

/* Label candidates are made affine in batches of this many outputs
 * (two candidates each), one inversion a batch, as libsecp256k1 does. */
#define LABEL_BATCH 8
/* The x-only outputs lifted to points on the stack (label candidates);
 * see struct lift_cache for the others. */
#define SCAN_LIFT_N 16

/* Check the batch CAND[0 .. 2*NB-1] (Jacobian, finite) of the outputs
 * J[0 .. NB-1] against the label table: the first hit gives its output
 * index, its label (LABEL33) and the tweak (*TW); -1 if none.  Montgomery's
 * trick for the affine forms.  Variable time (public points). */
static long
check_label_batch (unsigned char label33[33], const unsigned char **tw,
                   gej *cand, const size_t *j, size_t nb,
                   kc_silentpayments_label_lookup_t lookup, const void *lctx)
{
  fe acc[2 * LABEL_BATCH], inv, zi, zi2, zi3;
  size_t i, m = 2 * nb;
  ge p;

  acc[0] = cand[0].z;
  for (i = 1; i < m; i++)
    _kc_secp256k1_fe_mul (&acc[i], &acc[i - 1], &cand[i].z);
  _kc_secp256k1_fe_inv_var (&inv, &acc[m - 1]);
  /* walk back: zi = 1/z_i, inv becomes 1/(z_0 ... z_{i-1}) */
  for (i = m; i-- > 0;)
    {
      if (i > 0)
        {
          _kc_secp256k1_fe_mul (&zi, &inv, &acc[i - 1]);
          _kc_secp256k1_fe_mul (&inv, &inv, &cand[i].z);
        }
      else
        zi = inv;
      acc[i] = zi;                     /* acc now holds the inverses */
    }
  for (i = 0; i < m; i++)
    {
      zi = acc[i];
      _kc_secp256k1_fe_sqr (&zi2, &zi);
      _kc_secp256k1_fe_mul (&zi3, &zi2, &zi);
      _kc_secp256k1_fe_mul (&p.x, &cand[i].x, &zi2);
      _kc_secp256k1_fe_mul (&p.y, &cand[i].y, &zi3);
      p.infinity = 0;
      _kc_secp256k1_fe_normalize_var (&p.x);
      _kc_secp256k1_fe_normalize_var (&p.y);
      ser33 (label33, &p);
      *tw = lookup (label33, lctx);
      if (*tw)
        return (long) j[i / 2];
    }
  return -1;
}

/* The outputs are lifted to points once: the first SCAN_LIFT_N on the
 * stack, the y of the others (32 bytes big-endian; all 0xFF for an x
 * that is no point's: not below p) in the tail of the caller's FOUND
 * buffer, y of output I at n * FOUND_LEN - (n - I) * 32.  These are
 * public values, and the unused slots are zeroed before the call
 * returns.  Pass K (the search for the K-th output) has written the
 * results 0 .. K-1 in front of it, so an entry is good while it lies
 * at or past K * FOUND_LEN: every entry while fewer than two thirds of
 * the outputs were found; beyond that the lowest are lifted again each
 * pass.  (Lifting again on every pass made a transaction with thousands
 * of outputs cost a square root per output and pass, where
 * libsecp256k1, whose caller parses the outputs once, adds.) */
struct lift_cache
{
  ge first[SCAN_LIFT_N];
  unsigned char *found;         /* NULL: no tail (an output lies in FOUND) */
  size_t n;
};

/* y of output I in the tail */
static unsigned char *
tail_entry (const struct lift_cache *c, size_t i)
{
  return c->found + c->n * FOUND_LEN - (c->n - i) * 32;
}

/* Lift every output of TX_OUTPUTS into C (FOUND the caller's buffer of
 * N results, unless an output lies in it). */
static void
lift_fill (struct lift_cache *c, unsigned char *found, size_t n,
           const void *const *tx_outputs)
{
  uintptr_t lo = (uintptr_t) found, hi = lo + n * FOUND_LEN;
  size_t i;

  c->found = found;
  c->n = n;
  for (i = 0; i < n; i++)
    {
      uintptr_t o = (uintptr_t) tx_outputs[i];
      if (o < hi && o + 32 > lo)
        c->found = NULL;
    }
  for (i = 0; i < n && i < SCAN_LIFT_N; i++)
    if (!_kc_bip340_lift_x_var (&c->first[i], tx_outputs[i]))
      c->first[i].infinity = 1;        /* no point: never a candidate */
  if (c->found)
    for (; i < n; i++)
      {
        ge p;
        unsigned char *e = tail_entry (c, i);
        if (_kc_bip340_lift_x_var (&p, tx_outputs[i]))
          {
            _kc_secp256k1_fe_normalize_var (&p.y);
            _kc_secp256k1_fe_get_b32 (e, &p.y);
          }
        else
          memset (e, 0xFF, 32);
      }
}

/* P = output I lifted, during pass K; 0 if the output is no point. */
static int
lifted (ge *p, const struct lift_cache *c, const void *const *tx_outputs,
        size_t i, size_t k)
{
  if (i < SCAN_LIFT_N)
    {
      *p = c->first[i];
      return !p->infinity;
    }
  if (c->found)
    {
      const unsigned char *e = tail_entry (c, i);
      if ((size_t) (e - c->found) >= k * FOUND_LEN)
        {
          fe x, y;
          if (!_kc_secp256k1_fe_set_b32_limit (&y, e))
            return 0;                   /* the mark of no point */
          /* below p: the output was lifted before */
          (void) _kc_secp256k1_fe_set_b32_limit (&x, tx_outputs[i]);
          _kc_secp256k1_ge_set_xy (p, &x, &y);
          return 1;
        }
    }
  return _kc_bip340_lift_x_var (p, tx_outputs[i]);
}

static KC_NOINLINE gpg_error_t
scan_body (int curve, void *found, size_t found_len, size_t *n_found,
           size_t n, const void *const *tx_outputs,
           const void *scan_key, size_t scan_key_len,
           const void *summary, size_t summary_len,
           const void *spend_pubkey, size_t spend_pubkey_len,
           kc_silentpayments_label_lookup_t lookup, const void *lctx)
{
  struct lift_cache cache;
  unsigned char shared[33], *fb = found;
  size_t i, k, kmax;
  scalar x, h, t;
  ge q, b;
  gpg_error_t err = 0;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!found || !n_found || n == 0 || n > SIZE_MAX / FOUND_LEN
      || found_len != n * FOUND_LEN || !tx_outputs
      || !scan_key || scan_key_len != KC_ECC_SECP256K1_SECKEY_LEN
      || !summary || summary_len != SUMMARY_LEN
      || !spend_pubkey || (spend_pubkey_len != 33 && spend_pubkey_len != 65)
      || (lctx && !lookup))
    return KC_ERR (GPG_ERR_INV_ARG);
  for (i = 0; i < n; i++)
    if (!tx_outputs[i])
      return KC_ERR (GPG_ERR_INV_ARG);
  if (!summary_read (&q, &h, summary))
    return KC_ERR (GPG_ERR_INV_DATA);
  if (!_kc_ecc_parse_pubkey (&b, spend_pubkey, spend_pubkey_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  if (!_kc_ecc_parse_seckey (&x, scan_key))
    {
      wipememory (&x, sizeof x);
      return KC_ERR (GPG_ERR_BAD_SECKEY);
    }
  if (lookup)
    lift_fill (&cache, fb, n, tx_outputs);

  /* shared = ser33 (b_scan * h * Q) */
  _kc_secp256k1_scalar_mul (&x, &x, &h);
  shared_secret (shared, &x, &q);
  wipememory (&x, sizeof x);

  /* FOUND is written in place from here: the only failures left are a
   * hash >= n or B_spend = -t_k G, which no input meets by chance */
  kmax = n < KC_SILENTPAYMENTS_GROUP_LIMIT ? n : KC_SILENTPAYMENTS_GROUP_LIMIT;
  for (k = 0; k < kmax; k++)
    {
      gej pj, cand[2 * LABEL_BATCH];
      ge pneg;
      size_t jb[LABEL_BATCH], nb = 0;
      const unsigned char *tw = NULL;
      unsigned char label33[33];
      long hit = -1;
      unsigned char *r;

      if (!output_tweak (&t, shared, (uint32_t) k) || !tweak_point (&pj, &b, &t))
        {
          err = KC_ERR (GPG_ERR_BAD_PUBKEY);   /* never seen */
          break;
        }
      if (lookup)
        {
          ge pa;
          _kc_secp256k1_ge_set_gej_var (&pa, &pj);
          _kc_secp256k1_ge_neg (&pneg, &pa);
        }
      for (i = 0; i < n; i++)
        {
          fe ox;
          ge o;
          if (_kc_secp256k1_fe_set_b32_limit (&ox, tx_outputs[i])
              && _kc_secp256k1_gej_eq_x_var (&ox, &pj))
            {
              hit = (long) i;
              /* an earlier output found with a label comes first */
              if (nb)
                {
                  long l = check_label_batch (label33, &tw, cand, jb, nb,
                                              lookup, lctx);
                  if (l >= 0)
                    hit = l;
                }
              break;
            }
          if (lookup && lifted (&o, &cache, tx_outputs, i, k))
            {
              gej oj;
              _kc_secp256k1_gej_set_ge (&oj, &o);
              _kc_secp256k1_gej_add_ge_var (&cand[2 * nb], &oj, &pneg);
              _kc_secp256k1_gej_neg (&oj, &oj);
              _kc_secp256k1_gej_add_ge_var (&cand[2 * nb + 1], &oj, &pneg);
              /* output != +-P_k here (x differs): both finite */
              jb[nb++] = i;
            }
          if (lookup && nb && (nb == LABEL_BATCH || i == n - 1))
            {
              hit = check_label_batch (label33, &tw, cand, jb, nb, lookup,
                                       lctx);
              nb = 0;
              if (hit >= 0)
                break;
            }
        }
      if (hit < 0)
        break;
      r = fb + k * FOUND_LEN;
      memcpy (r, tx_outputs[hit], 32);
      _kc_secp256k1_scalar_get_b32 (r + 32, &t);
      if (tw)
        {
          scalar lt;
          int overflow;
          _kc_secp256k1_scalar_set_b32 (&lt, tw, &overflow);
          _kc_secp256k1_scalar_add (&lt, &lt, &t);
          /* as libsecp256k1: an unusable sum leaves tweak 0 */
          if (overflow || _kc_secp256k1_scalar_is_zero (&lt))
            memset (r + 32, 0, 32);
          else
            _kc_secp256k1_scalar_get_b32 (r + 32, &lt);
          wipememory (&lt, sizeof lt);
          r[64] = 1;
          memcpy (r + 65, label33, 33);
        }
      else
        {
          r[64] = 0;
          memset (r + 65, 0, 33);
        }
    }
  if (err)
    wipememory (found, found_len);
  else
    {
      memset (fb + k * FOUND_LEN, 0, (n - k) * FOUND_LEN);
      *n_found = k;
    }
  wipememory (&t, sizeof t);
  wipememory (shared, sizeof shared);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_silentpayments_recipient_scan_outputs (int curve, void *found,
                                          size_t found_len, size_t *n_found,
                                          size_t n_tx_outputs,
                                          const void *const *tx_outputs,
                                          const void *scan_key,
                                          size_t scan_key_len,
                                          const void *summary,
                                          size_t summary_len,
                                          const void *spend_pubkey,
                                          size_t spend_pubkey_len,
                                          kc_silentpayments_label_lookup_t
                                          label_lookup,
                                          const void *label_ctx)
{
  gpg_error_t err = scan_body (curve, found, found_len, n_found,
                               n_tx_outputs, tx_outputs, scan_key,
                               scan_key_len, summary, summary_len,
                               spend_pubkey, spend_pubkey_len, label_lookup,
                               label_ctx);
  _kc_burn_stack (KC_STACK_BURN_SILENTPAYMENTS);
  return err;
}

/* ------------------------------------------------------ light clients */

static KC_NOINLINE gpg_error_t
create_shared_secret_body (int curve, void *shared, size_t shared_len,
                           const void *scan_key, size_t scan_key_len,
                           const void *summary, size_t summary_len)
{
  unsigned char ss[33];
  scalar x, h;
  ge q;
  gpg_error_t err = 0;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!shared || shared_len != KC_SILENTPAYMENTS_SHARED_SECRET_LEN
      || !scan_key || scan_key_len != KC_ECC_SECP256K1_SECKEY_LEN
      || !summary || summary_len != SUMMARY_LEN)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!summary_read (&q, &h, summary))
    return KC_ERR (GPG_ERR_INV_DATA);
  if (!_kc_ecc_parse_seckey (&x, scan_key))
    err = KC_ERR (GPG_ERR_BAD_SECKEY);
  else
    {
      _kc_secp256k1_scalar_mul (&x, &x, &h);
      shared_secret (ss, &x, &q);
      memcpy (shared, ss, 33);
    }
  wipememory (&x, sizeof x);
  wipememory (ss, sizeof ss);
  return err;
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_silentpayments_recipient_create_shared_secret (int curve, void *shared,
                                                  size_t shared_len,
                                                  const void *scan_key,
                                                  size_t scan_key_len,
                                                  const void *summary,
                                                  size_t summary_len)
{
  gpg_error_t err = create_shared_secret_body (curve, shared, shared_len,
                                               scan_key, scan_key_len,
                                               summary, summary_len);
  _kc_burn_stack (KC_STACK_BURN_ECDH);
  return err;
}

static KC_NOINLINE gpg_error_t
create_output_pubkey_body (int curve, void *output, size_t output_len,
                           void *tweak, size_t tweak_len,
                           const void *shared, size_t shared_len,
                           const void *spend_pubkey, size_t spend_pubkey_len,
                           unsigned int k)
{
  unsigned char out[32];
  const unsigned char *s = shared;
  scalar t;
  ge b;
  int ok;

  if (curve != KC_ECC_SECP256K1)
    return KC_ERR (GPG_ERR_NOT_SUPPORTED);
  if (!output || output_len != KC_ECC_SECP256K1_XONLY_LEN
      || (tweak_len != 0 && tweak_len != KC_ECC_TWEAK_LEN)
      || (!tweak && tweak_len)
      || !shared || shared_len != KC_SILENTPAYMENTS_SHARED_SECRET_LEN
      || !spend_pubkey || (spend_pubkey_len != 33 && spend_pubkey_len != 65))
    return KC_ERR (GPG_ERR_INV_ARG);
  /* the prefix of a compressed point: 02 or 03, y's parity secret */
  ok = (int) ct_eq_u32 ((uint32_t) (s[0] & 0xfe), 2);
  ct_declassify (&ok, sizeof ok);
  if (!ok)
    return KC_ERR (GPG_ERR_INV_ARG);
  if (!_kc_ecc_parse_pubkey (&b, spend_pubkey, spend_pubkey_len))
    return KC_ERR (GPG_ERR_BAD_PUBKEY);
  ok = output_key (out, &t, shared, &b, (uint32_t) k);
  if (ok)
    {
      memcpy (output, out, 32);
      if (tweak_len)
        _kc_secp256k1_scalar_get_b32 (tweak, &t);
    }
  wipememory (&t, sizeof t);
  return ok ? 0 : KC_ERR (GPG_ERR_BAD_PUBKEY);
}

/* The body, then the stack burn (see _kc_burn_stack). */
gpg_error_t
kc_silentpayments_create_output_pubkey (int curve, void *output,
                                        size_t output_len, void *tweak,
                                        size_t tweak_len, const void *shared,
                                        size_t shared_len,
                                        const void *spend_pubkey,
                                        size_t spend_pubkey_len,
                                        unsigned int k)
{
  gpg_error_t err = create_output_pubkey_body (curve, output, output_len,
                                               tweak, tweak_len, shared,
                                               shared_len, spend_pubkey,
                                               spend_pubkey_len, k);
  _kc_burn_stack (KC_STACK_BURN_ECC);
  return err;
}
