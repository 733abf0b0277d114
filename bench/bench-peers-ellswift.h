/* bench-peers-ellswift.h - bench-peers rows ecc/secp256k1-master/ellswift_*:
 * ElligatorSwift (BIP-324) beside libsecp256k1 master's ellswift module,
 * with a byte-for-byte differential check first.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Included by bench-peers-secp.c (the renamed master build, see there)
 * after secp256k1.h; defines bench_peers_secp_master_ellswift.  The
 * system libsecp256k1 (0.2.0) has no ellswift module, so there is no
 * such row against it.
 *
 * Rows (us/op), both sides from the same bytes to the same bytes, 16
 * inputs taken in turn:
 *   ellswift_encode  ours: kc_ellswift_encode (33-byte key, 32-byte rnd).
 *                    master: ec_pubkey_parse + ellswift_encode.
 *   ellswift_decode  ours: kc_ellswift_decode to 33 bytes.  master:
 *                    ellswift_decode + ec_pubkey_serialize (compressed).
 *   ellswift_create  ours: kc_ellswift_create (seckey, 32-byte aux).
 *                    master: ellswift_create.
 *   ellswift_xdh     ours: kc_ellswift_xdh.  master: ellswift_xdh with
 *                    secp256k1_ellswift_xdh_hash_function_bip324.
 * The check before timing (ELLSWIFT_CHECK_N inputs from a fixed seed;
 * any difference fails the run): create with and without aux, encode
 * of those keys with fresh rnd, decode of the encodings and of random
 * 64-byte strings (some with u or t set to 0, p or 2^256 - 1), and xdh
 * in both roles, all byte-identical.
 */

#include <secp256k1_ellswift.h>

#define ELL_N 16
#define ELLSWIFT_CHECK_N 2000

struct ell_input
{
  unsigned char sk[ELL_N][32], sk2[ELL_N][32], aux[ELL_N][32];
  unsigned char rnd[ELL_N][32], pk33[ELL_N][33];
  unsigned char ell[ELL_N][64], ell2[ELL_N][64], junk[ELL_N][64];
  secp256k1_context *ctx;
  size_t pos;
};

enum ell_op { ELL_ENCODE, ELL_DECODE, ELL_CREATE, ELL_XDH };

static int
ell_ours (const struct ell_input *in, enum ell_op op, size_t i,
          unsigned char *out)
{
  switch (op)
    {
    case ELL_ENCODE:
      return !kc_ellswift_encode (KC_ECC_SECP256K1, out, 64, in->pk33[i], 33,
                                  in->rnd[i], 32);
    case ELL_DECODE:
      return !kc_ellswift_decode (KC_ECC_SECP256K1, out, 33, in->junk[i], 64);
    case ELL_CREATE:
      return !kc_ellswift_create (KC_ECC_SECP256K1, out, 64, in->sk[i], 32,
                                  in->aux[i], 32);
    case ELL_XDH:
      return !kc_ellswift_xdh (KC_ECC_SECP256K1, out, 32, in->ell[i], 64,
                               in->ell2[i], 64, in->sk[i], 32,
                               KC_ELLSWIFT_PARTY_A);
    }
  return 0;
}

static int
ell_master (const struct ell_input *in, enum ell_op op, size_t i,
            unsigned char *out)
{
  secp256k1_pubkey pk;
  size_t len = 33;

  switch (op)
    {
    case ELL_ENCODE:
      return secp256k1_ec_pubkey_parse (in->ctx, &pk, in->pk33[i], 33)
             && secp256k1_ellswift_encode (in->ctx, out, &pk, in->rnd[i]);
    case ELL_DECODE:
      return secp256k1_ellswift_decode (in->ctx, &pk, in->junk[i])
             && secp256k1_ec_pubkey_serialize (in->ctx, out, &len, &pk,
                                               SECP256K1_EC_COMPRESSED);
    case ELL_CREATE:
      return secp256k1_ellswift_create (in->ctx, out, in->sk[i], in->aux[i]);
    case ELL_XDH:
      return secp256k1_ellswift_xdh (in->ctx, out, in->ell[i], in->ell2[i],
                                     in->sk[i], 0,
                                     secp256k1_ellswift_xdh_hash_function_bip324,
                                     NULL);
    }
  return 0;
}

