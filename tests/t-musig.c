/* t-musig.c - MuSig2 (BIP-327) on secp256k1:
 *  - every case of BIP-327's JSON vectors (data/bip327, read at run time
 *    by the small JSON reader below): key_sort, key_agg, nonce_gen, nonce_agg,
 *    sign_verify, tweak, sig_agg (det_sign: not implemented, as in
 *    libsecp256k1; the optional "signer not in the key list" sign error
 *    is not checked, as BIP-327 allows);
 *  - the tagged-hash midstates against kc_tagged_sha256;
 *  - 2-of-2 and 3-of-3 round trips with plain and x-only tweaks, both
 *    nonce generators, every partial signature verified and the result
 *    verified by kc_schnorr_verify;
 *  - nonce misuse: a used secret nonce, one of another key, zero session
 *    randomness; argument and content errors, with nothing written.
 * Runs again with the other secp256k1 field and on the portable paths.
 * The byte-for-byte comparison with libsecp256k1 master is in
 * bench-peers --check.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "t-common.h"
#include "secp256k1/musig.h"

#define C KC_ECC_SECP256K1

/* ----------------------------------------------------- a JSON reader
 * Enough for the vectors: objects, arrays, strings without escapes
 * other than \" and \\, integers, true, false, null. */
enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };
typedef struct jnode
{
  int type;
  const char *key;
  char *str;
  long num;
  struct jnode *child, *next;
  char *buf;                    /* the root: the file's text */
} jnode;

static char *jp;

static void
jws (void)
{
  while (*jp == ' ' || *jp == '\n' || *jp == '\r' || *jp == '\t')
    jp++;
}

static char *
jstring (void)
{
  char *s = ++jp, *d = s;
  while (*jp && *jp != '"')
    {
      if (*jp == '\\' && jp[1])
        jp++;
      *d++ = *jp++;
    }
  if (*jp == '"')
    jp++;
  *d = 0;
  return s;
}

static jnode *
jvalue (void)
{
  jnode *n = calloc (1, sizeof *n), **tail;
  if (!n)
    {
      fprintf (stderr, "out of memory\n");
      exit (1);
    }
  jws ();
  if (*jp == '{' || *jp == '[')
    {
      int obj = *jp == '{';
      n->type = obj ? J_OBJ : J_ARR;
      jp++;
      tail = &n->child;
      for (;;)
        {
          const char *key = NULL;
          jws ();
          if (*jp == '}' || *jp == ']')
            {
              jp++;
              break;
            }
          if (obj)
            {
              key = jstring ();
              jws ();
              if (*jp == ':')
                jp++;
            }
          *tail = jvalue ();
          (*tail)->key = key;
          tail = &(*tail)->next;
          jws ();
          if (*jp == ',')
            jp++;
          else if (!*jp)
            break;
        }
    }
  else if (*jp == '"')
    {
      n->type = J_STR;
      n->str = jstring ();
    }
  else if (!strncmp (jp, "null", 4))
    {
      n->type = J_NULL;
      jp += 4;
    }
  else if (!strncmp (jp, "true", 4))
    {
      n->type = J_BOOL;
      n->num = 1;
      jp += 4;
    }
  else if (!strncmp (jp, "false", 5))
    {
      n->type = J_BOOL;
      jp += 5;
    }
  else
    {
      n->type = J_NUM;
      n->num = strtol (jp, &jp, 10);
    }
  return n;
}

static jnode *
jload (const char *name)
{
  char path[512];
  FILE *fp;
  long len;
  char *buf;
  jnode *root;

  snprintf (path, sizeof path, "bip327/%s", name);
  fp = fopen (t_datafile (path), "rb");
  if (!fp)
    {
      fail ("cannot open %s", t_datafile (path));
      return NULL;
    }
  fseek (fp, 0, SEEK_END);
  len = ftell (fp);
  fseek (fp, 0, SEEK_SET);
  buf = malloc ((size_t) len + 1);
  if (!buf || fread (buf, 1, (size_t) len, fp) != (size_t) len)
    {
      fail ("cannot read %s", path);
      fclose (fp);
      free (buf);
      return NULL;
    }
  fclose (fp);
  buf[len] = 0;
  jp = buf;
  root = jvalue ();             /* the buffer lives as long as the tree */
  root->buf = buf;
  return root;
}

static void
jfree (jnode *n)
{
  while (n)
    {
      jnode *next = n->next;
      jfree (n->child);
      free (n->buf);
      free (n);
      n = next;
    }
}

static jnode *
jget (const jnode *o, const char *key)
{
  jnode *c;
  for (c = o ? o->child : NULL; c; c = c->next)
    if (c->key && !strcmp (c->key, key))
      return c;
  return NULL;
}

static jnode *
jidx (const jnode *a, long i)
{
  jnode *c = a ? a->child : NULL;
  while (c && i-- > 0)
    c = c->next;
  return c;
}

static int
jlen (const jnode *a)
{
  int n = 0;
  jnode *c;
  for (c = a ? a->child : NULL; c; c = c->next)
    n++;
  return n;
}

/* The hex string node N into BUF (room MAX): its length, -1 if N is null
 * or not a string. */
static long
jhex (unsigned char *buf, size_t max, const jnode *n)
{
  if (!n || n->type != J_STR)
    return -1;
  return t_unhex (buf, max, n->str);
}

/* Element I of the array of indices IDX, then that element of ARR. */
static jnode *
jpick (const jnode *arr, const jnode *idx, int i)
{
  return jidx (arr, jidx (idx, i)->num);
}

/* ------------------------------------------------------------ helpers */

#define MAXK 8

