/* t-mlkem.c - ML-KEM (FIPS 203) through the public KEM API: every case
 * of Wycheproof's mlkem_768_test.json (seed -> encapsulation key, then
 * decapsulation of c -> K, including the implicit-rejection and
 * short-input cases), round trips and tampered ciphertexts for 512, 768
 * and 1024, the encapsulation-key modulus check, the decapsulation-key
 * hash check, the optional m, and the internals (the twiddle table, the
 * NTT round trip); all of it again without AVX-512 (the AVX2 kernels
 * with the AVX2 Keccak) where the first run had AVX-512 too, and with
 * KCRYPT_HWF_MASK=0 (the portable kernels).  Known answers for all three
 * sets are in t-mlkem-kat.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "mlkem/mlkem.h"
#include "t-common.h"

#include <stdlib.h>

static const struct
{
  int algo, k;
  size_t pk, sk, ct;
} sets[] = {
  { KC_KEM_MLKEM512, 2, KC_KEM_MLKEM512_PUBKEY_LEN,
    KC_KEM_MLKEM512_SECKEY_LEN, KC_KEM_MLKEM512_ENCAPS_LEN },
  { KC_KEM_MLKEM768, 3, KC_KEM_MLKEM768_PUBKEY_LEN,
    KC_KEM_MLKEM768_SECKEY_LEN, KC_KEM_MLKEM768_ENCAPS_LEN },
  { KC_KEM_MLKEM1024, 4, KC_KEM_MLKEM1024_PUBKEY_LEN,
    KC_KEM_MLKEM1024_SECKEY_LEN, KC_KEM_MLKEM1024_ENCAPS_LEN },
};

/* zetas[i] = 17^brv7(i) 2^16 mod q, centred */
static void
test_tables (void)
{
  int i;
  for (i = 0; i < 128; i++)
    {
      int b = 0, j;
      long z = 1, want;
      for (j = 0; j < 7; j++)
        b |= ((i >> j) & 1) << (6 - j);
      for (j = 0; j < b; j++)
        z = z * 17 % 3329;
      want = z * 65536 % 3329;
      if (want > 3329 / 2)
        want -= 3329;
      CHECK (_kc_mlkem_zetas[i] == want, "zetas[%d] = %d, want %ld", i,
             _kc_mlkem_zetas[i], want);
    }
}

/* invntt (ntt (a)) = a 2^16 (the inverse carries the factor a base-case
 * product needs), on random and extreme inputs */
static void
test_ntt (void)
{
  int16_t a[256], b[256];
  int t, i;
  for (t = 0; t < 200; t++)
    {
      for (i = 0; i < 256; i++)
        a[i] = t == 0 ? 3328 : t == 1 ? -3328
                      : (int16_t) ((int) (t_rand64 () % 6657) - 3328);
      memcpy (b, a, sizeof a);
      _kc_mlkem_ntt (b);
      _kc_mlkem_invntt (b);
      for (i = 0; i < 256; i++)
        {
          long want = ((long) a[i] * 65536) % 3329, got = b[i] % 3329;
          CHECK ((want - got) % 3329 == 0, "ntt round trip %d, coefficient "
                 "%d: %d -> %d", t, i, a[i], b[i]);
        }
    }
}

/* ---------------------------------------------------------- Wycheproof */

static unsigned char *
hexfield (const char *line, const char *name, size_t *len)
{
  char key[32];
  const char *p;
  unsigned char *out;
  size_t n;
  long r;
  snprintf (key, sizeof key, "\"%s\": \"", name);
  p = strstr (line, key);
  if (!p)
    return NULL;
  p += strlen (key);
  n = strcspn (p, "\"") / 2;
  out = malloc (n + 1);
  if (!out)
    return NULL;
  r = t_unhex (out, n + 1, p);
  *len = r < 0 ? 0 : (size_t) r;
  return out;
}

struct wp_case
{
  int tcid, valid;
  unsigned char *seed, *ek, *c, *K;
  size_t seed_len, ek_len, c_len, K_len;
};

