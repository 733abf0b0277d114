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
#include "secp256k1/field-5x52.h"
#include "secp256k1/x86_64/field-4x64.h"
#include "secp256k1/x86_64/field-avx2.h"
#include "secp256k1/x86_64/field-ifma.h"
#include "limb.h"
#include "sntrup761/x86_64/avx2.h"
#include "sntrup761/x86_64/avx512.h"
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
};

/* Every function of the library whose instructions go beyond the x86-64
 * baseline belongs to a row; t-isa-gates.sh fails on one that does not
 * and on a row that matches no function. */
static const struct row rows[] = {
  { "src/chacha20", ".", KC_CHACHA20_AVX2_HWF, "", "t-random",
    _kc_chacha20_have_simd },
  { "cipher/hash/sha256", ".", KC_SHA256_SHANI_HWF, "", "t-md",
    _kc_sha256_have_shani },
  { "cipher/hash/sha512", "_avx512$", KC_SHA512_AVX512_HWF, "", "t-md",
    NULL },
  { "cipher/hash/sha512", ".", KC_SHA512_AVX2_HWF, "", "t-md",
    _kc_sha512_have_avx2 },
  /* (the AVX-512 helpers rej_* and v8_* are inlined, except in the
   * MSan build, whose intrinsic models (ct-msan-x86.h) make them bigger) */
  { "cipher/hash/sha512-mb", "(_avx512$|^v8_)", KC_SHA512_MB_AVX512_HWF, "",
    "t-sha512-mb", probe_sha512_mb_avx512 },
  { "cipher/hash/sha512-mb", ".", KC_SHA512_MB_AVX2_HWF, "",
    "t-sha512-mb", probe_sha512_mb_avx2 },
  { "cipher/hash/keccak", "_avx512$", KC_KECCAK_AVX512_HWF, "", "t-sha3",
    _kc_keccak_have_x8 },
  { "cipher/hash/keccak", "_avx2$", KC_KECCAK_AVX2_HWF, "", "t-sha3", NULL },
  { "cipher/hash/keccak", "_bmi$", KC_KECCAK_BMI_HWF, "", "t-sha3",
    _kc_keccak_have_bmi },
  { "cipher/mlkem/x86_64/avx2", "^(rej_uniform_avx512|rej_block_x8"
    "|lanes_to_rows|squeeze_rows_x8|rej_store16|rej_fields|rej_step)$",
    KC_MLKEM_AVX512_HWF, "",
    "t-mlkem-avx2", NULL },
  { "cipher/mlkem/x86_64/avx2", ".", KC_MLKEM_AVX2_HWF, "", "t-mlkem-avx2",
    NULL },
  { "cipher/x25519/x86_64/ifma", ".", KC_X25519_IFMA_HWF, "", "t-x25519",
    NULL },
#ifdef KC_LIMB_ADX
  /* (the MULX/ADX code is built only where mpi/limb.h says: optimised,
   * not under ASan or MSan) */
  { "cipher/secp256k1/x86_64/field-4x64", ".", KC_FE64_HWF, "",
    "t-secp256k1-field-4x64,t-secp256k1-field", probe_fe64 },
  { "cipher/secp256k1/ecmult", ".", KC_FE64_HWF, "", "t-secp256k1-group",
    probe_fe64 },
#endif
  { "cipher/secp256k1/x86_64/ecmult-avx2", ".", KC_FE4_HWF, "",
    "t-secp256k1-field-avx2,t-ecdsa-batch", probe_fe4 },
  { "cipher/secp256k1/x86_64/field-ifma", ".", KC_FE8_HWF, "",
    "t-secp256k1-field-ifma", probe_fe8 },
  { "cipher/secp256k1/x86_64/ecmult-ifma", ".", KC_FE8_HWF, "",
    "t-ecdsa-batch", probe_fe8 },
  { "cipher/secp256k1/schnorr-batch", "^lift_even8$", KC_FE8_HWF, "",
    "t-schnorr-batch", probe_fe8 },
#ifdef KC_LIMB_ADX
  { "mpi/mpih", ".", KC_LIMB_ADX_HWF, "", "t-mpi", probe_limb_adx },
  { "mpi/mont", ".", KC_LIMB_ADX_HWF, "", "t-mont", probe_limb_adx },
  { "mpi/daira", ".", KC_LIMB_ADX_HWF, "", "t-daira", probe_limb_adx },
#endif
  { "cipher/sntrup761/x86_64/avx2-(coeff|ntt|radix|recip|short|small|sort)",
    ".", KC_SNTRUP761_AVX2_HWF, "", "t-sntrup761-avx2,t-sntrup761-ntt",
    NULL },
  { "cipher/sntrup761/x86_64/avx512", "_vnni$", KC_SNTRUP761_VNNI_HWF, "",
    "t-sntrup761-avx2", NULL },
  { "cipher/sntrup761/x86_64/avx512(-ntt|-sort)?", ".",
    KC_SNTRUP761_AVX512_HWF, "", "t-sntrup761-avx2,t-sntrup761-ntt", NULL },
  /* the detection's xgetbv, run only after CPUID has reported OSXSAVE
   * (in whichever function the compiler inlines it into) */
  { "src/hwfeatures", ".", 0, "XSAVE", "", NULL },
  /* the stack burn's register clearing: vzeroall / vpxord / kxorw, each
   * behind the function's own CPUID and XCR0 check (src/global.c,
   * vregs_detect), not _kc_hwf (): KCRYPT_HWF_MASK does not keep the
   * compiler or the C library off those registers (t-wipe runs it on
   * every path) */
  { "src/global", "^(vregs_detect|_kc_burn_stack)$", 0,
    "XSAVE,AVX,AVX512F,AVX512VL", "", NULL },
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
  { KC_HWF_MULX_FAST, "" },
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

/* Every bit of NEED and no other is required for a row's probe. */
static void
check_probes (void)
{
  unsigned int i, j, hw = _kc_hwf (), covered = 0;

  for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
    {
      const struct row *r = &rows[i];

      if (!r->probe || (hw & r->need) != r->need)
        continue;
      _kc_hwf_set_mask (r->need);
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
      covered++;
    }
  _kc_hwf_set_mask (~0u);
  if (t_verbose)
    printf ("%u rows probed\n", covered);
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
