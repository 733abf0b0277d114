/* t-mlkem-kat.c - ML-KEM-512, -768 and -1024 against known answers from
 * outside the library, through the public KEM API:
 *   data/acvp/mlkem-kat.txt (NIST ACVP): key generation from d || z,
 *     encapsulation with a fixed m, decapsulation (the modified ciphertexts
 *     too: implicit rejection), the encapsulation- and decapsulation-key
 *     checks;
 *   data/wycheproof/mlkem-subset.txt (a Wycheproof subset): keys failing
 *     the modulus check, matrices that are rejection-sampling edge cases,
 *     the strcmp trap of implicit rejection, inputs of the wrong length.
 * Both files are generated (convert.py next to each; README.provenance
 * says from what).  The whole run is repeated on every kernel set this
 * CPU has: as detected, without AVX-512 (the AVX2 kernels), without AVX2
 * either (portable ML-KEM, Keccak with BMI2) and with nothing
 * (KCRYPT_HWF_MASK=0, all portable).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"
#include "t-common.h"

#include <stdlib.h>

#define MAXPK 1568
#define MAXSK 3168
#define MAXCT 1568

static const struct
{
  int set, algo;
  size_t pk, sk, ct;
} sets[] = {
  { 512, KC_KEM_MLKEM512, KC_KEM_MLKEM512_PUBKEY_LEN,
    KC_KEM_MLKEM512_SECKEY_LEN, KC_KEM_MLKEM512_ENCAPS_LEN },
  { 768, KC_KEM_MLKEM768, KC_KEM_MLKEM768_PUBKEY_LEN,
    KC_KEM_MLKEM768_SECKEY_LEN, KC_KEM_MLKEM768_ENCAPS_LEN },
  { 1024, KC_KEM_MLKEM1024, KC_KEM_MLKEM1024_PUBKEY_LEN,
    KC_KEM_MLKEM1024_SECKEY_LEN, KC_KEM_MLKEM1024_ENCAPS_LEN },
};

enum { F_D, F_Z, F_SEED, F_EK, F_DK, F_M, F_C, F_K, NFIELDS };
static const char *const fnames[NFIELDS] = { "d", "z", "seed", "ek", "dk",
                                             "m", "c", "k" };

struct kat
{
  const char *file;
  char kind[16];
  int s;                        /* index into sets[] */
  int tcid;
  char result[16];              /* valid, invalid or reject */
  unsigned char *f[NFIELDS];
  size_t len[NFIELDS];
};

/* Case counts, to find a truncated or misread file. */
enum { K_KEYGEN, K_ENCAP, K_DECAP, K_REJECT, K_EKCHECK, K_DKCHECK,
       K_INVALID, K_SEEDDECAP, NKINDS };
static int counts[NKINDS][3];

/* A failure of case W: where it comes from, then FMT. */
static void __attribute__ ((format (printf, 2, 3)))
kat_fail (const struct kat *w, const char *fmt, ...)
{
  char msg[256];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (msg, sizeof msg, fmt, ap);
  va_end (ap);
  fail ("%s: %s ML-KEM-%d tcId %d: %s", w->file, w->kind, sets[w->s].set,
        w->tcid, msg);
}

/* The N bytes at GOT must be field F of W. */
static void
same (const struct kat *w, int f, const unsigned char *got, size_t n)
{
  size_t i;
  t_checks++;
  if (!w->f[f] || w->len[f] != n)
    {
      kat_fail (w, "field %s missing or %zu bytes, want %zu", fnames[f],
                w->f[f] ? w->len[f] : 0, n);
      return;
    }
  for (i = 0; i < n && got[i] == w->f[f][i]; i++)
    ;
  if (i < n)
    kat_fail (w, "%s differs from byte %zu on: got %02x, want %02x",
              fnames[f], i, got[i], w->f[f][i]);
}

static int
have (const struct kat *w, int f, size_t n)
{
  t_checks++;
  if (w->f[f] && (n == 0 || w->len[f] == n))
    return 1;
  kat_fail (w, "field %s missing or of the wrong length", fnames[f]);
  return 0;
}

/* After an error ERR, the output P (N bytes, 0x55 before the call) is as
 * kc_kem(3) says: zeroed after an argument error, unwritten after a key
 * check failed. */