/* CACHE = key aggregation of the keys ARR[IDX[i]] (33 bytes each). */
static gpg_error_t
agg_keys (unsigned char *cache, unsigned char *xonly, const jnode *arr,
          const jnode *idx)
{
  unsigned char keys[MAXK][65];
  const void *kp[MAXK];
  size_t lens[MAXK];
  int i, n = jlen (idx);

  for (i = 0; i < n && i < MAXK; i++)
    {
      lens[i] = (size_t) jhex (keys[i], sizeof keys[i], jpick (arr, idx, i));
      kp[i] = keys[i];
    }
  return kc_musig_pubkey_agg (C, xonly, xonly ? 32 : 0, cache,
                              cache ? KC_MUSIG_KEYAGG_CACHE_LEN : 0,
                              (size_t) n, kp, lens);
}

/* The opaque secret nonce of BIP-327's 97-byte SN (k1 || k2 || pk). */
static void
make_secnonce (unsigned char out[KC_MUSIG_SECNONCE_LEN],
               const unsigned char sn[97])
{
  unsigned char full[65];
  memset (out, 0, KC_MUSIG_SECNONCE_LEN);
  memcpy (out, KC_MUSIG_MAGIC_SECNONCE, 4);
  memcpy (out + 4, sn, 64);
  if (kc_ecc_pubkey_convert (C, full, 65, sn + 64, 33))
    fail ("secnonce's key does not parse");
  memcpy (out + 68, full + 1, 64);
}

static gpg_error_t
parse_pubnonce (unsigned char out[KC_MUSIG_PUBNONCE_LEN], const jnode *n)
{
  unsigned char b[66];
  long l = jhex (b, sizeof b, n);
  return kc_musig_pubnonce_parse (C, out, KC_MUSIG_PUBNONCE_LEN, b,
                                  (size_t) (l < 0 ? 0 : l));
}

static gpg_error_t
parse_aggnonce (unsigned char out[KC_MUSIG_AGGNONCE_LEN], const jnode *n)
{
  unsigned char b[66];
  long l = jhex (b, sizeof b, n);
  return kc_musig_aggnonce_parse (C, out, KC_MUSIG_AGGNONCE_LEN, b,
                                  (size_t) (l < 0 ? 0 : l));
}

/* Apply the tweaks TW[TI[i]] (x-only as XO[i]) to CACHE. */
static gpg_error_t
apply_tweaks (unsigned char *cache, const jnode *tw, const jnode *ti,
              const jnode *xo)
{
  unsigned char t[32];
  int i;
  gpg_error_t err;

  for (i = 0; i < jlen (ti); i++)
    {
      jhex (t, sizeof t, jpick (tw, ti, i));
      if (jidx (xo, i)->num)
        err = kc_musig_pubkey_xonly_tweak_add (C, NULL, 0, cache,
                                               KC_MUSIG_KEYAGG_CACHE_LEN, t, 32);
      else
        err = kc_musig_pubkey_ec_tweak_add (C, NULL, 0, cache,
                                            KC_MUSIG_KEYAGG_CACHE_LEN, t, 32);
      if (err)
        return err;
    }
  return 0;
}

/* ----------------------------------------------------------- vectors */

static void
test_midstates (void)
{
  static const unsigned char msg[] = "MuSig2 midstate check";
  unsigned char a[32], b[32];
  _kc_sha256_ctx c;
  int t;

  for (t = 0; t < 5; t++)
    {
      _kc_musig_tagged_init (&c, (enum _kc_musig_tag) t);
      _kc_sha256_update (&c, msg, sizeof msg);
      _kc_sha256_final (&c, a);
      CHECK_ERR (kc_tagged_sha256 (b, 32, _kc_musig_tag_names[t],
                                   strlen (_kc_musig_tag_names[t]), msg,
                                   sizeof msg), 0);
      CHECK (!memcmp (a, b, 32), "midstate of \"%s\"", _kc_musig_tag_names[t]);
    }
}

static void
test_key_sort (void)
{
  jnode *v = jload ("key_sort_vectors.json");
  unsigned char keys[MAXK][33], want[33];
  const void *kp[MAXK];
  size_t lens[MAXK];
  int i, n;

  if (!v)
    return;
  n = jlen (jget (v, "pubkeys"));
  for (i = 0; i < n && i < MAXK; i++)
    {
      jhex (keys[i], 33, jidx (jget (v, "pubkeys"), i));
      kp[i] = keys[i];
      lens[i] = 33;
    }
  CHECK_ERR (kc_ecc_pubkey_sort (C, kp, lens, (size_t) i), 0);
  for (i = 0; i < n && i < MAXK; i++)
    {
      jhex (want, 33, jidx (jget (v, "sorted_pubkeys"), i));
      CHECK (!memcmp (kp[i], want, 33), "key_sort: position %d", i);
    }
  jfree (v);
}

static void
test_key_agg (void)
{
  jnode *v = jload ("key_agg_vectors.json"), *c, *keys, *tw;
  unsigned char x[32], cache[KC_MUSIG_KEYAGG_CACHE_LEN], snap[sizeof cache];
  char what[64];
  int i = 0;

  if (!v)
    return;
  keys = jget (v, "pubkeys");
  tw = jget (v, "tweaks");
  for (c = jget (v, "valid_test_cases")->child; c; c = c->next, i++)
    {
      snprintf (what, sizeof what, "key_agg valid %d", i);
      CHECK_ERR (agg_keys (cache, x, keys, jget (c, "key_indices")), 0);
      check_hex (what, x, 32, jget (c, "expected")->str);
    }
  i = 0;
  for (c = jget (v, "error_test_cases")->child; c; c = c->next, i++)
    {
      jnode *e = jget (c, "error");
      const char *contrib = jget (e, "contrib") ? jget (e, "contrib")->str : "";
      gpg_error_t err;

      memset (cache, 0xa5, sizeof cache);
      memset (x, 0xa5, sizeof x);
      err = agg_keys (cache, x, keys, jget (c, "key_indices"));
      if (!strcmp (contrib, "pubkey"))
        {
          CHECK (gpg_err_code (err) == GPG_ERR_BAD_PUBKEY,
                 "key_agg error %d: got %s", i, gpg_strerror (err));
          CHECK (x[0] == 0xa5 && x[31] == 0xa5 && cache[0] == 0xa5,
                 "key_agg error %d: output written", i);
          continue;
        }
      CHECK_ERR (err, 0);
      memcpy (snap, cache, sizeof cache);
      err = apply_tweaks (cache, tw, jget (c, "tweak_indices"),
                          jget (c, "is_xonly"));
      CHECK (gpg_err_code (err) == GPG_ERR_BAD_SECKEY,
             "key_agg error %d (%s): got %s", i,
             jget (c, "comment")->str, gpg_strerror (err));
      CHECK (!memcmp (snap, cache, sizeof cache),
             "key_agg error %d: cache changed", i);
    }
  jfree (v);
}

