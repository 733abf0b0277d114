/* t-isa-gates.c - the dispatch rows of the x86-64 kernels, for
 * t-isa-gates.sh, and the check that each row's gate is what its
 * dispatch tests.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A row is a kernel family: the object file its functions are in, an
 * extended regular expression for their symbols (the first matching row
 * of an object wins), the features its dispatch requires (the family's
 * KC_*_HWF mask, the one its dispatch code tests: the masks come from
 * the library's headers, not from here), and the test programs that
 * check it against the portable code.
 *
 *   t-isa-gates --rows   prints a row a line:
 *                        OBJECT REGEX MASK EXTS HAVE TESTS
 *                        EXTS: the instruction-set extensions MASK allows
 *                        (t-isa-gates.awk's names), HAVE: 1 if this CPU
 *                        (as KCRYPT_HWF_MASK leaves it) has every bit
 *   t-isa-gates          for each row with a probe (a function that says
 *                        whether the dispatch picks the kernel): the probe
 *                        is 1 under exactly the row's mask and 0 with any
 *                        one of its bits taken away.
 * Exits 77 where the library has no x86-64 kernels.
 */
#include "kcrypt-int.h"
#include "chacha20.h"
#include "hash/sha256.h"
#include "hash/sha512.h"
#include "hash/sha512-mb.h"
#include "hash/keccak.h"
#include "mlkem/mlkem.h"
#include "mlkem/mlkem-int.h"
#include "x25519/x86_64/ifma.h"
#include "x25519/x86_64/adx.h"
#include "ed25519/x86_64/adx.h"
#include "ed25519/x86_64/ifma.h"
#include "secp256k1/field-5x52.h"
#include "secp256k1/x86_64/field-4x64.h"
#include "secp256k1/x86_64/field-avx2.h"
#include "secp256k1/x86_64/field-ifma.h"
#include "secp256k1/ecdsa-batch.h"
#include "limb.h"
#include "sntrup761/x86_64/avx2.h"
#include "sntrup761/x86_64/avx512.h"
#include "p256/mult.h"
#include "t-common.h"

#ifdef KC_USE_X86_64

static int
probe_sha512_mb_avx2 (void)
{
  return _kc_sha512_mb_have (KC_SHA512_MB_AVX2);
}

static int
probe_sha512_mb_avx512 (void)
{
  return _kc_sha512_mb_have (KC_SHA512_MB_AVX512);
}

#ifdef KC_LIMB_ADX
static int
probe_limb_adx (void)
{
  return _kc_limb_have_adx ();
}

static int
probe_fe64 (void)
{
  return _kc_fe64_chosen ();
}
#else
# define probe_limb_adx NULL
# define probe_fe64 NULL
#endif

#ifdef KC_HAVE_FE4
static int
probe_fe4 (void)
{
  return _kc_fe4_usable ();
}
#else
# define probe_fe4 NULL
#endif

#ifdef KC_HAVE_FE8
static int
probe_fe8 (void)
{
  return _kc_fe8_usable ();
}
#else
# define probe_fe8 NULL
#endif

struct row
{
  const char *obj;              /* source file below the top, without
                                 * ".c"; the file part an ERE */
  const char *re;               /* symbols (ERE), after the first '.' off */
  unsigned int need;            /* the gate */
  const char *extra;            /* extensions allowed besides the gate's */
  const char *tests;            /* comma-separated test programs */
  int (*probe) (void);          /* 1 if the dispatch picks the kernel */
  unsigned int prefer;          /* the preferences its choice also needs */
};

/* Every function of the library whose instructions go beyond the x86-64
 * baseline belongs to a row; t-isa-gates.sh fails on one that does not
 * and on a row that matches no function. */