static void
wp_run (const struct wp_case *w)
{
  static unsigned char pk[KC_KEM_MLKEM768_PUBKEY_LEN];
  static unsigned char sk[KC_KEM_MLKEM768_SECKEY_LEN];
  unsigned char ss[32];
  gpg_error_t err;

  err = kc_kem_keypair_seed (KC_KEM_MLKEM768, pk, sizeof pk, sk, sizeof sk,
                             w->seed, w->seed_len);
  if (w->seed_len != 64)
    {
      CHECK (!w->valid && gpg_err_code (err) == GPG_ERR_INV_ARG,
             "tcId %d: a %zu-byte seed gave %s", w->tcid, w->seed_len,
             gpg_strerror (err));
      return;
    }
  CHECK_ERR (err, 0);
  if (w->ek)
    CHECK (w->ek_len == sizeof pk && !memcmp (pk, w->ek, sizeof pk),
           "tcId %d: encapsulation key differs", w->tcid);
  err = kc_kem_decap (KC_KEM_MLKEM768, sk, sizeof sk, w->c, w->c_len, ss,
                      sizeof ss, NULL, 0);
  if (!w->valid)
    {
      CHECK (gpg_err_code (err) == GPG_ERR_INV_ARG && w->c_len != 1088,
             "tcId %d (invalid, %zu-byte ciphertext): %s", w->tcid,
             w->c_len, gpg_strerror (err));
      return;
    }
  CHECK_ERR (err, 0);
  CHECK (w->K_len == 32 && !memcmp (ss, w->K, 32),
         "tcId %d: shared key differs", w->tcid);
}

static void
test_wycheproof (void)
{
  FILE *f = fopen (t_datafile ("wycheproof/mlkem_768_test.json"), "r");
  static char line[16384];
  struct wp_case w;
  int n = 0, want = -1;

  if (!f)
    {
      fail ("cannot open %s", t_datafile ("wycheproof/mlkem_768_test.json"));
      return;
    }
  memset (&w, 0, sizeof w);
  while (fgets (line, sizeof line, f))
    {
      const char *p;
      if ((p = strstr (line, "\"numberOfTests\": ")))
        want = atoi (p + 17);
      else if ((p = strstr (line, "\"tcId\": ")))
        w.tcid = atoi (p + 8);
      else if (strstr (line, "\"seed\": "))
        w.seed = hexfield (line, "seed", &w.seed_len);
      else if (strstr (line, "\"ek\": "))
        w.ek = hexfield (line, "ek", &w.ek_len);
      else if (strstr (line, "\"c\": "))
        w.c = hexfield (line, "c", &w.c_len);
      else if (strstr (line, "\"K\": "))
        w.K = hexfield (line, "K", &w.K_len);
      else if ((p = strstr (line, "\"result\": \"")))
        {
          w.valid = !strncmp (p + 11, "valid", 5);
          if (w.seed && w.c)
            wp_run (&w);
          else
            fail ("tcId %d: incomplete case", w.tcid);
          free (w.seed);
          free (w.ek);
          free (w.c);
          free (w.K);
          memset (&w, 0, sizeof w);
          n++;
        }
    }
  fclose (f);
  CHECK (n == want && n > 100, "read %d Wycheproof cases, the file says %d",
         n, want);
}

/* ----------------------------------------------- round trips, checks */