static void
test_nonce_gen (void)
{
  jnode *v = jload ("nonce_gen_vectors.json"), *c;
  unsigned char rnd[32], sk[32], pk[33], apk[32], msg[64], extra[64];
  unsigned char sn[KC_MUSIG_SECNONCE_LEN], pn[KC_MUSIG_PUBNONCE_LEN];
  unsigned char ser[66], want[97], full[65], pk33[33];
  char what[64];
  long skl, apkl, msgl, exl;
  int i = 0;

  if (!v)
    return;
  for (c = jget (v, "test_cases")->child; c; c = c->next, i++)
    {
      jhex (rnd, sizeof rnd, jget (c, "rand_"));
      skl = jhex (sk, sizeof sk, jget (c, "sk"));
      jhex (pk, sizeof pk, jget (c, "pk"));
      apkl = jhex (apk, sizeof apk, jget (c, "aggpk"));
      msgl = jhex (msg, sizeof msg, jget (c, "msg"));
      exl = jhex (extra, sizeof extra, jget (c, "extra_in"));
      jhex (want, sizeof want, jget (c, "expected_secnonce"));
      snprintf (what, sizeof what, "nonce_gen %d", i);
      CHECK_ERR (kc_musig_nonce_gen (C, sn, sizeof sn, pn, sizeof pn,
                                     rnd, 32,
                                     skl < 0 ? NULL : sk, skl < 0 ? 0 : 32,
                                     pk, 33,
                                     msgl < 0 ? NULL : msg,
                                     msgl < 0 ? 0 : (size_t) msgl,
                                     apkl < 0 ? NULL : apk,
                                     apkl < 0 ? 0 : 32,
                                     exl <= 0 ? NULL : extra,
                                     exl < 0 ? 0 : (size_t) exl), 0);
      CHECK (!memcmp (sn + 4, want, 64), "%s: secret nonce", what);
      full[0] = 4;
      memcpy (full + 1, sn + 68, 64);
      CHECK_ERR (kc_ecc_pubkey_convert (C, pk33, 33, full, 65), 0);
      CHECK (!memcmp (pk33, want + 64, 33), "%s: secnonce's key", what);
      CHECK_ERR (kc_musig_pubnonce_serialize (C, ser, 66, pn, sizeof pn), 0);
      check_hex (what, ser, 66, jget (c, "expected_pubnonce")->str);
      for (msgl = 0; msgl < 32 && !rnd[msgl]; msgl++)
        ;
      CHECK (msgl == 32, "%s: session randomness not zeroed", what);
    }
  jfree (v);
}

static void
test_nonce_agg (void)
{
  jnode *v = jload ("nonce_agg_vectors.json"), *c, *pn;
  unsigned char p[4][KC_MUSIG_PUBNONCE_LEN], agg[KC_MUSIG_AGGNONCE_LEN];
  unsigned char ser[66];
  const void *pp[4];
  size_t lens[4];
  char what[64];
  int i = 0, j;

  if (!v)
    return;
  pn = jget (v, "pnonces");
  for (c = jget (v, "valid_test_cases")->child; c; c = c->next, i++)
    {
      jnode *idx = jget (c, "pnonce_indices");
      snprintf (what, sizeof what, "nonce_agg valid %d", i);
      for (j = 0; j < jlen (idx); j++)
        {
          CHECK_ERR (parse_pubnonce (p[j], jpick (pn, idx, j)), 0);
          pp[j] = p[j];
          lens[j] = sizeof p[j];
        }
      CHECK_ERR (kc_musig_nonce_agg (C, agg, sizeof agg, (size_t) j, pp,
                                     lens), 0);
      CHECK_ERR (kc_musig_aggnonce_serialize (C, ser, 66, agg, sizeof agg), 0);
      check_hex (what, ser, 66, jget (c, "expected")->str);
      /* and the expected value parses back to the same */
      CHECK_ERR (parse_aggnonce (p[3], jget (c, "expected")), 0);
      CHECK (!memcmp (p[3], agg, sizeof agg), "%s: parse", what);
    }
  i = 0;
  for (c = jget (v, "error_test_cases")->child; c; c = c->next, i++)
    {
      jnode *idx = jget (c, "pnonce_indices");
      long bad = jget (jget (c, "error"), "signer")->num;
      for (j = 0; j < jlen (idx); j++)
        {
          memset (p[j], 0xa5, sizeof p[j]);
          if (j == bad)
            {
              CHECK_ERR (parse_pubnonce (p[j], jpick (pn, idx, j)),
                         GPG_ERR_INV_DATA);
              CHECK (p[j][0] == 0xa5 && p[j][131] == 0xa5,
                     "nonce_agg error %d: written", i);
            }
          else
            CHECK_ERR (parse_pubnonce (p[j], jpick (pn, idx, j)), 0);
        }
    }
  jfree (v);
}

