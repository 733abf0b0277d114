/* global.c - version check and library-wide helpers
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if (defined(__x86_64__) || defined(__i386__)) && defined(HAVE_CPUID_H)
# include <cpuid.h>
#endif

/* Parse "MAJOR.MINOR.MICRO" (missing parts count as 0) into one number.
 * Returns -1 on a malformed string. */
static long
parse_version (const char *s)
{
  long part[3] = { 0, 0, 0 };
  int i;

  for (i = 0; i < 3; i++)
    {
      if (*s < '0' || *s > '9')
        return -1;
      while (*s >= '0' && *s <= '9')
        {
          part[i] = part[i] * 10 + (*s - '0');
          if (part[i] > 255)
            return -1;
          s++;
        }
      if (!*s)
        break;
      if (*s != '.')
        return -1;
      s++;
    }
  if (*s)
    return -1;
  return (part[0] << 16) | (part[1] << 8) | part[2];
}

const char *
kc_check_version (const char *req_version)
{
  long want;

  if (!req_version)
    return KCRYPT_VERSION;
  want = parse_version (req_version);
  if (want < 0 || want > parse_version (KCRYPT_VERSION))
    return NULL;
  return KCRYPT_VERSION;
}

/* The pointer is volatile, so the compiler must perform the stores. */
static void *(*const volatile _kc_memset_fn) (void *, int, size_t) = memset;

void
_kc_wipememory (void *p, size_t n)
{
  if (n)
    _kc_memset_fn (p, 0, n);
#if defined(__GNUC__) || defined(__clang__)
  __asm__ __volatile__ ("" : : "r" (p) : "memory");
#endif
}

/* The vector registers this CPU has and the OS saves (so that they can
 * hold what a body computed): xmm0-15 always (SSE2), ymm0-15 with AVX,
 * zmm16-31 and the opmasks k0-7 with AVX-512 (VREGS_VL: and its 128-bit
 * forms).  Detected from CPUID and XCR0 as src/hwfeatures.c does, but not
 * through _kc_hwf (): KCRYPT_HWF_MASK keeps the library's kernels off
 * these registers, not the compiler or the C library (glibc's memcpy
 * uses ymm16-31 on an AVX-512 CPU).  valgrind's CPUID reports no
 * AVX-512, so under it no EVEX instruction is executed.  Every x86-64
 * build clears them, --disable-asm too: the compiler vectorises plain C
 * with SSE2 and the C library's copies use whatever the CPU has.
 *
 * x86-32 (i386) has eight of each: xmm0-7 where the CPU has SSE
 * (VREGS_XMM; the i686 baseline does not promise it, but the C
 * library's memcpy and strlen use it where it is there), ymm0-7 with
 * AVX, zmm0-7 and k0-7 with AVX-512. */
#if (defined(__x86_64__) || defined(__i386__)) && defined(HAVE_CPUID_H) \
    && (defined(__GNUC__) || defined(__clang__))
# define KC_CLEAR_REGS 1
# define VREGS_READY (1u << 0)
# define VREGS_YMM   (1u << 1)
# define VREGS_ZMM   (1u << 2)
# define VREGS_VL    (1u << 3)
# define VREGS_XMM   (1u << 4)
/* k0-7, the AVX-512 opmasks: the same eight in 32- and 64-bit mode */
# define CLEAR_K0_7 \
  "kxorw %%k0, %%k0, %%k0\n\tkxorw %%k1, %%k1, %%k1\n\t" \
  "kxorw %%k2, %%k2, %%k2\n\tkxorw %%k3, %%k3, %%k3\n\t" \
  "kxorw %%k4, %%k4, %%k4\n\tkxorw %%k5, %%k5, %%k5\n\t" \
  "kxorw %%k6, %%k6, %%k6\n\tkxorw %%k7, %%k7, %%k7"

/* per thread (a few CPUID a thread, once): a process-wide word written
 * by whichever thread burns first is a race to helgrind */
static __thread unsigned int vregs_word KC_TLS_IE;

