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
