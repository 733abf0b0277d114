/* bench-peers-musig.h - bench-peers rows ecc/secp256k1-master/musig_*:
 * MuSig2 (BIP-327) beside libsecp256k1 master's musig module, with a
 * byte-for-byte differential check first.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Included by bench-peers-secp.c (the renamed master build, see there)
 * when the peer has the module (HAVE_SECP256K1_PEER_MUSIG); defines
 * bench_peers_secp_master_musig.
 *
 * Rows (us/op), three signers, MUSIG_N input sets taken in turn; both
 * sides from the same bytes to the same kind of result.  Our calls take
 * serialized public keys where master takes parsed ones: there master's
 * side includes secp256k1_ec_pubkey_parse of the 33-byte keys
 * (pubkey_agg: three, nonce_gen and partial_sig_verify: one).  Opaque
 * results are not serialized on either side.
 *   musig_pubkey_agg, musig_pubkey_get (+ serialize to 33 bytes on
 *   master's side), musig_pubkey_ec_tweak_add and _xonly_tweak_add (on a
 *   fresh copy of the cache), musig_nonce_gen (seckey, msg, cache, extra
 *   input; a fresh copy of session_secrand), musig_nonce_gen_counter,
 *   musig_nonce_agg, musig_nonce_process, musig_partial_sign (a fresh
 *   copy of the secret nonce), musig_partial_sig_verify,
 *   musig_partial_sig_agg, and the six parse / serialize calls.
 * The check before timing (MUSIG_CHECK_N sessions from a fixed seed):
 * aggregate keys, tweaked keys, public nonces of both generators, the
 * aggregate nonce, every partial signature, the final signature and
 * every serialization are byte-identical; both accept every partial
 * signature and reject a wrong one; both refuse the same bad nonce and
 * partial signature encodings.
 */

#include <secp256k1_musig.h>

#define MUSIG_N 8
#define MUSIG_S 3
#define MUSIG_CHECK_N 200

struct musig_set
{
  unsigned char sk[MUSIG_S][32], pk[MUSIG_S][33], msg[32], extra[32];
  unsigned char rnd[32], tweak[2][32];
  /* ours */
  unsigned char kp[MUSIG_S][KC_SCHNORR_SECP256K1_KEYPAIR_LEN];
  unsigned char cache[KC_MUSIG_KEYAGG_CACHE_LEN];
  unsigned char sn[MUSIG_S][KC_MUSIG_SECNONCE_LEN];
  unsigned char pn[MUSIG_S][KC_MUSIG_PUBNONCE_LEN];
  unsigned char pn_ser[MUSIG_S][66], an_ser[66];
  unsigned char an[KC_MUSIG_AGGNONCE_LEN], session[KC_MUSIG_SESSION_LEN];
  unsigned char ps[MUSIG_S][KC_MUSIG_PARTIAL_SIG_LEN], ps_ser[MUSIG_S][32];
  /* master's */
  secp256k1_keypair mkp[MUSIG_S];
  secp256k1_pubkey mpk[MUSIG_S];
  secp256k1_musig_keyagg_cache mcache;
  secp256k1_musig_secnonce msn[MUSIG_S];
  secp256k1_musig_pubnonce mpn[MUSIG_S];
  secp256k1_musig_aggnonce man;
  secp256k1_musig_session msession;
  secp256k1_musig_partial_sig mps[MUSIG_S];
};

struct musig_input
{
  struct musig_set set[MUSIG_N];
  secp256k1_context *ctx;
  size_t pos;
};

enum musig_op
{
  MU_AGG, MU_GET, MU_EC_TWEAK, MU_XONLY_TWEAK, MU_NONCE_GEN,
  MU_NONCE_GEN_COUNTER, MU_NONCE_AGG, MU_NONCE_PROCESS, MU_SIGN, MU_VERIFY,
  MU_SIG_AGG, MU_PN_PARSE, MU_PN_SER, MU_AN_PARSE, MU_AN_SER, MU_PS_PARSE,
  MU_PS_SER
};

#define MC KC_ECC_SECP256K1