static const struct row rows[] = {
  { "src/chacha20", ".", KC_CHACHA20_AVX2_HWF, "", "t-random",
    _kc_chacha20_have_simd, 0 },
  { "cipher/hash/sha256", ".", KC_SHA256_SHANI_HWF, "", "t-md",
    _kc_sha256_have_shani, 0 },
  { "cipher/hash/sha512", "_avx512$", KC_SHA512_AVX512_HWF, "", "t-md",
    NULL, 0 },
  { "cipher/hash/sha512", ".", KC_SHA512_AVX2_HWF, "", "t-md",
    _kc_sha512_have_avx2, 0 },
  /* (the AVX-512 helpers rej_* and v8_* are inlined, except in the
   * MSan build, whose intrinsic models (ct-msan-x86.h) make them bigger) */
  { "cipher/hash/sha512-mb", "(_avx512$|^v8_)", KC_SHA512_MB_AVX512_HWF, "",
    "t-sha512-mb", probe_sha512_mb_avx512, 0 },
  { "cipher/hash/sha512-mb", ".", KC_SHA512_MB_AVX2_HWF, "",
    "t-sha512-mb", probe_sha512_mb_avx2, 0 },
  { "cipher/hash/keccak", "_avx512$", KC_KECCAK_AVX512_HWF, "", "t-sha3",
    _kc_keccak_have_x8, 0 },
  { "cipher/hash/keccak", "_avx2$", KC_KECCAK_AVX2_HWF, "", "t-sha3", NULL,
    0 },
  { "cipher/hash/keccak", "_bmi$", KC_KECCAK_BMI_HWF, "", "t-sha3",
    _kc_keccak_have_bmi, 0 },
  { "cipher/mlkem/x86_64/avx2", "^(rej_uniform_avx512|rej_block_x8"
    "|lanes_to_rows|squeeze_rows_x8|rej_store16|rej_fields|rej_step)$",
    KC_MLKEM_AVX512_HWF, "",
    "t-mlkem-avx2", NULL, 0 },
  { "cipher/mlkem/x86_64/avx2", ".", KC_MLKEM_AVX2_HWF, "", "t-mlkem-avx2",
    NULL, 0 },
  { "cipher/x25519/x86_64/ifma", ".", KC_X25519_IFMA_HWF, "", "t-x25519",
    NULL, 0 },
  { "cipher/ed25519/x86_64/group-ifma", ".", KC_ED25519_IFMA_HWF, "",
    "t-ed25519,t-x25519", NULL, 0 },
#ifdef KC_LIMB_ADX
  { "cipher/x25519/x86_64/ladder-adx", ".", KC_X25519_ADX_HWF, "",
    "t-x25519,t-x25519-field-4x64", NULL, 0 },
  { "cipher/ed25519/x86_64/group-adx", ".", KC_ED25519_ADX_HWF, "",
    "t-ed25519,t-x25519", NULL, 0 },
#endif
  /* the curves' table scan (its kernel rows, _kc_ct_lookup_kernels_table) */
  { "src/ct-lookup", "_avx2$", KC_CT_LOOKUP_AVX2_HWF, "",
    "t-secp256k1-group,t-p256,t-p256-exhaustive,t-ecc-api", NULL, 0 },
#ifdef KC_LIMB_ADX
  /* (the MULX/ADX code is built only where mpi/limb.h says: optimised,
   * not under ASan or MSan) */
  { "cipher/secp256k1/x86_64/field-4x64", ".", KC_FE64_HWF, "",
    "t-secp256k1-field-4x64,t-secp256k1-field", probe_fe64, KC_FE64_PREFER },
  { "cipher/secp256k1/ecmult", ".", KC_FE64_HWF, "", "t-secp256k1-group",
    probe_fe64, KC_FE64_PREFER },
  /* (two objects are named group.o: libtool stores them as lt1-group.o
   * and lt2-group.o in the archive; the function names this one) */
  { "cipher/secp256k1/(lt[0-9]+-)?group", "^is_valid_b64_fe64$",
    KC_FE64_HWF, "", "t-secp256k1-group,t-ecc-keys", probe_fe64,
    KC_FE64_PREFER },
#endif
  { "cipher/secp256k1/x86_64/ecmult-avx2", ".", KC_FE4_HWF, "",
    "t-secp256k1-field-avx2,t-ecdsa-batch", probe_fe4, 0 },
  { "cipher/secp256k1/x86_64/field-ifma", ".", KC_FE8_HWF, "",
    "t-secp256k1-field-ifma", probe_fe8, 0 },
  { "cipher/secp256k1/x86_64/ecmult-ifma", ".", KC_FE8_HWF, "",
    "t-ecdsa-batch", probe_fe8, 0 },
  { "cipher/secp256k1/schnorr-batch", "^lift_even8$", KC_FE8_HWF, "",
    "t-schnorr-batch", probe_fe8, 0 },
#ifdef KC_LIMB_ADX
  { "mpi/mpih", ".", KC_LIMB_ADX_HWF, "", "t-mpi", probe_limb_adx, 0 },
  { "mpi/mont", ".", KC_LIMB_ADX_HWF, "", "t-mont", probe_limb_adx, 0 },
  { "mpi/mont-p256", ".", KC_LIMB_ADX_HWF, "", "t-p256-field",
    probe_limb_adx, 0 },
  { "mpi/daira", ".", KC_LIMB_ADX_HWF, "", "t-daira", probe_limb_adx, 0 },
#endif
  { "cipher/sntrup761/x86_64/avx2-(coeff|ntt|radix|recip|short|small|sort)",
    ".", KC_SNTRUP761_AVX2_HWF, "", "t-sntrup761-avx2,t-sntrup761-ntt",
    NULL, 0 },
  { "cipher/sntrup761/x86_64/avx512", "_vnni$", KC_SNTRUP761_VNNI_HWF, "",
    "t-sntrup761-avx2", NULL, 0 },
  { "cipher/sntrup761/x86_64/avx512(-ntt|-sort)?", ".",
    KC_SNTRUP761_AVX512_HWF, "", "t-sntrup761-avx2,t-sntrup761-ntt", NULL, 0 },
  /* the detection's xgetbv, run only after CPUID has reported OSXSAVE
   * (in whichever function the compiler inlines it into) */
  { "src/hwfeatures", ".", 0, "XSAVE", "", NULL, 0 },
  /* the stack burn's register clearing: vzeroupper, vpxor, vpxord,
   * kxorw, each behind the function's own CPUID and XCR0 check
   * (src/global.c, vregs_detect), not _kc_hwf (): KCRYPT_HWF_MASK does
   * not keep the compiler or the C library off those registers (t-wipe
   * runs it on every path) */
  { "src/global", "^(vregs_detect|_kc_burn_stack)$", 0,
    "XSAVE,AVX,AVX512F,AVX512VL", "", NULL, 0 },
};

