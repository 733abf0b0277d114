/* bench-peers.c - libkcrypt beside other libraries, in one process.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Usage:  bench/bench-peers [--repetitions N] [--quick] [--cpu-mhz auto|N]
 *                           [--csv] [--svg FILE [--svg-title TEXT]]
 *                           [row-prefix ...]
 *
 * For each row, our implementation and every peer built in (OpenSSL,
 * libgcrypt) are measured together by bench_measure: the same batch sizes,
 * the cases alternating within every repetition, so that frequency drift
 * and the load of a shared machine hit all of them equally.  Each figure
 * is the slope described in bench.h.  Before timing, a row checks that every
 * peer computes the same result as ours on the benchmark input.
 *
 * Output: one line per (row, peer): ours, theirs, and the ratio
 * ours/theirs (below 1: we are faster); with --cpu-mhz, cycles of both
 * (with auto, the clock is timed interleaved with the row).  CSV columns:
 *   row,peer,unit,ours_ns,theirs_ns,ratio
 * (unit "byte" or "op"; times in ns per unit).
 *
 * --svg FILE also writes the ratios as an SVG bar chart (bench-peers-svg.c):
 * one bar per (row, peer) on a log axis with 1.0 marked, the peers and
 * their builds in the legend, and below the title the machine, compiler,
 * date and load average, detected, or TEXT given with --svg-title.
 * make bench-chart (top directory) makes doc/bench-peers.svg that way.
 *
 * Rows:
 *   md/{sha256,sha384,sha512,sha3-256,sha3-512,shake128,shake256}/{64,1024,8192}
 *                                       per byte; OpenSSL, libgcrypt
 *                                      (bench-peers-md.c)
 *   mpi/{256,1024,2048,4096}/{mul,mulm,powm,invm}  GMP (mpz_*), libgcrypt
 *                                      (gcry_mpi_*) (bench-peers-mpi.c)
 *   ecc/secp256k1/{sign,verify}        us/op; libsecp256k1, OpenSSL,
 *                                      libgcrypt (bench-peers-ecc.c)
 *   ecc/secp256k1{,-master}/{schnorr_sign,schnorr_sign_kp,schnorr_verify,
 *     ecdh,sign_recoverable,recover,seckey_tweak,pubkey_tweak,xonly_tweak,
 *     schnorr_sign_keypair,keypair_*,xonly_tweak_add_check,seckey_*,
 *     pubkey_{negate,tweak_mul,combine2,cmp},tagged_sha256,signature_*,
 *     sign_ndata}, ecc/secp256k1-master/pubkey_sort16
 *                                      us/op; Debian's libsecp256k1 and
 *                                      the master peer (bench-peers-btc.h)
 *   ecc/secp256k1-master/{sign,verify65,verify33,pubkey}[_rot256]  us/op;
 *   ecc/secp256k1-master/{verify65,schnorr}_batch{1,8,64,1024}_per_sig
 *                                      us/signature;
 *   ecc/secp256k1-master/ellswift_{encode,decode,create,xdh}  us/op,
 *                                      BIP-324 (bench-peers-ellswift.h);
 *   ecc/secp256k1-master/musig_*       us/op, BIP-327 MuSig2
 *                                      (bench-peers-musig.h; when the
 *                                      peer has the musig module);
 *                                      a libsecp256k1 built outside this
 *                                      tree, when configured with
 *                                      --with-secp256k1-peer
 *                                      (bench-peers-secp.c)
 *   mont/{256,384,512}/{mul_redc,square_redc,pow}  GMP mpn_mul_n/mpn_sqr +
 *                                      mpn_redc_1; pow: mpz_powm_sec
 *                                      (bench-peers-mont.c)
 *   kem/sntrup761/{keypair,encap,decap,keypair_batch32}  us/op; PQClean
 *                                      avx2, when configured with
 *                                      --with-pqclean-sntrup761
 *                                      (bench-peers-kem.c)
 *   kem/sntrup761-fastrng/{keypair,encap,decap,keypair_batch32}  us/op;
 *                                      libsntrup761, when configured with
 *                                      --with-sntrup761-peer; both sides
 *                                      on one fast deterministic RNG
 *                                      (bench-peers-kem.c)
 *   kem/sntrup761-kernels/{rq_mult_small,r3_mult,rq_mult,r3_recip,
 *     rq_recip3,sort761,sort761_portable}  us/op; libsntrup761's
 *                                      crypto_core_* and crypto_sort_int32
 *                                      (bench-peers-kem.c)
 *   x25519/{derive,base,keygen}        us/op; OpenSSL (EVP X25519),
 *                                      libsodium (crypto_scalarmult,
 *                                      crypto_scalarmult_base,
 *                                      crypto_box_keypair)
 *                                      (bench-peers-x25519.c)
 *   ed25519/{pubkey,sign,sign_keypair,verify,verify_batch64_per_sig}
 *                                      us/op; OpenSSL (EVP Ed25519), libsodium
 *                                      (crypto_sign_*)
 *                                      (bench-peers-ed25519.c)
 *   kem/mlkem768/{keypair,encap,decap}  us/op; pq-crystals kyber avx2
 *                                      (--with-kyber-peer) and
 *                                      mlkem-native
 *                                      (--with-mlkem-native-peer), all
 *                                      deterministic (bench-peers-mlkem.c)
 *   kem/mlkem768-{portable,nosimd}/{keypair,encap,decap}  ours on the
 *                                      portable ML-KEM kernels (nosimd:
 *                                      and portable Keccak) beside
 *                                      pq-crystals' ref (--with-kyber-peer)
 *   kem-parts/{x25519mlkem768,xwing,dhkem25519}/{keypair,encap,decap}
 *                                      us/op; each KEM built from others
 *                                      beside its parts called one after
 *                                      another ("parts"; dhkem25519/decap
 *                                      also "parts+pkR"): the ratio is the
 *                                      construction's overhead factor
 *                                      (bench-peers-kemparts.c)
 * A new row pair is one function like row_md there: set up the inputs,
 * fill a struct peer_side for ours and for each peer that has the
 * operation, check they agree, call peers_compare (); a new topic is one
 * file (bench-peers-<topic>.c, see bench-peers.h) and one entry in
 * row_files[] below.
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kcrypt-int.h"
#include "bench-peers.h"

#ifdef HAVE_OPENSSL
# include <openssl/crypto.h>
#endif
#ifdef HAVE_LIBGCRYPT
# include <gcrypt.h>
#endif
#ifdef HAVE_GMP
# include <gmp.h>
#endif
#ifdef HAVE_SNTRUP761_PEER
# include KC_SNTRUP761_PEER_HEADER
#endif
#include <sys/utsname.h>
#include <time.h>
#ifdef HAVE_LIBSODIUM
# include <sodium.h>
#endif

/* The row files, in run order. */
static void (*const row_files[]) (void) = {
  bench_peers_md,
  bench_peers_mpi,
  bench_peers_ecc,
  bench_peers_p256,
#ifdef HAVE_LIBSECP256K1
  bench_peers_secp_btc,
#endif
#ifdef HAVE_SECP256K1_PEER
  bench_peers_secp_master,
  bench_peers_secp_master_btc,
  bench_peers_secp_master_ellswift,
# ifdef HAVE_SECP256K1_PEER_MUSIG
  bench_peers_secp_master_musig,
# endif
  bench_peers_secp_master_silentpay,
#endif
  bench_peers_mont,
  bench_peers_kem,
  bench_peers_x25519,
  bench_peers_ed25519,
  bench_peers_mlkem,
  bench_peers_kemparts,
};