/* One signing case: S = the signer's partial signature for the keys
 * KI, tweaks (TW, TI, XO; TI may be NULL), aggregate nonce AN, message
 * MSG, with secret nonce SN97 and secret key SK. */
static gpg_error_t
sign_case (unsigned char psig[KC_MUSIG_PARTIAL_SIG_LEN],
           unsigned char session[KC_MUSIG_SESSION_LEN],
           unsigned char cache[KC_MUSIG_KEYAGG_CACHE_LEN],
           const jnode *keys, const jnode *ki, const jnode *tw,
           const jnode *ti, const jnode *xo, const jnode *an,
           const jnode *msgn, const unsigned char sn97[97],
           const unsigned char sk[32])
{
  unsigned char agg[KC_MUSIG_AGGNONCE_LEN], sn[KC_MUSIG_SECNONCE_LEN];
  unsigned char kp[KC_SCHNORR_SECP256K1_KEYPAIR_LEN], msg[64];
  long ml;
  gpg_error_t err;

  err = agg_keys (cache, NULL, keys, ki);
  if (!err && ti)
    err = apply_tweaks (cache, tw, ti, xo);
  if (!err)
    err = parse_aggnonce (agg, an);
  if (err)
    return err;
  ml = jhex (msg, sizeof msg, msgn);
  CHECK_ERR (kc_musig_nonce_process (C, session, KC_MUSIG_SESSION_LEN, agg,
                                     sizeof agg, ml ? msg : NULL,
                                     (size_t) ml, cache,
                                     KC_MUSIG_KEYAGG_CACHE_LEN), 0);
  make_secnonce (sn, sn97);
  CHECK_ERR (kc_schnorr_keypair_create (C, kp, sizeof kp, sk, 32), 0);
  err = kc_musig_partial_sign (C, psig, KC_MUSIG_PARTIAL_SIG_LEN, sn,
                               sizeof sn, kp, sizeof kp, cache,
                               KC_MUSIG_KEYAGG_CACHE_LEN, session,
                               KC_MUSIG_SESSION_LEN);
  CHECK (sn[0] == 0 && sn[100] == 0 && sn[131] == 0,
         "the secret nonce was not consumed");
  return err;
}

static gpg_error_t
verify_case (const unsigned char psig[KC_MUSIG_PARTIAL_SIG_LEN],
             const unsigned char *session, const unsigned char *cache,
             const jnode *keys, const jnode *ki, const jnode *pnonces,
             const jnode *ni, int signer)
{
  unsigned char pk[33], pn[KC_MUSIG_PUBNONCE_LEN];
  gpg_error_t err = parse_pubnonce (pn, jpick (pnonces, ni, signer));
  if (err)
    return err;
  jhex (pk, sizeof pk, jpick (keys, ki, signer));
  return kc_musig_partial_sig_verify (C, psig, KC_MUSIG_PARTIAL_SIG_LEN, pn,
                                      sizeof pn, pk, 33, cache,
                                      KC_MUSIG_KEYAGG_CACHE_LEN, session,
                                      KC_MUSIG_SESSION_LEN);
}

/* The vector's aggregate nonce is NonceAgg of its public nonces. */
static void
check_aggnonce (const jnode *pnonces, const jnode *ni, const jnode *an,
                const char *what)
{
  unsigned char p[MAXK][KC_MUSIG_PUBNONCE_LEN], agg[KC_MUSIG_AGGNONCE_LEN];
  unsigned char ser[66];
  const void *pp[MAXK];
  size_t lens[MAXK];
  int j;

  for (j = 0; j < jlen (ni) && j < MAXK; j++)
    {
      CHECK_ERR (parse_pubnonce (p[j], jpick (pnonces, ni, j)), 0);
      pp[j] = p[j];
      lens[j] = sizeof p[j];
    }
  CHECK_ERR (kc_musig_nonce_agg (C, agg, sizeof agg, (size_t) j, pp, lens), 0);
  CHECK_ERR (kc_musig_aggnonce_serialize (C, ser, 66, agg, sizeof agg), 0);
  check_hex (what, ser, 66, an->str);
}