static void
output_after (const struct kat *w, gpg_error_t err, const unsigned char *p,
              size_t n, const char *what)
{
  int want = gpg_err_code (err) == GPG_ERR_INV_ARG ? 0 : 0x55;
  size_t i;
  for (i = 0; i < n && p[i] == want; i++)
    ;
  CHECK (i == n, "%s tcId %d: %s after %s: byte %zu is %02x, want %02x",
         w->file, w->tcid, what, gpg_strerror (err), i, p[i], want);
}

static void
run (const struct kat *w)
{
  static unsigned char pk[MAXPK], sk[MAXSK], ct[MAXCT];
  unsigned char ss[32], seed[64];
  int algo = sets[w->s].algo;
  size_t pkl = sets[w->s].pk, skl = sets[w->s].sk, ctl = sets[w->s].ct;
  int valid = !strcmp (w->result, "valid");
  gpg_error_t err;

  if (!strcmp (w->kind, "keygen"))
    {
      counts[K_KEYGEN][w->s]++;
      if (!have (w, F_D, 32) || !have (w, F_Z, 32))
        return;
      memcpy (seed, w->f[F_D], 32);
      memcpy (seed + 32, w->f[F_Z], 32);
      err = kc_kem_keypair_seed (algo, pk, pkl, sk, skl, seed, 64);
      if (err)
        kat_fail (w, "keypair_seed: %s", gpg_strerror (err));
      same (w, F_EK, pk, pkl);
      same (w, F_DK, sk, skl);
    }
  else if (!strcmp (w->kind, "encap"))
    {
      /* also the ek checks of Wycheproof: invalid ones must be refused */
      counts[valid ? K_ENCAP : K_INVALID][w->s]++;
      if (!have (w, F_EK, 0) || !have (w, F_M, 32))
        return;
      memset (ct, 0x55, ctl);
      memset (ss, 0x55, 32);
      err = kc_kem_encap (algo, w->f[F_EK], w->len[F_EK], ct, ctl, ss, 32,
                          w->f[F_M], 32);
      if (!valid)
        {
          gpg_err_code_t want = w->len[F_EK] == pkl ? GPG_ERR_BAD_PUBKEY
                                                    : GPG_ERR_INV_ARG;
          CHECK (gpg_err_code (err) == want, "%s tcId %d (ML-KEM-%d, "
                 "invalid ek): %s, want %s", w->file, w->tcid,
                 sets[w->s].set, gpg_strerror (err),
                 gpg_strerror (gpg_error (want)));
          output_after (w, err, ss, 32, "shared key");
          output_after (w, err, ct, ctl, "ciphertext");
          return;
        }
      if (err)
        kat_fail (w, "encap: %s", gpg_strerror (err));
      same (w, F_C, ct, ctl);
      same (w, F_K, ss, 32);
      if (w->f[F_DK] && have (w, F_DK, skl))
        {
          /* the dk of the pair decapsulates the expected c to k */
          err = kc_kem_decap (algo, w->f[F_DK], skl, w->f[F_C], ctl, ss, 32,
                              NULL, 0);
          if (err)
            kat_fail (w, "decap: %s", gpg_strerror (err));
          same (w, F_K, ss, 32);
        }
    }
  else if (!strcmp (w->kind, "decap"))
    {
      /* RESULT reject: a modified ciphertext, k is J (z || c) */
      counts[valid ? K_DECAP : K_REJECT][w->s]++;
      if (!have (w, F_DK, skl) || !have (w, F_C, ctl))
        return;
      err = kc_kem_decap (algo, w->f[F_DK], skl, w->f[F_C], ctl, ss, 32,
                          NULL, 0);
      if (err)
        kat_fail (w, "decap: %s", gpg_strerror (err));
      same (w, F_K, ss, 32);
    }
  else if (!strcmp (w->kind, "ekcheck"))
    {
      /* FIPS 203 7.2, as kc_kem_encap does it */
      counts[K_EKCHECK][w->s]++;
      if (!have (w, F_EK, 0))
        return;
      memset (seed, 0, 32);     /* m = 0 */
      memset (ss, 0x55, 32);
      err = kc_kem_encap (algo, w->f[F_EK], w->len[F_EK], ct, ctl, ss, 32,
                          seed, 32);
      if (valid)
        CHECK (!err, "%s tcId %d: valid ek refused: %s", w->file, w->tcid,
               gpg_strerror (err));
      else
        {
          /* this ACVP set's bad keys are too long: the length check
           * catches them before the modulus check would */
          gpg_err_code_t want = w->len[F_EK] == pkl ? GPG_ERR_BAD_PUBKEY
                                                    : GPG_ERR_INV_ARG;
          CHECK (gpg_err_code (err) == want, "%s tcId %d (ML-KEM-%d, "
                 "%zu-byte ek): %s, want %s", w->file, w->tcid,
                 sets[w->s].set, w->len[F_EK], gpg_strerror (err),
                 gpg_strerror (gpg_error (want)));
          output_after (w, err, ss, 32, "shared key");
        }
    }
  else if (!strcmp (w->kind, "dkcheck"))
    {
      /* FIPS 203 7.3, the hash check, as kc_kem_decap does it */
      counts[K_DKCHECK][w->s]++;
      if (!have (w, F_DK, skl))
        return;
      memset (ct, 0, ctl);
      memset (ss, 0x55, 32);
      err = kc_kem_decap (algo, w->f[F_DK], skl, ct, ctl, ss, 32, NULL, 0);
      if (valid)
        CHECK (!err, "%s tcId %d: valid dk refused: %s", w->file, w->tcid,
               gpg_strerror (err));
      else
        {
          CHECK (gpg_err_code (err) == GPG_ERR_BAD_SECKEY, "%s tcId %d "
                 "(ML-KEM-%d, bad H (ek)): %s", w->file, w->tcid,
                 sets[w->s].set, gpg_strerror (err));
          output_after (w, err, ss, 32, "shared key");
        }
    }
  else if (!strcmp (w->kind, "seeddecap"))
    {
      /* seed -> ek, then decapsulation; invalid: a seed or ciphertext of
       * the wrong length */
      counts[valid ? K_SEEDDECAP : K_INVALID][w->s]++;
      if (!have (w, F_SEED, 0) || !have (w, F_C, 0))
        return;
      err = kc_kem_keypair_seed (algo, pk, pkl, sk, skl, w->f[F_SEED],
                                 w->len[F_SEED]);
      if (w->len[F_SEED] != 64)
        {
          CHECK (!valid && gpg_err_code (err) == GPG_ERR_INV_ARG,
                 "%s tcId %d: a %zu-byte seed gave %s", w->file, w->tcid,
                 w->len[F_SEED], gpg_strerror (err));
          return;
        }
      if (err)
        kat_fail (w, "keypair_seed: %s", gpg_strerror (err));
      if (w->f[F_EK])
        same (w, F_EK, pk, pkl);
      memset (ss, 0x55, 32);
      err = kc_kem_decap (algo, sk, skl, w->f[F_C], w->len[F_C], ss, 32,
                          NULL, 0);
      if (!valid)
        {
          CHECK (gpg_err_code (err) == GPG_ERR_INV_ARG
                 && w->len[F_C] != ctl, "%s tcId %d (a %zu-byte "
                 "ciphertext): %s", w->file, w->tcid, w->len[F_C],
                 gpg_strerror (err));
          output_after (w, err, ss, 32, "shared key");
          return;
        }
      if (err)
        kat_fail (w, "decap: %s", gpg_strerror (err));
      same (w, F_K, ss, 32);
    }
  else
    kat_fail (w, "unknown kind");
}

