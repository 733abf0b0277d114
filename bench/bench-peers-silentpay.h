/* bench-peers-silentpay.h - bench-peers rows ecc/secp256k1-master/sp_*:
 * silent payments (BIP-352) beside libsecp256k1 master's silentpayments
 * module, with a byte-for-byte differential check first.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Included by bench-peers-secp.c (the renamed master build, see there)
 * after secp256k1.h; defines bench_peers_secp_master_silentpay.  Only a
 * master with the silentpayments module (configure
 * --enable-module-silentpayments) has these rows.
 *
 * Rows (us/op), both sides from the same bytes to the same bytes, 16
 * inputs taken in turn:
 *   sp_create_outputs  a transaction with two inputs (one key, one taproot
 *                      key pair, both prepared as each library keeps
 *                      them) paying two recipients with different scan
 *                      keys (33-byte keys).  ours:
 *                      kc_silentpayments_sender_create_outputs.  master:
 *                      ec_pubkey_parse of the four keys,
 *                      sender_create_outputs, xonly_pubkey_serialize.
 *   sp_scan_nomatch    a recipient scans a two-input (one taproot, one
 *                      33-byte key), two-output transaction that does
 *                      not pay it, no labels.  ours:
 *                      prevouts_summary_create + scan_outputs.  master:
 *                      xonly_pubkey_parse and ec_pubkey_parse of the
 *                      inputs, xonly_pubkey_parse of the outputs,
 *                      prevouts_summary_create, scan_outputs.  The
 *                      recipient's own spend key is prepared on both
 *                      sides (master: a parsed secp256k1_pubkey; ours: its
 *                      65-byte form, which needs no square root).
 *   sp_scan_label      the same transaction paying the recipient's change
 *                      label (m = 0) at k = 0, scanned with a one-label
 *                      lookup: one labelled match, then k = 1 finds none.
 * The check before timing (SP_CHECK_N transactions from a fixed seed; any
 * difference fails the run): 1 to 3 inputs of either kind, 1 to 5
 * recipients over 1 to 3 scan keys, some labelled: the outputs; the
 * labels and their tweaks; the labelled spend keys; scanning each scan
 * key's recipient with and without its labels (count, outputs, tweaks,
 * label flags and labels), all byte-identical.
 */

#if defined __has_include
# if __has_include (<secp256k1_silentpayments.h>)
#  define KC_PEER_HAS_SILENTPAYMENTS 1
# endif
#endif

#ifndef KC_PEER_HAS_SILENTPAYMENTS
void
bench_peers_secp_master_silentpay (void)
{
  if (peers_group_wanted ("ecc/secp256k1-master/sp") && !bench_cfg.csv)
    printf ("  ecc/secp256k1-master: this master has no silentpayments "
            "module: no sp_ rows\n");
}
#else
#include <secp256k1_silentpayments.h>

#define SP_N 16
#define SP_CHECK_N 300

struct sp_input
{
  /* sender */
  unsigned char sk[SP_N][32], kp_ours[SP_N][96];
  secp256k1_keypair kp_master[SP_N];
  unsigned char scan[SP_N][2][33], spend[SP_N][2][33];
  unsigned char outpoint[SP_N][36];
  /* receiver */
  unsigned char scan_sec[32], spend65[65], spend33[33];
  secp256k1_pubkey spend_master;
  unsigned char in_x[SP_N][32], in_pk[SP_N][33];
  unsigned char txo[SP_N][2][32], txo_label[SP_N][2][32];
  unsigned char label[33], label_tweak[32];
  secp256k1_context *ctx;
  size_t pos;
};

static const unsigned char *
sp_lookup (const unsigned char *label33, const void *ctx)
{
  const struct sp_input *in = ctx;
  return memcmp (label33, in->label, 33) ? NULL : in->label_tweak;
}

/* ------------------------------------------------------------- sides */