/* The extensions (t-isa-gates.awk's names) each bit allows.  A bit is
 * exactly what src/hwfeatures.c checks before setting it. */
static const struct
{
  unsigned int bit;
  const char *exts;
} bits[] = {
  { KC_HWF_SSSE3, "SSE3,SSSE3" },       /* every SSSE3 CPU has SSE3 */
  { KC_HWF_SSE41, "SSE4.1" },
  { KC_HWF_AVX2, "AVX,AVX2" },
  { KC_HWF_BMI2, "BMI1,BMI2" },
  { KC_HWF_ADX, "ADX" },
  { KC_HWF_SHANI, "SHA" },
  { KC_HWF_AVX512, "AVX512F,AVX512BW,AVX512DQ,AVX512VL" },
  { KC_HWF_IFMA, "AVX512F,AVX512VL,AVX512IFMA" },
  { KC_HWF_VNNI, "AVX512F,AVX512BW,AVX512VNNI" },
  { KC_HWF_POPCNT, "POPCNT" },
};

static void
print_rows (void)
{
  unsigned int i, j, hw = _kc_hwf ();

  for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
    {
      const struct row *r = &rows[i];

      printf ("%s %s %#x ", r->obj, r->re, r->need);
      /* TZCNT: F3 0F BC, which a CPU without BMI1 runs as BSF (the same
       * result for a nonzero operand); compilers emit it for ctz. */
      fputs ("TZCNT", stdout);
      for (j = 0; j < sizeof bits / sizeof bits[0]; j++)
        if ((r->need & bits[j].bit) && *bits[j].exts)
          printf (",%s", bits[j].exts);
      if (*r->extra)
        printf (",%s", r->extra);
      printf (" %d %s\n", (hw & r->need) == r->need,
              *r->tests ? r->tests : "-");
    }
}

/* Every bit of NEED (and of PREFER) and no other is required for a
 * row's probe. */