static int
musig_ours (const struct musig_set *s, enum musig_op op)
{
  const void *p[MUSIG_S];
  size_t l[MUSIG_S];
  unsigned char buf[KC_MUSIG_KEYAGG_CACHE_LEN], out[KC_MUSIG_SESSION_LEN];
  unsigned char sn[KC_MUSIG_SECNONCE_LEN], pn[KC_MUSIG_PUBNONCE_LEN];
  unsigned char rnd[32];
  int i;

  switch (op)
    {
    case MU_AGG:
      for (i = 0; i < MUSIG_S; i++)
        {
          p[i] = s->pk[i];
          l[i] = 33;
        }
      return !kc_musig_pubkey_agg (MC, NULL, 0, buf, sizeof buf, MUSIG_S,
                                   p, l);
    case MU_GET:
      return !kc_musig_pubkey_get (MC, out, 33, s->cache, sizeof s->cache);
    case MU_EC_TWEAK:
      memcpy (buf, s->cache, sizeof buf);
      return !kc_musig_pubkey_ec_tweak_add (MC, NULL, 0, buf, sizeof buf,
                                            s->tweak[0], 32);
    case MU_XONLY_TWEAK:
      memcpy (buf, s->cache, sizeof buf);
      return !kc_musig_pubkey_xonly_tweak_add (MC, NULL, 0, buf, sizeof buf,
                                               s->tweak[1], 32);
    case MU_NONCE_GEN:
      memcpy (rnd, s->rnd, 32);
      return !kc_musig_nonce_gen (MC, sn, sizeof sn, pn, sizeof pn, rnd, 32,
                                  s->sk[0], 32, s->pk[0], 33, s->msg, 32,
                                  s->cache, sizeof s->cache, s->extra, 32);
    case MU_NONCE_GEN_COUNTER:
      return !kc_musig_nonce_gen_counter (MC, sn, sizeof sn, pn, sizeof pn,
                                          12345, s->kp[0], sizeof s->kp[0],
                                          s->msg, 32, s->cache,
                                          sizeof s->cache, s->extra, 32);
    case MU_NONCE_AGG:
      for (i = 0; i < MUSIG_S; i++)
        {
          p[i] = s->pn[i];
          l[i] = sizeof s->pn[i];
        }
      return !kc_musig_nonce_agg (MC, out, KC_MUSIG_AGGNONCE_LEN, MUSIG_S, p,
                                  l);
    case MU_NONCE_PROCESS:
      return !kc_musig_nonce_process (MC, out, KC_MUSIG_SESSION_LEN, s->an,
                                      sizeof s->an, s->msg, 32, s->cache,
                                      sizeof s->cache);
    case MU_SIGN:
      memcpy (sn, s->sn[0], sizeof sn);
      return !kc_musig_partial_sign (MC, out, KC_MUSIG_PARTIAL_SIG_LEN, sn,
                                     sizeof sn, s->kp[0], sizeof s->kp[0],
                                     s->cache, sizeof s->cache, s->session,
                                     sizeof s->session);
    case MU_VERIFY:
      return !kc_musig_partial_sig_verify (MC, s->ps[0], sizeof s->ps[0],
                                           s->pn[0], sizeof s->pn[0],
                                           s->pk[0], 33, s->cache,
                                           sizeof s->cache, s->session,
                                           sizeof s->session);
    case MU_SIG_AGG:
      for (i = 0; i < MUSIG_S; i++)
        {
          p[i] = s->ps[i];
          l[i] = sizeof s->ps[i];
        }
      return !kc_musig_partial_sig_agg (MC, out, 64, s->session,
                                        sizeof s->session, MUSIG_S, p, l);
    case MU_PN_PARSE:
      return !kc_musig_pubnonce_parse (MC, pn, sizeof pn, s->pn_ser[0], 66);
    case MU_PN_SER:
      return !kc_musig_pubnonce_serialize (MC, out, 66, s->pn[0],
                                           sizeof s->pn[0]);
    case MU_AN_PARSE:
      return !kc_musig_aggnonce_parse (MC, pn, sizeof pn, s->an_ser, 66);
    case MU_AN_SER:
      return !kc_musig_aggnonce_serialize (MC, out, 66, s->an, sizeof s->an);
    case MU_PS_PARSE:
      return !kc_musig_partial_sig_parse (MC, out, KC_MUSIG_PARTIAL_SIG_LEN,
                                          s->ps_ser[0], 32);
    case MU_PS_SER:
      return !kc_musig_partial_sig_serialize (MC, out, 32, s->ps[0],
                                              sizeof s->ps[0]);
    }
  return 0;
}