static int
sp_create_ours (const struct sp_input *in, size_t i, unsigned char *out)
{
  const void *scans[2], *spends[2], *sks[1], *kps[1];
  scans[0] = in->scan[i][0];
  scans[1] = in->scan[i][1];
  spends[0] = in->spend[i][0];
  spends[1] = in->spend[i][1];
  sks[0] = in->sk[i];
  kps[0] = in->kp_ours[i];
  return !kc_silentpayments_sender_create_outputs (KC_ECC_SECP256K1, out, 64,
                                                   2, scans, spends,
                                                   in->outpoint[i], 36, 1,
                                                   kps, 1, sks);
}

static int
sp_create_master (const struct sp_input *in, size_t i, unsigned char *out)
{
  secp256k1_silentpayments_recipient r[2];
  const secp256k1_silentpayments_recipient *rp[2];
  secp256k1_xonly_pubkey o[2], *op[2];
  const secp256k1_keypair *kps[1];
  const unsigned char *sks[1];
  size_t j;

  for (j = 0; j < 2; j++)
    {
      if (!secp256k1_ec_pubkey_parse (in->ctx, &r[j].scan_pubkey,
                                      in->scan[i][j], 33)
          || !secp256k1_ec_pubkey_parse (in->ctx, &r[j].spend_pubkey,
                                         in->spend[i][j], 33))
        return 0;
      r[j].index = j;
      rp[j] = &r[j];
      op[j] = &o[j];
    }
  kps[0] = &in->kp_master[i];
  sks[0] = in->sk[i];
  if (!secp256k1_silentpayments_sender_create_outputs (in->ctx, op, rp, 2,
                                                       in->outpoint[i], kps,
                                                       1, sks, 1))
    return 0;
  return secp256k1_xonly_pubkey_serialize (in->ctx, out, &o[0])
         && secp256k1_xonly_pubkey_serialize (in->ctx, out + 32, &o[1]);
}

/* Scan transaction I (its outputs TXO, 2 of them); OUT gets the count
 * and the found records (ours' layout on both sides). */
static int
sp_scan_ours (const struct sp_input *in, size_t i,
              const unsigned char (*txo)[32], int labels, unsigned char *out)
{
  unsigned char summary[KC_SILENTPAYMENTS_PREVOUTS_SUMMARY_LEN];
  const void *xs[1], *pks[1], *t[2];
  size_t len33 = 33, n = 0;

  xs[0] = in->in_x[i];
  pks[0] = in->in_pk[i];
  t[0] = txo[0];
  t[1] = txo[1];
  if (kc_silentpayments_recipient_prevouts_summary_create
      (KC_ECC_SECP256K1, summary, sizeof summary, in->outpoint[i], 36, 1, xs,
       1, pks, &len33)
      || kc_silentpayments_recipient_scan_outputs
      (KC_ECC_SECP256K1, out + 1, 2 * KC_SILENTPAYMENTS_FOUND_OUTPUT_LEN, &n,
       2, t, in->scan_sec, 32, summary, sizeof summary, in->spend65, 65,
       labels ? sp_lookup : NULL, labels ? in : NULL))
    return 0;
  out[0] = (unsigned char) n;
  return 1;
}