#define ELL_BODY(name, side, op) \
  static void name (void *vctx, uint64_t iters) \
  { struct ell_input *in = vctx; size_t i = in->pos; \
    unsigned char out[64]; uint64_t acc = 0; \
    while (iters--) \
      { acc += (uint64_t) side (bench_hide_ptr (in), op, i, out); \
        bench_consume (out, sizeof out); i = (i + 1) % ELL_N; } \
    in->pos = i; bench_consume_u64 (acc); }
ELL_BODY (ell_encode_ours, ell_ours, ELL_ENCODE)
ELL_BODY (ell_encode_master, ell_master, ELL_ENCODE)
ELL_BODY (ell_decode_ours, ell_ours, ELL_DECODE)
ELL_BODY (ell_decode_master, ell_master, ELL_DECODE)
ELL_BODY (ell_create_ours, ell_ours, ELL_CREATE)
ELL_BODY (ell_create_master, ell_master, ELL_CREATE)
ELL_BODY (ell_xdh_ours, ell_ours, ELL_XDH)
ELL_BODY (ell_xdh_master, ell_master, ELL_XDH)

/* Fill input I of IN from STATE: keys below n, their encodings made by
 * us, a random string to decode (special values for the first few
 * SERIAL numbers). */
static void
ell_fill (struct ell_input *in, size_t i, uint64_t *state, size_t serial)
{
  static const unsigned char p_be[32] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xfc, 0x2f };
  const char *g = "ecc/secp256k1-master";
  size_t j;

  for (j = 0; j < 32; j += 8)
    {
      uint64_t w[6];
      int k;
      for (k = 0; k < 6; k++)
        w[k] = bench_rand64 (state);
      memcpy (in->sk[i] + j, &w[0], 8);
      memcpy (in->sk2[i] + j, &w[1], 8);
      memcpy (in->aux[i] + j, &w[2], 8);
      memcpy (in->rnd[i] + j, &w[3], 8);
      memcpy (in->junk[i] + j, &w[4], 8);
      memcpy (in->junk[i] + 32 + j, &w[5], 8);
    }
  in->sk[i][0] &= 0x7f;
  in->sk[i][31] |= 1;
  in->sk2[i][0] &= 0x7f;
  in->sk2[i][31] |= 1;
  switch (serial)
    {
    case 0: memset (in->junk[i], 0, 64); break;
    case 1: memset (in->junk[i], 0xff, 64); break;
    case 2: memcpy (in->junk[i], p_be, 32); break;
    case 3: memcpy (in->junk[i] + 32, p_be, 32); break;
    case 4: memset (in->junk[i] + 32, 0, 32); break;
    case 5: memset (in->junk[i], 0, 32); break;
    default: break;
    }
  bench_check (g, !kc_ecc_pubkey (KC_ECC_SECP256K1, in->pk33[i], 33,
                                  in->sk[i], 32)
               && !kc_ellswift_create (KC_ECC_SECP256K1, in->ell[i], 64,
                                       in->sk[i], 32, in->aux[i], 32)
               && !kc_ellswift_create (KC_ECC_SECP256K1, in->ell2[i], 64,
                                       in->sk2[i], 32, NULL, 0),
               "our ellswift set-up failed");
}