static const char *const *selectors;
static int nselectors;

int
peers_row_wanted (const char *path)
{
  int i;
  if (!nselectors)
    return 1;
  for (i = 0; i < nselectors; i++)
    if (!strncmp (path, selectors[i], strlen (selectors[i])))
      return 1;
  return 0;
}

int
peers_group_wanted (const char *group)
{
  int i;
  if (!nselectors)
    return 1;
  for (i = 0; i < nselectors; i++)
    {
      size_t n = strlen (selectors[i]), m = strlen (group);
      if (!strncmp (group, selectors[i], n < m ? n : m))
        return 1;
    }
  return 0;
}

void
peers_compare (const char *path, enum bench_unit unit, double units,
               const struct peer_side *sides, size_t n)
{
  struct bench_case cases[PEERS_MAX_SIDES];
  struct bench_result res[PEERS_MAX_SIDES];
  double ns[PEERS_MAX_SIDES], mhz;
  size_t i;

  if (n < 2)
    return;                     /* no peer has this operation */
  if (n > PEERS_MAX_SIDES)
    bench_fail (path, "peers_compare: too many sides");
  for (i = 0; i < n; i++)
    {
      cases[i].body = sides[i].body;
      cases[i].ctx = sides[i].ctx;
    }
  mhz = bench_measure_clocked (cases, n, res);
  for (i = 0; i < n; i++)
    ns[i] = res[i].ns_per_iter / units;

  for (i = 1; i < n; i++)
    {
      /* A slope of 0 is a fit that failed (the noise made it come out
       * negative; bench.c keeps it at 0): no figure, not a figure of 0. */
      int fit = ns[0] > 0 && ns[i] > 0;
      double ratio = fit ? ns[0] / ns[i] : 0;
      if (fit)
        peers_svg_add (path, sides[i].who, ratio,
                       res[0].r2 < BENCH_R2_NOISY
                       || res[i].r2 < BENCH_R2_NOISY);
      if (bench_cfg.csv)
        {
          char o[32], t[32], q[32];
          printf ("%s,%s,%s,%s,%s,%s\n", path, sides[i].who,
                  unit == BENCH_NS_PER_BYTE ? "byte" : "op",
                  bench_fmt_csv (o, sizeof o, ns[0]),
                  bench_fmt_csv (t, sizeof t, ns[i]),
                  bench_fmt_csv (q, sizeof q, ratio));
        }
      else if (!fit)
        printf ("  %-20s %-10s  no figure: the slope fit failed"
                " (r2=%.3f/%.3f)\n", path, sides[i].who, res[0].r2,
                res[i].r2);
      else
        {
          const char *label = unit == BENCH_NS_PER_BYTE ? "ns/B"
            : unit == BENCH_US_PER_OP ? "us/op" : "ns/op";
          double scale = unit == BENCH_US_PER_OP ? 1e-3 : 1;
          char b1[32], b2[32], b3[32], b4[32];
          printf ("  %-20s %-10s %10s %10s %-5s %8.2f", path, sides[i].who,
                  bench_fmt (b1, sizeof b1, ns[0] * scale),
                  bench_fmt (b2, sizeof b2, ns[i] * scale), label, ratio);
          if (mhz > 0)
            printf ("  %8s %8s", bench_fmt (b3, sizeof b3, ns[0] * mhz / 1e3),
                    bench_fmt (b4, sizeof b4, ns[i] * mhz / 1e3));
          if (res[0].r2 < BENCH_R2_NOISY || res[i].r2 < BENCH_R2_NOISY)
            printf ("  noisy, r2=%.3f/%.3f", res[0].r2, res[i].r2);
          putchar ('\n');
        }
    }
  fflush (stdout);
}