static int
sp_scan_master (const struct sp_input *in, size_t i,
                const unsigned char (*txo)[32], int labels,
                unsigned char *out)
{
  secp256k1_silentpayments_prevouts_summary summary;
  secp256k1_xonly_pubkey x, o[2];
  const secp256k1_xonly_pubkey *xp[1], *opp[2];
  secp256k1_pubkey pk;
  const secp256k1_pubkey *pkp[1];
  secp256k1_silentpayments_found_output f[2], *fp[2];
  uint32_t n = 0, j;

  if (!secp256k1_xonly_pubkey_parse (in->ctx, &x, in->in_x[i])
      || !secp256k1_ec_pubkey_parse (in->ctx, &pk, in->in_pk[i], 33)
      || !secp256k1_xonly_pubkey_parse (in->ctx, &o[0], txo[0])
      || !secp256k1_xonly_pubkey_parse (in->ctx, &o[1], txo[1]))
    return 0;
  xp[0] = &x;
  pkp[0] = &pk;
  opp[0] = &o[0];
  opp[1] = &o[1];
  fp[0] = &f[0];
  fp[1] = &f[1];
  if (!secp256k1_silentpayments_recipient_prevouts_summary_create
      (in->ctx, &summary, in->outpoint[i], xp, 1, pkp, 1)
      || !secp256k1_silentpayments_recipient_scan_outputs
      (in->ctx, fp, &n, opp, 2, in->scan_sec, &summary, &in->spend_master,
       labels ? sp_lookup : NULL, labels ? in : NULL))
    return 0;
  out[0] = (unsigned char) n;
  for (j = 0; j < n; j++)
    {
      unsigned char *r = out + 1 + j * KC_SILENTPAYMENTS_FOUND_OUTPUT_LEN;
      if (!secp256k1_xonly_pubkey_serialize (in->ctx, r, &f[j].output))
        return 0;
      memcpy (r + 32, f[j].tweak, 32);
      r[64] = (unsigned char) f[j].found_with_label;
      memset (r + 65, 0, 33);
      if (f[j].found_with_label
          && !secp256k1_silentpayments_recipient_label_serialize
                (in->ctx, r + 65, &f[j].label))
        return 0;
    }
  return 1;
}

#define SP_OUT_LEN (1 + 2 * KC_SILENTPAYMENTS_FOUND_OUTPUT_LEN)

#define SP_BODY(name, expr) \
  static void name (void *vctx, uint64_t iters) \
  { struct sp_input *in = vctx; size_t i = in->pos; \
    unsigned char out[SP_OUT_LEN]; uint64_t acc = 0; \
    while (iters--) \
      { const struct sp_input *h = bench_hide_ptr (in); \
        acc += (uint64_t) (expr); \
        bench_consume (out, sizeof out); i = (i + 1) % SP_N; } \
    in->pos = i; bench_consume_u64 (acc); }
SP_BODY (sp_create_ours_body, sp_create_ours (h, i, out))
SP_BODY (sp_create_master_body, sp_create_master (h, i, out))
SP_BODY (sp_nomatch_ours_body, sp_scan_ours (h, i, h->txo[i], 0, out))
SP_BODY (sp_nomatch_master_body, sp_scan_master (h, i, h->txo[i], 0, out))
SP_BODY (sp_label_ours_body, sp_scan_ours (h, i, h->txo_label[i], 1, out))
SP_BODY (sp_label_master_body, sp_scan_master (h, i, h->txo_label[i], 1, out))

/* A secret key below n from STATE. */
static void
sp_key (unsigned char k[32], uint64_t *state)
{
  size_t j;
  for (j = 0; j < 32; j += 8)
    {
      uint64_t w = bench_rand64 (state);
      memcpy (k + j, &w, 8);
    }
  k[0] &= 0x7f;
  k[31] |= 1;
}

static void
sp_pub (unsigned char *out, size_t len, const unsigned char k[32])
{
  bench_check ("ecc/secp256k1-master",
               !kc_ecc_pubkey (KC_ECC_SECP256K1, out, len, k, 32),
               "silent payments set-up: a public key");
}

/* ------------------------------------------------------------- check */