static KC_NOINLINE unsigned int
vregs_detect (void)
{
  unsigned int a, b, c, d, v = VREGS_READY;
  unsigned int max = __get_cpuid_max (0, NULL);

#ifdef __x86_64__
  v |= VREGS_XMM;
#endif
  if (max >= 1)
    {
      __cpuid (1, a, b, c, d);
      if (d & (1u << 25))                         /* SSE */
        v |= VREGS_XMM;
      if ((c & (1u << 27)) && (c & (1u << 28)))    /* OSXSAVE and AVX */
        {
          unsigned int xlo, xhi;
          __asm__ ("xgetbv" : "=a" (xlo), "=d" (xhi) : "c" (0));
          if ((xlo & 6) == 6)
            v |= VREGS_YMM;
          if ((xlo & 0xe6) == 0xe6 && max >= 7)
            {
              __cpuid_count (7, 0, a, b, c, d);
              if (b & (1u << 16))
                v |= VREGS_ZMM;               /* AVX-512F */
              if ((b & (1u << 16)) && (b & (1u << 31)))
                v |= VREGS_VL;                /* and VL */
            }
        }
    }
  vregs_word = v;
  return v;
}

/* Zero every vector register the CPU has and the caller-saved general
 * registers.  Nothing the caller needs lives in them: it is the last
 * thing _kc_burn_stack does, and the entry points return right after
 * the burn. */
# ifdef __x86_64__
static KC_ALWAYS_INLINE void
clear_regs (unsigned int v)
{
  /* With AVX: vzeroupper (the upper halves clean, for the caller's SSE
   * code), then each register by a VEX zero idiom, whose write zeroes
   * the register whole (to its widest length, zmm too).  vzeroall did
   * both in one instruction, but microcoded: 2.8 ns for the whole clear
   * against 2.0-2.1 ns this way (AMD Zen 5, a loop of calls). */
  if (v & VREGS_YMM)
    __asm__ __volatile__ ("vzeroupper\n\t"
                          "vpxor %%xmm0, %%xmm0, %%xmm0\n\t"
                          "vpxor %%xmm1, %%xmm1, %%xmm1\n\t"
                          "vpxor %%xmm2, %%xmm2, %%xmm2\n\t"
                          "vpxor %%xmm3, %%xmm3, %%xmm3\n\t"
                          "vpxor %%xmm4, %%xmm4, %%xmm4\n\t"
                          "vpxor %%xmm5, %%xmm5, %%xmm5\n\t"
                          "vpxor %%xmm6, %%xmm6, %%xmm6\n\t"
                          "vpxor %%xmm7, %%xmm7, %%xmm7\n\t"
                          "vpxor %%xmm8, %%xmm8, %%xmm8\n\t"
                          "vpxor %%xmm9, %%xmm9, %%xmm9\n\t"
                          "vpxor %%xmm10, %%xmm10, %%xmm10\n\t"
                          "vpxor %%xmm11, %%xmm11, %%xmm11\n\t"
                          "vpxor %%xmm12, %%xmm12, %%xmm12\n\t"
                          "vpxor %%xmm13, %%xmm13, %%xmm13\n\t"
                          "vpxor %%xmm14, %%xmm14, %%xmm14\n\t"
                          "vpxor %%xmm15, %%xmm15, %%xmm15" : : :
                          "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",
                          "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11",
                          "xmm12", "xmm13", "xmm14", "xmm15");
  else
    __asm__ __volatile__ ("pxor %%xmm0, %%xmm0\n\tpxor %%xmm1, %%xmm1\n\t"
                          "pxor %%xmm2, %%xmm2\n\tpxor %%xmm3, %%xmm3\n\t"
                          "pxor %%xmm4, %%xmm4\n\tpxor %%xmm5, %%xmm5\n\t"
                          "pxor %%xmm6, %%xmm6\n\tpxor %%xmm7, %%xmm7\n\t"
                          "pxor %%xmm8, %%xmm8\n\tpxor %%xmm9, %%xmm9\n\t"
                          "pxor %%xmm10, %%xmm10\n\tpxor %%xmm11, %%xmm11\n\t"
                          "pxor %%xmm12, %%xmm12\n\tpxor %%xmm13, %%xmm13\n\t"
                          "pxor %%xmm14, %%xmm14\n\tpxor %%xmm15, %%xmm15"
                          : : :
                          "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",
                          "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11",
                          "xmm12", "xmm13", "xmm14", "xmm15");
  if (v & VREGS_ZMM)
    {
      /* An EVEX write of a register zeroes all its 512 bits: the xmm
       * forms (AVX-512VL) where there, the zmm ones otherwise. */
# define Z16_31(w) \
      "vpxord %%" w "16, %%" w "16, %%" w "16\n\t" \
      "vpxord %%" w "17, %%" w "17, %%" w "17\n\t" \
      "vpxord %%" w "18, %%" w "18, %%" w "18\n\t" \
      "vpxord %%" w "19, %%" w "19, %%" w "19\n\t" \
      "vpxord %%" w "20, %%" w "20, %%" w "20\n\t" \
      "vpxord %%" w "21, %%" w "21, %%" w "21\n\t" \
      "vpxord %%" w "22, %%" w "22, %%" w "22\n\t" \
      "vpxord %%" w "23, %%" w "23, %%" w "23\n\t" \
      "vpxord %%" w "24, %%" w "24, %%" w "24\n\t" \
      "vpxord %%" w "25, %%" w "25, %%" w "25\n\t" \
      "vpxord %%" w "26, %%" w "26, %%" w "26\n\t" \
      "vpxord %%" w "27, %%" w "27, %%" w "27\n\t" \
      "vpxord %%" w "28, %%" w "28, %%" w "28\n\t" \
      "vpxord %%" w "29, %%" w "29, %%" w "29\n\t" \
      "vpxord %%" w "30, %%" w "30, %%" w "30\n\t" \
      "vpxord %%" w "31, %%" w "31, %%" w "31\n\t" CLEAR_K0_7
      /* (No clobbers: naming zmm16-31 or k0-7 needs the AVX-512
       * target, and nothing of the compiler's is live in them across
       * this block: the function holds no vector value.) */
      if (v & VREGS_VL)
        __asm__ __volatile__ (Z16_31 ("xmm") : :);
      else
        __asm__ __volatile__ (Z16_31 ("zmm") : :);
# undef Z16_31
    }
  __asm__ __volatile__ ("xorl %%eax, %%eax\n\txorl %%ecx, %%ecx\n\t"
                        "xorl %%edx, %%edx\n\txorl %%esi, %%esi\n\t"
                        "xorl %%edi, %%edi\n\txorl %%r8d, %%r8d\n\t"
                        "xorl %%r9d, %%r9d\n\txorl %%r10d, %%r10d\n\t"
                        "xorl %%r11d, %%r11d"
                        : : : "rax", "rcx", "rdx", "rsi", "rdi", "r8", "r9",
                          "r10", "r11", "cc");
}
#else /* __i386__ */
/* x86-32: the eight of each and the caller-saved general registers.  No
 * clobbers: the burn holds no vector value (it is built for the i686
 * baseline, without SSE), and naming a register the target lacks is an
 * error. */