static int
musig_master (const secp256k1_context *c, const struct musig_set *s,
              enum musig_op op)
{
  const secp256k1_pubkey *pp[MUSIG_S];
  const secp256k1_musig_pubnonce *pnp[MUSIG_S];
  const secp256k1_musig_partial_sig *psp[MUSIG_S];
  secp256k1_pubkey pk[MUSIG_S];
  secp256k1_musig_keyagg_cache cache;
  secp256k1_musig_secnonce sn;
  secp256k1_musig_pubnonce pn;
  secp256k1_musig_aggnonce an;
  secp256k1_musig_session session;
  secp256k1_musig_partial_sig ps;
  unsigned char out[66], rnd[32];
  size_t len = 33;
  int i, ok = 1;

  switch (op)
    {
    case MU_AGG:
      for (i = 0; i < MUSIG_S; i++)
        {
          ok &= secp256k1_ec_pubkey_parse (c, &pk[i], s->pk[i], 33);
          pp[i] = &pk[i];
        }
      return ok && secp256k1_musig_pubkey_agg (c, NULL, &cache, pp, MUSIG_S);
    case MU_GET:
      return secp256k1_musig_pubkey_get (c, &pk[0], &s->mcache)
             && secp256k1_ec_pubkey_serialize (c, out, &len, &pk[0],
                                               SECP256K1_EC_COMPRESSED);
    case MU_EC_TWEAK:
      cache = s->mcache;
      return secp256k1_musig_pubkey_ec_tweak_add (c, NULL, &cache,
                                                  s->tweak[0]);
    case MU_XONLY_TWEAK:
      cache = s->mcache;
      return secp256k1_musig_pubkey_xonly_tweak_add (c, NULL, &cache,
                                                     s->tweak[1]);
    case MU_NONCE_GEN:
      memcpy (rnd, s->rnd, 32);
      return secp256k1_ec_pubkey_parse (c, &pk[0], s->pk[0], 33)
             && secp256k1_musig_nonce_gen (c, &sn, &pn, rnd, s->sk[0],
                                           &pk[0], s->msg, &s->mcache,
                                           s->extra);
    case MU_NONCE_GEN_COUNTER:
      return secp256k1_musig_nonce_gen_counter (c, &sn, &pn, 12345,
                                                &s->mkp[0], s->msg,
                                                &s->mcache, s->extra);
    case MU_NONCE_AGG:
      for (i = 0; i < MUSIG_S; i++)
        pnp[i] = &s->mpn[i];
      return secp256k1_musig_nonce_agg (c, &an, pnp, MUSIG_S);
    case MU_NONCE_PROCESS:
      return secp256k1_musig_nonce_process (c, &session, &s->man, s->msg,
                                            &s->mcache);
    case MU_SIGN:
      sn = s->msn[0];
      return secp256k1_musig_partial_sign (c, &ps, &sn, &s->mkp[0],
                                           &s->mcache, &s->msession);
    case MU_VERIFY:
      return secp256k1_ec_pubkey_parse (c, &pk[0], s->pk[0], 33)
             && secp256k1_musig_partial_sig_verify (c, &s->mps[0], &s->mpn[0],
                                                    &pk[0], &s->mcache,
                                                    &s->msession);
    case MU_SIG_AGG:
      for (i = 0; i < MUSIG_S; i++)
        psp[i] = &s->mps[i];
      return secp256k1_musig_partial_sig_agg (c, out, &s->msession, psp,
                                              MUSIG_S);
    case MU_PN_PARSE:
      return secp256k1_musig_pubnonce_parse (c, &pn, s->pn_ser[0]);
    case MU_PN_SER:
      return secp256k1_musig_pubnonce_serialize (c, out, &s->mpn[0]);
    case MU_AN_PARSE:
      return secp256k1_musig_aggnonce_parse (c, &an, s->an_ser);
    case MU_AN_SER:
      return secp256k1_musig_aggnonce_serialize (c, out, &s->man);
    case MU_PS_PARSE:
      return secp256k1_musig_partial_sig_parse (c, &ps, s->ps_ser[0]);
    case MU_PS_SER:
      return secp256k1_musig_partial_sig_serialize (c, out, &s->mps[0]);
    }
  return 0;
}