static void
sp_check (secp256k1_context *c)
{
  const char *g = "ecc/secp256k1-master";
  uint64_t state = 0x5117e27a9352ULL;
  size_t s;

  for (s = 0; s < SP_CHECK_N; s++)
    {
      unsigned char in_sk[3][32], in_kp[3][96], in_pub[3][33], in_x[3][32];
      secp256k1_keypair mkp[3];
      unsigned char scan_sec[3][32], spend_sec[3][32], scan_pub[3][33];
      unsigned char spend_pub[3][33], lab[3][33], ltw[3][32], lspend[3][33];
      unsigned char rscan[5][33], rspend[5][33], outpoint[36];
      unsigned char ours[5][32], theirs[5][32];
      const void *scans[5], *spends[5], *sks[3], *kps[3];
      const unsigned char *msks[3];
      const secp256k1_keypair *mkps[3];
      secp256k1_silentpayments_recipient r[5];
      const secp256k1_silentpayments_recipient *rp[5];
      secp256k1_xonly_pubkey mo[5], *mop[5];
      size_t n_in = 1 + bench_rand64 (&state) % 3;
      size_t n_kp = bench_rand64 (&state) % (n_in + 1), n_sk = n_in - n_kp;
      size_t n_scan = 1 + bench_rand64 (&state) % 3;
      size_t n_r = 1 + bench_rand64 (&state) % 5, j;

      for (j = 0; j < 36; j++)
        outpoint[j] = (unsigned char) bench_rand64 (&state);
      for (j = 0; j < n_in; j++)
        {
          sp_key (in_sk[j], &state);
          bench_check (g, !kc_schnorr_keypair_create (KC_ECC_SECP256K1,
                                                      in_kp[j], 96, in_sk[j],
                                                      32)
                       && secp256k1_keypair_create (c, &mkp[j], in_sk[j]),
                       "key pairs");
          sp_pub (in_pub[j], 33, in_sk[j]);
          memcpy (in_x[j], in_pub[j] + 1, 32);
        }
      for (j = 0; j < n_sk; j++)
        {
          sks[j] = in_sk[j];
          msks[j] = in_sk[j];
        }
      for (j = 0; j < n_kp; j++)
        {
          kps[j] = in_kp[n_sk + j];
          mkps[j] = &mkp[n_sk + j];
        }
      for (j = 0; j < n_scan; j++)
        {
          secp256k1_silentpayments_label ml;
          secp256k1_pubkey msp, mlsp;
          unsigned char mlab[33], mltw[32], mls[33];
          size_t len = 33;
          unsigned int m = (unsigned int) (bench_rand64 (&state) % 3);

          sp_key (scan_sec[j], &state);
          sp_key (spend_sec[j], &state);
          sp_pub (scan_pub[j], 33, scan_sec[j]);
          sp_pub (spend_pub[j], 33, spend_sec[j]);
          bench_check (g, !kc_silentpayments_recipient_label_create
                       (KC_ECC_SECP256K1, lab[j], 33, ltw[j], 32, scan_sec[j],
                        32, m)
                       && !kc_silentpayments_recipient_create_labeled_spend_pubkey
                       (KC_ECC_SECP256K1, lspend[j], 33, spend_pub[j], 33,
                        lab[j], 33), "our labels");
          bench_check (g, secp256k1_silentpayments_recipient_label_create
                       (c, &ml, mltw, scan_sec[j], m)
                       && secp256k1_silentpayments_recipient_label_serialize
                       (c, mlab, &ml)
                       && secp256k1_ec_pubkey_parse (c, &msp, spend_pub[j], 33)
                       && secp256k1_silentpayments_recipient_create_labeled_spend_pubkey
                       (c, &mlsp, &msp, &ml)
                       && secp256k1_ec_pubkey_serialize
                       (c, mls, &len, &mlsp, SECP256K1_EC_COMPRESSED),
                       "master's labels");
          bench_check (g, !memcmp (mlab, lab[j], 33) && !memcmp (mltw, ltw[j], 32)
                       && !memcmp (mls, lspend[j], 33),
                       "labels, transaction %zu: master differs", s);
        }
      for (j = 0; j < n_r; j++)
        {
          size_t w = bench_rand64 (&state) % n_scan;
          int labelled = (int) (bench_rand64 (&state) % 3 == 0);
          memcpy (rscan[j], scan_pub[w], 33);
          memcpy (rspend[j], labelled ? lspend[w] : spend_pub[w], 33);
          scans[j] = rscan[j];
          spends[j] = rspend[j];
          bench_check (g, secp256k1_ec_pubkey_parse (c, &r[j].scan_pubkey,
                                                     rscan[j], 33)
                       && secp256k1_ec_pubkey_parse (c, &r[j].spend_pubkey,
                                                     rspend[j], 33), "parse");
          r[j].index = j;
          rp[j] = &r[j];
          mop[j] = &mo[j];
        }
      bench_check (g, !kc_silentpayments_sender_create_outputs
                   (KC_ECC_SECP256K1, ours, 32 * n_r, n_r, scans, spends,
                    outpoint, 36, n_kp, n_kp ? kps : NULL, n_sk,
                    n_sk ? sks : NULL), "our create_outputs, %zu", s);
      bench_check (g, secp256k1_silentpayments_sender_create_outputs
                   (c, mop, rp, n_r, outpoint, n_kp ? mkps : NULL, n_kp,
                    n_sk ? msks : NULL, n_sk), "master's create_outputs");
      for (j = 0; j < n_r; j++)
        bench_check (g, secp256k1_xonly_pubkey_serialize (c, theirs[j], &mo[j])
                     && !memcmp (ours[j], theirs[j], 32),
                     "create_outputs, transaction %zu output %zu: master "
                     "differs", s, j);

      /* each scan key's recipient scans (outputs shuffled by a rotation) */
      for (j = 0; j < n_scan; j++)
        {
          unsigned char summary[KC_SILENTPAYMENTS_PREVOUTS_SUMMARY_LEN];
          unsigned char fo[5 * KC_SILENTPAYMENTS_FOUND_OUTPUT_LEN];
          unsigned char spend65[65];
          const void *t[5], *xs[3], *pks[3];
          size_t lens[3] = { 33, 33, 33 }, n_found, k, rot;
          secp256k1_silentpayments_prevouts_summary ms;
          secp256k1_xonly_pubkey mx[3], mt[5];
          const secp256k1_xonly_pubkey *mxp[3], *mtp[5];
          secp256k1_pubkey mpk[3], msp;
          const secp256k1_pubkey *mpkp[3];
          secp256k1_silentpayments_found_output mf[5], *mfp[5];
          struct sp_input lt;
          uint32_t mn;
          int labels;

          rot = bench_rand64 (&state) % n_r;
          for (k = 0; k < n_r; k++)
            {
              t[k] = ours[(k + rot) % n_r];
              bench_check (g, secp256k1_xonly_pubkey_parse (c, &mt[k], t[k]),
                           "parse output");
              mtp[k] = &mt[k];
              mfp[k] = &mf[k];
            }
          for (k = 0; k < n_kp; k++)
            {
              /* the taproot inputs as x-only keys (master: the keypair's) */
              bench_check (g, secp256k1_keypair_xonly_pub (c, &mx[k], NULL,
                                                           mkps[k])
                           && secp256k1_xonly_pubkey_serialize (c, in_x[k],
                                                                &mx[k]),
                           "x-only inputs");
              xs[k] = in_x[k];
              mxp[k] = &mx[k];
            }
          for (k = 0; k < n_sk; k++)
            {
              pks[k] = in_pub[k];
              bench_check (g, secp256k1_ec_pubkey_parse (c, &mpk[k], in_pub[k],
                                                         33), "parse input");
              mpkp[k] = &mpk[k];
            }
          bench_check (g, !kc_silentpayments_recipient_prevouts_summary_create
                       (KC_ECC_SECP256K1, summary, sizeof summary, outpoint,
                        36, n_kp, n_kp ? xs : NULL, n_sk, n_sk ? pks : NULL,
                        n_sk ? lens : NULL)
                       && secp256k1_silentpayments_recipient_prevouts_summary_create
                       (c, &ms, outpoint, n_kp ? mxp : NULL, n_kp,
                        n_sk ? mpkp : NULL, n_sk), "summaries");
          sp_pub (spend65, 65, spend_sec[j]);
          bench_check (g, secp256k1_ec_pubkey_parse (c, &msp, spend65, 65),
                       "parse spend");
          memcpy (lt.label, lab[j], 33);
          memcpy (lt.label_tweak, ltw[j], 32);
          for (labels = 0; labels < 2; labels++)
            {
              bench_check (g, !kc_silentpayments_recipient_scan_outputs
                           (KC_ECC_SECP256K1, fo, n_r
                            * KC_SILENTPAYMENTS_FOUND_OUTPUT_LEN, &n_found,
                            n_r, t, scan_sec[j], 32, summary, sizeof summary,
                            spend65, 65, labels ? sp_lookup : NULL,
                            labels ? &lt : NULL), "our scan");
              bench_check (g, secp256k1_silentpayments_recipient_scan_outputs
                           (c, mfp, &mn, mtp, n_r, scan_sec[j], &ms, &msp,
                            labels ? sp_lookup : NULL, labels ? &lt : NULL),
                           "master's scan");
              bench_check (g, n_found == mn, "scan, transaction %zu key %zu "
                           "labels %d: found %zu, master %u", s, j, labels,
                           n_found, (unsigned) mn);
              for (k = 0; k < n_found && k < mn; k++)
                {
                  const unsigned char *rr = fo + k * KC_SILENTPAYMENTS_FOUND_OUTPUT_LEN;
                  unsigned char x[32], l33[33];
                  memset (l33, 0, 33);
                  bench_check (g, secp256k1_xonly_pubkey_serialize
                               (c, x, &mf[k].output)
                               && (!mf[k].found_with_label
                                   || secp256k1_silentpayments_recipient_label_serialize
                                   (c, l33, &mf[k].label)), "serialize");
                  bench_check (g, !memcmp (rr, x, 32)
                               && !memcmp (rr + 32, mf[k].tweak, 32)
                               && rr[64] == mf[k].found_with_label
                               && !memcmp (rr + 65, l33, 33),
                               "scan, transaction %zu key %zu labels %d "
                               "output %zu: master differs", s, j, labels, k);
                }
            }
        }
    }
  if (!bench_cfg.csv)
    printf ("  %s: silent payments labels, create_outputs and scanning "
            "byte-identical to master on %d transactions\n", g, SP_CHECK_N);
}

