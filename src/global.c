/* global.c - version check and library-wide helpers
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "kcrypt-int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) && defined(HAVE_CPUID_H)
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
 * with SSE2 and the C library's copies use whatever the CPU has. */
#if defined(__x86_64__) && defined(HAVE_CPUID_H) \
    && (defined(__GNUC__) || defined(__clang__))
# define KC_CLEAR_REGS 1
# define VREGS_READY (1u << 0)
# define VREGS_YMM   (1u << 1)
# define VREGS_ZMM   (1u << 2)
# define VREGS_VL    (1u << 3)

/* per thread (a few CPUID a thread, once): a process-wide word written
 * by whichever thread burns first is a race to helgrind */
static __thread unsigned int vregs_word;

static KC_NOINLINE unsigned int
vregs_detect (void)
{
  unsigned int a, b, c, d, v = VREGS_READY;
  unsigned int max = __get_cpuid_max (0, NULL);

  if (max >= 1)
    {
      __cpuid (1, a, b, c, d);
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
static KC_ALWAYS_INLINE void
clear_regs (unsigned int v)
{
  if (v & VREGS_YMM)
    __asm__ __volatile__ ("vzeroall" : : :
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
      "vpxord %%" w "31, %%" w "31, %%" w "31\n\t" \
      "kxorw %%k0, %%k0, %%k0\n\tkxorw %%k1, %%k1, %%k1\n\t" \
      "kxorw %%k2, %%k2, %%k2\n\tkxorw %%k3, %%k3, %%k3\n\t" \
      "kxorw %%k4, %%k4, %%k4\n\tkxorw %%k5, %%k5, %%k5\n\t" \
      "kxorw %%k6, %%k6, %%k6\n\tkxorw %%k7, %%k7, %%k7"
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
#endif

__thread uintptr_t _kc_burn_area[2];

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
#endif
}

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