static KC_ALWAYS_INLINE void
clear_regs (unsigned int v)
{
  if (v & VREGS_YMM)
    __asm__ __volatile__ ("vzeroall");  /* and zmm0-7 whole */
  else if (v & VREGS_XMM)
    __asm__ __volatile__ ("xorps %%xmm0, %%xmm0\n\txorps %%xmm1, %%xmm1\n\t"
                          "xorps %%xmm2, %%xmm2\n\txorps %%xmm3, %%xmm3\n\t"
                          "xorps %%xmm4, %%xmm4\n\txorps %%xmm5, %%xmm5\n\t"
                          "xorps %%xmm6, %%xmm6\n\txorps %%xmm7, %%xmm7" : :);
  if (v & VREGS_ZMM)
    __asm__ __volatile__ (CLEAR_K0_7 : :);
  __asm__ __volatile__ ("xorl %%eax, %%eax\n\txorl %%ecx, %%ecx\n\t"
                        "xorl %%edx, %%edx" : : : "eax", "ecx", "edx", "cc");
}
# endif
#endif

/* s390x and armhf ask the kernel (AT_HWCAP) whether the CPU has the
 * registers they clear beyond the baseline's: once a thread. */
#if (defined(__s390x__) || (defined(__arm__) && defined(__ARM_PCS_VFP))) \
    && defined(__linux__) && (defined(__GNUC__) || defined(__clang__))
# include <sys/auxv.h>
/* AT_HWCAP with its top bit set once read (no hardware capability
 * uses that bit on either), 0 before */
# define HWCAP_READ (1UL << (sizeof (unsigned long) * 8 - 1))
static __thread unsigned long hwcap_word KC_TLS_IE;

static KC_ALWAYS_INLINE int
hwcap_has (unsigned long bit)
{
  if (!hwcap_word)
    hwcap_word = getauxval (AT_HWCAP) | HWCAP_READ;
  return (hwcap_word & bit) != 0;
}
#endif