static void
check_probes (void)
{
  unsigned int i, j, hw = _kc_hwf (), pw = _kc_hwf_prefer (), covered = 0;

  for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
    {
      const struct row *r = &rows[i];

      if (!r->probe || (hw & r->need) != r->need
          || (pw & r->prefer) != r->prefer)
        continue;
      _kc_hwf_set_mask (r->need);
      _kc_hwf_set_prefer_mask (r->prefer);
      CHECK (r->probe (), "%s /%s/: not chosen under its mask %#x",
             r->obj, r->re, r->need);
      for (j = 0; j < 32; j++)
        if (r->need & (1u << j))
          {
            _kc_hwf_set_mask (r->need & ~(1u << j));
            CHECK (!r->probe (), "%s /%s/: chosen under %#x, without bit "
                   "%#x of its gate %#x", r->obj, r->re,
                   r->need & ~(1u << j), 1u << j, r->need);
          }
      _kc_hwf_set_mask (r->need);
      for (j = 0; j < 32; j++)
        if (r->prefer & (1u << j))
          {
            _kc_hwf_set_prefer_mask (r->prefer & ~(1u << j));
            CHECK (!r->probe (), "%s /%s/: chosen without preference %#x",
                   r->obj, r->re, 1u << j);
          }
      covered++;
    }
  _kc_hwf_set_mask (~0u);
  _kc_hwf_set_prefer_mask (~0u);
  if (t_verbose)
    printf ("%u rows probed\n", covered);
}

/* ---- the kernel tables (src/dispatch.h), every row under every mask */

extern const struct _kc_kernel_table _kc_chacha20_kernels_table,
  _kc_sha256_kernels_table, _kc_sha512_kernels_table,
  _kc_sha512_mb_kernels_table, _kc_keccak_kernels_table,
  _kc_keccak_x4_kernels_table, _kc_keccak_x8_kernels_table,
  _kc_mlkem_kernels_table, _kc_x25519_kernels_table,
  _kc_ed25519_kernels_table,
  _kc_sntrup761_kernels_table, _kc_sntrup761_jump_kernels_table,
  _kc_ecdsa_batch_kernels_table, _kc_secp256k1_field_kernels_table,
  _kc_limb_kernels_table, _kc_ct_lookup_kernels_table;

static int
probe_ecdsa_batch (void)
{
  return _kc_ecdsa_batch_path ();
}

/* Each table, with what the family itself reports of its choice where
 * it has a way to: PROBE () is 1 exactly when the row picked is in the
 * set ON (bit i: row i), or INDEX () is the index of the row picked. */
static const struct
{
  const struct _kc_kernel_table *t;
  int (*probe) (void);
  unsigned int on;
  int (*index) (void);
} tables[] = {
  { &_kc_chacha20_kernels_table, _kc_chacha20_have_simd, 1, NULL },
  { &_kc_sha256_kernels_table, _kc_sha256_have_shani, 1, NULL },
  { &_kc_sha512_kernels_table, _kc_sha512_have_avx2, 3, NULL },
  { &_kc_sha512_mb_kernels_table, probe_sha512_mb_avx512, 1, NULL },
  { &_kc_sha512_mb_kernels_table, probe_sha512_mb_avx2, 3, NULL },
  { &_kc_keccak_kernels_table, NULL, 0, NULL },
  { &_kc_keccak_x4_kernels_table, NULL, 0, NULL },
  { &_kc_keccak_x8_kernels_table, _kc_keccak_have_x8, 1, NULL },
  { &_kc_mlkem_kernels_table, NULL, 0, NULL },
  { &_kc_x25519_kernels_table, NULL, 0, NULL },
  { &_kc_ed25519_kernels_table, NULL, 0, NULL },
  { &_kc_sntrup761_kernels_table, NULL, 0, NULL },
  { &_kc_sntrup761_jump_kernels_table, NULL, 0, NULL },
  { &_kc_ecdsa_batch_kernels_table, NULL, 0, probe_ecdsa_batch },
  { &_kc_ecdsa_batch_kernels_table, probe_fe8, 1, NULL },
  { &_kc_ecdsa_batch_kernels_table, probe_fe4, 3, NULL },
  { &_kc_secp256k1_field_kernels_table, probe_fe64, 1, NULL },
  { &_kc_limb_kernels_table, probe_limb_adx, 1, NULL },
  { &_kc_ct_lookup_kernels_table, NULL, 0, NULL },
};