static void
test_sign_verify (void)
{
  jnode *v = jload ("sign_verify_vectors.json"), *c, *keys, *pn, *an, *msgs;
  unsigned char sk[32], sn97[2][97], psig[KC_MUSIG_PARTIAL_SIG_LEN];
  unsigned char session[KC_MUSIG_SESSION_LEN];
  unsigned char cache[KC_MUSIG_KEYAGG_CACHE_LEN], ps[32];
  char what[64];
  int i = 0;
  gpg_error_t err;

  if (!v)
    return;
  jhex (sk, sizeof sk, jget (v, "sk"));
  keys = jget (v, "pubkeys");
  pn = jget (v, "pnonces");
  an = jget (v, "aggnonces");
  msgs = jget (v, "msgs");
  jhex (sn97[0], 97, jidx (jget (v, "secnonces"), 0));
  jhex (sn97[1], 97, jidx (jget (v, "secnonces"), 1));
  for (c = jget (v, "valid_test_cases")->child; c; c = c->next, i++)
    {
      jnode *ni = jget (c, "nonce_indices"), *ki = jget (c, "key_indices");
      int signer = (int) jget (c, "signer_index")->num;
      snprintf (what, sizeof what, "sign valid %d", i);
      check_aggnonce (pn, ni, jidx (an, jget (c, "aggnonce_index")->num),
                      what);
      CHECK_ERR (sign_case (psig, session, cache, keys, ki, NULL, NULL, NULL,
                            jidx (an, jget (c, "aggnonce_index")->num),
                            jidx (msgs, jget (c, "msg_index")->num),
                            sn97[0], sk), 0);
      CHECK_ERR (kc_musig_partial_sig_serialize (C, ps, 32, psig,
                                                 sizeof psig), 0);
      check_hex (what, ps, 32, jget (c, "expected")->str);
      CHECK_ERR (verify_case (psig, session, cache, keys, ki, pn, ni, signer),
                 0);
    }
  i = 0;
  for (c = jget (v, "sign_error_test_cases")->child; c; c = c->next, i++)
    {
      jnode *e = jget (c, "error"), *contrib = jget (e, "contrib");
      const char *what2 = contrib ? contrib->str : "value";
      int want;
      if (!strcmp (what2, "value")
          && strstr (jget (e, "message")->str, "included"))
        continue;               /* optional: not checked */
      if (!strcmp (what2, "pubkey"))
        want = GPG_ERR_BAD_PUBKEY;
      else if (!strcmp (what2, "aggnonce"))
        want = GPG_ERR_INV_DATA;
      else
        want = GPG_ERR_INV_STATE;
      memset (psig, 0xa5, sizeof psig);
      err = sign_case (psig, session, cache, keys, jget (c, "key_indices"),
                       NULL, NULL, NULL,
                       jidx (an, jget (c, "aggnonce_index")->num),
                       jidx (msgs, jget (c, "msg_index")->num),
                       sn97[jget (c, "secnonce_index")->num], sk);
      CHECK ((int) gpg_err_code (err) == want, "sign error %d (%s): got %s",
             i, jget (c, "comment")->str, gpg_strerror (err));
      CHECK (psig[0] == 0xa5 && psig[35] == 0xa5, "sign error %d: written",
             i);
    }
  i = 0;
  for (c = jget (v, "verify_fail_test_cases")->child; c; c = c->next, i++)
    {
      jnode *ni = jget (c, "nonce_indices"), *ki = jget (c, "key_indices");
      unsigned char agg[KC_MUSIG_AGGNONCE_LEN], msg[64];
      unsigned char s32[32];
      long ml = jhex (msg, sizeof msg, jidx (msgs, jget (c, "msg_index")->num));
      jhex (s32, 32, jget (c, "sig"));
      err = kc_musig_partial_sig_parse (C, psig, sizeof psig, s32, 32);
      if (err)
        {
          CHECK_ERR (err, GPG_ERR_BAD_SIGNATURE);
          continue;
        }
      CHECK_ERR (agg_keys (cache, NULL, keys, ki), 0);
      CHECK_ERR (parse_aggnonce (agg, jidx (an, 0)), 0);
      CHECK_ERR (kc_musig_nonce_process (C, session, sizeof session, agg,
                                         sizeof agg, msg, (size_t) ml, cache,
                                         sizeof cache), 0);
      CHECK_ERR (verify_case (psig, session, cache, keys, ki, pn, ni,
                              (int) jget (c, "signer_index")->num),
                 GPG_ERR_BAD_SIGNATURE);
    }
  i = 0;
  for (c = jget (v, "verify_error_test_cases")->child; c; c = c->next, i++)
    {
      jnode *ni = jget (c, "nonce_indices"), *ki = jget (c, "key_indices");
      const char *contrib = jget (jget (c, "error"), "contrib")->str;
      unsigned char pnb[KC_MUSIG_PUBNONCE_LEN];
      int signer = (int) jget (c, "signer_index")->num;
      if (!strcmp (contrib, "pubkey"))
        CHECK_ERR (agg_keys (cache, NULL, keys, ki), GPG_ERR_BAD_PUBKEY);
      else
        CHECK_ERR (parse_pubnonce (pnb, jpick (pn, ni, signer)),
                   GPG_ERR_INV_DATA);
    }
  jfree (v);
}

static void
test_tweak (void)
{
  jnode *v = jload ("tweak_vectors.json"), *c, *keys, *pn, *tw;
  unsigned char sk[32], sn97[97], psig[KC_MUSIG_PARTIAL_SIG_LEN], ps[32];
  unsigned char session[KC_MUSIG_SESSION_LEN];
  unsigned char cache[KC_MUSIG_KEYAGG_CACHE_LEN];
  char what[64];
  int i = 0;

  if (!v)
    return;
  jhex (sk, sizeof sk, jget (v, "sk"));
  jhex (sn97, 97, jget (v, "secnonce"));
  keys = jget (v, "pubkeys");
  pn = jget (v, "pnonces");
  tw = jget (v, "tweaks");
  for (c = jget (v, "valid_test_cases")->child; c; c = c->next, i++)
    {
      jnode *ni = jget (c, "nonce_indices"), *ki = jget (c, "key_indices");
      snprintf (what, sizeof what, "tweak valid %d", i);
      check_aggnonce (pn, ni, jget (v, "aggnonce"), what);
      CHECK_ERR (sign_case (psig, session, cache, keys, ki, tw,
                            jget (c, "tweak_indices"), jget (c, "is_xonly"),
                            jget (v, "aggnonce"), jget (v, "msg"), sn97, sk),
                 0);
      CHECK_ERR (kc_musig_partial_sig_serialize (C, ps, 32, psig,
                                                 sizeof psig), 0);
      check_hex (what, ps, 32, jget (c, "expected")->str);
      CHECK_ERR (verify_case (psig, session, cache, keys, ki, pn, ni,
                              (int) jget (c, "signer_index")->num), 0);
    }
  for (c = jget (v, "error_test_cases")->child; c; c = c->next)
    CHECK_ERR (sign_case (psig, session, cache, keys,
                          jget (c, "key_indices"), tw,
                          jget (c, "tweak_indices"), jget (c, "is_xonly"),
                          jget (v, "aggnonce"), jget (v, "msg"), sn97, sk),
               GPG_ERR_BAD_SECKEY);
  jfree (v);
}