/* AArch64 (Linux): the registers the procedure call standard lets a
 * callee change without restoring them.  The general ones x0-x18 (x18,
 * the platform register, is a temporary there: gcc allocates it; other
 * systems reserve it, and are left out), the whole of v0-v7 and v16-v31,
 * and the upper 64 bits of v8-v15, whose lower halves (d8-d15) are
 * callee-saved: a write of a d register zeroes the rest of its v (and of
 * its SVE z) register, so "fmov d8, d8" keeps what the caller may hold
 * there and clears what a body may have left above it.  No SVE state is
 * cleared: neither the library nor the compiler (for the baseline
 * target) uses it, and the v writes clear the z registers above 128
 * bits.  No vector clobbers: the burn holds no vector value. */
#if defined(__aarch64__) && defined(__linux__) && !defined(__ANDROID__) \
    && (defined(__GNUC__) || defined(__clang__))
# define KC_CLEAR_REGS_OTHER 1
static KC_ALWAYS_INLINE void
clear_regs_other (void)
{
# define V4(a, b, c, d) \
  "movi v" #a ".16b, #0\n\tmovi v" #b ".16b, #0\n\t" \
  "movi v" #c ".16b, #0\n\tmovi v" #d ".16b, #0\n\t"
  __asm__ __volatile__ (V4 (0, 1, 2, 3) V4 (4, 5, 6, 7)
                        "fmov d8, d8\n\tfmov d9, d9\n\t"
                        "fmov d10, d10\n\tfmov d11, d11\n\t"
                        "fmov d12, d12\n\tfmov d13, d13\n\t"
                        "fmov d14, d14\n\tfmov d15, d15\n\t"
                        V4 (16, 17, 18, 19) V4 (20, 21, 22, 23)
                        V4 (24, 25, 26, 27) V4 (28, 29, 30, 31)
                        "mov x0, xzr\n\tmov x1, xzr\n\tmov x2, xzr\n\t"
                        "mov x3, xzr\n\tmov x4, xzr\n\tmov x5, xzr\n\t"
                        "mov x6, xzr\n\tmov x7, xzr\n\tmov x8, xzr\n\t"
                        "mov x9, xzr\n\tmov x10, xzr\n\tmov x11, xzr\n\t"
                        "mov x12, xzr\n\tmov x13, xzr\n\tmov x14, xzr\n\t"
                        "mov x15, xzr\n\tmov x16, xzr\n\tmov x17, xzr\n\t"
                        "mov x18, xzr"
                        : : : "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7",
                          "x8", "x9", "x10", "x11", "x12", "x13", "x14",
                          "x15", "x16", "x17", "x18", "cc");
# undef V4
}

/* POWER, 64-bit ELFv2 (ppc64el), with VSX (its baseline, POWER8): the
 * volatile registers of the ABI.  General r0 and r3-r12 (not r2, the
 * TOC, nor r13, the thread pointer); the vector-scalar registers vs0-vs13
 * and vs32-vs51 (v0-v19) whole, and the second doubleword of vs14-vs31,
 * whose first doubleword is the callee-saved f14-f31: xxpermdi keeps it
 * and takes zero (vs0's) for the rest.  v20-v31 are callee-saved. */
#elif defined(__powerpc64__) && defined(_CALL_ELF) && _CALL_ELF == 2 \
    && defined(__VSX__) && defined(__linux__) \
    && (defined(__GNUC__) || defined(__clang__))
# define KC_CLEAR_REGS_OTHER 1
static KC_ALWAYS_INLINE void
clear_regs_other (void)
{
# define X2(a, b) \
  "xxlxor " #a "," #a "," #a "\n\txxlxor " #b "," #b "," #b "\n\t"
# define P2(a, b) \
  "xxpermdi " #a "," #a ",0,0\n\txxpermdi " #b "," #b ",0,0\n\t"
  __asm__ __volatile__ (X2 (0, 1) X2 (2, 3) X2 (4, 5) X2 (6, 7) X2 (8, 9)
                        X2 (10, 11) X2 (12, 13)
                        P2 (14, 15) P2 (16, 17) P2 (18, 19) P2 (20, 21)
                        P2 (22, 23) P2 (24, 25) P2 (26, 27) P2 (28, 29)
                        P2 (30, 31)
                        X2 (32, 33) X2 (34, 35) X2 (36, 37) X2 (38, 39)
                        X2 (40, 41) X2 (42, 43) X2 (44, 45) X2 (46, 47)
                        X2 (48, 49) X2 (50, 51)
                        "li 0,0\n\tli 3,0\n\tli 4,0\n\tli 5,0\n\t"
                        "li 6,0\n\tli 7,0\n\tli 8,0\n\tli 9,0\n\t"
                        "li 10,0\n\tli 11,0\n\tli 12,0"
                        : : : "r0", "r3", "r4", "r5", "r6", "r7", "r8", "r9",
                          "r10", "r11", "r12", "vs0", "vs1", "vs2", "vs3",
                          "vs4", "vs5", "vs6", "vs7", "vs8", "vs9", "vs10",
                          "vs11", "vs12", "vs13", "vs32", "vs33", "vs34",
                          "vs35", "vs36", "vs37", "vs38", "vs39", "vs40",
                          "vs41", "vs42", "vs43", "vs44", "vs45", "vs46",
                          "vs47", "vs48", "vs49", "vs50", "vs51");
# undef X2
# undef P2
}