/* Input I of IN: the sender's keys and recipients, the transactions the
 * recipient scans. */
static void
sp_fill (struct sp_input *in, size_t i, uint64_t *state)
{
  const char *g = "ecc/secp256k1-master";
  unsigned char k[32], other_scan[32], other_spend[32], label_spend[33];
  unsigned char scan_pub[33];
  const void *scans[2], *spends[2], *sks[1], *kps[1];
  size_t j;

  sp_key (in->sk[i], state);
  sp_key (k, state);
  bench_check (g, !kc_schnorr_keypair_create (KC_ECC_SECP256K1,
                                              in->kp_ours[i], 96, k, 32)
               && secp256k1_keypair_create (in->ctx, &in->kp_master[i], k),
               "key pairs");
  for (j = 0; j < 36; j++)
    in->outpoint[i][j] = (unsigned char) bench_rand64 (state);
  for (j = 0; j < 2; j++)
    {
      unsigned char a[32], b[32];
      sp_key (a, state);
      sp_key (b, state);
      sp_pub (in->scan[i][j], 33, a);
      sp_pub (in->spend[i][j], 33, b);
    }
  /* the recipient's view: the inputs' keys, two transactions */
  bench_check (g, !kc_schnorr_keypair_xonly_pub (KC_ECC_SECP256K1,
                                                 in->in_x[i], 32, NULL,
                                                 in->kp_ours[i], 96), "x");
  sp_pub (in->in_pk[i], 33, in->sk[i]);
  sks[0] = in->sk[i];
  kps[0] = in->kp_ours[i];
  sp_key (other_scan, state);
  sp_key (other_spend, state);
  sp_pub (scan_pub, 33, in->scan_sec);
  bench_check (g, !kc_silentpayments_recipient_create_labeled_spend_pubkey
               (KC_ECC_SECP256K1, label_spend, 33, in->spend33, 33,
                in->label, 33), "labelled key");
  /* nomatch: two outputs to others */
  scans[0] = in->scan[i][0];
  spends[0] = in->spend[i][0];
  scans[1] = in->scan[i][1];
  spends[1] = in->spend[i][1];
  bench_check (g, !kc_silentpayments_sender_create_outputs
               (KC_ECC_SECP256K1, in->txo[i], 64, 2, scans, spends,
                in->outpoint[i], 36, 1, kps, 1, sks), "nomatch outputs");
  /* label: output 1 pays our change label, output 0 someone else */
  scans[1] = scan_pub;
  spends[1] = label_spend;
  bench_check (g, !kc_silentpayments_sender_create_outputs
               (KC_ECC_SECP256K1, in->txo_label[i], 64, 2, scans, spends,
                in->outpoint[i], 36, 1, kps, 1, sks), "label outputs");
}