static const struct _kc_kernel_row *
row_at (const struct _kc_kernel_table *t, unsigned int i)
{
  return (const struct _kc_kernel_row *) (const void *)
    ((const char *) t->rows + (size_t) i * t->stride);
}

/* The row a table should give under HW and PW, from its rows alone. */
static unsigned int
want_index (const struct _kc_kernel_table *t, unsigned int hw,
            unsigned int pw)
{
  unsigned int i;

  for (i = 0; i + 1 < t->n; i++)
    if ((row_at (t, i)->need & ~hw) == 0
        && (row_at (t, i)->prefer & ~pw) == 0)
      return i;
  return t->n - 1;
}

/* The table's form: a last row that needs nothing, names that differ,
 * and no row that an earlier one shadows (one needing a subset of its
 * bits would always be taken first). */
static void
check_table_form (const struct _kc_kernel_table *t)
{
  unsigned int i, j;

  CHECK (t->n >= 1 && row_at (t, t->n - 1)->need == 0
         && row_at (t, t->n - 1)->prefer == 0,
         "%s: the last row must need nothing", t->rows_name);
  for (i = 0; i < t->n; i++)
    for (j = 0; j < i; j++)
      {
        const struct _kc_kernel_row *a = row_at (t, j), *b = row_at (t, i);
        CHECK (strcmp (a->name, b->name) != 0, "%s: two rows named %s",
               t->rows_name, a->name);
        CHECK ((a->need & ~b->need) || (a->prefer & ~b->prefer),
               "%s: row %s is never chosen (row %s before it needs a "
               "subset of its bits)", t->rows_name, b->name, a->name);
      }
}

static void
check_tables (void)
{
  unsigned int hw = _kc_hwf () & KC_HWF_ALL_;
  unsigned int pw = _kc_hwf_prefer () & KC_PREFER_ALL_;
  unsigned int i, m, p, masks = 0, checks = 0;

  for (i = 0; i < sizeof tables / sizeof tables[0]; i++)
    check_table_form (tables[i].t);
  /* every subset M of the CPU's bits, with every subset P of its
   * preferences */
  m = 0;
  do
    {
      p = 0;
      do
        {
          _kc_hwf_set_mask (m);
          _kc_hwf_set_prefer_mask (p);
          masks++;
          for (i = 0; i < sizeof tables / sizeof tables[0]; i++)
            {
              const struct _kc_kernel_table *t = tables[i].t;
              unsigned int want = want_index (t, m, p);
              unsigned int got = _kc_pick_index (t->rows, t->stride, t->n);

              CHECK (got == want, "%s under %#x/%#x: picked %s, not %s",
                     t->rows_name, m, p, row_at (t, got)->name,
                     row_at (t, want)->name);
              if (tables[i].probe)
                CHECK (tables[i].probe () == (int) ((tables[i].on >> want)
                                                    & 1),
                       "%s under %#x/%#x: the family's own dispatch "
                       "disagrees with row %s", t->rows_name, m, p,
                       row_at (t, want)->name);
              if (tables[i].index)
                CHECK (tables[i].index () == (int) want,
                       "%s under %#x/%#x: the family picks row %d, not %s",
                       t->rows_name, m, p, tables[i].index (),
                       row_at (t, want)->name);
              checks++;
            }
          p = (p - pw) & pw;
        }
      while (p);
      m = (m - hw) & hw;
    }
  while (m);
  _kc_hwf_set_mask (~0u);
  _kc_hwf_set_prefer_mask (~0u);
  if (t_verbose)
    printf ("%u tables, %u masks, %u checks\n",
            (unsigned) (sizeof tables / sizeof tables[0]), masks, checks);
}

int
main (int argc, char **argv)
{
  if (argc > 1 && !strcmp (argv[1], "--rows"))
    {
      print_rows ();
      return 0;
    }
  t_verbose = argc > 1 && !strcmp (argv[1], "-v");
  check_probes ();
  check_tables ();
  return t_done ("t-isa-gates");
}

#else /* !KC_USE_X86_64 */

int
main (void)
{
  puts ("SKIP: no x86-64 kernels in this build");
  return 77;
}

#endif