/* s390x (Linux): the volatile registers of the ABI.  General r0-r5;
 * f0-f7; and where the CPU has the vector facility (z13 on; Debian's
 * baseline, z196, has not), v0-v7 and v16-v31 whole and the right
 * doubleword of v8-v15, whose left one is the callee-saved f8-f15 (vpdi
 * keeps it and takes zero, v0's, for the rest).  No vector clobbers: the
 * burn holds no vector value, and the baseline target cannot name them. */
#elif defined(__s390x__) && defined(__linux__) \
    && (defined(__GNUC__) || defined(__clang__))
# define KC_CLEAR_REGS_OTHER 1
# define S390_HWCAP_VX 2048u    /* HWCAP_S390_VX(RS) */

static KC_ALWAYS_INLINE void
clear_regs_other (void)
{
  if (hwcap_has (S390_HWCAP_VX))
    __asm__ __volatile__ (".machine push\n\t.machine z13\n\t"
                          "vzero %%v0\n\tvzero %%v1\n\t"
                          "vzero %%v2\n\tvzero %%v3\n\t"
                          "vzero %%v4\n\tvzero %%v5\n\t"
                          "vzero %%v6\n\tvzero %%v7\n\t"
                          "vpdi %%v8,%%v8,%%v0,0\n\t"
                          "vpdi %%v9,%%v9,%%v0,0\n\t"
                          "vpdi %%v10,%%v10,%%v0,0\n\t"
                          "vpdi %%v11,%%v11,%%v0,0\n\t"
                          "vpdi %%v12,%%v12,%%v0,0\n\t"
                          "vpdi %%v13,%%v13,%%v0,0\n\t"
                          "vpdi %%v14,%%v14,%%v0,0\n\t"
                          "vpdi %%v15,%%v15,%%v0,0\n\t"
                          "vzero %%v16\n\tvzero %%v17\n\t"
                          "vzero %%v18\n\tvzero %%v19\n\t"
                          "vzero %%v20\n\tvzero %%v21\n\t"
                          "vzero %%v22\n\tvzero %%v23\n\t"
                          "vzero %%v24\n\tvzero %%v25\n\t"
                          "vzero %%v26\n\tvzero %%v27\n\t"
                          "vzero %%v28\n\tvzero %%v29\n\t"
                          "vzero %%v30\n\tvzero %%v31\n\t"
                          ".machine pop" : : : "f0", "f1", "f2", "f3", "f4",
                          "f5", "f6", "f7");
  else
    __asm__ __volatile__ ("lzdr %%f0\n\tlzdr %%f1\n\tlzdr %%f2\n\t"
                          "lzdr %%f3\n\tlzdr %%f4\n\tlzdr %%f5\n\t"
                          "lzdr %%f6\n\tlzdr %%f7"
                          : : : "f0", "f1", "f2", "f3", "f4", "f5", "f6",
                          "f7");
  __asm__ __volatile__ ("lghi %%r0,0\n\tlghi %%r1,0\n\tlghi %%r2,0\n\t"
                        "lghi %%r3,0\n\tlghi %%r4,0\n\tlghi %%r5,0"
                        : : : "r0", "r1", "r2", "r3", "r4", "r5", "cc");
}

/* 32-bit ARM, hard float (armhf): the caller-saved r0-r3 and r12, d0-d7,
 * and d16-d31 where the CPU has them (VFPv3-D32 or NEON: HWCAP_VFPD32;
 * Debian's baseline promises only d0-d15).  d8-d15 are callee-saved.  No
 * clobbers for d16-d31: the baseline target cannot name them, and the
 * burn holds no value there. */
#elif defined(__arm__) && defined(__ARM_PCS_VFP) && defined(__linux__) \
    && (defined(__GNUC__) || defined(__clang__))