/* Parse one line "KIND SET TCID RESULT NAME=HEX ..." into W (fields
 * malloc'ed); 0 on a malformed line. */
static int
parse (struct kat *w, char *line)
{
  char *tok, *eq;
  int set, i, f;

  tok = strtok (line, " \n");
  if (!tok || strlen (tok) >= sizeof w->kind)
    return 0;
  strcpy (w->kind, tok);
  tok = strtok (NULL, " \n");
  set = tok ? atoi (tok) : 0;
  for (w->s = -1, i = 0; i < (int) KC_DIM (sets); i++)
    if (sets[i].set == set)
      w->s = i;
  tok = strtok (NULL, " \n");
  if (w->s < 0 || !tok)
    return 0;
  w->tcid = atoi (tok);
  tok = strtok (NULL, " \n");
  if (!tok || strlen (tok) >= sizeof w->result)
    return 0;
  strcpy (w->result, tok);
  while ((tok = strtok (NULL, " \n")))
    {
      long n;
      eq = strchr (tok, '=');
      if (!eq)
        return 0;
      *eq++ = 0;
      for (f = 0; f < NFIELDS && strcmp (tok, fnames[f]); f++)
        ;
      if (f == NFIELDS || w->f[f])
        return 0;
      w->f[f] = malloc (strlen (eq) / 2 + 1);
      if (!w->f[f])
        return 0;
      n = t_unhex (w->f[f], strlen (eq) / 2 + 1, eq);
      if (n < 0 || (size_t) n * 2 != strlen (eq))
        return 0;
      w->len[f] = (size_t) n;
    }
  return 1;
}