/* The differential check of the header comment. */
static void
ell_check (secp256k1_context *c)
{
  const char *g = "ecc/secp256k1-master";
  static struct ell_input t;
  uint64_t state = 0xe11a5e1f7324ULL;
  size_t s;

  t.ctx = c;
  for (s = 0; s < ELLSWIFT_CHECK_N; s++)
    {
      unsigned char a[64], b[64], pk[33];
      secp256k1_pubkey mp;
      size_t len = 33;
      int op;

      ell_fill (&t, 0, &state, s);
      for (op = ELL_ENCODE; op <= ELL_XDH; op++)
        {
          size_t n = op == ELL_DECODE ? 33 : op == ELL_XDH ? 32 : 64;
          bench_check (g, ell_ours (&t, (enum ell_op) op, 0, a)
                       && ell_master (&t, (enum ell_op) op, 0, b)
                       && !memcmp (a, b, n),
                       "ellswift op %d, input %zu: master differs", op, s);
        }
      /* create without aux */
      bench_check (g, !kc_ellswift_create (KC_ECC_SECP256K1, a, 64, t.sk2[0],
                                           32, NULL, 0)
                   && secp256k1_ellswift_create (c, b, t.sk2[0], NULL)
                   && !memcmp (a, b, 64) && !memcmp (a, t.ell2[0], 64),
                   "ellswift create without aux, input %zu: differs", s);
      /* decode of the encodings */
      bench_check (g, !kc_ellswift_decode (KC_ECC_SECP256K1, pk, 33,
                                           t.ell[0], 64)
                   && secp256k1_ellswift_decode (c, &mp, t.ell[0])
                   && secp256k1_ec_pubkey_serialize (c, a, &len, &mp,
                                                     SECP256K1_EC_COMPRESSED)
                   && !memcmp (pk, a, 33) && !memcmp (pk, t.pk33[0], 33),
                   "ellswift decode of an encoding, input %zu: differs", s);
      /* xdh, the responder's side */
      bench_check (g, !kc_ellswift_xdh (KC_ECC_SECP256K1, a, 32, t.ell[0], 64,
                                        t.ell2[0], 64, t.sk2[0], 32,
                                        KC_ELLSWIFT_PARTY_B)
                   && secp256k1_ellswift_xdh (c, b, t.ell[0], t.ell2[0],
                                              t.sk2[0], 1,
                                              secp256k1_ellswift_xdh_hash_function_bip324,
                                              NULL)
                   && !memcmp (a, b, 32),
                   "ellswift xdh (party B), input %zu: differs", s);
    }
  if (!bench_cfg.csv)
    printf ("  %s: ellswift encode, decode, create, xdh byte-identical to "
            "master on %d inputs\n", g, ELLSWIFT_CHECK_N);
}

void
bench_peers_secp_master_ellswift (void)
{
  static struct ell_input in[2];
  static const struct
  {
    const char *name;
    bench_body ours, master;
  } rows[] = {
    { "ellswift_encode", ell_encode_ours, ell_encode_master },
    { "ellswift_decode", ell_decode_ours, ell_decode_master },
    { "ellswift_create", ell_create_ours, ell_create_master },
    { "ellswift_xdh", ell_xdh_ours, ell_xdh_master },
  };
  const char *g = "ecc/secp256k1-master";
  secp256k1_context *c;
  uint64_t state = 0xb1b324e11ULL;
  char path[64];
  size_t i;

  if (!peers_group_wanted ("ecc/secp256k1-master/ellswift"))
    return;
  c = secp256k1_context_create (SECP256K1_CONTEXT_NONE);
  bench_check (g, c, "secp256k1_context_create failed");
  ell_check (c);
  for (i = 0; i < ELL_N; i++)
    ell_fill (&in[0], i, &state, 100 + i);
  in[0].ctx = c;
  in[1] = in[0];
  for (i = 0; i < KC_DIM (rows); i++)
    {
      struct peer_side s[2];
      snprintf (path, sizeof path, "%s/%s", g, rows[i].name);
      if (!peers_row_wanted (path))
        continue;
      in[0].pos = in[1].pos = 0;
      s[0].who = "ours";
      s[0].body = rows[i].ours;
      s[0].ctx = &in[0];
      s[1].who = "master";
      s[1].body = rows[i].master;
      s[1].ctx = &in[1];
      peers_compare (path, BENCH_US_PER_OP, 1, s, 2);
    }
  secp256k1_context_destroy (c);
}