# define KC_CLEAR_REGS_OTHER 1
# define ARM_HWCAP_VFPD32 (1u << 19)

static KC_ALWAYS_INLINE void
clear_regs_other (void)
{
  if (hwcap_has (ARM_HWCAP_VFPD32))
    __asm__ __volatile__ ("mov r0, #0\n\tmov r1, #0\n\t"
                          ".fpu vfpv3\n\t"
                          "vmov d16, r0, r1\n\tvmov d17, r0, r1\n\t"
                          "vmov d18, r0, r1\n\tvmov d19, r0, r1\n\t"
                          "vmov d20, r0, r1\n\tvmov d21, r0, r1\n\t"
                          "vmov d22, r0, r1\n\tvmov d23, r0, r1\n\t"
                          "vmov d24, r0, r1\n\tvmov d25, r0, r1\n\t"
                          "vmov d26, r0, r1\n\tvmov d27, r0, r1\n\t"
                          "vmov d28, r0, r1\n\tvmov d29, r0, r1\n\t"
                          "vmov d30, r0, r1\n\tvmov d31, r0, r1\n\t"
                          "" : : : "r0", "r1");
  __asm__ __volatile__ ("mov r0, #0\n\tmov r1, #0\n\t"
                        "vmov d0, r0, r1\n\tvmov d1, r0, r1\n\t"
                        "vmov d2, r0, r1\n\tvmov d3, r0, r1\n\t"
                        "vmov d4, r0, r1\n\tvmov d5, r0, r1\n\t"
                        "vmov d6, r0, r1\n\tvmov d7, r0, r1\n\t"
                        "mov r2, #0\n\tmov r3, #0\n\tmov r12, #0"
                        : : : "r0", "r1", "r2", "r3", "r12", "d0", "d1", "d2",
                          "d3", "d4", "d5", "d6", "d7", "cc");
}

/* MIPS64, n64 ABI, hard float (mips64el): the temporaries the ABI lets a
 * callee change: $1 (at), $2-$15 and $24-$25 (v0-v1, a0-a7, t0-t3,
 * t8-t9), and $f0-$f23 ($f24-$f31 are callee-saved).  No MSA: neither
 * the library nor the baseline compiler uses it. */
#elif defined(__mips__) && defined(_ABI64) && _MIPS_SIM == _ABI64 \
    && defined(__mips_hard_float) && defined(__linux__) \
    && (defined(__GNUC__) || defined(__clang__))
# define KC_CLEAR_REGS_OTHER 1
static KC_ALWAYS_INLINE void
clear_regs_other (void)
{
  __asm__ __volatile__ (
                        "dmtc1 $0, $f0\n\tdmtc1 $0, $f1\n\t"
                        "dmtc1 $0, $f2\n\tdmtc1 $0, $f3\n\t"
                        "dmtc1 $0, $f4\n\tdmtc1 $0, $f5\n\t"
                        "dmtc1 $0, $f6\n\tdmtc1 $0, $f7\n\t"
                        "dmtc1 $0, $f8\n\tdmtc1 $0, $f9\n\t"
                        "dmtc1 $0, $f10\n\tdmtc1 $0, $f11\n\t"
                        "dmtc1 $0, $f12\n\tdmtc1 $0, $f13\n\t"
                        "dmtc1 $0, $f14\n\tdmtc1 $0, $f15\n\t"
                        "dmtc1 $0, $f16\n\tdmtc1 $0, $f17\n\t"
                        "dmtc1 $0, $f18\n\tdmtc1 $0, $f19\n\t"
                        "dmtc1 $0, $f20\n\tdmtc1 $0, $f21\n\t"
                        "dmtc1 $0, $f22\n\tdmtc1 $0, $f23\n\t"
                        ".set push\n\t.set noat\n\tmove $1, $0\n\t.set pop\n\t"
                        "move $2, $0\n\tmove $3, $0\n\tmove $4, $0\n\t"
                        "move $5, $0\n\tmove $6, $0\n\tmove $7, $0\n\t"
                        "move $8, $0\n\tmove $9, $0\n\tmove $10, $0\n\t"
                        "move $11, $0\n\tmove $12, $0\n\tmove $13, $0\n\t"
                        "move $14, $0\n\tmove $15, $0\n\tmove $24, $0\n\t"
                        "move $25, $0"
                        : : : "$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8",
                          "$9", "$10", "$11", "$12", "$13", "$14", "$15",
                          "$24", "$25", "$f0", "$f1", "$f2", "$f3", "$f4",
                          "$f5", "$f6", "$f7", "$f8", "$f9", "$f10", "$f11",
                          "$f12", "$f13", "$f14", "$f15", "$f16", "$f17",
                          "$f18", "$f19", "$f20", "$f21", "$f22", "$f23");
}
#endif