void
bench_peers_secp_master_silentpay (void)
{
  static struct sp_input in[2];
  static const struct
  {
    const char *name;
    bench_body ours, master;
  } rows[] = {
    { "sp_create_outputs", sp_create_ours_body, sp_create_master_body },
    { "sp_scan_nomatch", sp_nomatch_ours_body, sp_nomatch_master_body },
    { "sp_scan_label", sp_label_ours_body, sp_label_master_body },
  };
  const char *g = "ecc/secp256k1-master";
  secp256k1_context *c;
  uint64_t state = 0x5b352e11ULL;
  char path[64];
  size_t i;

  if (!peers_group_wanted ("ecc/secp256k1-master/sp"))
    return;
  c = secp256k1_context_create (SECP256K1_CONTEXT_NONE);
  bench_check (g, c, "secp256k1_context_create failed");
  sp_check (c);
  in[0].ctx = c;
  sp_key (in[0].scan_sec, &state);
  {
    unsigned char spend_sec[32];
    sp_key (spend_sec, &state);
    sp_pub (in[0].spend33, 33, spend_sec);
    sp_pub (in[0].spend65, 65, spend_sec);
  }
  bench_check (g, secp256k1_ec_pubkey_parse (c, &in[0].spend_master,
                                             in[0].spend65, 65)
               && !kc_silentpayments_recipient_label_create
               (KC_ECC_SECP256K1, in[0].label, 33, in[0].label_tweak, 32,
                in[0].scan_sec, 32, 0), "recipient set-up");
  for (i = 0; i < SP_N; i++)
    sp_fill (&in[0], i, &state);
  /* the rows' transactions give what they should, on both sides */
  for (i = 0; i < SP_N; i++)
    {
      unsigned char a[SP_OUT_LEN], b[SP_OUT_LEN];
      memset (a, 0, sizeof a);
      memset (b, 0, sizeof b);
      bench_check (g, sp_create_ours (&in[0], i, a)
                   && sp_create_master (&in[0], i, b) && !memcmp (a, b, 64),
                   "row create_outputs %zu differs", i);
      memset (a, 0, sizeof a);
      memset (b, 0, sizeof b);
      bench_check (g, sp_scan_ours (&in[0], i, in[0].txo[i], 0, a)
                   && sp_scan_master (&in[0], i, in[0].txo[i], 0, b)
                   && a[0] == 0 && b[0] == 0, "row scan_nomatch %zu", i);
      memset (a, 0, sizeof a);
      memset (b, 0, sizeof b);
      bench_check (g, sp_scan_ours (&in[0], i, in[0].txo_label[i], 1, a)
                   && sp_scan_master (&in[0], i, in[0].txo_label[i], 1, b)
                   && a[0] == 1 && !memcmp (a, b, sizeof a),
                   "row scan_label %zu", i);
    }
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
#endif /* KC_PEER_HAS_SILENTPAYMENTS */