/* A whole session on both sides from STATE, checked byte for byte
 * (the header comment's list); S keeps every intermediate. */
static void
musig_fill (secp256k1_context *c, struct musig_set *s, uint64_t *state,
            size_t serial)
{
  const char *g = "ecc/secp256k1-master";
  const void *p[MUSIG_S];
  size_t l[MUSIG_S], len;
  const secp256k1_pubkey *pp[MUSIG_S];
  const secp256k1_musig_pubnonce *pnp[MUSIG_S];
  const secp256k1_musig_partial_sig *psp[MUSIG_S];
  unsigned char a[66], b[66], x[32], rnd[32], rnd2[32], sig_a[64], sig_b[64];
  secp256k1_xonly_pubkey mx;
  secp256k1_pubkey mq;
  secp256k1_musig_secnonce msn2;
  secp256k1_musig_pubnonce mpn2;
  secp256k1_musig_aggnonce man2;
  secp256k1_musig_partial_sig mps2;
  unsigned char sn2[KC_MUSIG_SECNONCE_LEN], pn2[KC_MUSIG_PUBNONCE_LEN];
  int i, j;

  for (j = 0; j < 32; j += 8)
    {
      uint64_t w[4 + MUSIG_S];
      int k;
      for (k = 0; k < 4 + MUSIG_S; k++)
        w[k] = bench_rand64 (state);
      memcpy (s->msg + j, &w[0], 8);
      memcpy (s->extra + j, &w[1], 8);
      memcpy (s->rnd + j, &w[2], 8);
      memcpy (s->tweak[0] + j, &w[3], 8);
      memcpy (s->tweak[1] + j, &w[3], 8);
      for (k = 0; k < MUSIG_S; k++)
        memcpy (s->sk[k] + j, &w[4 + k], 8);
    }
  s->tweak[0][0] &= 0x7f;
  s->tweak[1][0] &= 0x3f;
  s->tweak[1][5] ^= 0x55;
  for (i = 0; i < MUSIG_S; i++)
    {
      s->sk[i][0] &= 0x7f;
      s->sk[i][31] |= 1;
      if (serial % 5 == 1 && i == 2)
        memcpy (s->sk[i], s->sk[0], 32);        /* a repeated key */
      bench_check (g, !kc_schnorr_keypair_create (MC, s->kp[i],
                                                  sizeof s->kp[i], s->sk[i],
                                                  32)
                   && !kc_schnorr_keypair_pub (MC, s->pk[i], 33, s->kp[i],
                                               sizeof s->kp[i])
                   && secp256k1_keypair_create (c, &s->mkp[i], s->sk[i])
                   && secp256k1_ec_pubkey_parse (c, &s->mpk[i], s->pk[i], 33),
                   "musig set-up: keys");
      p[i] = s->pk[i];
      l[i] = 33;
      pp[i] = &s->mpk[i];
    }
  /* key aggregation, tweaks */
  bench_check (g, !kc_musig_pubkey_agg (MC, x, 32, s->cache, sizeof s->cache,
                                        MUSIG_S, p, l)
               && secp256k1_musig_pubkey_agg (c, &mx, &s->mcache, pp, MUSIG_S)
               && secp256k1_xonly_pubkey_serialize (c, a, &mx)
               && !memcmp (a, x, 32),
               "musig pubkey_agg, input %zu: master differs", serial);
  for (j = 0; j < 2; j++)
    {
      int xo = (int) ((serial + (size_t) j) & 1);
      len = 33;
      bench_check (g, !(xo ? kc_musig_pubkey_xonly_tweak_add
                           : kc_musig_pubkey_ec_tweak_add) (MC, a, 33,
                                                            s->cache,
                                                            sizeof s->cache,
                                                            s->tweak[j], 32)
                   && (xo ? secp256k1_musig_pubkey_xonly_tweak_add
                          : secp256k1_musig_pubkey_ec_tweak_add) (c, &mq,
                                                                  &s->mcache,
                                                                  s->tweak[j])
                   && secp256k1_ec_pubkey_serialize (c, b, &len, &mq,
                                                     SECP256K1_EC_COMPRESSED)
                   && !memcmp (a, b, 33),
                   "musig tweak %d, input %zu: master differs", j, serial);
    }
  len = 33;
  bench_check (g, !kc_musig_pubkey_get (MC, a, 33, s->cache, sizeof s->cache)
               && secp256k1_musig_pubkey_get (c, &mq, &s->mcache)
               && secp256k1_ec_pubkey_serialize (c, b, &len, &mq,
                                                 SECP256K1_EC_COMPRESSED)
               && !memcmp (a, b, 33),
               "musig pubkey_get, input %zu: master differs", serial);
  /* nonces: signer 0 by nonce_gen, 1 by the counter, 2 without the
   * optional inputs */
  for (i = 0; i < MUSIG_S; i++)
    {
      int ok;
      memcpy (rnd, s->rnd, 32);
      rnd[0] ^= (unsigned char) i;
      memcpy (rnd2, rnd, 32);
      if (i == 1)
        ok = !kc_musig_nonce_gen_counter (MC, s->sn[i], sizeof s->sn[i],
                                          s->pn[i], sizeof s->pn[i],
                                          serial * 7 + 1, s->kp[i],
                                          sizeof s->kp[i], s->msg, 32,
                                          s->cache, sizeof s->cache,
                                          s->extra, 32)
             && secp256k1_musig_nonce_gen_counter (c, &s->msn[i], &s->mpn[i],
                                                   serial * 7 + 1, &s->mkp[i],
                                                   s->msg, &s->mcache,
                                                   s->extra);
      else if (i == 0)
        ok = !kc_musig_nonce_gen (MC, s->sn[i], sizeof s->sn[i], s->pn[i],
                                  sizeof s->pn[i], rnd, 32, s->sk[i], 32,
                                  s->pk[i], 33, s->msg, 32, s->cache,
                                  sizeof s->cache, s->extra, 32)
             && secp256k1_musig_nonce_gen (c, &s->msn[i], &s->mpn[i], rnd2,
                                           s->sk[i], &s->mpk[i], s->msg,
                                           &s->mcache, s->extra);
      else
        ok = !kc_musig_nonce_gen (MC, s->sn[i], sizeof s->sn[i], s->pn[i],
                                  sizeof s->pn[i], rnd, 32, NULL, 0,
                                  s->pk[i], 33, NULL, 0, NULL, 0, NULL, 0)
             && secp256k1_musig_nonce_gen (c, &s->msn[i], &s->mpn[i], rnd2,
                                           NULL, &s->mpk[i], NULL, NULL,
                                           NULL);
      bench_check (g, ok
                   && !kc_musig_pubnonce_serialize (MC, s->pn_ser[i], 66,
                                                    s->pn[i], sizeof s->pn[i])
                   && secp256k1_musig_pubnonce_serialize (c, b, &s->mpn[i])
                   && !memcmp (s->pn_ser[i], b, 66)
                   && !kc_musig_pubnonce_parse (MC, pn2, sizeof pn2,
                                                s->pn_ser[i], 66)
                   && !memcmp (pn2, s->pn[i], sizeof pn2)
                   && secp256k1_musig_pubnonce_parse (c, &mpn2, b),
                   "musig nonce_gen (signer %d), input %zu: master differs",
                   i, serial);
      p[i] = s->pn[i];
      l[i] = sizeof s->pn[i];
      pnp[i] = &s->mpn[i];
    }
  bench_check (g, !kc_musig_nonce_agg (MC, s->an, sizeof s->an, MUSIG_S, p, l)
               && secp256k1_musig_nonce_agg (c, &s->man, pnp, MUSIG_S)
               && !kc_musig_aggnonce_serialize (MC, s->an_ser, 66, s->an,
                                                sizeof s->an)
               && secp256k1_musig_aggnonce_serialize (c, b, &s->man)
               && !memcmp (s->an_ser, b, 66)
               && !kc_musig_aggnonce_parse (MC, pn2, KC_MUSIG_AGGNONCE_LEN,
                                            b, 66)
               && !memcmp (pn2, s->an, KC_MUSIG_AGGNONCE_LEN),
               "musig nonce_agg, input %zu: master differs", serial);
  bench_check (g, !kc_musig_nonce_process (MC, s->session, sizeof s->session,
                                           s->an, sizeof s->an, s->msg, 32,
                                           s->cache, sizeof s->cache)
               && secp256k1_musig_nonce_process (c, &s->msession, &s->man,
                                                 s->msg, &s->mcache),
               "musig nonce_process, input %zu", serial);
  for (i = 0; i < MUSIG_S; i++)
    {
      memcpy (sn2, s->sn[i], sizeof sn2);
      msn2 = s->msn[i];
      bench_check (g, !kc_musig_partial_sign (MC, s->ps[i], sizeof s->ps[i],
                                              sn2, sizeof sn2, s->kp[i],
                                              sizeof s->kp[i], s->cache,
                                              sizeof s->cache, s->session,
                                              sizeof s->session)
                   && secp256k1_musig_partial_sign (c, &s->mps[i], &msn2,
                                                    &s->mkp[i], &s->mcache,
                                                    &s->msession)
                   && !kc_musig_partial_sig_serialize (MC, s->ps_ser[i], 32,
                                                       s->ps[i],
                                                       sizeof s->ps[i])
                   && secp256k1_musig_partial_sig_serialize (c, b, &s->mps[i])
                   && !memcmp (s->ps_ser[i], b, 32),
                   "musig partial_sign (signer %d), input %zu: master differs",
                   i, serial);
      bench_check (g, !kc_musig_partial_sig_verify (MC, s->ps[i],
                                                    sizeof s->ps[i], s->pn[i],
                                                    sizeof s->pn[i], s->pk[i],
                                                    33, s->cache,
                                                    sizeof s->cache,
                                                    s->session,
                                                    sizeof s->session)
                   && secp256k1_musig_partial_sig_verify (c, &s->mps[i],
                                                          &s->mpn[i],
                                                          &s->mpk[i],
                                                          &s->mcache,
                                                          &s->msession)
                   && kc_musig_partial_sig_verify (MC, s->ps[i],
                                                   sizeof s->ps[i],
                                                   s->pn[(i + 1) % MUSIG_S],
                                                   sizeof s->pn[0], s->pk[i],
                                                   33, s->cache,
                                                   sizeof s->cache,
                                                   s->session,
                                                   sizeof s->session)
                   && !secp256k1_musig_partial_sig_verify (c, &s->mps[i],
                                                           &s->mpn[(i + 1) % MUSIG_S],
                                                           &s->mpk[i],
                                                           &s->mcache,
                                                           &s->msession),
                   "musig partial_sig_verify (signer %d), input %zu: differs",
                   i, serial);
      p[i] = s->ps[i];
      l[i] = sizeof s->ps[i];
      psp[i] = &s->mps[i];
    }
  bench_check (g, !kc_musig_partial_sig_agg (MC, sig_a, 64, s->session,
                                             sizeof s->session, MUSIG_S, p, l)
               && secp256k1_musig_partial_sig_agg (c, sig_b, &s->msession,
                                                   psp, MUSIG_S)
               && !memcmp (sig_a, sig_b, 64)
               && !kc_musig_pubkey_get (MC, a, 33, s->cache, sizeof s->cache)
               && !kc_schnorr_verify (MC, sig_a, 64, a + 1, 32, s->msg, 32),
               "musig partial_sig_agg, input %zu: master differs", serial);
  /* bad encodings: both refuse the same */
  memcpy (a, s->pn_ser[0], 66);
  a[33 + (serial % 33)] ^= (unsigned char) (1 + serial % 255);
  memcpy (b, s->an_ser, 66);
  b[serial % 66] ^= 0x80;
  bench_check (g, (kc_musig_pubnonce_parse (MC, pn2, sizeof pn2, a, 66) == 0)
               == secp256k1_musig_pubnonce_parse (c, &mpn2, a)
               && (kc_musig_aggnonce_parse (MC, pn2, KC_MUSIG_AGGNONCE_LEN,
                                            b, 66) == 0)
               == secp256k1_musig_aggnonce_parse (c, &man2, b),
               "musig nonce parsing of bad bytes, input %zu: differs",
               serial);
  memset (a, 0xff, 32);
  a[serial % 32] = (unsigned char) (serial & 0xff);
  bench_check (g, (kc_musig_partial_sig_parse (MC, pn2,
                                                KC_MUSIG_PARTIAL_SIG_LEN, a,
                                                32) == 0)
               == secp256k1_musig_partial_sig_parse (c, &mps2, a),
               "musig partial_sig_parse of bad bytes, input %zu: differs",
               serial);
}