__thread uintptr_t _kc_burn_area[2] KC_TLS_IE;

#if defined(__i386__) && defined(KC_CLEAR_REGS) && defined(__ELF__)
/* x86-32: the C burn below leaves the slots of its own frame that it
 * reserves but never writes (44 of its 64 bytes with gcc 12: the spill
 * and alignment area above the array), and those are the slots of the
 * body it follows, which under x86-32's register pressure hold spilled
 * secrets (t-wipe found a tweak's limbs 32 bytes above the array).  So
 * here the burn is assembly that zeroes the BYTES below its return
 * address, its own frame included, before anything else runs there:
 * with the stack pointer moved below the area first, so that a signal
 * frame lands below it, not in it; then it calls burn_finish on the
 * zeroed area (which writes only its own non-secret state there) to
 * record the area and clear the registers.  Only eax, ecx and edx
 * (caller-saved) are used; edi, which rep stosb needs, is kept in edx. */
/* (noclone: the assembly calls it by this name; clang never clones and
 * does not know the attribute) */
# ifdef __clang__
#  define BURN_FINISH_ATTRS used, noinline
# else
#  define BURN_FINISH_ATTRS used, noinline, noclone
# endif
static void burn_finish (uintptr_t lo, uintptr_t hi)
  __attribute__ ((BURN_FINISH_ATTRS));

__asm__ (".text\n"
         "\t.p2align 4\n"
         "\t.globl _kc_burn_stack\n"
         "\t.hidden _kc_burn_stack\n"
         "\t.type _kc_burn_stack, @function\n"
         "_kc_burn_stack:\n"
         "\tmovl 4(%esp), %ecx\n"      /* bytes */
         "\tmovl %edi, %edx\n"
         "\tsubl %ecx, %esp\n"         /* the area, below the stack pointer */
         "\tmovl %esp, %edi\n"
         "\txorl %eax, %eax\n"
         "\trep stosb\n"               /* edi ends at the return address */
         "\tmovl %edi, %esp\n"         /* back: esp = hi */
         "\tmovl %edx, %edi\n"
         "\tmovl %esp, %eax\n"         /* hi */
         "\tmovl %esp, %edx\n"
         "\tsubl 4(%esp), %edx\n"      /* lo = hi - bytes */
         "\tsubl $4, %esp\n"           /* 16-byte aligned at the call */
         "\tpushl %eax\n"
         "\tpushl %edx\n"
         "\tcall burn_finish\n"
         "\taddl $12, %esp\n"
         "\tret\n"
         "\t.size _kc_burn_stack, .-_kc_burn_stack\n");

static void
burn_finish (uintptr_t lo, uintptr_t hi)
{
  unsigned int v = vregs_word;
  if (!v)
    v = vregs_detect ();
  if (lo == hi)                 /* a burn of 0 bytes: as the C burn's */
    lo = hi = (uintptr_t) __builtin_frame_address (0);
  _kc_burn_area[0] = lo;
  _kc_burn_area[1] = hi;
  clear_regs (v);
}
#else
/* One contiguous array (a VLA), so the burn leaves no unwritten holes
 * between frames, zeroed in this frame (no call below the array, whose
 * frame the array would not cover).  Then the registers.  Entry points
 * call it last, right before they return. */