static void
test_roundtrips (void)
{
  static unsigned char pk[1568], sk[3168], ct[1568], ct2[1568];
  unsigned char ss[32], ss2[32], ss3[32], m[32], seed[64];
  size_t s;
  int t;

  for (s = 0; s < KC_DIM (sets); s++)
    for (t = 0; t < 8; t++)
      {
        size_t pl = sets[s].pk, sl = sets[s].sk, cl = sets[s].ct, i;
        int algo = sets[s].algo;

        CHECK_ERR (kc_kem_keypair (algo, pk, pl, sk, sl), 0);
        CHECK_ERR (kc_kem_encap (algo, pk, pl, ct, cl, ss, 32, NULL, 0), 0);
        CHECK_ERR (kc_kem_decap (algo, sk, sl, ct, cl, ss2, 32, NULL, 0), 0);
        CHECK (!memcmp (ss, ss2, 32), "ML-KEM k=%d: round trip differs",
               sets[s].k);
        /* a tampered ciphertext: implicit rejection, J (z || c) */
        memcpy (ct2, ct, cl);
        ct2[t_rand64 () % cl] ^= (unsigned char) (1 + t_rand64 () % 255);
        CHECK_ERR (kc_kem_decap (algo, sk, sl, ct2, cl, ss3, 32, NULL, 0), 0);
        CHECK (memcmp (ss3, ss, 32), "ML-KEM k=%d: tampered ciphertext "
               "gave the real key", sets[s].k);
        CHECK_ERR (kc_kem_decap (algo, sk, sl, ct2, cl, ss2, 32, NULL, 0), 0);
        CHECK (!memcmp (ss3, ss2, 32), "ML-KEM k=%d: rejection key is not "
               "deterministic", sets[s].k);
        /* the optional m makes encapsulation deterministic */
        t_randbytes (m, 32);
        CHECK_ERR (kc_kem_encap (algo, pk, pl, ct, cl, ss, 32, m, 32), 0);
        CHECK_ERR (kc_kem_encap (algo, pk, pl, ct2, cl, ss2, 32, m, 32), 0);
        CHECK (!memcmp (ct, ct2, cl) && !memcmp (ss, ss2, 32),
               "ML-KEM k=%d: encapsulation with m is not deterministic",
               sets[s].k);
        CHECK_ERR (kc_kem_encap (algo, pk, pl, ct, cl, ss, 32, m, 31),
                   GPG_ERR_INV_VALUE);
        CHECK_ERR (kc_kem_encap (algo, pk, pl, ct, cl, ss, 32, NULL, 32),
                   GPG_ERR_INV_VALUE);
        CHECK_ERR (kc_kem_decap (algo, sk, sl, ct, cl, ss, 32, m, 32),
                   GPG_ERR_INV_VALUE);
        /* the same seed, the same keys */
        t_randbytes (seed, 64);
        CHECK_ERR (kc_kem_keypair_seed (algo, pk, pl, sk, sl, seed, 64), 0);
        memcpy (ct2, pk, pl);
        CHECK_ERR (kc_kem_keypair_seed (algo, pk, pl, sk, sl, seed, 64), 0);
        CHECK (!memcmp (ct2, pk, pl), "ML-KEM k=%d: keypair_seed",
               sets[s].k);

        /* the modulus check: a coefficient of t set to q */
        i = (t_rand64 () % (128 * (size_t) sets[s].k)) * 3;
        memcpy (ct2, pk, pl);
        ct2[i] = 0x01;
        ct2[i + 1] = (unsigned char) ((ct2[i + 1] & 0xf0) | 0x0d);  /* 3329 */
        memset (ss, 0x55, 32);
        CHECK_ERR (kc_kem_encap (algo, ct2, pl, ct, cl, ss, 32, NULL, 0),
                   GPG_ERR_BAD_PUBKEY);
        CHECK (ss[0] == 0x55 && !memcmp (ss, ss + 1, 31),
               "ML-KEM k=%d: shared output written on error", sets[s].k);
        /* the key check: a flipped byte of the stored H (ek) */
        sk[384 * sets[s].k + pl] ^= 1;
        CHECK_ERR (kc_kem_decap (algo, sk, sl, ct, cl, ss, 32, NULL, 0),
                   GPG_ERR_BAD_SECKEY);
        sk[384 * sets[s].k + pl] ^= 1;
      }
  CHECK_ERR (kc_kem_keypair_seed (KC_KEM_SNTRUP761, pk, 1158, sk, 1763, seed,
                                  64), GPG_ERR_NOT_SUPPORTED);
  CHECK_ERR (kc_kem_keypair_seed (KC_KEM_MLKEM768, pk, 1184, sk, 2400, seed,
                                  63), GPG_ERR_INV_ARG);
  CHECK_ERR (kc_kem_keypair_batch (KC_KEM_MLKEM768, pk, 1184, sk, 2400, 1),
             GPG_ERR_NOT_SUPPORTED);
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  t_seed (203);
  test_tables ();
  test_ntt ();
  test_wycheproof ();
  test_roundtrips ();
  if ((_kc_hwf () & KC_HWF_AVX2) && (_kc_hwf () & KC_HWF_AVX512))
    t_rerun_masked (argv, ~KC_HWF_AVX512);
  t_rerun_portable (argv);
  return t_done ("t-mlkem");
}