/* ---------------------------------------------------------------- main */

/* The peers built in, as struct peer_side names them. */
static struct peer_info peers[20];
static size_t npeers;
static char peer_text[20][256];

static void peer_add (const char *who, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
static void
peer_add (const char *who, const char *fmt, ...)
{
  va_list ap;
  if (npeers == KC_DIM (peers))
    return;
  va_start (ap, fmt);
  vsnprintf (peer_text[npeers], sizeof peer_text[npeers], fmt, ap);
  va_end (ap);
  peers[npeers].who = who;
  peers[npeers].desc = peer_text[npeers];
  npeers++;
}

static void
peers_init (void)
{
#ifdef HAVE_OPENSSL
  peer_add ("openssl", "%s", OpenSSL_version (OPENSSL_VERSION));
#endif
#ifdef HAVE_LIBGCRYPT
  peer_add ("libgcrypt", "libgcrypt %s", gcry_check_version (NULL));
#endif
#ifdef HAVE_GMP
  peer_add ("gmp", "GMP %s (mpz_*; mont/: mpn_mul_n + mpn_redc_1)",
            gmp_version);
  peer_add ("gmp-tdiv", "GMP %s (mpn_mul_n + mpn_tdiv_qr)", gmp_version);
#endif
#ifdef HAVE_LIBSECP256K1
  peer_add ("secp256k1", "libsecp256k1 %s, the system's",
            KC_SECP256K1_SYSTEM_VERSION);
#endif
#ifdef HAVE_SECP256K1_PEER
  peer_add ("master", "libsecp256k1 %s from %s (symbols renamed kcpeer_*)",
            KC_SECP256K1_PEER_VERSION, KC_SECP256K1_PEER_DIR);
  peer_add ("master+shani", "the same, with our SHA-NI SHA-256 "
            "compression function");
#endif
#ifdef HAVE_SNTRUP761_PEER
  peer_add ("libsntrup761", "libsntrup761 from %s (%s), its keypair_batch",
            KC_SNTRUP761_PEER_DIR, crypto_kem_sntrup761_IMPLEMENTATION);
  peer_add ("lib-keypair", "libsntrup761's single keypair, 32 times");
#endif
#ifdef HAVE_LIBSODIUM
  peer_add ("libsodium", "libsodium %s", sodium_version_string ());
#endif
#ifdef HAVE_KYBER_PEER
  peer_add ("pqcrystals-avx2", "pq-crystals kyber768 avx2 from %s",
            KC_KYBER_PEER_DIR);
  peer_add ("pqcrystals-ref", "pq-crystals kyber768 ref from %s",
            KC_KYBER_PEER_DIR);
#endif
#ifdef HAVE_MLKEM_NATIVE_PEER
  peer_add ("mlkem-native", "mlkem-native (ML-KEM-768) from %s",
            KC_MLKEM_NATIVE_PEER_DIR);
#endif
  peer_add ("parts", "the KEM's parts called one after another through "
            "the public API (kem-parts/, bench-peers-kemparts.c)");
  peer_add ("parts+pkR", "the same, and pk (skR) as RFC 9180's Decap "
            "computes it (kem-parts/dhkem25519/decap)");
#ifdef HAVE_PQCLEAN_SNTRUP761
  peer_add ("pqclean-avx2", "PQClean sntrup761 avx2 (%s)",
            KC_PQCLEAN_SNTRUP761_LIB);
#endif
}

/* The first line of /proc/loadavg's first field, or "?". */
static void
load_average (char *buf, size_t len)
{
  FILE *f = fopen ("/proc/loadavg", "r");
  snprintf (buf, len, "?");
  if (f)
    {
      if (fscanf (f, "%15s", buf) != 1)
        snprintf (buf, len, "?");
      fclose (f);
    }
}

/* The chart's second line: CPU, cores, OS, compiler, date (UTC), the
 * load average before and after. */
static void
machine_line (char *buf, size_t len, const char *load0)
{
  char cpu[128] = "", load1[16], date[32];
  struct utsname u;
  time_t now = time (NULL);
  FILE *f = fopen ("/proc/cpuinfo", "r");
  long ncpu = 0;

  if (f)
    {
      char line[256];
      while (fgets (line, sizeof line, f))
        if (!strncmp (line, "model name", 10))
          {
            char *p = strchr (line, ':');
            if (p && !*cpu)
              {
                p += 1 + (p[1] == ' ');
                p[strcspn (p, "\n")] = 0;
                snprintf (cpu, sizeof cpu, "%s", p);
              }
            ncpu++;
          }
      fclose (f);
    }
  if (uname (&u))
    memset (&u, 0, sizeof u);
  if (!*cpu)
    snprintf (cpu, sizeof cpu, "%s", u.machine);
  strftime (date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime (&now));
  load_average (load1, sizeof load1);
  snprintf (buf, len, "%s, %ld cpus, %s %s, "
#ifdef __VERSION__
            "cc " __VERSION__ ", "
#endif
            "%s, load %s before, %s after", cpu, ncpu, u.sysname, u.release,
            date, load0, load1);
}

static void
usage (FILE *f)
{
  fprintf (f,
           "usage: %s [options] [row-prefix ...]\n"
           "Time libkcrypt beside its peers (built in:%s%s%s%s%s%s), interleaved\n"
           "in one process; prints ours, theirs and ours/theirs per row.\n"
           "rows: md/{sha256,sha384,sha512,sha3-256,sha3-512,shake128,shake256}/\n"
           "  {64,1024,8192} (per byte)\n"
           "      mpi/{256,1024,2048,4096}/{mul,mulm,powm,invm}\n"
           "      ecc/secp256k1/{sign,verify} (us/op)\n"
#ifdef HAVE_LIBSECP256K1
           "      ecc/secp256k1{,-master}/{schnorr_sign,schnorr_sign_kp,\n"
           "        schnorr_verify,ecdh,sign_recoverable,recover,seckey_tweak,\n"
           "        pubkey_tweak,xonly_tweak,schnorr_sign_keypair,keypair_create,\n"
           "        keypair_xonly_tweak_add,keypair_{sec,pub,xonly_pub},\n"
           "        xonly_tweak_add_check,seckey_{verify,negate,tweak_mul},\n"
           "        pubkey_{negate,tweak_mul,combine2,cmp},tagged_sha256,\n"
           "        signature_{normalize,parse_der,serialize_der},sign_ndata}\n"
           "      ecc/secp256k1-master/pubkey_sort16\n"
#endif
#ifdef HAVE_SECP256K1_PEER
           "      ecc/secp256k1-master/{sign,verify65,verify33,pubkey}"
           "[_rot256]\n"
           "      ecc/secp256k1-master/{verify65,schnorr}_batch{1,8,64,1024}_per_sig"
           " (us/signature)\n"
           "      ecc/secp256k1-master/ellswift_{encode,decode,create,xdh}\n"
           "      ecc/secp256k1-master/musig_{pubkey_agg,pubkey_get,\n"
           "        pubkey_{ec,xonly}_tweak_add,nonce_{gen,gen_counter,agg,\n"
           "        process},partial_sign,partial_sig_{verify,agg},\n"
           "        {pubnonce,aggnonce,partial_sig}_{parse,serialize}}\n"
#endif
           "      mont/{256,384,512}/{mul_redc,square_redc,pow}\n"
           "      x25519/{derive,base,keygen} (us/op)\n"
           "      ed25519/{pubkey,sign,sign_keypair,verify,verify_batch64_per_sig} (us/op)\n"
           "      kem-parts/{x25519mlkem768,xwing,dhkem25519}/{keypair,encap,decap}\n"
           "        (us/op; beside \"parts\", the KEM's parts called one by one)\n"
#ifdef HAVE_PQCLEAN_SNTRUP761
           "      kem/sntrup761/{keypair,encap,decap,keypair_batch32}\n"
#endif
#ifdef HAVE_SNTRUP761_PEER
           "      kem/sntrup761-fastrng/{keypair,encap,decap,keypair_batch32}\n"
#endif
#ifdef HAVE_SNTRUP761_PEER_CORE
           "      kem/sntrup761-kernels/{rq_mult_small,r3_mult,rq_mult,r3_recip,\n"
           "        rq_recip3,sort761,sort761_portable}\n"
#endif
           "\noptions:\n%s"
           "  --svg FILE       also draw the ratios as an SVG bar chart in FILE\n"
           "  --svg-title TEXT the chart's second line (default: machine, date)\n"
           "  --help           this text\n"
           "\nCSV columns: row,peer,unit,ours_ns,theirs_ns,ratio\n",
           bench_cfg.progname,
#ifdef HAVE_OPENSSL
           " openssl",
#else
           "",
#endif
#ifdef HAVE_LIBGCRYPT
           " libgcrypt",
#else
           "",
#endif
#ifdef HAVE_GMP
           " gmp",
#else
           "",
#endif
#ifdef HAVE_LIBSECP256K1
           " secp256k1",
#else
           "",
#endif
#ifdef HAVE_SECP256K1_PEER
           " secp256k1-master",
#else
           "",
#endif
#ifdef HAVE_LIBSODIUM
           " libsodium",
#else
           "",
#endif
           bench_options_help);
}

int
main (int argc, char **argv)
{
  const char *svg_file = NULL, *svg_title = NULL;
  char load0[16], line[512];
  size_t f;
  int i;

  bench_cfg.progname = "bench-peers";
  load_average (load0, sizeof load0);
  selectors = (const char *const *) argv + 1;
  for (i = 1; i < argc; i++)
    {
      if (!strcmp (argv[i], "--help") || !strcmp (argv[i], "-h"))
        {
          usage (stdout);
          return 0;
        }
      if (bench_parse_option (argc, argv, &i))
        continue;
      if (!strcmp (argv[i], "--svg") || !strcmp (argv[i], "--svg-title"))
        {
          if (i + 1 >= argc)
            {
              fprintf (stderr, "%s: %s needs an argument\n",
                       bench_cfg.progname, argv[i]);
              return 2;
            }
          if (!strcmp (argv[i], "--svg"))
            svg_file = argv[++i];
          else
            svg_title = argv[++i];
          continue;
        }
      if (argv[i][0] == '-')
        {
          fprintf (stderr, "%s: unknown option '%s'\n", bench_cfg.progname,
                   argv[i]);
          usage (stderr);
          return 2;
        }
      /* Collect the row prefixes at the front of argv. */
      argv[1 + nselectors++] = argv[i];
    }

#ifdef HAVE_LIBGCRYPT
  if (!gcry_check_version (NULL))
    bench_fail (NULL, "gcry_check_version failed");
  gcry_control (GCRYCTL_DISABLE_SECMEM, 0);
  gcry_control (GCRYCTL_INITIALIZATION_FINISHED, 0);
#endif

  bench_setup ();
  peers_init ();
  if (bench_cfg.csv)
    printf ("row,peer,unit,ours_ns,theirs_ns,ratio\n");
  else
    {
      printf ("# bench-peers: %u repetitions, %u batch sizes%s; "
              "ratio = ours/theirs (< 1: ours faster)\n",
              bench_cfg.repetitions, bench_cfg.steps,
              bench_cfg.quick ? ", quick" : "");
      for (f = 0; f < npeers; f++)
        printf ("# peer %s: %s\n", peers[f].who, peers[f].desc);
      printf ("  %-20s %-10s %10s %10s %-5s %8s%s\n", "row", "peer", "ours",
              "theirs", "", "ratio",
              bench_cfg.cpu_mhz > 0 ? "  cyc-ours cyc-them" : "");
    }

  for (f = 0; f < KC_DIM (row_files); f++)
    row_files[f] ();
  if (svg_file)
    {
      machine_line (line, sizeof line, load0);
      if (peers_svg_write (svg_file, "libkcrypt " KCRYPT_VERSION
                           " beside its peers: time ratio ours/theirs per "
                           "operation (bench/bench-peers)",
                           svg_title ? svg_title : line, peers, npeers))
        return 1;
      if (!bench_cfg.csv)
        printf ("# chart: %s\n", svg_file);
    }
  return 0;
}