KC_NOINLINE void
_kc_burn_stack (size_t bytes)
{
  /* the hook's address first: in a shared library that can be a call
   * (__tls_get_addr), whose frame the area below must then cover */
  uintptr_t *volatile ba = _kc_burn_area;
#ifdef KC_CLEAR_REGS
  unsigned int v = vregs_word;
  if (!v)
    v = vregs_detect ();
#endif
  if (bytes)
    {
      uint64_t area[(bytes + 7) / 8];
      size_t n = sizeof area;
#ifdef KC_USE_X86_64
      unsigned char *p = (unsigned char *) area;
# ifdef KC_CLEAR_REGS
      if ((v & VREGS_YMM) && n >= 64)
        {
          /* 32-byte stores of a zeroed ymm0 (AVX): one unaligned at each
           * end, the aligned run between (overlapping them), four stores
           * a turn of the loop and the last one to three after it.
           * Twice as fast as rep stosb for 1-6 KiB on AMD Zen 5 (12
           * against 24 ns for 3 KiB), as fast at 30 KiB, and most burns
           * are a few KiB; the four-store turn took a burn of 2 KiB from
           * 17 to 11 ns and one of 3 KiB from 25.5 to 15 (Zen 5, best of
           * three runs; 2 KiB of stores alone take 10.5 ns there, with
           * ymm or zmm).  ymm0 is cleared with the others right below. */
          unsigned char *end = p + n;
          uintptr_t q = ((uintptr_t) p + 32) & ~(uintptr_t) 31;
          size_t cnt = ((uintptr_t) end - q) >> 5;
          __asm__ __volatile__ ("vpxor %%xmm0, %%xmm0, %%xmm0\n\t"
                                "vmovdqu %%ymm0, (%[p])\n\t"
                                "vmovdqu %%ymm0, -32(%[end])\n\t"
                                "cmpq $4, %[cnt]\n\t"
                                "jb 3f\n"
                                "1:\n\t"
                                "vmovdqa %%ymm0, (%[q])\n\t"
                                "vmovdqa %%ymm0, 32(%[q])\n\t"
                                "vmovdqa %%ymm0, 64(%[q])\n\t"
                                "vmovdqa %%ymm0, 96(%[q])\n\t"
                                "subq $-128, %[q]\n\t"
                                "subq $4, %[cnt]\n\t"
                                "cmpq $4, %[cnt]\n\t"
                                "jae 1b\n"
                                "3:\n\t"
                                "testq %[cnt], %[cnt]\n\t"
                                "jz 2f\n"
                                "4:\n\t"
                                "vmovdqa %%ymm0, (%[q])\n\t"
                                "addq $32, %[q]\n\t"
                                "decq %[cnt]\n\t"
                                "jnz 4b\n"
                                "2:"
                                : [q] "+r" (q), [cnt] "+r" (cnt)
                                : [p] "r" (p), [end] "r" (end)
                                : "xmm0", "cc", "memory");
        }
      else
# endif
        __asm__ __volatile__ ("rep stosb" : "+D" (p), "+c" (n) : "a" (0)
                              : "memory");
#else
      volatile uint64_t *p = area;
      for (n /= 8; n; n--)
        *p++ = 0;
#endif
      ba[0] = (uintptr_t) area;
      ba[1] = (uintptr_t) area + sizeof area;
#if defined(__powerpc64__) && defined(_CALL_ELF) && _CALL_ELF == 2
      /* Power ELFv2 keeps a 32-byte header at the stack pointer, below
       * the array: the back chain (a stack address, which the epilogue
       * reads) and three slots for callees (CR, LR, TOC), where the
       * body's stack can still hold a secret.  Zero the slots; the area
       * then starts at the stack pointer. */
      {
        uintptr_t sp;
        __asm__ __volatile__ ("mr %0, 1" : "=r" (sp));
        if (sp < (uintptr_t) area
            && (uintptr_t) area - sp <= KC_BURN_ABI_HEADER)
          {
            __asm__ __volatile__ ("std %0, 8(1)\n\tstd %0, 16(1)\n\t"
                                  "std %0, 24(1)" : : "r" (0UL) : "memory");
            ba[0] = sp;
          }
      }
#endif
    }
  else
    {
      uintptr_t here = (uintptr_t) __builtin_frame_address (0);
      ba[0] = here;
      ba[1] = here;
    }
#ifdef KC_CLEAR_REGS
  clear_regs (v);
#elif defined(KC_CLEAR_REGS_OTHER)
  clear_regs_other ();
#endif
}
#endif /* the C burn */

void
_kc_fatal (const char *msg)
{
  fprintf (stderr, "libkcrypt: fatal: %s\n", msg);
  fflush (stderr);
  abort ();
}

#ifdef KC_VERIFY
void
_kc_verify_i16_bounded (const void *a, size_t n, int bound, const char *file,
                        int line)
{
  const unsigned char *p = a;
  size_t i;

  for (i = 0; i < n; i++)
    {
      int16_t x;
      memcpy (&x, p + 2 * i, sizeof x);
      if (x < -bound || x > bound)
        _kc_verify_failed (file, line, "int16 lane within its bound");
    }
}

void
_kc_verify_failed (const char *file, int line, const char *cond)
{
  fprintf (stderr, "libkcrypt: invariant broken at %s:%d: %s\n",
           file, line, cond);
  fflush (stderr);
  abort ();
}
#endif