#define MUSIG_BODY(name, expr) \
  static void name (void *vctx, uint64_t iters) \
  { struct musig_input *in = vctx; size_t i = in->pos; uint64_t acc = 0; \
    while (iters--) \
      { const struct musig_input *h = bench_hide_ptr (in); \
        acc += (uint64_t) (expr); i = (i + 1) % MUSIG_N; } \
    in->pos = i; bench_consume_u64 (acc); }

static enum musig_op musig_cur;
MUSIG_BODY (musig_body_ours, musig_ours (&h->set[i], musig_cur))
MUSIG_BODY (musig_body_master, musig_master (h->ctx, &h->set[i], musig_cur))

void
bench_peers_secp_master_musig (void)
{
  static struct musig_input in[2];
  static const struct
  {
    const char *name;
    enum musig_op op;
  } rows[] = {
    { "musig_pubkey_agg", MU_AGG },
    { "musig_pubkey_get", MU_GET },
    { "musig_pubkey_ec_tweak_add", MU_EC_TWEAK },
    { "musig_pubkey_xonly_tweak_add", MU_XONLY_TWEAK },
    { "musig_nonce_gen", MU_NONCE_GEN },
    { "musig_nonce_gen_counter", MU_NONCE_GEN_COUNTER },
    { "musig_nonce_agg", MU_NONCE_AGG },
    { "musig_nonce_process", MU_NONCE_PROCESS },
    { "musig_partial_sign", MU_SIGN },
    { "musig_partial_sig_verify", MU_VERIFY },
    { "musig_partial_sig_agg", MU_SIG_AGG },
    { "musig_pubnonce_parse", MU_PN_PARSE },
    { "musig_pubnonce_serialize", MU_PN_SER },
    { "musig_aggnonce_parse", MU_AN_PARSE },
    { "musig_aggnonce_serialize", MU_AN_SER },
    { "musig_partial_sig_parse", MU_PS_PARSE },
    { "musig_partial_sig_serialize", MU_PS_SER },
  };
  const char *g = "ecc/secp256k1-master";
  static struct musig_set check;
  secp256k1_context *c;
  uint64_t state = 0x3275ee1dULL;
  char path[64];
  size_t i;

  if (!peers_group_wanted ("ecc/secp256k1-master/musig"))
    return;
  c = secp256k1_context_create (SECP256K1_CONTEXT_NONE);
  bench_check (g, c, "secp256k1_context_create failed");
  for (i = 0; i < MUSIG_CHECK_N; i++)
    musig_fill (c, &check, &state, i);
  if (!bench_cfg.csv)
    printf ("  %s: musig key aggregation, tweaks, both nonce generators, "
            "nonce aggregation, partial signatures, aggregation and the "
            "encodings byte-identical to master on %d sessions\n", g,
            MUSIG_CHECK_N);
  for (i = 0; i < MUSIG_N; i++)
    musig_fill (c, &in[0].set[i], &state, 1000 + i);
  in[0].ctx = c;
  in[1] = in[0];
  for (i = 0; i < KC_DIM (rows); i++)
    {
      struct peer_side s[2];
      snprintf (path, sizeof path, "%s/%s", g, rows[i].name);
      if (!peers_row_wanted (path))
        continue;
      musig_cur = rows[i].op;
      in[0].pos = in[1].pos = 0;
      s[0].who = "ours";
      s[0].body = musig_body_ours;
      s[0].ctx = &in[0];
      s[1].who = "master";
      s[1].body = musig_body_master;
      s[1].ctx = &in[1];
      peers_compare (path, BENCH_US_PER_OP, 1, s, 2);
    }
  secp256k1_context_destroy (c);
}