/* Run every case of NAME; the number of cases read. */
static int
run_file (const char *name)
{
  static char line[32768];
  FILE *fp = fopen (t_datafile (name), "r");
  struct kat w;
  int n = 0, lineno = 0, f;

  if (!fp)
    {
      fail ("cannot open %s", t_datafile (name));
      return 0;
    }
  while (fgets (line, sizeof line, fp))
    {
      lineno++;
      if (!strchr (line, '\n'))
        {
          fail ("%s:%d: line too long", name, lineno);
          break;
        }
      if (line[0] == '#')
        continue;
      memset (&w, 0, sizeof w);
      w.file = name;
      if (parse (&w, line))
        run (&w);
      else
        fail ("%s:%d: malformed line", name, lineno);
      for (f = 0; f < NFIELDS; f++)
        free (w.f[f]);
      n++;
    }
  fclose (fp);
  return n;
}

static const char *
path_name (unsigned int hw)
{
  if ((hw & KC_HWF_AVX2) && (hw & KC_HWF_AVX512))
    return "AVX2 kernels, AVX-512 Keccak and sampling";
  if (hw & KC_HWF_AVX2)
    return "AVX2 kernels";
  if (hw & KC_HWF_BMI2)
    return "portable, Keccak with BMI2";
  return "portable";
}

int
main (int argc, char **argv)
{
  unsigned int hw;
  int s;

  t_init (argc, argv);
  hw = _kc_hwf ();
  printf ("t-mlkem-kat: features %#x: %s\n", hw, path_name (hw));

  CHECK (run_file ("acvp/mlkem-kat.txt") == 240,
         "acvp/mlkem-kat.txt: wrong number of cases");
  for (s = 0; s < 3; s++)
    {
      int set = sets[s].set;
      CHECK (counts[K_KEYGEN][s] == 25 && counts[K_ENCAP][s] == 25
             && counts[K_DECAP][s] == 5 && counts[K_REJECT][s] == 5
             && counts[K_EKCHECK][s] == 10 && counts[K_DKCHECK][s] == 10,
             "ML-KEM-%d: ACVP case counts %d %d %d %d %d %d", set,
             counts[K_KEYGEN][s], counts[K_ENCAP][s], counts[K_DECAP][s],
             counts[K_REJECT][s], counts[K_EKCHECK][s], counts[K_DKCHECK][s]);
    }
  memset (counts, 0, sizeof counts);
  CHECK (run_file ("wycheproof/mlkem-subset.txt") == 288,
         "wycheproof/mlkem-subset.txt: wrong number of cases");
  for (s = 0; s < 3; s++)
    CHECK (counts[K_ENCAP][s] == 33 && counts[K_SEEDDECAP][s] == 1
           && counts[K_INVALID][s] == 40 + 18 + 4 * s,
           "ML-KEM-%d: Wycheproof case counts %d %d %d", sets[s].set,
           counts[K_ENCAP][s], counts[K_SEEDDECAP][s], counts[K_INVALID][s]);

  /* again on the other kernels (t_rerun_masked does nothing in a rerun) */
  if ((hw & KC_HWF_AVX2) && (hw & KC_HWF_AVX512))
    t_rerun_masked (argv, ~KC_HWF_AVX512);
  if ((hw & KC_HWF_AVX2) && (hw & KC_HWF_BMI2))
    t_rerun_masked (argv, ~(KC_HWF_AVX2 | KC_HWF_AVX512));
  if (hw)
    t_rerun_portable (argv);
  return t_done ("t-mlkem-kat");
}