static void
test_sig_agg (void)
{
  jnode *v = jload ("sig_agg_vectors.json"), *c, *keys, *pn, *tw, *ps;
  unsigned char cache[KC_MUSIG_KEYAGG_CACHE_LEN], agg[KC_MUSIG_AGGNONCE_LEN];
  unsigned char session[KC_MUSIG_SESSION_LEN], msg[32], sig[64], s32[32];
  unsigned char p[MAXK][KC_MUSIG_PARTIAL_SIG_LEN], pk[33];
  const void *pp[MAXK];
  size_t lens[MAXK];
  char what[64];
  int i = 0, j;
  gpg_error_t err;

  if (!v)
    return;
  keys = jget (v, "pubkeys");
  pn = jget (v, "pnonces");
  tw = jget (v, "tweaks");
  ps = jget (v, "psigs");
  jhex (msg, sizeof msg, jget (v, "msg"));
  for (c = jget (v, "valid_test_cases")->child; c; c = c->next, i++)
    {
      jnode *pi = jget (c, "psig_indices");
      snprintf (what, sizeof what, "sig_agg valid %d", i);
      check_aggnonce (pn, jget (c, "nonce_indices"), jget (c, "aggnonce"),
                      what);
      CHECK_ERR (agg_keys (cache, NULL, keys, jget (c, "key_indices")), 0);
      CHECK_ERR (apply_tweaks (cache, tw, jget (c, "tweak_indices"),
                               jget (c, "is_xonly")), 0);
      CHECK_ERR (parse_aggnonce (agg, jget (c, "aggnonce")), 0);
      CHECK_ERR (kc_musig_nonce_process (C, session, sizeof session, agg,
                                         sizeof agg, msg, 32, cache,
                                         sizeof cache), 0);
      for (j = 0; j < jlen (pi); j++)
        {
          jhex (s32, 32, jpick (ps, pi, j));
          CHECK_ERR (kc_musig_partial_sig_parse (C, p[j], sizeof p[j], s32,
                                                 32), 0);
          pp[j] = p[j];
          lens[j] = sizeof p[j];
        }
      CHECK_ERR (kc_musig_partial_sig_agg (C, sig, 64, session,
                                           sizeof session, (size_t) j, pp,
                                           lens), 0);
      check_hex (what, sig, 64, jget (c, "expected")->str);
      CHECK_ERR (kc_musig_pubkey_get (C, pk, 33, cache, sizeof cache), 0);
      CHECK_ERR (kc_schnorr_verify (C, sig, 64, pk + 1, 32, msg, 32), 0);
    }
  for (c = jget (v, "error_test_cases")->child; c; c = c->next)
    {
      jnode *pi = jget (c, "psig_indices");
      long bad = jget (jget (c, "error"), "signer")->num;
      jhex (s32, 32, jpick (ps, pi, (int) bad));
      memset (p[0], 0xa5, sizeof p[0]);
      err = kc_musig_partial_sig_parse (C, p[0], sizeof p[0], s32, 32);
      CHECK_ERR (err, GPG_ERR_BAD_SIGNATURE);
      CHECK (p[0][0] == 0xa5, "sig_agg error: written");
    }
  jfree (v);
}

/* -------------------------------------------------------- round trips */

/* An N-of-N signature with random keys, tweaks and nonces: every
 * partial signature verifies, so does the result. */
