/* dispatch.h - the one run-time dispatch: what the CPU can do, what it
 * prefers, the compiler target of each capability, and kernel rows.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Included by kcrypt-int.h; see doc/HACKING "CPU-specific code".
 *
 * Capabilities.  A KC_HWF_* bit is one CPUID feature set, detected once
 * per process (src/hwfeatures.c) and masked by KCRYPT_HWF_MASK; beside
 * it, KC_ISA_* is the compiler target that enables exactly its
 * instructions.  The two are the one list: a kernel names its bits once,
 * as a list of names (KC_MLKEM_AVX2_ISA = AVX2, BMI2, POPCNT), and
 * KC_ISA_TARGET (list) gives its target attribute and KC_ISA_HWF (list)
 * the bits its dispatch requires, so that a gate cannot disagree with the
 * instructions the compiler was allowed.  No bit implies another (a VM or
 * KCRYPT_HWF_MASK can offer AVX-512 without AVX2), and a target of
 * "avx512f" lets the compiler emit VEX (AVX2) code: a list with AVX512,
 * IFMA or VNNI names AVX2 too.  tests/t-isa-gates.sh disassembles every
 * function of the library and checks its instructions against its row.
 *
 * Preferences.  A KC_PREFER_* bit is not an instruction set but a
 * measured choice between two correct kernels on a given core (the 4x64
 * MULX field on AMD Zen 4 and 5).  They are a word of their own,
 * _kc_hwf_prefer (), detected beside the capabilities and replaced by
 * KCRYPT_HWF_PREFER from the environment; a preference alone never
 * enables a kernel: its row needs the capabilities too.
 *
 * Rows.  A family with more than one kernel for one job lists them in a
 * const array (KC_KERNEL_ROWS), best first, portable last; each element
 * starts with a struct _kc_kernel_row (name, need, prefer) followed by
 * the family's function pointers.  KC_PICK (rows) returns the first
 * element whose need and prefer bits this process has; the last row
 * must need nothing.  tests/t-isa-gates.c walks every row of every
 * table under every mask of the CPU's bits.
 */
#ifndef KC_DISPATCH_H
#define KC_DISPATCH_H

/* name           bit, then the compiler target of exactly its instructions */
#define KC_HWF_SSSE3  (1u << 0)
#define KC_ISA_SSSE3  "ssse3"
#define KC_HWF_SSE41  (1u << 1)
#define KC_ISA_SSE41  "sse4.1"
#define KC_HWF_AVX2   (1u << 2)
#define KC_ISA_AVX2   "avx2"
#define KC_HWF_BMI2   (1u << 3)   /* BMI1 (ANDN) and BMI2 (MULX, RORX) */
#define KC_ISA_BMI2   "bmi,bmi2"
#define KC_HWF_ADX    (1u << 4)
#define KC_ISA_ADX    "adx"
#define KC_HWF_SHANI  (1u << 5)
#define KC_ISA_SHANI  "sha"
#define KC_HWF_AVX512 (1u << 6)   /* AVX-512 F, BW, DQ and VL, OS-enabled */
#define KC_ISA_AVX512 "avx512f,avx512bw,avx512dq,avx512vl"
#define KC_HWF_IFMA   (1u << 7)   /* AVX-512 F, VL and IFMA, OS-enabled */
#define KC_ISA_IFMA   "avx512f,avx512vl,avx512ifma"
#define KC_HWF_VNNI   (1u << 8)   /* AVX-512 F, BW and VNNI, OS-enabled */
#define KC_ISA_VNNI   "avx512f,avx512bw,avx512vnni"
#define KC_HWF_POPCNT (1u << 10)  /* POPCNT */
#define KC_ISA_POPCNT "popcnt"
#define KC_HWF_ALL_   0x5ffu      /* every bit above */
#define KC_HWF_READY_ (1u << 31)  /* internal: the word has been set */

/* Preferences (_kc_hwf_prefer): BMI2 and ADX on a core whose 64-bit
 * multiplier makes the 4x64 MULX field faster than the 5x52 one (AMD
 * family 0x1A, Zen 5, and later, and Zen 4: family 0x19 with AVX-512;
 * doc/MEASUREMENTS).  Its value is the one KCRYPT_HWF_PREFER has always
 * taken. */
#define KC_PREFER_MULX  (1u << 9)
#define KC_PREFER_ALL_  KC_PREFER_MULX

/* KC_ISA_TARGET (names...) and KC_ISA_HWF (names...), one to five names
 * of the list above (or a macro expanding to such a list). */
#define KC_ISA_CAT_(a, b) KC_ISA_CAT2_ (a, b)
#define KC_ISA_CAT2_(a, b) a##b
#define KC_ISA_N_(_1, _2, _3, _4, _5, n, ...) n
#define KC_ISA_COUNT_(...) KC_ISA_N_ (__VA_ARGS__, 5, 4, 3, 2, 1, 0)
#define KC_ISA_S1_(a) KC_ISA_##a
#define KC_ISA_S2_(a, b) KC_ISA_##a "," KC_ISA_##b
#define KC_ISA_S3_(a, b, c) KC_ISA_##a "," KC_ISA_S2_ (b, c)
#define KC_ISA_S4_(a, b, c, d) KC_ISA_##a "," KC_ISA_S3_ (b, c, d)
#define KC_ISA_S5_(a, b, c, d, e) KC_ISA_##a "," KC_ISA_S4_ (b, c, d, e)
#define KC_ISA_B1_(a) KC_HWF_##a
#define KC_ISA_B2_(a, b) KC_HWF_##a | KC_HWF_##b
#define KC_ISA_B3_(a, b, c) KC_HWF_##a | KC_ISA_B2_ (b, c)
#define KC_ISA_B4_(a, b, c, d) KC_HWF_##a | KC_ISA_B3_ (b, c, d)
#define KC_ISA_B5_(a, b, c, d, e) KC_HWF_##a | KC_ISA_B4_ (b, c, d, e)
#define KC_ISA_STRING(...) \
  KC_ISA_CAT_ (KC_ISA_S, KC_ISA_CAT_ (KC_ISA_COUNT_ (__VA_ARGS__), _)) \
    (__VA_ARGS__)
#define KC_ISA_TARGET(...) \
  __attribute__ ((target (KC_ISA_STRING (__VA_ARGS__))))
#define KC_ISA_HWF(...) \
  (KC_ISA_CAT_ (KC_ISA_B, KC_ISA_CAT_ (KC_ISA_COUNT_ (__VA_ARGS__), _)) \
     (__VA_ARGS__))

/* CPU features for run-time dispatch (0 on other architectures or with
 * --disable-asm), detected once per process and masked by
 * KCRYPT_HWF_MASK from the environment.  This is the library's one
 * dispatch switch: every choice of kernel is derived from _kc_hwf () and
 * _kc_hwf_prefer () at the call (or stored in a caller's context at its
 * set-up), never cached in a global of its own.  Thread safe and race
 * free: each state is one word read and written with __atomic builtins
 * (src/hwfeatures.c), and after the first call a single acquire load. */
extern unsigned int _kc_hwf_word;    /* only through the functions here */
extern unsigned int _kc_prefer_word;
unsigned int _kc_hwf_slow (void);
unsigned int _kc_prefer_slow (void);

static inline unsigned int
_kc_hwf (void)
{
  unsigned int s = __atomic_load_n (&_kc_hwf_word, __ATOMIC_ACQUIRE);
  return s ? s & ~KC_HWF_READY_ : _kc_hwf_slow ();
}

static inline unsigned int
_kc_hwf_prefer (void)
{
  unsigned int s = __atomic_load_n (&_kc_prefer_word, __ATOMIC_ACQUIRE);
  return s ? s & ~KC_HWF_READY_ : _kc_prefer_slow ();
}

/* 1 if _kc_hwf () has every bit of NEED. */
static inline int
_kc_hwf_has (unsigned int need)
{
  return (_kc_hwf () & need) == need;
}

/* Tests only: from now on _kc_hwf reports its features ANDed with MASK
 * and _kc_hwf_prefer its preferences ANDed with PREFER_MASK (0 and 0
 * force every portable path in this process, ~0u and ~0u restore what the
 * CPU and the environment allow).  Call it while no other thread is
 * inside the library, so that no operation mixes two paths. */
void _kc_hwf_set_mask (unsigned int mask);
void _kc_hwf_set_prefer_mask (unsigned int prefer_mask);

/* A kernel row: the first member of each element of a family's table. */
struct _kc_kernel_row
{
  const char *name;             /* "avx2", "portable", ...: for tests */
  unsigned int need;            /* KC_ISA_HWF (its list), 0 if portable */
  unsigned int prefer;          /* KC_PREFER_* it waits for, usually 0 */
};

/* The index of the first of the N rows (STRIDE bytes apart) whose need
 * and prefer bits this process has; N - 1 (the portable row) if none.
 * Inlined and unrolled over a family's constant table, it folds to the
 * tests of one if-chain on the capability word; the preference word is
 * read only for a row that has a preference. */
static inline __attribute__ ((always_inline)) unsigned int
_kc_pick_index (const void *rows, size_t stride, unsigned int n)
{
  unsigned int hwf = _kc_hwf (), i;

  _Pragma ("GCC unroll 8")
  for (i = 0; i + 1 < n; i++)
    {
      const struct _kc_kernel_row *r
        = (const struct _kc_kernel_row *) (const void *)
            ((const char *) rows + (size_t) i * stride);
      if (!(r->need & ~hwf)
          && (!r->prefer || !(r->prefer & ~_kc_hwf_prefer ())))
        return i;
    }
  return n - 1;
}

/* A family's table: a const array NAME whose elements are a struct
 * _kc_kernel_row named row followed by MEMBERS (its function pointers),
 *   KC_KERNEL_ROWS (foo_kernels, void (*f) (int x)) = { ... };  */
#define KC_KERNEL_ROWS(name, ...) \
  static const struct { struct _kc_kernel_row row; __VA_ARGS__; } name[]

/* The element of the array ROWS (whose elements begin with a struct
 * _kc_kernel_row named row) to use now. */
#define KC_PICK(rows) \
  (&(rows)[_kc_pick_index ((rows), sizeof (rows)[0], KC_DIM (rows))])

/* A family's table as tests/t-isa-gates.c walks it: each table is
 * declared once, next to it, with KC_KERNEL_TABLE (symbol, array); the
 * symbol is _kc_<family>_kernels_table. */
struct _kc_kernel_table
{
  const char *rows_name;
  const void *rows;
  size_t stride;
  unsigned int n;
};
#define KC_KERNEL_TABLE(sym, rows)                                      \
  extern const struct _kc_kernel_table sym;                              \
  const struct _kc_kernel_table sym                                      \
    = { #rows, (rows), sizeof (rows)[0], KC_DIM (rows) }

#endif /* KC_DISPATCH_H */