static void
round_trip (int n, int counter_nonces)
{
  unsigned char sk[3][32], kp[3][KC_SCHNORR_SECP256K1_KEYPAIR_LEN];
  unsigned char pk[3][33], xonly[32], tweak[32], full[65], msg[32];
  unsigned char cache[KC_MUSIG_KEYAGG_CACHE_LEN];
  unsigned char sn[3][KC_MUSIG_SECNONCE_LEN], pn[3][KC_MUSIG_PUBNONCE_LEN];
  unsigned char pn_ser[66], pn2[KC_MUSIG_PUBNONCE_LEN];
  unsigned char agg[KC_MUSIG_AGGNONCE_LEN], session[KC_MUSIG_SESSION_LEN];
  unsigned char psig[3][KC_MUSIG_PARTIAL_SIG_LEN], sig[64];
  const void *pkp[3], *pnp[3], *psp[3];
  size_t pkl[3], pnl[3], psl[3];
  int i;

  t_randbytes (msg, sizeof msg);
  for (i = 0; i < n; i++)
    {
      do
        t_randbytes (sk[i], 32);
      while (kc_ecc_seckey_verify (C, sk[i], 32));
      CHECK_ERR (kc_schnorr_keypair_create (C, kp[i], sizeof kp[i], sk[i],
                                            32), 0);
      CHECK_ERR (kc_schnorr_keypair_pub (C, pk[i], 33, kp[i], sizeof kp[i]),
                 0);
      pkp[i] = pk[i];
      pkl[i] = 33;
    }
  CHECK_ERR (kc_ecc_pubkey_sort (C, pkp, pkl, (size_t) n), 0);
  CHECK_ERR (kc_musig_pubkey_agg (C, xonly, 32, cache, sizeof cache,
                                  (size_t) n, pkp, pkl), 0);
  /* a BIP-32 step, then a taproot tweak */
  t_randbytes (tweak, 32);
  tweak[0] &= 0x7f;
  CHECK_ERR (kc_musig_pubkey_ec_tweak_add (C, full, 65, cache, sizeof cache,
                                           tweak, 32), 0);
  t_randbytes (tweak, 32);
  tweak[0] &= 0x7f;
  CHECK_ERR (kc_musig_pubkey_xonly_tweak_add (C, NULL, 0, cache,
                                              sizeof cache, tweak, 32), 0);
  CHECK_ERR (kc_musig_pubkey_get (C, full, 33, cache, sizeof cache), 0);
  memcpy (xonly, full + 1, 32);

  for (i = 0; i < n; i++)
    {
      if (counter_nonces)
        CHECK_ERR (kc_musig_nonce_gen_counter (C, sn[i], sizeof sn[i], pn[i],
                                               sizeof pn[i],
                                               (uint64_t) t_rand64 (), kp[i],
                                               sizeof kp[i], msg, 32, cache,
                                               sizeof cache, NULL, 0), 0);
      else
        CHECK_ERR (kc_musig_nonce_gen (C, sn[i], sizeof sn[i], pn[i],
                                       sizeof pn[i], NULL, 0, sk[i], 32,
                                       pk[i], 33, msg, 32, cache,
                                       sizeof cache, NULL, 0), 0);
      /* over the wire and back */
      CHECK_ERR (kc_musig_pubnonce_serialize (C, pn_ser, 66, pn[i],
                                              sizeof pn[i]), 0);
      CHECK_ERR (kc_musig_pubnonce_parse (C, pn2, sizeof pn2, pn_ser, 66), 0);
      CHECK (!memcmp (pn2, pn[i], sizeof pn2), "pubnonce round trip");
      pnp[i] = pn[i];
      pnl[i] = sizeof pn[i];
    }
  CHECK_ERR (kc_musig_nonce_agg (C, agg, sizeof agg, (size_t) n, pnp, pnl),
             0);
  CHECK_ERR (kc_musig_nonce_process (C, session, sizeof session, agg,
                                     sizeof agg, msg, 32, cache,
                                     sizeof cache), 0);
  for (i = 0; i < n; i++)
    {
      CHECK_ERR (kc_musig_partial_sign (C, psig[i], sizeof psig[i], sn[i],
                                        sizeof sn[i], kp[i], sizeof kp[i],
                                        cache, sizeof cache, session,
                                        sizeof session), 0);
      CHECK_ERR (kc_musig_partial_sig_verify (C, psig[i], sizeof psig[i],
                                              pn[i], sizeof pn[i], pk[i], 33,
                                              cache, sizeof cache, session,
                                              sizeof session), 0);
      /* another signer's nonce or key does not verify */
      CHECK_ERR (kc_musig_partial_sig_verify (C, psig[i], sizeof psig[i],
                                              pn[(i + 1) % n], sizeof pn[0],
                                              pk[i], 33, cache, sizeof cache,
                                              session, sizeof session),
                 GPG_ERR_BAD_SIGNATURE);
      /* a second signature with the same nonce is refused */
      CHECK_ERR (kc_musig_partial_sign (C, psig[(i + 1) % n], sizeof psig[0],
                                        sn[i], sizeof sn[i], kp[i],
                                        sizeof kp[i], cache, sizeof cache,
                                        session, sizeof session),
                 GPG_ERR_INV_STATE);
      psp[i] = psig[i];
      psl[i] = sizeof psig[i];
    }
  CHECK_ERR (kc_musig_partial_sig_agg (C, sig, 64, session, sizeof session,
                                       (size_t) n, psp, psl), 0);
  CHECK_ERR (kc_schnorr_verify (C, sig, 64, xonly, 32, msg, 32), 0);
  msg[0] ^= 1;
  CHECK_ERR (kc_schnorr_verify (C, sig, 64, xonly, 32, msg, 32),
             GPG_ERR_BAD_SIGNATURE);
}

/* Misuse and bad arguments: the error, and nothing written. */
static void
test_errors (void)
{
  unsigned char sk[32], sk2[32], kp[KC_SCHNORR_SECP256K1_KEYPAIR_LEN];
  unsigned char kp2[KC_SCHNORR_SECP256K1_KEYPAIR_LEN], pk[33], pk2[33];
  unsigned char cache[KC_MUSIG_KEYAGG_CACHE_LEN], rnd[32], x[32];
  unsigned char sn[KC_MUSIG_SECNONCE_LEN], pn[KC_MUSIG_PUBNONCE_LEN];
  unsigned char agg[KC_MUSIG_AGGNONCE_LEN], session[KC_MUSIG_SESSION_LEN];
  unsigned char psig[KC_MUSIG_PARTIAL_SIG_LEN], snap[KC_MUSIG_SECNONCE_LEN];
  unsigned char bad[KC_MUSIG_KEYAGG_CACHE_LEN];
  const void *pkp[2], *pnp[1];
  size_t pkl[2] = { 33, 33 }, pnl[1] = { sizeof pn };

  memset (sk, 0x11, 32);
  memset (sk2, 0x22, 32);
  CHECK_ERR (kc_schnorr_keypair_create (C, kp, sizeof kp, sk, 32), 0);
  CHECK_ERR (kc_schnorr_keypair_create (C, kp2, sizeof kp2, sk2, 32), 0);
  CHECK_ERR (kc_schnorr_keypair_pub (C, pk, 33, kp, sizeof kp), 0);
  CHECK_ERR (kc_schnorr_keypair_pub (C, pk2, 33, kp2, sizeof kp2), 0);
  pkp[0] = pk;
  pkp[1] = pk2;
  CHECK_ERR (kc_musig_pubkey_agg (C, NULL, 0, cache, sizeof cache, 2, pkp,
                                  pkl), 0);

  /* zero session randomness is refused, nothing written */
  memset (rnd, 0, sizeof rnd);
  memset (sn, 0xa5, sizeof sn);
  memset (pn, 0xa5, sizeof pn);
  CHECK_ERR (kc_musig_nonce_gen (C, sn, sizeof sn, pn, sizeof pn, rnd, 32,
                                 sk, 32, pk, 33, NULL, 0, NULL, 0, NULL, 0),
             GPG_ERR_INV_VALUE);
  CHECK (sn[0] == 0xa5 && pn[0] == 0xa5 && sn[131] == 0xa5,
         "nonce_gen wrote on error");
  /* a bad secret key, a bad aggregate key argument */
  memset (rnd, 7, sizeof rnd);
  memset (x, 0xff, sizeof x);
  CHECK_ERR (kc_musig_nonce_gen (C, sn, sizeof sn, pn, sizeof pn, rnd, 32,
                                 x, 32, pk, 33, NULL, 0, NULL, 0, NULL, 0),
             GPG_ERR_BAD_SECKEY);
  CHECK_ERR (kc_musig_nonce_gen (C, sn, sizeof sn, pn, sizeof pn, rnd, 32,
                                 sk, 32, pk, 33, NULL, 0, cache, 33, NULL, 0),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_musig_nonce_gen (C, sn, sizeof sn, pn, sizeof pn, rnd, 31,
                                 sk, 32, pk, 33, NULL, 0, NULL, 0, NULL, 0),
             GPG_ERR_INV_ARG);
  CHECK (sn[0] == 0xa5 && pn[0] == 0xa5 && rnd[0] == 7,
         "nonce_gen wrote on error");

  /* a nonce for one key pair does not sign with another */
  CHECK_ERR (kc_musig_nonce_gen (C, sn, sizeof sn, pn, sizeof pn, rnd, 32,
                                 sk, 32, pk, 33, NULL, 0, cache, sizeof cache,
                                 NULL, 0), 0);
  pnp[0] = pn;
  CHECK_ERR (kc_musig_nonce_agg (C, agg, sizeof agg, 1, pnp, pnl), 0);
  CHECK_ERR (kc_musig_nonce_process (C, session, sizeof session, agg,
                                     sizeof agg, NULL, 0, cache,
                                     sizeof cache), 0);
  memcpy (snap, sn, sizeof sn);
  memset (psig, 0xa5, sizeof psig);
  CHECK_ERR (kc_musig_partial_sign (C, psig, sizeof psig, sn, sizeof sn, kp2,
                                    sizeof kp2, cache, sizeof cache, session,
                                    sizeof session), GPG_ERR_WRONG_SECKEY);
  CHECK (psig[0] == 0xa5, "partial_sign wrote on error");
  CHECK (sn[0] == 0 && sn[50] == 0, "the nonce survived a failed signing");
  /* consumed also on a bad argument (here the session's length) */
  memcpy (sn, snap, sizeof sn);
  CHECK_ERR (kc_musig_partial_sign (C, psig, sizeof psig, sn, sizeof sn, kp,
                                    sizeof kp, cache, sizeof cache, session,
                                    sizeof session - 1), GPG_ERR_INV_ARG);
  CHECK (sn[0] == 0 && sn[50] == 0, "the nonce survived a failed signing");
  CHECK_ERR (kc_musig_partial_sign (C, psig, sizeof psig, sn, sizeof sn, kp,
                                    sizeof kp, cache, sizeof cache, session,
                                    sizeof session), GPG_ERR_INV_STATE);
  CHECK (psig[0] == 0xa5, "partial_sign wrote on error");
  /* a good one signs once */
  memcpy (sn, snap, sizeof sn);
  CHECK_ERR (kc_musig_partial_sign (C, psig, sizeof psig, sn, sizeof sn, kp,
                                    sizeof kp, cache, sizeof cache, session,
                                    sizeof session), 0);
  CHECK_ERR (kc_musig_partial_sig_verify (C, psig, sizeof psig, pn,
                                          sizeof pn, pk, 33, cache,
                                          sizeof cache, session,
                                          sizeof session), 0);

  /* opaque buffers not made by their call */
  memset (bad, 0x5a, sizeof bad);
  memset (x, 0xa5, sizeof x);
  CHECK_ERR (kc_musig_pubkey_get (C, x, 33, bad, sizeof cache),
             GPG_ERR_INV_OBJ);
  CHECK_ERR (kc_musig_nonce_process (C, session, sizeof session, bad,
                                     sizeof agg, NULL, 0, cache,
                                     sizeof cache), GPG_ERR_INV_OBJ);
  CHECK_ERR (kc_musig_partial_sig_verify (C, bad, sizeof psig, pn, sizeof pn,
                                          pk, 33, cache, sizeof cache,
                                          session, sizeof session),
             GPG_ERR_INV_OBJ);
  CHECK_ERR (kc_musig_pubnonce_serialize (C, x, 66, bad, sizeof pn),
             GPG_ERR_INV_OBJ);
  CHECK (x[0] == 0xa5, "written on error");
  /* lengths, curves */
  CHECK_ERR (kc_musig_pubkey_agg (C, x, 32, cache, sizeof cache, 0, pkp, pkl),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_musig_pubkey_agg (C, x, 31, NULL, 0, 2, pkp, pkl),
             GPG_ERR_INV_ARG);
  CHECK_ERR (kc_musig_pubkey_agg (KC_ECC_NIST_P256, x, 32, NULL, 0, 2, pkp,
                                  pkl), GPG_ERR_NOT_SUPPORTED);
  CHECK_ERR (kc_musig_partial_sig_agg (C, x, 64, session, sizeof session, 0,
                                       NULL, NULL), GPG_ERR_INV_ARG);
  CHECK (x[0] == 0xa5, "written on error");
}

int
main (int argc, char **argv)
{
  int i;

  t_init (argc, argv);
  t_seed (327);
  test_midstates ();
  test_key_sort ();
  test_key_agg ();
  test_nonce_gen ();
  test_nonce_agg ();
  test_sign_verify ();
  test_tweak ();
  test_sig_agg ();
  for (i = 0; i < (t_quick () ? 2 : 10); i++)
    {
      round_trip (2, i & 1);
      round_trip (3, !(i & 1));
    }
  test_errors ();
  t_rerun_portable (argv);
  t_rerun_other_field (argv);
  return t_done ("t-musig");
}
