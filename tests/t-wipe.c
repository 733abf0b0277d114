/* t-wipe.c - the residue test: no secret, and nothing derived from one,
 * stays on the stack or in a register after a public function returns;
 * every public function runs on a 64 KiB thread stack; the stack burn
 * bounds of kcrypt-int.h cover what each entry point uses.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * How: each call runs on a thread whose 64 KiB stack this test owns
 * (pthread_attr_setstack, a PROT_NONE guard page below it), filled with
 * the byte 0xA5 beforehand.  When the call has returned, the thread parks
 * on a condition variable and the main thread searches the whole stack
 * for every form of the secrets the call handled that the test can
 * compute: big- and little-endian bytes, 4x64, 5x52 and signed-62 limbs (and the
 * values safegcd passes through: the inverse, the inverse minus n, its
 * negation), the RFC 6979 HMAC key and value and the SHA-256 states they
 * key, products that sign computes, SHA-256 / SHA-512 chaining states and
 * the last block's message schedule, and the sntrup761 polynomials as
 * int8 and int16 arrays with their encodings.  Byte strings and limbs are
 * searched in 8-byte windows, int8 polynomials in 16-byte windows
 * (windows with more than half their bytes of one value, such as the
 * zeros or ones of a small number's high bytes, say too little and are
 * skipped).  Any hit fails.  The search first proves itself on a
 * function that leaves a planted copy of each kind of form behind.
 *
 * The lowest byte that is no longer 0xA5 is the call's stack depth.
 * _kc_burn_stack records the area it zeroed (_kc_burn_area); every byte
 * the call wrote below its entry point's frame must lie within that
 * area: a body that reaches one byte past its burn (its KC_STACK_BURN_*
 * bound) fails, with no slack.  Each check calls one entry point (with
 * two, the first one's burn can lie lower than the last one's); a burn
 * of 0 bytes (SHA-NI) is checked by the search alone.  -v prints each
 * call's reach below the top of its burn's area.
 *
 * The registers (x86-64 and x86-32): the moment the call has returned,
 * the thread stores the vector registers (xmm0-15 or ymm0-15, and zmm0-31 where
 * AVX-512 is enabled) to a buffer, with nothing in between, and raises a
 * signal, for which the kernel writes every register (the xsave area) to
 * the thread's alternate signal stack, as it would to whatever stack a
 * signal finds; both are searched for the same forms.  The search first
 * proves it finds a secret planted in ymm5 and in zmm20 (xmm5 with SSE
 * only) both ways.  Every x86-64 build runs this part (--disable-asm
 * too: the library clears the registers there as well), and x86-32 with
 * its eight registers of each width (zmm5 for the AVX-512 state; none on
 * a CPU without SSE).  On Linux, AArch64, 64-bit POWER, s390x, armhf and
 * MIPS64 do the same with their vector or floating-point registers
 * (t-wipe-regs.h; the signal frame holds the general ones too); other
 * architectures skip it.
 *
 * The program runs itself again with KCRYPT_HWF_MASK=0 and with the
 * AVX-512 features masked (the AVX2 kernels), so every code path this CPU
 * has is searched.  Sanitizer builds skip it (ASan keeps locals on a fake
 * stack). */
#include "kcrypt-int.h"
#include "bufhelp.h"
#include "secp256k1/ecdsa.h"
#include "hash/hmac.h"
#include "secp256k1/schnorr.h"
#include "secp256k1/ecmult.h"
#include "p256/p256.h"
#include "hash/keccak.h"
#include "hash/sha256.h"
#include "hash/sha512.h"
#include "sntrup761/sntrup761.h"
#include "ed25519/scalar.h"
#include "secp256k1/silentpayments.h"
#include "secp256k1/x86_64/seckey-gpr.h"
#include "t-common.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#if (defined(__x86_64__) || defined(__i386__)) && defined(HAVE_CPUID_H) \
    && (defined(__GNUC__) || defined(__clang__))
# include <cpuid.h>
# define T_REGS 1               /* the library clears the registers */
/* x86-32 has eight vector registers of each width and no zmm16-31; its
 * compiler, built for the i686 baseline, may not name an xmm register */
# ifdef __x86_64__
#  define T_NVEC 16
# else
#  define T_NVEC 8
# endif
# if defined(__x86_64__) || defined(__SSE__)
#  define T_CLOBBER_XMM5 "xmm5",
# else
#  define T_CLOBBER_XMM5
# endif
#else
# include "t-wipe-regs.h"        /* T_OREGS: the other architectures */
#endif
#if defined(T_REGS) || defined(T_OREGS)
# define T_ANYREGS 1
#endif

/* 64 KiB, or the least thread stack where that is more */
#define STACK_SIZE t_thread_stack_size (64 * 1024)
#define ALT_SIZE (32 * 1024)    /* the signal stack: an xsave frame fits */
#define FILL 0xa5
#define NREGS 32
#define REG_BYTES 64

#define P KC_SNTRUP761_P

/* ------------------------------------------------------------ patterns */

struct pattern
{
  const char *what;
  unsigned char b[3 * 1024];
  size_t n, win;
};

static struct pattern pats[96];
static int npats;

static void
add_form (const char *what, const void *p, size_t n, size_t win)
{
  struct pattern *q;
  if (npats >= (int) KC_DIM (pats) || n > sizeof q->b)
    {
      fail ("pattern table full or pattern too long (%s)", what);
      return;
    }
  q = &pats[npats++];
  q->what = what;
  memcpy (q->b, p, n);
  q->n = n;
  q->win = win;
}

static void
add_bytes (const char *what, const void *p, size_t n)
{
  add_form (what, p, n, 8);
}

static void
add_poly8 (const char *what, const int8_t *p)
{
  add_form (what, p, P, 16);
}

static void
add_poly16 (const char *what, const int16_t *p)
{
  add_form (what, p, 2 * P, 8);
}

/* Signed-62 limbs of the 320-bit two's complement value V (5 little-endian
 * words), as the safegcd code keeps them: limbs 0..3 are bits 62i ..
 * 62i + 61, limb 4 is bits 248 and up, signed. */
static void
to_s62 (int64_t out[5], const uint64_t v[5])
{
  int i;
  for (i = 0; i < 4; i++)
    {
      unsigned bit = 62u * (unsigned) i, w = bit / 64, sh = bit % 64;
      uint64_t x = v[w] >> sh;
      if (sh)
        x |= v[w + 1] << (64 - sh);
      out[i] = (int64_t) (x & (((uint64_t) 1 << 62) - 1));
    }
  out[4] = (int64_t) ((v[3] >> 56) | (v[4] << 8));
}

/* V (4 words, < 2^256) minus N (4 words) as 5-word two's complement. */
static void
sub5 (uint64_t out[5], const uint64_t v[4], const uint64_t n[4])
{
  uint64_t borrow = 0;
  int i;
  for (i = 0; i < 4; i++)
    {
      uint64_t d = v[i] - n[i];
      uint64_t b1 = v[i] < n[i];
      out[i] = d - borrow;
      borrow = b1 | (d < borrow);
    }
  out[4] = borrow ? ~(uint64_t) 0 : 0;
}

static void
add_scalar_forms (const char *what, const _kc_secp256k1_scalar *a)
{
  static const uint64_t zero[4] = { 0, 0, 0, 0 };
  static const uint64_t n[4] = {
    0xBFD25E8CD0364141ULL, 0xBAAEDCE6AF48A03BULL,
    0xFFFFFFFFFFFFFFFEULL, 0xFFFFFFFFFFFFFFFFULL
  };
  unsigned char be[32];
  uint64_t v5[5];
  int64_t s62[5];

  _kc_secp256k1_scalar_get_b32 (be, a);
  add_bytes (what, be, 32);                    /* big-endian bytes */
  add_bytes (what, a->d, 32);                  /* 4x64 limbs */
  memcpy (v5, a->d, 32);
  v5[4] = 0;
  to_s62 (s62, v5);
  add_bytes (what, s62, 40);                   /* signed-62 */
  sub5 (v5, a->d, n);                          /* A - n */
  to_s62 (s62, v5);
  add_bytes (what, s62, 40);
  sub5 (v5, zero, a->d);                       /* -A */
  to_s62 (s62, v5);
  add_bytes (what, s62, 40);
  {
    /* 5x52 limbs, as a field element holding the value would have them */
    uint64_t f[5];
    int i;
    for (i = 0; i < 5; i++)
      {
        unsigned bit = 52u * (unsigned) i, w = bit / 64, sh = bit % 64;
        uint64_t x = a->d[w] >> sh;
        if (sh && w + 1 < 4)
          x |= a->d[w + 1] << (64 - sh);
        f[i] = i < 4 ? x & (((uint64_t) 1 << 52) - 1) : x;
      }
    add_bytes (what, f, 40);
  }
}

/* The SHA-256 state after one block of KEY xor PAD (HMAC's inner/outer). */
static void
add_hmac_states (const char *what, const unsigned char key[32])
{
  static const uint32_t iv[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
  };
  unsigned char block[64];
  uint32_t h[8];
  int pad, i;

  for (pad = 0; pad < 2; pad++)
    {
      memset (block, pad ? 0x5c : 0x36, 64);
      for (i = 0; i < 32; i++)
        block[i] ^= key[i];
      memcpy (h, iv, sizeof h);
      _kc_sha256_blocks_generic (h, block, 1);
      add_bytes (what, h, 32);
    }
}

/* The chaining states of SHA-256 / SHA-512 over MSG (every full block and
 * the padded last one) and the last block's 16 schedule words. */
static void
add_sha_forms (const char *what, int is512, const unsigned char *msg,
               size_t len)
{
  unsigned char buf[2 * 128 + 1024];
  size_t bl = is512 ? 128 : 64, total, i;
  int t;

  /* the padded message */
  memcpy (buf, msg, len);
  buf[len] = 0x80;
  total = (len + 1 + (is512 ? 16 : 8) + bl - 1) / bl * bl;
  memset (buf + len + 1, 0, total - len - 1);
  for (i = 0; i < 8; i++)
    buf[total - 1 - i] = (unsigned char) (((uint64_t) len * 8) >> (8 * i));

  if (is512)
    {
      uint64_t h[8] = {
        0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
        0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
        0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL
      };
      uint64_t w[80];
      for (i = 0; i < total; i += bl)
        {
          _kc_sha512_blocks_generic (h, buf + i, 1);
          add_bytes (what, h, 64);
        }
      for (t = 0; t < 16; t++)
        w[t] = buf_get_be64 (buf + total - bl + 8 * t);
      for (t = 16; t < 80; t++)
        {
          uint64_t a = w[t - 15], b = w[t - 2];
          uint64_t s0 = ((a >> 1) | (a << 63)) ^ ((a >> 8) | (a << 56)) ^ (a >> 7);
          uint64_t s1 = ((b >> 19) | (b << 45)) ^ ((b >> 61) | (b << 3)) ^ (b >> 6);
          w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
      add_bytes (what, w + 64, 128);
    }
  else
    {
      uint32_t h[8] = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
      };
      uint32_t w[64];
      for (i = 0; i < total; i += bl)
        {
          _kc_sha256_blocks_generic (h, buf + i, 1);
          add_bytes (what, h, 32);
        }
      for (t = 0; t < 16; t++)
        w[t] = buf_get_be32 (buf + total - bl + 4 * t);
      for (t = 16; t < 64; t++)
        {
          uint32_t a = w[t - 15], b = w[t - 2];
          uint32_t s0 = ((a >> 7) | (a << 25)) ^ ((a >> 18) | (a << 14)) ^ (a >> 3);
          uint32_t s1 = ((b >> 17) | (b << 15)) ^ ((b >> 19) | (b << 13)) ^ (b >> 10);
          w[t] = w[t - 16] + s0 + w[t - 7] + s1;
        }
      add_bytes (what, w + 48, 64);
    }
}

/* kc_ecc_seckey_verify, _negate, _tweak_add, _tweak_mul and
 * kc_schnorr_keypair_sec: in general registers only where
 * x86_64/seckey-gpr.h is built, with no burn (the search of the stack
 * and of the registers is then the check), else burnt: the TWEAK bound
 * for the first three, the SCALAR one for the last two. */
#ifdef KC_SECKEY_GPR
# define T_BURN_SECKEY 0
# define T_BURN_SECKEY_SCALAR 0
#else
# define T_BURN_SECKEY KC_STACK_BURN_TWEAK
# define T_BURN_SECKEY_SCALAR KC_STACK_BURN_SCALAR
#endif

/* -------------------------------------------------------------- harness */

/* The vector registers there are: 1 xmm0-15, 2 ymm0-15, 3 and zmm0-31
 * (detected as the library does, from CPUID and XCR0); on x86-32 the
 * first eight, and 0 where the CPU has no SSE.  (x86 only: the other
 * architectures' sets are t-wipe-regs.h's.) */
#ifndef T_OREGS
static int vlevel;
#endif

static void
detect_vlevel (void)
{
#ifdef T_OREGS_DETECT
  oregs_detect ();              /* the other architectures: vlevel unused */
#elif defined(T_REGS)
  unsigned int a, b, c, d, max = __get_cpuid_max (0, NULL);
  vlevel = T_NVEC == 16;
  if (max < 1)
    return;
  __cpuid (1, a, b, c, d);
  if (d & (1u << 25))           /* SSE (x86-32 only may lack it) */
    vlevel = 1;
  if (vlevel && (c & (1u << 27)) && (c & (1u << 28)))
    {
      unsigned int xlo, xhi;
      __asm__ ("xgetbv" : "=a" (xlo), "=d" (xhi) : "c" (0));
      if ((xlo & 6) == 6)
        vlevel = 2;
      if ((xlo & 0xe6) == 0xe6 && max >= 7)
        {
          __cpuid_count (7, 0, a, b, c, d);
          if (b & (1u << 16))
            vlevel = 3;
        }
    }
#endif
}

/* Zero the vector registers before a call is checked, so that what the
 * search finds after it is the call's: a new thread starts with a copy
 * of its creator's registers, and the wrappers' own memcpy of a key
 * passes through them.  (A call whose code never touches them, such as
 * the general-register secret-key calls, would otherwise be blamed for
 * the harness's copies.)  No clobbers, as for the plants below: this
 * file's code keeps nothing in vector registers across the block. */
static KC_NOINLINE void
clear_vregs (void)
{
#ifdef T_OREGS
  /* the library's clear (a burn of no bytes), its record of the area
   * put back, so that a call that burns nothing is not judged by it */
  uintptr_t area0 = _kc_burn_area[0], area1 = _kc_burn_area[1];
  _kc_burn_stack (0);
  _kc_burn_area[0] = area0;
  _kc_burn_area[1] = area1;
#elif defined(T_REGS)
  if (vlevel >= 2)
    __asm__ __volatile__ ("vzeroall" : : : "memory");
# if T_NVEC == 16
  else if (vlevel == 1)
    __asm__ __volatile__ ("pxor %%xmm0, %%xmm0\n\tpxor %%xmm1, %%xmm1\n\t"
                          "pxor %%xmm2, %%xmm2\n\tpxor %%xmm3, %%xmm3\n\t"
                          "pxor %%xmm4, %%xmm4\n\tpxor %%xmm5, %%xmm5\n\t"
                          "pxor %%xmm6, %%xmm6\n\tpxor %%xmm7, %%xmm7\n\t"
                          "pxor %%xmm8, %%xmm8\n\tpxor %%xmm9, %%xmm9\n\t"
                          "pxor %%xmm10, %%xmm10\n\tpxor %%xmm11, %%xmm11\n\t"
                          "pxor %%xmm12, %%xmm12\n\tpxor %%xmm13, %%xmm13\n\t"
                          "pxor %%xmm14, %%xmm14\n\tpxor %%xmm15, %%xmm15"
                          : : : "memory");
  if (vlevel == 3)
    __asm__ __volatile__ (
      "vpxord %%xmm16, %%xmm16, %%xmm16\n\t"
      "vpxord %%xmm17, %%xmm17, %%xmm17\n\t"
      "vpxord %%xmm18, %%xmm18, %%xmm18\n\t"
      "vpxord %%xmm19, %%xmm19, %%xmm19\n\t"
      "vpxord %%xmm20, %%xmm20, %%xmm20\n\t"
      "vpxord %%xmm21, %%xmm21, %%xmm21\n\t"
      "vpxord %%xmm22, %%xmm22, %%xmm22\n\t"
      "vpxord %%xmm23, %%xmm23, %%xmm23\n\t"
      "vpxord %%xmm24, %%xmm24, %%xmm24\n\t"
      "vpxord %%xmm25, %%xmm25, %%xmm25\n\t"
      "vpxord %%xmm26, %%xmm26, %%xmm26\n\t"
      "vpxord %%xmm27, %%xmm27, %%xmm27\n\t"
      "vpxord %%xmm28, %%xmm28, %%xmm28\n\t"
      "vpxord %%xmm29, %%xmm29, %%xmm29\n\t"
      "vpxord %%xmm30, %%xmm30, %%xmm30\n\t"
      "vpxord %%xmm31, %%xmm31, %%xmm31"
      : : : "memory");
# else
  else if (vlevel == 1)
    __asm__ __volatile__ ("xorps %%xmm0, %%xmm0\n\txorps %%xmm1, %%xmm1\n\t"
                          "xorps %%xmm2, %%xmm2\n\txorps %%xmm3, %%xmm3\n\t"
                          "xorps %%xmm4, %%xmm4\n\txorps %%xmm5, %%xmm5\n\t"
                          "xorps %%xmm6, %%xmm6\n\txorps %%xmm7, %%xmm7"
                          : : : "memory");
# endif
#endif
}

struct run
{
  void (*fn) (void *);
  void *arg;
  unsigned char *top;           /* the thread function's frame */
  uintptr_t burn[2];            /* the thread's _kc_burn_area after it */
  int done, go;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  unsigned char regs[NREGS * REG_BYTES];        /* register I at I * 64 */
};

/* The thread's alternate signal stack, where the kernel writes the
 * signal frame. */
static unsigned char altstack[ALT_SIZE] __attribute__ ((aligned (64)));
static volatile sig_atomic_t signals;

static void
on_signal (int sig)
{
  (void) sig;
  signals++;
}

#ifdef T_REGS
# define STORE8(op, w) \
  op " %%" w "0, 0(%0)\n\t" op " %%" w "1, 64(%0)\n\t" \
  op " %%" w "2, 128(%0)\n\t" op " %%" w "3, 192(%0)\n\t" \
  op " %%" w "4, 256(%0)\n\t" op " %%" w "5, 320(%0)\n\t" \
  op " %%" w "6, 384(%0)\n\t" op " %%" w "7, 448(%0)\n\t"
# if T_NVEC == 8
#  define STORE16(op, w) STORE8 (op, w)
#  define STORE16_31 ""
# else
#  define STORE16(op, w) STORE8 (op, w) \
  op " %%" w "8, 512(%0)\n\t" op " %%" w "9, 576(%0)\n\t" \
  op " %%" w "10, 640(%0)\n\t" op " %%" w "11, 704(%0)\n\t" \
  op " %%" w "12, 768(%0)\n\t" op " %%" w "13, 832(%0)\n\t" \
  op " %%" w "14, 896(%0)\n\t" op " %%" w "15, 960(%0)\n\t"
#  define STORE16_31 \
  "vmovdqu64 %%zmm16, 1024(%0)\n\tvmovdqu64 %%zmm17, 1088(%0)\n\t" \
  "vmovdqu64 %%zmm18, 1152(%0)\n\tvmovdqu64 %%zmm19, 1216(%0)\n\t" \
  "vmovdqu64 %%zmm20, 1280(%0)\n\tvmovdqu64 %%zmm21, 1344(%0)\n\t" \
  "vmovdqu64 %%zmm22, 1408(%0)\n\tvmovdqu64 %%zmm23, 1472(%0)\n\t" \
  "vmovdqu64 %%zmm24, 1536(%0)\n\tvmovdqu64 %%zmm25, 1600(%0)\n\t" \
  "vmovdqu64 %%zmm26, 1664(%0)\n\tvmovdqu64 %%zmm27, 1728(%0)\n\t" \
  "vmovdqu64 %%zmm28, 1792(%0)\n\tvmovdqu64 %%zmm29, 1856(%0)\n\t" \
  "vmovdqu64 %%zmm30, 1920(%0)\n\tvmovdqu64 %%zmm31, 1984(%0)"
# endif
#endif

/* The call, then at once (no call and no compiled code in between that
 * could move a vector register) the register dump, then the signal. */
static KC_NOINLINE void
call_dump_signal (struct run *r)
{
  clear_vregs ();
  r->fn (r->arg);
#ifdef T_OREGS
  OREGS_DUMP (r->regs);
  raise (SIGUSR1);
#elif defined(T_REGS)
  if (vlevel == 3)
    __asm__ __volatile__ (STORE16 ("vmovdqu64", "zmm") STORE16_31
                          : : "r" (r->regs) : "memory");
  else if (vlevel == 2)
    __asm__ __volatile__ (STORE16 ("vmovdqu", "ymm")
                          : : "r" (r->regs) : "memory");
  else if (vlevel == 1)
    __asm__ __volatile__ (STORE16 ("movups", "xmm")
                          : : "r" (r->regs) : "memory");
  raise (SIGUSR1);
#endif
}

static void *
thread_main (void *p)
{
  struct run *r = p;
#ifdef T_ANYREGS
  stack_t ss;
  memset (&ss, 0, sizeof ss);
  ss.ss_sp = altstack;
  ss.ss_size = sizeof altstack;
  if (sigaltstack (&ss, NULL))
    fail ("sigaltstack failed");
#endif
  r->top = __builtin_frame_address (0);
  call_dump_signal (r);
  pthread_mutex_lock (&r->mu);
  r->burn[0] = _kc_burn_area[0];
  r->burn[1] = _kc_burn_area[1];
  r->done = 1;
  pthread_cond_broadcast (&r->cv);
  while (!r->go)
    pthread_cond_wait (&r->cv, &r->mu);
  pthread_mutex_unlock (&r->mu);
  return NULL;
}

enum where { ON_STACK, IN_REGS, IN_SIGFRAME };

/* Search BUF (LEN bytes: the stack, the register dump or the signal
 * stack) for every pattern; returns the number of hits (CALL NULL: count
 * them without failing).  The stack's hits fail one by one; the
 * registers' and the signal frame's in one line for the call, each
 * pattern once, with where its first window was. */
static int
search (const char *call, enum where where, const unsigned char *buf,
        size_t len)
{
#ifndef T_OREGS
  static const char *const regname[] = { "xmm", "ymm", "zmm" };
#endif
  char list[600];
  size_t ll = 0;
  int found = 0, i;

  list[0] = 0;
  for (i = 0; i < npats; i++)
    {
      const struct pattern *q = &pats[i];
      size_t off, pos;
      int hit = 0;
      for (off = 0; off + q->win <= q->n && !hit; off += q->win / 2)
        {
          const unsigned char *w = q->b + off;
          size_t k, j, most = 0;
          for (k = 0; k < q->win; k++)
            {
              size_t same = 0;
              for (j = 0; j < q->win; j++)
                same += w[j] == w[k];
              most = same > most ? same : most;
            }
          if (most > q->win / 2)
            continue;           /* too plain to be evidence */
          t_checks++;
          for (pos = 0; pos + q->win <= len; pos++)
            if (buf[pos] == w[0] && !memcmp (buf + pos, w, q->win))
              {
                found++;
                if (where != ON_STACK)
                  {
                    const char *rn = "frame byte ";
                    unsigned int ri = (unsigned int) (len - pos);
                    if (where == IN_REGS)
                      {
#ifdef T_OREGS
                        ri = (unsigned int) (pos / T_OREGS_SLOT);
                        rn = oregs_name (ri);
#else
                        ri = (unsigned int) (pos / REG_BYTES);
                        rn = regname[ri >= 16 ? 2 : vlevel - 1];
#endif
                      }
                    hit = 1;
                    if (ll < sizeof list - 100)
                      ll += (size_t) snprintf (list + ll, sizeof list - ll,
                                               "%s%s (in %s%u)",
                                               ll ? ", " : "", q->what,
                                               rn, ri);
                  }
                else if (call)
                  fail ("%s: %s (bytes %u..%u) left on the stack, %u bytes "
                        "below its top", call, q->what, (unsigned) off,
                        (unsigned) (off + q->win - 1),
                        (unsigned) (len - pos));
                break;
              }
          if (found > 40 && where == ON_STACK)
            return found;       /* enough said */
        }
    }
  if (call && ll)
    fail ("%s: secrets %s after the return: %s", call,
          where == IN_REGS ? "left in vector registers"
          : "in the signal frame the kernel wrote", list);
  return found;
}

/* What one run saw. */
struct outcome
{
  int stack_hits, reg_hits, sig_hits;
  size_t depth;                 /* below the thread function's frame */
  long below_burn;              /* bytes written below the last burn's
                                   area (-1: no burn ran) */
  size_t burned;                /* the last burn's size */
  size_t reach;                 /* from the top of its area to the lowest
                                   byte written (0: no burn) */
};

/* Run FN (ARG) on a fresh 64 KiB stack; then (the thread parked, its stack
 * as the call left it) let DERIVE add the forms of secrets the call made
 * and search the stack, the register dump and the signal frame for the
 * patterns (CALL NULL: count hits without failing). */
static void
run_on_stack (const char *call, void (*fn) (void *), void *arg,
              void (*derive) (void), struct outcome *o)
{
  long pg = sysconf (_SC_PAGESIZE);
  size_t size = STACK_SIZE;
  unsigned char *map, *stack;
  pthread_attr_t attr;
  pthread_t th;
  struct run r;
  size_t low;
  int rc;
  sig_atomic_t sigs0 = signals;
  uintptr_t burn_lo, burn_hi;

  memset (o, 0, sizeof *o);
  map = mmap (NULL, size + (size_t) pg, PROT_READ | PROT_WRITE,
              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (map == MAP_FAILED)
    {
      fail ("mmap failed");
      return;
    }
  mprotect (map, (size_t) pg, PROT_NONE);       /* guard page below */
  stack = map + pg;
  memset (stack, FILL, size);
  memset (altstack, FILL, sizeof altstack);
  memset (&r, 0, sizeof r);
  r.fn = fn;
  r.arg = arg;
  pthread_mutex_init (&r.mu, NULL);
  pthread_cond_init (&r.cv, NULL);
  pthread_attr_init (&attr);
  rc = pthread_attr_setstack (&attr, stack, size);
  if (rc)
    {
      fail ("pthread_attr_setstack (%u bytes): error %d",
            (unsigned) size, rc);
      return;
    }
  rc = pthread_create (&th, &attr, thread_main, &r);
  if (rc)
    {
      fail ("pthread_create: %d", rc);
      return;
    }
  pthread_mutex_lock (&r.mu);
  while (!r.done)
    pthread_cond_wait (&r.cv, &r.mu);
  pthread_mutex_unlock (&r.mu);

  /* (before DERIVE, whose calls burn the main thread's stack) */
  burn_lo = r.burn[0];
  o->burned = (size_t) (r.burn[1] - burn_lo);
  burn_hi = burn_lo + o->burned;
  if (derive)
    derive ();                  /* forms of what the call made */
  o->stack_hits = search (call, ON_STACK, stack, size);
#ifdef T_ANYREGS
  CHECK (signals == sigs0 + 1, "the signal after %s was not delivered",
         call ? call : "the self-test");
  o->reg_hits = search (call, IN_REGS, r.regs, sizeof r.regs);
  o->sig_hits = search (call, IN_SIGFRAME, altstack, sizeof altstack);
#else
  (void) sigs0;
#endif
  for (low = 0; low < size && stack[low] == FILL; low++)
    ;
  o->depth = (size_t) (r.top - (stack + low));
  if (burn_hi > (uintptr_t) (stack + low))
    o->reach = (size_t) (burn_hi - (uintptr_t) (stack + low));
  if (!burn_lo)
    o->below_burn = -1;
  else if ((uintptr_t) (stack + low) < burn_lo)
    o->below_burn = (long) (burn_lo - (uintptr_t) (stack + low));
  else
    o->below_burn = 0;

  pthread_mutex_lock (&r.mu);
  r.go = 1;
  pthread_cond_broadcast (&r.cv);
  pthread_mutex_unlock (&r.mu);
  pthread_join (th, NULL);
  pthread_attr_destroy (&attr);
  munmap (map, size + (size_t) pg);
}

static const char *path_name;

/* One public call: search, and check that every byte it wrote below its
 * frame lies within the area its last burn zeroed (BOUND: the entry's
 * KC_STACK_BURN_* sum; 0 for a function that handles no secret and has
 * no burn).  A burn of 0 bytes (a kernel that leaves nothing on the
 * stack, such as SHA-NI) clears only the registers: the search is its
 * check. */
static void
check_call (const char *call, void (*fn) (void *), void *arg,
            void (*derive) (void), size_t bound)
{
  struct outcome o;
  char name[128];

  snprintf (name, sizeof name, "%s [%s]", call, path_name);
  run_on_stack (name, fn, arg, derive, &o);
  if (t_verbose)
    printf ("  %-50s depth %6zu  burn %6zu (bound %6zu)  reach %6zu  "
            "past it %ld\n", name, o.depth, o.burned, bound, o.reach,
            o.below_burn);
  if (!bound)
    return;
  CHECK (o.below_burn >= 0, "%s: no stack burn ran", name);
  CHECK (o.burned <= bound + KC_BURN_ABI_HEADER, "%s: burned %zu bytes, "
         "more than the test's bound %zu (+%d: the ABI's frame header)",
         name, o.burned, bound, KC_BURN_ABI_HEADER);
  CHECK (o.below_burn <= 0 || !o.burned,
         "%s: wrote %ld bytes below the area its %zu-byte burn zeroed: "
         "raise KC_STACK_BURN_* in kcrypt-int.h", name, o.below_burn,
         o.burned);
}

/* ------------------------------------------------------- planted copies */

static volatile unsigned char plant_sink;

/* Leaves a copy of pattern ARG (by index) at an odd offset of its frame. */
static KC_NOINLINE void
plant (void *arg)
{
  const struct pattern *q = &pats[*(int *) arg];
  unsigned char area[4096];
  memset (area, 0, sizeof area);
  memcpy (area + 1000 + (size_t) (*(int *) arg & 7), q->b, q->n);
  __asm__ __volatile__ ("" : : "r" (area) : "memory");
  plant_sink = area[1000];
}

/* Plant the first pattern of each window size and the last one (a signed-62
 * or state form): the search must find every one. */
static void
self_test (void)
{
  int i, seen8 = 0, seen16 = 0;
  struct outcome o;
  for (i = 0; i < npats; i++)
    {
      int *seen = pats[i].win == 16 ? &seen16 : &seen8;
      if (*seen && i != npats - 1)
        continue;
      *seen = 1;
      run_on_stack (NULL, plant, &i, NULL, &o);
      CHECK (o.stack_hits > 0, "self-test: the search does not find a "
             "planted copy of %s", pats[i].what);
    }
}

#ifdef T_OREGS
/* Leaves the first 16 bytes of pattern 0 in register set WHICH (see
 * t-wipe-regs.h), and returns. */
static int plant_reg_which;

static KC_NOINLINE void
plant_reg (void *arg)
{
  static unsigned char v[64];
  (void) arg;
  memcpy (v, pats[0].b, pats[0].n < 64 ? pats[0].n : 64);
  oregs_plant (plant_reg_which, v);
}
#elif defined(T_REGS)
/* Leaves the first 64 bytes of pattern 0 in one vector register: ymm5
 * (xmm5 with SSE only) or zmm20 (REG_ZMM20), and returns. */
static int plant_reg_which;
# define REG_ZMM20 1

static KC_NOINLINE void
plant_reg (void *arg)
{
  static unsigned char v[64];
  (void) arg;
  memcpy (v, pats[0].b, pats[0].n < 64 ? pats[0].n : 64);
  /* (no clobber: this function is compiled for the baseline target, so
   * the compiler keeps nothing in zmm20, and may not name it) */
# if T_NVEC == 16
  if (plant_reg_which == REG_ZMM20)
    {
      __asm__ __volatile__ ("vmovdqu64 (%0), %%zmm20" : : "r" (v) : "memory");
      return;
    }
# else
  if (vlevel == 3)      /* x86-32: zmm5's upper half, the AVX-512 state */
    {
      __asm__ __volatile__ ("vmovdqu64 (%0), %%zmm5" : : "r" (v)
                            : T_CLOBBER_XMM5 "memory");
      return;
    }
# endif
  if (vlevel >= 2)
    __asm__ __volatile__ ("vmovdqu (%0), %%ymm5" : : "r" (v)
                          : T_CLOBBER_XMM5 "memory");
  else
    __asm__ __volatile__ ("movups (%0), %%xmm5" : : "r" (v)
                          : T_CLOBBER_XMM5 "memory");
}
#endif

/* The register dump and the signal frame must both show a secret left in
 * ymm5, and one left in zmm20. */
static void
self_test_regs (void)
{
#ifdef T_ANYREGS
  struct outcome o;
  int which, nplants;
# ifdef T_OREGS
  nplants = oregs_nplants ();
# else
  if (!vlevel)
    {
      if (t_verbose)
        printf ("  self-test: no SSE, no vector registers to search\n");
      return;
    }
  nplants = vlevel == 3 && T_NVEC == 16 ? 2 : 1;        /* and zmm20 */
# endif
  for (which = 0; which < nplants; which++)
    {
# ifdef T_OREGS
      const char *reg = oregs_plant_name (which);
# else
      const char *reg = which ? "zmm20" : vlevel == 3 && T_NVEC == 8 ? "zmm5"
                        : vlevel >= 2 ? "ymm5" : "xmm5";
# endif
      plant_reg_which = which;
      run_on_stack (NULL, plant_reg, NULL, NULL, &o);
      CHECK (o.reg_hits > 0, "self-test: the register dump does not show "
             "%s planted in %s", pats[0].what, reg);
      CHECK (o.sig_hits > 0, "self-test: the signal frame does not show "
             "%s planted in %s", pats[0].what, reg);
      if (t_verbose)
        printf ("  self-test: %s planted in %s: %d hits in the dump, %d in "
                "the signal frame\n", pats[0].what, reg, o.reg_hits,
                o.sig_hits);
    }
#endif
}

/* ------------------------------------------------------------ the calls */

static unsigned char key[32], digest[32], msg[200];
static unsigned char sig[72], pub[65];

struct sign_arg { unsigned int flags; size_t len; gpg_error_t err; };

static void
call_sign (void *p)
{
  struct sign_arg *a = p;
  a->err = kc_ecdsa_sign (KC_ECC_SECP256K1, a->flags, sig, &a->len, key, 32,
                          digest, 32);
}

static void
call_pubkey (void *p)
{
  *(gpg_error_t *) p = kc_ecc_pubkey (KC_ECC_SECP256K1, pub, 33, key, 32);
}

static void
call_keypair (void *p)
{
  *(gpg_error_t *) p = kc_ecc_keypair (KC_ECC_SECP256K1, pub, 65, key, 32);
}

static void
call_verify (void *p)
{
  *(gpg_error_t *) p = kc_ecdsa_verify (KC_ECC_SECP256K1, 0, sig, 64, pub, 65,
                                        digest, 32);
}

struct md_arg { int algo; unsigned char out[64]; gpg_error_t err; };

static void
call_md (void *p)
{
  struct md_arg *a = p;
  a->err = kc_md_hash_buffer (a->algo, a->out,
                              a->algo == KC_MD_SHA256
                              || a->algo == KC_MD_SHA3_256 ? 32 : 64,
                              msg, sizeof msg);
}

/* HMAC through a handle: key and message secret.  And HKDF. */
static kc_md_hd_t hmac_hd;

/* One entry point per check, so that each call's depth is held against
 * its own burn. */
static void
call_hmac_setkey (void *p)
{
  struct md_arg *a = p;
  a->err = kc_md_setkey (hmac_hd, key, 32);
}

static void
call_hmac_write (void *p)
{
  (void) p;
  kc_md_write (hmac_hd, msg, 100);
}

static void
call_hmac_write2 (void *p)
{
  (void) p;
  kc_md_write (hmac_hd, msg + 100, sizeof msg - 100);
}

static void
call_hmac_final (void *p)
{
  struct md_arg *a = p;
  a->err = kc_md_final (hmac_hd, a->out, a->algo == KC_MD_SHA512 ? 64 : 32);
}

/* kc_md_reset of a keyed handle copies the key's HMAC states. */
static void
call_hmac_reset (void *p)
{
  (void) p;
  kc_md_reset (hmac_hd);
}

static void
call_hkdf (void *p)
{
  struct md_arg *a = p;
  a->err = kc_kdf_hkdf (a->algo, a->out, 64, key, 32, NULL, 0, "info", 4);
}

/* Keccak: the state after absorbing the first block and after the last
 * permutation of the message (the capacity lanes never leave it). */
static void
add_keccak_forms (const char *what, unsigned int rate, unsigned char ds)
{
  _kc_keccak_ctx c;
  _kc_keccak_init (&c, rate, ds);
  _kc_keccak_absorb (&c, msg, rate);
  add_bytes (what, c.s, sizeof c.s);
  _kc_keccak_absorb (&c, msg + rate, sizeof msg - rate);
  _kc_keccak_finalize (&c);
  add_bytes (what, c.s, sizeof c.s);
}

#define NBATCH 3
static unsigned char kem_pk[NBATCH][KC_KEM_SNTRUP761_PUBKEY_LEN];
static unsigned char kem_sk[NBATCH][KC_KEM_SNTRUP761_SECKEY_LEN];
static unsigned char kem_ct[KC_KEM_SNTRUP761_ENCAPS_LEN];
static unsigned char kem_ss[32], kem_ss2[32];

static void
call_kem_keypair (void *p)
{
  *(gpg_error_t *) p = kc_kem_keypair (KC_KEM_SNTRUP761, kem_pk[0],
                                       sizeof kem_pk[0], kem_sk[0],
                                       sizeof kem_sk[0]);
}

static void
call_kem_batch (void *p)
{
  *(gpg_error_t *) p = kc_kem_keypair_batch (KC_KEM_SNTRUP761, kem_pk,
                                             sizeof kem_pk, kem_sk,
                                             sizeof kem_sk, NBATCH);
}

static void
call_encap (void *p)
{
  *(gpg_error_t *) p = kc_kem_encap (KC_KEM_SNTRUP761, kem_pk[0],
                                     sizeof kem_pk[0], kem_ct, sizeof kem_ct,
                                     kem_ss, sizeof kem_ss, NULL, 0);
}

static void
call_decap (void *p)
{
  *(gpg_error_t *) p = kc_kem_decap (KC_KEM_SNTRUP761, kem_sk[0],
                                     sizeof kem_sk[0], kem_ct, sizeof kem_ct,
                                     kem_ss2, sizeof kem_ss2, NULL, 0);
}

/* ML-KEM-768 and -1024 from a seed, encapsulation with a given m,
 * decapsulation. */
static unsigned char ml_seed[64], ml_m[32], ml_pk[1568], ml_sk[3168],
  ml_ct[1568], ml_ss[32], ml_ss2[32];
static int ml_algo;

static size_t
ml_len (int what)
{
  int k = ml_algo == KC_KEM_MLKEM768 ? 3 : 4;
  return what == 0 ? (size_t) 384 * k + 32 : what == 1 ? (size_t) 768 * k + 96
    : k == 4 ? 1568 : 1088;
}

static void
call_ml_keypair (void *p)
{
  *(gpg_error_t *) p = kc_kem_keypair_seed (ml_algo, ml_pk, ml_len (0), ml_sk,
                                            ml_len (1), ml_seed, 64);
}

static void
call_ml_encap (void *p)
{
  *(gpg_error_t *) p = kc_kem_encap (ml_algo, ml_pk, ml_len (0), ml_ct,
                                     ml_len (2), ml_ss, 32, ml_m, 32);
}

static void
call_ml_decap (void *p)
{
  *(gpg_error_t *) p = kc_kem_decap (ml_algo, ml_sk, ml_len (1), ml_ct,
                                     ml_len (2), ml_ss2, 32, NULL, 0);
}

static void
derive_ml (void)
{
  add_bytes ("ML-KEM seed", ml_seed, 64);
  add_bytes ("ML-KEM m", ml_m, 32);
  add_bytes ("ML-KEM encoded s", ml_sk, 384 * 3);
  add_bytes ("ML-KEM shared key", ml_ss, 32);
}

/* RAW_X25519: a key from its secret, decapsulation with it */
static unsigned char x_sk[32], x_pk[32], x_peer[32], x_ss[32], x_sk_out[32];

static void
call_x25519_keypair (void *p)
{
  *(gpg_error_t *) p = kc_kem_keypair_seed (KC_KEM_RAW_X25519, x_pk, 32,
                                            x_sk_out, 32, x_sk, 32);
}

static void
call_x25519_decap (void *p)
{
  *(gpg_error_t *) p = kc_kem_decap (KC_KEM_RAW_X25519, x_sk, 32, x_peer,
                                     32, x_ss, 32, NULL, 0);
}

static void
derive_x25519 (void)
{
  unsigned char clamped[32];
  memcpy (clamped, x_sk, 32);
  clamped[0] &= 248;
  clamped[31] = (unsigned char) ((clamped[31] & 127) | 64);
  add_bytes ("X25519 secret", x_sk, 32);
  add_bytes ("X25519 clamped secret", clamped, 32);
  add_bytes ("X25519 shared value", x_ss, 32);
}

/* Ed25519: key derivation and signing; searched for the seed, its
 * SHA-512 (the clamped scalar and the prefix), the scalar mod L and the
 * nonce r (the hash and its reduction). */
static unsigned char ed_seed[32], ed_pk[32], ed_sig[64];

static void
call_ed_pubkey (void *p)
{
  *(gpg_error_t *) p = kc_ecc_pubkey (KC_ECC_ED25519, ed_pk, 32, ed_seed, 32);
}

static void
call_ed_sign (void *p)
{
  *(gpg_error_t *) p = kc_eddsa_sign (KC_ECC_ED25519, ed_sig, 64, ed_seed, 32,
                                      msg, 32);
}

static unsigned char ed_kp[KC_EDDSA_ED25519_KEYPAIR_LEN], ed_out[32];

static void
call_ed_keypair_create (void *p)
{
  *(gpg_error_t *) p = kc_eddsa_keypair_create (KC_ECC_ED25519, ed_kp,
                                                sizeof ed_kp, ed_seed, 32);
}

static void
call_ed_sign_keypair (void *p)
{
  *(gpg_error_t *) p = kc_eddsa_sign_keypair (KC_ECC_ED25519, ed_sig, 64,
                                              ed_kp, sizeof ed_kp, msg, 32);
}

static void
call_ed_keypair_sec (void *p)
{
  *(gpg_error_t *) p = kc_eddsa_keypair_sec (KC_ECC_ED25519, ed_out, 32,
                                             ed_kp, sizeof ed_kp);
}

static void
call_ed_keypair_pub (void *p)
{
  *(gpg_error_t *) p = kc_eddsa_keypair_pub (KC_ECC_ED25519, ed_out, 32,
                                             ed_kp, sizeof ed_kp);
}

static void
ed25519_forms (void)
{
  static const char dom[] = "libkcrypt Ed25519 key pair";
  static unsigned char h[64], rh[64], a[32], r[32], tag[64];
  _kc_sha512_ctx c;
  _kc_ed25519_sc x;

  _kc_sha512 (h, ed_seed, 32);
  h[0] &= 248;
  h[31] = (unsigned char) ((h[31] & 127) | 64);
  _kc_ed25519_sc_reduce32 (&x, h);
  _kc_ed25519_sc_tobytes (a, &x);
  _kc_sha512_init (&c);
  _kc_sha512_update (&c, h + 32, 32);
  _kc_sha512_update (&c, msg, 32);
  _kc_sha512_final (&c, rh);
  _kc_ed25519_sc_reduce64 (&x, rh);
  _kc_ed25519_sc_tobytes (r, &x);
  add_bytes ("Ed25519 seed", ed_seed, 32);
  add_bytes ("Ed25519 clamped scalar", h, 32);
  add_bytes ("Ed25519 prefix", h + 32, 32);
  add_bytes ("Ed25519 scalar mod L", a, 32);
  add_bytes ("Ed25519 nonce hash", rh, 64);
  add_bytes ("Ed25519 nonce", r, 32);
  /* the key pair's tag hash (ed25519/eddsa.h): its first half is the
   * pair's, its second half nobody's */
  CHECK_ERR (kc_ecc_pubkey (KC_ECC_ED25519, a, 32, ed_seed, 32), 0);
  _kc_sha512_init (&c);
  _kc_sha512_update (&c, dom, sizeof dom - 1);
  _kc_sha512_update (&c, h + 32, 32);
  _kc_sha512_update (&c, a, 32);
  _kc_sha512_final (&c, tag);
  add_bytes ("Ed25519 key pair tag hash, second half", tag + 32, 32);
}

/* The SSH and TLS hybrids: key pair, encapsulation, decapsulation;
 * searched for the classical secret, both halves' shared values and the
 * combined key.  The classical part is X25519 or P-256 (hy_ec), last in
 * every field or first (hy_ec_first: SecP256r1MLKEM768). */
static unsigned char hy_pk[KC_KEM_MLKEM768NISTP256_SHA256_PUBKEY_LEN],
  hy_sk[KC_KEM_MLKEM768NISTP256_SHA256_SECKEY_LEN],
  hy_ct[KC_KEM_MLKEM768NISTP256_SHA256_ENCAPS_LEN], hy_ss[64], hy_ss2[64];
static int hy_algo, hy_pq, hy_ec, hy_ec_first;
static size_t hy_burn;
static size_t hy_pk_len, hy_sk_len, hy_ct_len, hy_ss_len, hy_ec_ct_len;

static void
call_hy_keypair (void *p)
{
  *(gpg_error_t *) p = kc_kem_keypair (hy_algo, hy_pk, hy_pk_len, hy_sk,
                                       hy_sk_len);
}

static void
call_hy_encap (void *p)
{
  *(gpg_error_t *) p = kc_kem_encap (hy_algo, hy_pk, hy_pk_len, hy_ct,
                                     hy_ct_len, hy_ss, hy_ss_len, NULL, 0);
}

static void
call_hy_decap (void *p)
{
  *(gpg_error_t *) p = kc_kem_decap (hy_algo, hy_sk, hy_sk_len, hy_ct,
                                     hy_ct_len, hy_ss2, hy_ss_len, NULL, 0);
}

static void
derive_hy_key (void)
{
  add_bytes ("hybrid classical secret",
             hy_ec_first ? hy_sk : hy_sk + hy_sk_len - 32, 32);
}

/* the halves' shared values, from the parts' own decapsulations */
static void
derive_hy_session (void)
{
  unsigned char pq_ss[32], hx_ss[32];
  size_t pq_sk = hy_sk_len - 32, pq_ct = hy_ct_len - hy_ec_ct_len;
  size_t pq_sk_at = hy_ec_first ? 32 : 0;
  size_t pq_ct_at = hy_ec_first ? hy_ec_ct_len : 0;
  size_t ec_sk_at = hy_ec_first ? 0 : pq_sk;
  size_t ec_ct_at = hy_ec_first ? 0 : pq_ct;
  derive_hy_key ();
  if (kc_kem_decap (hy_pq, hy_sk + pq_sk_at, pq_sk, hy_ct + pq_ct_at, pq_ct,
                    pq_ss, 32, NULL, 0)
      || kc_kem_decap (hy_ec, hy_sk + ec_sk_at, 32, hy_ct + ec_ct_at,
                       hy_ec_ct_len, hx_ss, 32, NULL, 0))
    fail ("hybrid: the parts do not decapsulate");
  add_bytes ("hybrid post-quantum shared value", pq_ss, 32);
  add_bytes ("hybrid classical shared value", hx_ss, 32);
  add_bytes ("hybrid shared key", hy_ss, hy_ss_len);
}

/* X-Wing and DHKEM25519: key pair from the seed, encapsulation with
 * drawn randomness, decapsulation; searched for the seed's expansion
 * (X-Wing: the X25519 secret; DHKEM: the secret key) and the shared key */
static unsigned char xw_pk[KC_KEM_XWING_PUBKEY_LEN], xw_sk[32], xw_seed[32];
static unsigned char xw_ct[KC_KEM_XWING_ENCAPS_LEN], xw_ss[32], xw_ss2[32];
static int xw_algo;
static size_t xw_pk_len, xw_ct_len;

static void
call_xw_keypair_seed (void *p)
{
  *(gpg_error_t *) p = kc_kem_keypair_seed (xw_algo, xw_pk, xw_pk_len, xw_sk,
                                            32, xw_seed, 32);
}

static void
call_xw_encap (void *p)
{
  *(gpg_error_t *) p = kc_kem_encap (xw_algo, xw_pk, xw_pk_len, xw_ct,
                                     xw_ct_len, xw_ss, 32, NULL, 0);
}

static void
call_xw_decap (void *p)
{
  *(gpg_error_t *) p = kc_kem_decap (xw_algo, xw_sk, 32, xw_ct, xw_ct_len,
                                     xw_ss2, 32, NULL, 0);
}

static void
derive_xw_key (void)
{
  unsigned char e[96];
  if (xw_algo == KC_KEM_XWING)
    {
      if (kc_md_hash_buffer (KC_MD_SHAKE256, e, sizeof e, xw_seed, 32))
        fail ("xwing: SHAKE256");
      add_bytes ("X-Wing X25519 secret", e + 64, 32);
    }
  add_bytes ("X-Wing / DHKEM secret key", xw_sk, 32);
}

static void
derive_xw_session (void)
{
  derive_xw_key ();
  add_bytes ("X-Wing / DHKEM shared key", xw_ss, 32);
}

/* A big batch: 32 keys on the 64 KiB stack (the secrets are not searched). */
static unsigned char big_pk[32][KC_KEM_SNTRUP761_PUBKEY_LEN];
static unsigned char big_sk[32][KC_KEM_SNTRUP761_SECKEY_LEN];

static void
call_kem_batch32 (void *p)
{
  *(gpg_error_t *) p = kc_kem_keypair_batch (KC_KEM_SNTRUP761, big_pk,
                                             sizeof big_pk, big_sk,
                                             sizeof big_sk, 32);
}

static void
call_mpi (void *p)
{
  kc_mpi_t b = NULL, e = NULL, m = NULL, r = kc_mpi_new (0);
  unsigned char buf[512];
  size_t i;
  for (i = 0; i < sizeof buf; i++)
    buf[i] = (unsigned char) (i * 7 + 1);
  buf[sizeof buf - 1] |= 1;
  kc_mpi_scan (&b, KC_MPI_FMT_USG, buf, 300, NULL);
  kc_mpi_scan (&e, KC_MPI_FMT_USG, buf + 1, 512, NULL);
  kc_mpi_scan (&m, KC_MPI_FMT_USG, buf, 512, NULL);
  kc_mpi_powm (r, b, e, m);
  kc_mpi_mulm (r, r, b, m);
  *(int *) p = kc_mpi_invm (r, b, m);
  kc_mpi_release (b);
  kc_mpi_release (e);
  kc_mpi_release (m);
  kc_mpi_release (r);
}

/* ------------------------------------------------- forms of the secrets */

/* RFC 6979 (HMAC-SHA256, counter 0) written out: the final K and V and the
 * SHA-256 states K keys; returns the nonce. */
static void
rfc6979_forms (_kc_secp256k1_scalar *k, const _kc_secp256k1_scalar *x,
               const _kc_secp256k1_scalar *m)
{
  unsigned char K[32], V[32], data[32 + 1 + 64];
  int round;

  memset (K, 0, 32);
  memset (V, 1, 32);
  for (round = 0; round < 2; round++)
    {
      memcpy (data, V, 32);
      data[32] = (unsigned char) round;
      _kc_secp256k1_scalar_get_b32 (data + 33, x);
      _kc_secp256k1_scalar_get_b32 (data + 65, m);
      _kc_hmac_sha256 (K, K, 32, data, sizeof data);
      _kc_hmac_sha256 (V, K, 32, V, 32);
    }
  _kc_hmac_sha256 (V, K, 32, V, 32);
  add_bytes ("RFC 6979 K", K, 32);
  add_hmac_states ("HMAC states of RFC 6979 K", K);
  _kc_secp256k1_scalar_set_b32 (k, V, NULL);
}

static void
ecdsa_forms (void)
{
  _kc_secp256k1_scalar x, m, k, kinv, r, s, rx, mrx;
  unsigned char rs[64];

  _kc_secp256k1_scalar_set_b32 (&x, key, NULL);
  _kc_ecdsa_digest_to_scalar (&m, digest, 32);
  add_scalar_forms ("secret key", &x);
  rfc6979_forms (&k, &x, &m);
  {
    _kc_secp256k1_scalar k2;
    _kc_ecdsa_rfc6979_nonce (&k2, &x, &m, 0);
    CHECK (_kc_secp256k1_scalar_eq (&k, &k2),
           "the test's RFC 6979 differs from the library's");
  }
  add_scalar_forms ("nonce k", &k);
  _kc_secp256k1_scalar_inv (&kinv, &k);
  add_scalar_forms ("nonce inverse", &kinv);
  _kc_ecdsa_sign (&r, &s, &x, &m);
  _kc_secp256k1_scalar_get_b32 (rs, &r);
  _kc_secp256k1_scalar_mul (&rx, &r, &x);
  add_scalar_forms ("r * key", &rx);
  _kc_secp256k1_scalar_add (&mrx, &m, &rx);
  add_scalar_forms ("m + r * key", &mrx);
}

/* ------------------------------------------- the Bitcoin additions */

static unsigned char btc_aux[32], btc_tweak[32], btc_peer[33], btc_out[65];
static unsigned char btc_key2[32];

/* A scalar's forms and its negation's (BIP-340 and the GLV halves negate
 * by cmov, so either may be what a frame held). */
static void
add_scalar_pm_forms (const char *what, const char *negwhat,
                     const _kc_secp256k1_scalar *a)
{
  _kc_secp256k1_scalar na;
  add_scalar_forms (what, a);
  _kc_secp256k1_scalar_negate (&na, a);
  add_scalar_forms (negwhat, &na);
}

/* BIP-340 signing of MSG (32 bytes) with KEY and BTC_AUX: the key and its
 * negation, the masked key t, the nonce hash's first chaining state, the
 * nonce and its negation. */
static void
schnorr_forms (void)
{
  _kc_secp256k1_scalar x, d, k;
  _kc_secp256k1_gej pj;
  _kc_secp256k1_ge p;
  _kc_sha256_ctx c;
  unsigned char h[32], blk[64];
  int i;

  _kc_secp256k1_scalar_set_b32 (&x, key, NULL);
  add_scalar_pm_forms ("secret key", "negated secret key", &x);
  _kc_secp256k1_ecmult_gen (&pj, &x);
  _kc_secp256k1_ge_set_gej (&p, &pj);
  d = x;
  _kc_secp256k1_scalar_cond_negate (&d, _kc_secp256k1_fe_is_odd (&p.y));
  _kc_bip340_tagged_init (&c, KC_BIP340_AUX);
  _kc_sha256_update (&c, btc_aux, 32);
  _kc_sha256_final (&c, h);
  _kc_secp256k1_scalar_get_b32 (blk, &d);
  for (i = 0; i < 32; i++)
    blk[i] ^= h[i];
  add_bytes ("BIP-340 masked key t", blk, 32);
  _kc_secp256k1_fe_get_b32 (blk + 32, &p.x);
  _kc_bip340_tagged_init (&c, KC_BIP340_NONCE);
  _kc_sha256_blocks_generic (c.h, blk, 1);
  add_bytes ("BIP-340 nonce hash state", c.h, 32);
  _kc_bip340_tagged_init (&c, KC_BIP340_NONCE);
  _kc_sha256_update (&c, blk, 64);
  _kc_sha256_update (&c, msg, 32);
  _kc_sha256_final (&c, h);
  _kc_secp256k1_scalar_set_b32 (&k, h, NULL);
  add_scalar_pm_forms ("BIP-340 nonce", "negated BIP-340 nonce", &k);
}

/* ECDH of KEY with BTC_PEER: the key, its GLV halves (either sign), the
 * shared x and the hash's state. */
static void
ecdh_forms (void)
{
  _kc_secp256k1_scalar x, k1, k2;
  unsigned char enc[33];
  _kc_secp256k1_scalar_set_b32 (&x, key, NULL);
  add_scalar_forms ("secret key", &x);
  _kc_secp256k1_scalar_split_lambda (&k1, &k2, &x);
  add_scalar_pm_forms ("GLV half k1", "negated k1", &k1);
  add_scalar_pm_forms ("GLV half k2", "negated k2", &k2);
  if (kc_ecdh (KC_ECC_SECP256K1, KC_ECDH_RAW_X, enc + 1, 32, key, 32,
               btc_peer, 33))
    fail ("ecdh for the forms");
  add_bytes ("shared x", enc + 1, 32);
  enc[0] = 0x02;
  add_sha_forms ("ECDH hash state (02)", 0, enc, 33);
  enc[0] = 0x03;
  add_sha_forms ("ECDH hash state (03)", 0, enc, 33);
}

/* A tweak of KEY2 (a copy of KEY) by BTC_TWEAK: key, tweak, sum. */
static void
tweak_forms (void)
{
  _kc_secp256k1_scalar x, t, y;
  _kc_secp256k1_scalar_set_b32 (&x, key, NULL);
  _kc_secp256k1_scalar_set_b32 (&t, btc_tweak, NULL);
  _kc_secp256k1_scalar_add (&y, &x, &t);
  add_scalar_forms ("secret key", &x);
  add_scalar_forms ("tweak", &t);
  add_scalar_forms ("tweaked key", &y);
}

static void
call_schnorr_sign (void *p)
{
  *(gpg_error_t *) p = kc_schnorr_sign (KC_ECC_SECP256K1, sig, 64, key, 32,
                                        msg, 32, btc_aux, 32);
}

static void
call_ecdh (void *p)
{
  *(gpg_error_t *) p = kc_ecdh (KC_ECC_SECP256K1, 0, btc_out, 32, key, 32,
                                btc_peer, 33);
}

static void
call_seckey_tweak (void *p)
{
  memcpy (btc_key2, key, 32);
  clear_vregs ();            /* the copy's, not the call's */
  *(gpg_error_t *) p = kc_ecc_seckey_tweak_add (KC_ECC_SECP256K1, btc_key2, 32,
                                                btc_tweak, 32);
}

static void
call_pubkey_tweak (void *p)
{
  *(gpg_error_t *) p = kc_ecc_pubkey_tweak_add (KC_ECC_SECP256K1, btc_out, 33,
                                                btc_peer, 33, btc_tweak, 32);
}

static void
call_xonly_tweak (void *p)
{
  int parity;
  *(gpg_error_t *) p = kc_ecc_xonly_tweak_add (KC_ECC_SECP256K1, btc_out, 32,
                                               &parity, btc_peer + 1, 32,
                                               btc_tweak, 32);
}

static void
call_xonly_pubkey (void *p)
{
  int parity;
  *(gpg_error_t *) p = kc_ecc_xonly_pubkey (KC_ECC_SECP256K1, btc_out, 32,
                                            &parity, key, 32);
}

/* libsecp256k1's key API and the BIP-340 key pair */
static unsigned char btc_kp[KC_SCHNORR_SECP256K1_KEYPAIR_LEN];

static void
call_sign_keypair (void *p)
{
  *(gpg_error_t *) p = kc_schnorr_sign_keypair (KC_ECC_SECP256K1, sig, 64,
                                                btc_kp, sizeof btc_kp,
                                                msg, 32, btc_aux, 32);
}

static void
call_keypair_create (void *p)
{
  *(gpg_error_t *) p = kc_schnorr_keypair_create (KC_ECC_SECP256K1, btc_kp,
                                                  sizeof btc_kp, key, 32);
}

static void
call_keypair_sec (void *p)
{
  *(gpg_error_t *) p = kc_schnorr_keypair_sec (KC_ECC_SECP256K1, btc_key2, 32,
                                               btc_kp, sizeof btc_kp);
}

static void
call_keypair_tweak (void *p)
{
  *(gpg_error_t *) p = kc_schnorr_keypair_xonly_tweak_add (KC_ECC_SECP256K1,
                                                           btc_kp,
                                                           sizeof btc_kp,
                                                           btc_tweak, 32);
}

static void
call_seckey_verify (void *p)
{
  *(gpg_error_t *) p = kc_ecc_seckey_verify (KC_ECC_SECP256K1, key, 32);
}

static void
call_seckey_negate (void *p)
{
  memcpy (btc_key2, key, 32);
  clear_vregs ();            /* the copy's, not the call's */
  *(gpg_error_t *) p = kc_ecc_seckey_negate (KC_ECC_SECP256K1, btc_key2, 32);
}

static void
call_seckey_tweak_mul (void *p)
{
  memcpy (btc_key2, key, 32);
  clear_vregs ();            /* the copy's, not the call's */
  *(gpg_error_t *) p = kc_ecc_seckey_tweak_mul (KC_ECC_SECP256K1, btc_key2, 32,
                                                btc_tweak, 32);
}

static void
call_pubkey_tweak_mul (void *p)
{
  *(gpg_error_t *) p = kc_ecc_pubkey_tweak_mul (KC_ECC_SECP256K1, btc_out, 33,
                                                btc_peer, 33, key, 32);
}

static void
call_sign_ndata (void *p)
{
  size_t len = 64;
  *(gpg_error_t *) p = kc_ecdsa_sign_ndata (KC_ECC_SECP256K1, 0, sig, &len,
                                            key, 32, digest, 32, btc_aux, 32);
}

static void
call_tagged (void *p)
{
  *(gpg_error_t *) p = kc_tagged_sha256 (btc_out, 32, "tag", 3, key, 32);
}

/* The key pair's tweak: the key, its negation, the tweak, both sums. */
static void
keypair_tweak_forms (void)
{
  _kc_secp256k1_scalar x, nx, t, y;
  _kc_secp256k1_scalar_set_b32 (&x, key, NULL);
  _kc_secp256k1_scalar_set_b32 (&t, btc_tweak, NULL);
  add_scalar_pm_forms ("secret key", "negated secret key", &x);
  add_scalar_forms ("tweak", &t);
  _kc_secp256k1_scalar_add (&y, &x, &t);
  add_scalar_forms ("key + tweak", &y);
  _kc_secp256k1_scalar_negate (&nx, &x);
  _kc_secp256k1_scalar_add (&y, &nx, &t);
  add_scalar_forms ("-key + tweak", &y);
}

static void
run_btc_keys (void)
{
  gpg_error_t err;
  _kc_secp256k1_scalar x, t, y, k1, k2;

  npats = 0;
  schnorr_forms ();
  check_call ("kc_schnorr_keypair_create", call_keypair_create, &err, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);
  check_call ("kc_schnorr_sign_keypair", call_sign_keypair, &err, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);
  check_call ("kc_schnorr_keypair_sec", call_keypair_sec, &err, NULL,
              T_BURN_SECKEY_SCALAR);
  CHECK_ERR (err, 0);
  check_call ("kc_ecc_seckey_verify", call_seckey_verify, &err, NULL,
              T_BURN_SECKEY);
  CHECK_ERR (err, 0);
  check_call ("kc_ecc_seckey_negate", call_seckey_negate, &err, NULL,
              T_BURN_SECKEY);
  CHECK_ERR (err, 0);
  check_call ("kc_tagged_sha256 (the key as message)", call_tagged, &err, NULL,
              KC_STACK_BURN_SHA256);
  CHECK_ERR (err, 0);

  npats = 0;
  keypair_tweak_forms ();
  check_call ("kc_schnorr_keypair_xonly_tweak_add", call_keypair_tweak, &err,
              NULL, KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);

  npats = 0;
  _kc_secp256k1_scalar_set_b32 (&x, key, NULL);
  _kc_secp256k1_scalar_set_b32 (&t, btc_tweak, NULL);
  _kc_secp256k1_scalar_mul (&y, &x, &t);
  add_scalar_forms ("secret key", &x);
  add_scalar_forms ("tweak", &t);
  add_scalar_forms ("key * tweak", &y);
  check_call ("kc_ecc_seckey_tweak_mul", call_seckey_tweak_mul, &err, NULL,
              T_BURN_SECKEY_SCALAR);
  CHECK_ERR (err, 0);

  /* the key as the multiplicative tweak of a public key: its GLV halves */
  npats = 0;
  add_scalar_forms ("secret tweak", &x);
  _kc_secp256k1_scalar_split_lambda (&k1, &k2, &x);
  add_scalar_pm_forms ("GLV half k1", "negated k1", &k1);
  add_scalar_pm_forms ("GLV half k2", "negated k2", &k2);
  check_call ("kc_ecc_pubkey_tweak_mul", call_pubkey_tweak_mul, &err, NULL,
              KC_STACK_BURN_ECDH);
  CHECK_ERR (err, 0);

  npats = 0;
  add_scalar_forms ("secret key", &x);
  check_call ("kc_ecdsa_sign_ndata", call_sign_ndata, &err, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);
}

/* ElligatorSwift: create from KEY (aux BTC_AUX), and xdh of KEY (party B,
 * our encoding in BTC_OUT) against ELL_PEER, the encoding of BTC_PEER. */
static unsigned char ell_peer[64], ell_ours[64];

static void
call_ellswift_create (void *p)
{
  *(gpg_error_t *) p = kc_ellswift_create (KC_ECC_SECP256K1, ell_ours, 64, key,
                                           32, btc_aux, 32);
}

static void
call_ellswift_xdh (void *p)
{
  *(gpg_error_t *) p = kc_ellswift_xdh (KC_ECC_SECP256K1, btc_out, 32,
                                        ell_peer, 64, ell_ours, 64, key, 32,
                                        KC_ELLSWIFT_PARTY_B);
}

/* MuSig2: nonce generation from KEY and fresh session randomness (the
 * key, the nonces k1, k2 and their negations), the counter variant
 * from a key pair, and partial signing (the key, the nonces). */
static unsigned char mu_kp[KC_SCHNORR_SECP256K1_KEYPAIR_LEN], mu_pk[33];
static unsigned char mu_cache[KC_MUSIG_KEYAGG_CACHE_LEN], mu_rnd[32];
static unsigned char mu_sn[KC_MUSIG_SECNONCE_LEN], mu_sn_copy[KC_MUSIG_SECNONCE_LEN];
static unsigned char mu_pn[KC_MUSIG_PUBNONCE_LEN], mu_ss[KC_MUSIG_SESSION_LEN];
static unsigned char mu_ps[KC_MUSIG_PARTIAL_SIG_LEN];

static void
call_musig_nonce_gen (void *p)
{
  unsigned char r[32];
  memcpy (r, mu_rnd, 32);
  *(gpg_error_t *) p = kc_musig_nonce_gen (KC_ECC_SECP256K1, mu_sn,
                                           sizeof mu_sn, mu_pn, sizeof mu_pn,
                                           r, 32, key, 32, mu_pk, 33,
                                           btc_aux, 32, mu_cache,
                                           sizeof mu_cache, NULL, 0);
}

static void
call_musig_nonce_gen_counter (void *p)
{
  *(gpg_error_t *) p = kc_musig_nonce_gen_counter (KC_ECC_SECP256K1, mu_sn,
                                                   sizeof mu_sn, mu_pn,
                                                   sizeof mu_pn, 99, mu_kp,
                                                   sizeof mu_kp, btc_aux, 32,
                                                   mu_cache, sizeof mu_cache,
                                                   NULL, 0);
}

static void
call_musig_partial_sign (void *p)
{
  memcpy (mu_sn, mu_sn_copy, sizeof mu_sn);
  *(gpg_error_t *) p = kc_musig_partial_sign (KC_ECC_SECP256K1, mu_ps,
                                              sizeof mu_ps, mu_sn,
                                              sizeof mu_sn, mu_kp,
                                              sizeof mu_kp, mu_cache,
                                              sizeof mu_cache, mu_ss,
                                              sizeof mu_ss);
}

/* The key and the nonces of MU_SN, each with its negation. */
static void
musig_forms (void)
{
  _kc_secp256k1_scalar x;
  _kc_secp256k1_scalar_set_b32 (&x, key, NULL);
  add_scalar_pm_forms ("secret key", "negated key", &x);
  _kc_secp256k1_scalar_set_b32 (&x, mu_sn + 4, NULL);
  add_scalar_pm_forms ("nonce k1", "negated k1", &x);
  _kc_secp256k1_scalar_set_b32 (&x, mu_sn + 36, NULL);
  add_scalar_pm_forms ("nonce k2", "negated k2", &x);
}

static void
run_musig (void)
{
  const void *kp1[1], *pnp[1];
  size_t kl[1] = { 33 }, pnl[1] = { KC_MUSIG_PUBNONCE_LEN };
  unsigned char an[KC_MUSIG_AGGNONCE_LEN];
  gpg_error_t err;

  if (kc_schnorr_keypair_create (KC_ECC_SECP256K1, mu_kp, sizeof mu_kp, key,
                                 32)
      || kc_schnorr_keypair_pub (KC_ECC_SECP256K1, mu_pk, 33, mu_kp,
                                 sizeof mu_kp))
    fail ("musig key pair");
  kp1[0] = mu_pk;
  if (kc_musig_pubkey_agg (KC_ECC_SECP256K1, NULL, 0, mu_cache,
                           sizeof mu_cache, 1, kp1, kl))
    fail ("musig key aggregation");
  t_randbytes (mu_rnd, 32);
  err = 1;
  call_musig_nonce_gen (&err);          /* the nonces the search looks for */
  CHECK_ERR (err, 0);
  npats = 0;
  musig_forms ();
  check_call ("kc_musig_nonce_gen", call_musig_nonce_gen, &err, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);
  memcpy (mu_sn_copy, mu_sn, sizeof mu_sn);
  pnp[0] = mu_pn;
  if (kc_musig_nonce_agg (KC_ECC_SECP256K1, an, sizeof an, 1, pnp, pnl)
      || kc_musig_nonce_process (KC_ECC_SECP256K1, mu_ss, sizeof mu_ss, an,
                                 sizeof an, btc_aux, 32, mu_cache,
                                 sizeof mu_cache))
    fail ("musig session");
  check_call ("kc_musig_partial_sign", call_musig_partial_sign, &err, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);
  call_musig_nonce_gen_counter (&err);
  CHECK_ERR (err, 0);
  npats = 0;
  musig_forms ();
  check_call ("kc_musig_nonce_gen_counter", call_musig_nonce_gen_counter,
              &err, NULL, KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);
  kc_schnorr_keypair_clear (mu_kp, sizeof mu_kp);
}

/* Silent payments (BIP-352): the sender with input key KEY paying two
 * outputs to the scan key BTC_PEER (one group: one shared secret), and
 * the scanner with scan key KEY scanning them for a transaction whose
 * input key is BTC_PEER.  Forms: the key, a * input_hash (resp. b_scan *
 * input_hash), the shared secret (33 bytes). */
static unsigned char sp_spend[33], sp_op[36], sp_outs[64], sp_summary[97];
static unsigned char sp_found[2 * 98];

static void
call_sp_create (void *p)
{
  const void *scans[2], *spends[2], *sks[1];
  scans[0] = scans[1] = btc_peer;
  spends[0] = spends[1] = sp_spend;
  sks[0] = key;
  *(gpg_error_t *) p = kc_silentpayments_sender_create_outputs
    (KC_ECC_SECP256K1, sp_outs, 64, 2, scans, spends, sp_op, 36, 0, NULL, 1,
     sks);
}

static void
call_sp_scan (void *p)
{
  const void *txo[2];
  size_t nf;
  txo[0] = sp_outs;
  txo[1] = sp_outs + 32;
  *(gpg_error_t *) p = kc_silentpayments_recipient_scan_outputs
    (KC_ECC_SECP256K1, sp_found, sizeof sp_found, &nf, 2, txo, key, 32,
     sp_summary, 97, sp_spend, 33, NULL, NULL);
}

/* Add the forms of silent payments' secrets: KEY, S = KEY * input_hash
 * (input_hash of the summary SUMMARY_OF, A = that summary's key) and the
 * shared secret S * Q (Q: PEER, 33 bytes). */
static void
sp_forms (const unsigned char *a_pub, const unsigned char *q_pub)
{
  unsigned char hm[69], ih[32], s[32], summary[97], ss[33];
  static unsigned char keep_ss[2][33];
  static int slot;
  _kc_secp256k1_scalar x;

  memcpy (hm, sp_op, 36);
  memcpy (hm + 36, a_pub, 33);
  kc_tagged_sha256 (ih, 32, "BIP0352/Inputs", 14, hm, 69);
  memcpy (s, key, 32);
  if (kc_ecc_seckey_tweak_mul (KC_ECC_SECP256K1, s, 32, ih, 32)
      || kc_silentpayments_recipient_prevouts_summary_parse
           (KC_ECC_SECP256K1, summary, 97, q_pub, 33)
      || kc_silentpayments_recipient_create_shared_secret
           (KC_ECC_SECP256K1, ss, 33, s, 32, summary, 97))
    fail ("silent payments forms");
  _kc_secp256k1_scalar_set_b32 (&x, key, NULL);
  add_scalar_forms ("secret key", &x);
  _kc_secp256k1_scalar_set_b32 (&x, s, NULL);
  add_scalar_forms ("key * input_hash", &x);
  memcpy (keep_ss[slot & 1], ss, 33);
  add_bytes ("shared secret", keep_ss[slot++ & 1], 33);
}

static void
run_silentpayments (void)
{
  unsigned char a_pub[33];
  size_t l = 33;
  const void *pk[1];
  gpg_error_t err;

  memset (sp_op, 0x35, 36);
  if (kc_ecc_pubkey (KC_ECC_SECP256K1, sp_spend, 33, btc_tweak, 32)
      || kc_ecc_pubkey (KC_ECC_SECP256K1, a_pub, 33, key, 32))
    fail ("silent payments keys");
  pk[0] = btc_peer;
  if (kc_silentpayments_recipient_prevouts_summary_create
      (KC_ECC_SECP256K1, sp_summary, 97, sp_op, 36, 0, NULL, 1, pk, &l))
    fail ("silent payments summary");

  npats = 0;
  sp_forms (a_pub, btc_peer);           /* a * h * B_scan */
  check_call ("kc_silentpayments_sender_create_outputs", call_sp_create, &err,
              NULL, KC_STACK_BURN_SILENTPAYMENTS);
  CHECK_ERR (err, 0);
  npats = 0;
  sp_forms (btc_peer, btc_peer);        /* b_scan * h' * A' */
  check_call ("kc_silentpayments_recipient_scan_outputs", call_sp_scan, &err,
              NULL, KC_STACK_BURN_SILENTPAYMENTS);
  CHECK_ERR (err, 0);
}

static void
run_btc (void)
{
  gpg_error_t err;
  struct sign_arg sa;
  unsigned char k2[32];

  t_randbytes (btc_aux, 32);
  t_randbytes (btc_tweak, 32);
  btc_tweak[0] &= 0x7f;
  do
    t_randbytes (k2, 32);
  while (kc_ecc_pubkey (KC_ECC_SECP256K1, btc_peer, 33, k2, 32));
  if (kc_ellswift_create (KC_ECC_SECP256K1, ell_peer, 64, k2, 32, NULL, 0))
    fail ("ellswift peer");

  npats = 0;
  schnorr_forms ();
  check_call ("kc_schnorr_sign", call_schnorr_sign, &err, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);

  npats = 0;
  ecdsa_forms ();
  sa.flags = KC_ECDSA_RECOVERABLE;
  sa.len = 65;
  check_call ("kc_ecdsa_sign (RECOVERABLE)", call_sign, &sa, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (sa.err, 0);

  npats = 0;
  ecdh_forms ();
  check_call ("kc_ecdh", call_ecdh, &err, NULL, KC_STACK_BURN_ECDH);
  CHECK_ERR (err, 0);

  npats = 0;
  {
    _kc_secp256k1_scalar x;
    _kc_secp256k1_scalar_set_b32 (&x, key, NULL);
    add_scalar_forms ("secret key", &x);
  }
  check_call ("kc_ellswift_create", call_ellswift_create, &err, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);
  npats = 0;
  ecdh_forms ();                /* the key, its halves, the shared x */
  check_call ("kc_ellswift_xdh", call_ellswift_xdh, &err, NULL,
              KC_STACK_BURN_ECDH);
  CHECK_ERR (err, 0);

  npats = 0;
  tweak_forms ();
  check_call ("kc_ecc_seckey_tweak_add", call_seckey_tweak, &err, NULL,
              T_BURN_SECKEY);
  CHECK_ERR (err, 0);
  check_call ("kc_ecc_xonly_pubkey", call_xonly_pubkey, &err, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);
  npats = 0;
  {
    _kc_secp256k1_scalar t;
    _kc_secp256k1_scalar_set_b32 (&t, btc_tweak, NULL);
    add_scalar_forms ("tweak", &t);
  }
  check_call ("kc_ecc_pubkey_tweak_add", call_pubkey_tweak, &err, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);
  check_call ("kc_ecc_xonly_tweak_add", call_xonly_tweak, &err, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);
  run_btc_keys ();
  run_silentpayments ();
}

/* sntrup761: the polynomials of a secret key (f, 1/g, g, 1/(3f)). */
static void
kem_key_forms (const unsigned char *sk, const char *tag)
{
  int8_t f[P], v[P], g[P];
  int16_t finv[P];
  static char names[8][4][48];
  static int slot;
  char (*nm)[48] = names[slot++ & 7];

  _kc_sntrup761_small_decode (f, sk);
  _kc_sntrup761_small_decode (v, sk + KC_SNTRUP761_SMALL_BYTES);
  _kc_sntrup761_r3_recip (g, v);
  _kc_sntrup761_rq_recip3 (finv, f);
  snprintf (nm[0], 48, "%s f", tag);
  snprintf (nm[1], 48, "%s 1/g", tag);
  snprintf (nm[2], 48, "%s g", tag);
  snprintf (nm[3], 48, "%s 1/(3f)", tag);
  add_poly8 (nm[0], f);
  add_poly8 (nm[1], v);
  add_poly8 (nm[2], g);
  add_poly16 (nm[3], finv);
  add_bytes (nm[0], sk, 2 * KC_SNTRUP761_SMALL_BYTES);       /* encodings */
  add_bytes ("secret key rho", sk + 2 * KC_SNTRUP761_SMALL_BYTES
             + KC_SNTRUP761_PK_BYTES, KC_SNTRUP761_SMALL_BYTES);
}

/* sntrup761 encapsulation/decapsulation intermediates for (sk, ct). */
static void
kem_session_forms (const unsigned char *sk, const unsigned char *ct,
                   const unsigned char *ss)
{
  int8_t f[P], v[P], e[P], r[P];
  int16_t c[P], cf[P], h[P], hr[P];
  unsigned char r_enc[1 + KC_SNTRUP761_SMALL_BYTES];
  unsigned char x[1 + 32 + KC_KEM_SNTRUP761_ENCAPS_LEN], r3h[64];
  size_t i;

  _kc_sntrup761_small_decode (f, sk);
  _kc_sntrup761_small_decode (v, sk + KC_SNTRUP761_SMALL_BYTES);
  _kc_sntrup761_rounded_decode (c, ct);
  _kc_sntrup761_rq_mult_small (cf, c, f);
  for (i = 0; i < P; i++)
    e[i] = _kc_sntrup761_f3_freeze (_kc_sntrup761_fq_freeze (3 * (int32_t) cf[i]));
  _kc_sntrup761_r3_mult (r, e, v);
  add_poly16 ("decap c f", cf);
  add_poly8 ("decap e", e);
  add_poly8 ("message r", r);
  _kc_sntrup761_rq_decode (h, sk + 2 * KC_SNTRUP761_SMALL_BYTES);
  _kc_sntrup761_rq_mult_small (hr, h, r);
  add_poly16 ("h r", hr);
  r_enc[0] = 3;
  _kc_sntrup761_small_encode (r_enc + 1, r);
  add_bytes ("r encoded", r_enc + 1, KC_SNTRUP761_SMALL_BYTES);
  add_sha_forms ("SHA-512 of 3 || r_enc", 1, r_enc, sizeof r_enc);
  _kc_sha512 (r3h, r_enc, sizeof r_enc);
  add_bytes ("Hash_3 (r_enc)", r3h, 32);
  x[0] = 1;
  memcpy (x + 1, r3h, 32);
  memcpy (x + 33, ct, KC_KEM_SNTRUP761_ENCAPS_LEN);
  add_sha_forms ("SHA-512 of 1 || r3h || ct", 1, x, 1 + 32 + 64);
  add_bytes ("shared key", ss, 32);
}

static void
derive_ecc_key (void)
{
  _kc_secp256k1_scalar x;
  _kc_secp256k1_scalar_set_b32 (&x, key, NULL);
  add_scalar_forms ("generated secret key", &x);
}

/* ---------------------------------------------------------- P-256 */

/* A P-256 scalar's forms: bytes, 4x64 limbs, and the signed-62 forms
 * safegcd passes through (A, A - n, -A). */
static void
add_p256_scalar_forms (const char *what, const _kc_p256_scalar *a)
{
  static const uint64_t zero[4] = { 0, 0, 0, 0 };
  static const uint64_t n[4] = {
    0xF3B9CAC2FC632551ULL, 0xBCE6FAADA7179E84ULL,
    0xFFFFFFFFFFFFFFFFULL, 0xFFFFFFFF00000000ULL
  };
  unsigned char be[32];
  uint64_t v5[5];
  int64_t s62[5];

  _kc_p256_scalar_get_b32 (be, a);
  add_bytes (what, be, 32);
  add_bytes (what, a->v, 32);
  memcpy (v5, a->v, 32);
  v5[4] = 0;
  to_s62 (s62, v5);
  add_bytes (what, s62, 40);
  sub5 (v5, a->v, n);
  to_s62 (s62, v5);
  add_bytes (what, s62, 40);
  sub5 (v5, zero, a->v);
  to_s62 (s62, v5);
  add_bytes (what, s62, 40);
}

/* P-256 signing of DIGEST under KEY: the key, the RFC 6979 nonce (the
 * HMAC K and states, as for secp256k1: the key is below both orders and
 * so is the random digest, but for 2^-32), its inverse, r x, m + r x. */
static unsigned char p256_r[32];

static void
p256_ecdsa_forms (void)
{
  _kc_p256_scalar x, m, k, kinv, r, rx, mrx;
  _kc_secp256k1_scalar kx, km, kk;
  unsigned char b[32];
  _kc_p256_ge R;

  (void) _kc_p256_scalar_set_b32 (&x, key);
  _kc_p256_digest_to_scalar (&m, digest, 32);
  add_p256_scalar_forms ("P-256 secret key", &x);
  _kc_secp256k1_scalar_set_b32 (&kx, key, NULL);
  _kc_p256_scalar_get_b32 (b, &m);
  _kc_secp256k1_scalar_set_b32 (&km, b, NULL);
  rfc6979_forms (&kk, &kx, &km);
  _kc_secp256k1_scalar_get_b32 (b, &kk);
  (void) _kc_p256_scalar_set_b32 (&k, b);
  add_p256_scalar_forms ("P-256 nonce k", &k);
  _kc_p256_scalar_inv (&kinv, &k);
  add_p256_scalar_forms ("P-256 nonce inverse", &kinv);
  _kc_p256_ecmult_gen_ge (&R, &k);
  _kc_p256_fe_get_b32 (b, &R.x);
  (void) _kc_p256_scalar_set_b32 (&r, b);
  _kc_p256_scalar_get_b32 (p256_r, &r);
  _kc_p256_scalar_mul (&rx, &r, &x);
  add_p256_scalar_forms ("P-256 r * key", &rx);
  _kc_p256_scalar_add (&mrx, &m, &rx);
  add_p256_scalar_forms ("P-256 m + r * key", &mrx);
}

static unsigned char p256_peer[65], p256_out[65];

static void
call_p256_sign (void *p)
{
  struct sign_arg *a = p;
  a->err = kc_ecdsa_sign (KC_ECC_NIST_P256, a->flags, sig, &a->len, key, 32,
                          digest, 32);
}

static void
call_p256_pubkey (void *p)
{
  *(gpg_error_t *) p = kc_ecc_pubkey (KC_ECC_NIST_P256, p256_out, 65, key,
                                      32);
}

static void
call_p256_keypair (void *p)
{
  *(gpg_error_t *) p = kc_ecc_keypair (KC_ECC_NIST_P256, p256_out, 33, key,
                                       32);
}

static void
call_p256_ecdh (void *p)
{
  *(gpg_error_t *) p = kc_ecdh (KC_ECC_NIST_P256, 0, p256_out, 32, key, 32,
                                p256_peer, 65);
}

static void
derive_p256_key (void)
{
  _kc_p256_scalar x;
  (void) _kc_p256_scalar_set_b32 (&x, key);
  add_p256_scalar_forms ("generated P-256 secret key", &x);
}

/* Every P-256 entry point that touches a secret. */
static void
check_p256 (void)
{
  struct sign_arg sa;
  gpg_error_t err;
  _kc_p256_scalar x;
  unsigned char k2[32];

  t_randbytes (key, 32);
  key[0] &= 0x7f;
  t_randbytes (digest, 32);
  npats = 0;
  p256_ecdsa_forms ();
  sa.flags = 0;
  sa.len = 64;
  check_call ("kc_ecdsa_sign (P-256)", call_p256_sign, &sa, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (sa.err, 0);
  CHECK (!memcmp (sig, p256_r, 32),
         "the test's P-256 nonce differs from the library's");
  sa.flags = KC_ECDSA_DER | KC_ECDSA_LOW_S;
  sa.len = sizeof sig;
  check_call ("kc_ecdsa_sign (P-256, DER, low s)", call_p256_sign, &sa, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (sa.err, 0);

  npats = 0;
  (void) _kc_p256_scalar_set_b32 (&x, key);
  add_p256_scalar_forms ("P-256 secret key", &x);
  check_call ("kc_ecc_pubkey (P-256)", call_p256_pubkey, &err, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);

  do
    t_randbytes (k2, 32);
  while (kc_ecc_pubkey (KC_ECC_NIST_P256, p256_peer, 65, k2, 32));
  npats = 0;
  add_p256_scalar_forms ("P-256 secret key", &x);
  if (kc_ecdh (KC_ECC_NIST_P256, 0, p256_out, 32, key, 32, p256_peer, 65))
    fail ("P-256 ecdh for the forms");
  add_bytes ("P-256 shared x", p256_out, 32);
  check_call ("kc_ecdh (P-256)", call_p256_ecdh, &err, NULL,
              KC_STACK_BURN_ECDH);
  CHECK_ERR (err, 0);

  npats = 0;
  check_call ("kc_ecc_keypair (P-256)", call_p256_keypair, &err,
              derive_p256_key, KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);
}

/* kc_randomize: the bytes it returned. */
static unsigned char rnd_out[3044];
static size_t rnd_len;

static void
call_randomize (void *p)
{
  (void) p;
  kc_randomize (rnd_out, rnd_len);
}

static void
derive_randomize (void)
{
  add_form ("kc_randomize output", rnd_out, rnd_len, 8);
}

static void
derive_kem_key (void)
{
  kem_key_forms (kem_sk[0], "generated key");
}

/* The batch: every key's polynomials and the prefix products F_1 = f_0 f_1,
 * F_2 = F_1 f_2 (Rq) and G_1 = g_0 g_1 (R3) that Montgomery's trick
 * passes through. */
static void
derive_kem_batch (void)
{
  int8_t f0[P], f1[P], f2[P], v[P], g0[P], g1[P], G1[P];
  int16_t F0[P], F1[P], F2[P];
  size_t i;
  static const char *tags[NBATCH] = { "batch key 0", "batch key 1",
                                      "batch key 2" };
  for (i = 0; i < NBATCH; i++)
    kem_key_forms (kem_sk[i], tags[i]);
  _kc_sntrup761_small_decode (f0, kem_sk[0]);
  _kc_sntrup761_small_decode (f1, kem_sk[1]);
  _kc_sntrup761_small_decode (f2, kem_sk[2]);
  for (i = 0; i < P; i++)
    F0[i] = f0[i];
  _kc_sntrup761_rq_mult_small (F1, F0, f1);
  _kc_sntrup761_rq_mult_small (F2, F1, f2);
  /* F_1's coefficients are small (sums of about a hundred +-1 terms), so
   * four of them (an 8-byte window) match unrelated stack bytes by
   * chance now and then: search 16-byte windows (8 coefficients). */
  add_form ("batch prefix F_1", F1, sizeof F1, 16);
  add_form ("batch prefix F_2", F2, sizeof F2, 16);
  _kc_sntrup761_small_decode (v, kem_sk[0] + KC_SNTRUP761_SMALL_BYTES);
  _kc_sntrup761_r3_recip (g0, v);
  _kc_sntrup761_small_decode (v, kem_sk[1] + KC_SNTRUP761_SMALL_BYTES);
  _kc_sntrup761_r3_recip (g1, v);
  _kc_sntrup761_r3_mult (G1, g0, g1);
  add_poly8 ("batch prefix G_1", G1);
}

static void
derive_encap (void)
{
  kem_session_forms (kem_sk[0], kem_ct, kem_ss);
}

static void
run_all (void)
{
  gpg_error_t err;
  int ok;
  struct sign_arg sa;
  struct md_arg ma;
  size_t i;

  /* ECDSA signing, r||s and DER: key, nonce, inverse, products. */
  npats = 0;
  ecdsa_forms ();
  self_test ();
  self_test_regs ();
  sa.flags = 0;
  sa.len = 64;
  check_call ("kc_ecdsa_sign", call_sign, &sa, NULL, KC_STACK_BURN_ECC);
  CHECK_ERR (sa.err, 0);
  sa.flags = KC_ECDSA_DER;
  sa.len = sizeof sig;
  check_call ("kc_ecdsa_sign (DER)", call_sign, &sa, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (sa.err, 0);

  /* Public key derivation. */
  npats = 0;
  {
    _kc_secp256k1_scalar x;
    _kc_secp256k1_scalar_set_b32 (&x, key, NULL);
    add_scalar_forms ("secret key", &x);
  }
  check_call ("kc_ecc_pubkey", call_pubkey, &err, NULL, KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);

  /* Key pair: the forms of the key it drew, after the call. */
  npats = 0;
  check_call ("kc_ecc_keypair", call_keypair, &err, derive_ecc_key,
              KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);

  /* NIST P-256: signing, public key, ECDH, key pair. */
  check_p256 ();

  /* Random bytes: a short draw (from the buffer) and a long one (whole
   * blocks straight from the key, through the vector kernel). */
  for (i = 0; i < 2; i++)
    {
      rnd_len = i ? sizeof rnd_out : 100;
      npats = 0;
      check_call (i ? "kc_randomize (3044 bytes)" : "kc_randomize (100 bytes)",
                  call_randomize, NULL, derive_randomize,
                  KC_STACK_BURN_RANDOM);
    }

  /* Hashes of a secret message: message bytes, chaining states, the last
   * block's schedule. */
  for (i = 0; i < 2; i++)
    {
      npats = 0;
      ma.algo = i ? KC_MD_SHA512 : KC_MD_SHA256;
      add_bytes ("hashed message", msg, sizeof msg);
      add_sha_forms (i ? "SHA-512 state/schedule" : "SHA-256 state/schedule",
                     (int) i, msg, sizeof msg);
      check_call (i ? "kc_md_hash_buffer (SHA-512)"
                    : "kc_md_hash_buffer (SHA-256)", call_md, &ma, NULL,
                  i ? KC_STACK_BURN_SHA512 : KC_STACK_BURN_SHA256);
      CHECK_ERR (ma.err, 0);
    }
  for (i = 0; i < 2; i++)
    {
      npats = 0;
      ma.algo = i ? KC_MD_SHAKE256 : KC_MD_SHA3_256;
      add_bytes ("hashed message", msg, sizeof msg);
      add_keccak_forms ("Keccak state", i ? KC_SHAKE256_RATE
                                          : KC_SHA3_256_RATE,
                        i ? KC_SHAKE_DSUFFIX : KC_SHA3_DSUFFIX);
      check_call (i ? "kc_md_hash_buffer (SHAKE256)"
                    : "kc_md_hash_buffer (SHA3-256)", call_md, &ma, NULL,
                  KC_STACK_BURN_KECCAK);
      CHECK_ERR (ma.err, 0);
    }
  /* HMAC-SHA256 and -SHA512 with a secret key over a secret message, and
   * HKDF from a secret key: the key, the message, the HMAC states. */
  for (i = 0; i < 2; i++)
    {
      npats = 0;
      ma.algo = i ? KC_MD_SHA512 : KC_MD_SHA256;
      CHECK_ERR (kc_md_open (&hmac_hd, ma.algo, KC_MD_FLAG_HMAC), 0);
      add_bytes ("HMAC key", key, 32);
      add_bytes ("MACed message", msg, sizeof msg);
      if (!i)
        add_hmac_states ("HMAC-SHA256 key states", key);
      check_call (i ? "kc_md_setkey (HMAC-SHA512)"
                    : "kc_md_setkey (HMAC-SHA256)", call_hmac_setkey,
                  &ma, NULL,
                  i ? KC_STACK_BURN_SHA512 : KC_STACK_BURN_SHA256);
      CHECK_ERR (ma.err, 0);
      check_call (i ? "kc_md_write (HMAC-SHA512)"
                    : "kc_md_write (HMAC-SHA256)", call_hmac_write,
                  &ma, NULL,
                  i ? KC_STACK_BURN_SHA512 : KC_STACK_BURN_SHA256);
      check_call (i ? "kc_md_write, the rest (HMAC-SHA512)"
                    : "kc_md_write, the rest (HMAC-SHA256)", call_hmac_write2,
                  &ma, NULL,
                  i ? KC_STACK_BURN_SHA512 : KC_STACK_BURN_SHA256);
      check_call (i ? "kc_md_final (HMAC-SHA512)"
                    : "kc_md_final (HMAC-SHA256)", call_hmac_final,
                  &ma, NULL,
                  i ? KC_STACK_BURN_SHA512 : KC_STACK_BURN_SHA256);
      CHECK_ERR (ma.err, 0);
      check_call (i ? "kc_md_reset (HMAC-SHA512)" : "kc_md_reset (HMAC-SHA256)",
                  call_hmac_reset, NULL, NULL, 0);
      kc_md_close (hmac_hd);
      npats = 0;
      add_bytes ("HKDF input key", key, 32);
      if (!i)
        add_hmac_states ("HMAC-SHA256 states of the HKDF salt", key);
      check_call (i ? "kc_kdf_hkdf (SHA-512)" : "kc_kdf_hkdf (SHA-256)",
                  call_hkdf, &ma, NULL, KC_STACK_BURN_HKDF_EXTRA
                  + (i ? KC_STACK_BURN_SHA512 : KC_STACK_BURN_SHA256));
      CHECK_ERR (ma.err, 0);
    }

  /* sntrup761: a batch of three, a single key pair, then encapsulation to
   * it and decapsulation. */
  npats = 0;
  check_call ("kc_kem_keypair_batch (3 keys)", call_kem_batch, &err,
              derive_kem_batch, KC_STACK_BURN_KEM_BATCH);
  CHECK_ERR (err, 0);
  npats = 0;
  check_call ("kc_kem_keypair", call_kem_keypair, &err, derive_kem_key,
              KC_STACK_BURN_KEM);
  CHECK_ERR (err, 0);
  npats = 0;
  check_call ("kc_kem_encap", call_encap, &err, derive_encap,
              KC_STACK_BURN_KEM);
  CHECK_ERR (err, 0);
  npats = 0;
  kem_key_forms (kem_sk[0], "secret key");
  kem_session_forms (kem_sk[0], kem_ct, kem_ss);
  self_test ();
  check_call ("kc_kem_decap", call_decap, &err, NULL, KC_STACK_BURN_KEM);
  CHECK_ERR (err, 0);
  CHECK (!memcmp (kem_ss, kem_ss2, 32), "decap: wrong shared key");

  /* ML-KEM: the seed, m, the encoded secret vector and the shared key */
  for (i = 0; i < 2; i++)
    {
      ml_algo = i ? KC_KEM_MLKEM1024 : KC_KEM_MLKEM768;
      t_randbytes (ml_seed, 64);
      t_randbytes (ml_m, 32);
      npats = 0;
      add_bytes ("ML-KEM seed", ml_seed, 64);
      check_call (i ? "kc_kem_keypair_seed (ML-KEM-1024)"
                    : "kc_kem_keypair_seed (ML-KEM-768)", call_ml_keypair,
                  &err, NULL, KC_STACK_BURN_MLKEM);
      CHECK_ERR (err, 0);
      npats = 0;
      check_call (i ? "kc_kem_encap (ML-KEM-1024)" : "kc_kem_encap (ML-KEM-768)",
                  call_ml_encap, &err, derive_ml, KC_STACK_BURN_MLKEM);
      CHECK_ERR (err, 0);
      npats = 0;
      derive_ml ();
      check_call (i ? "kc_kem_decap (ML-KEM-1024)" : "kc_kem_decap (ML-KEM-768)",
                  call_ml_decap, &err, NULL, KC_STACK_BURN_MLKEM);
      CHECK_ERR (err, 0);
      CHECK (!memcmp (ml_ss, ml_ss2, 32), "ML-KEM decap: wrong key");
    }

  /* X25519 */
  npats = 0;
  t_randbytes (x_sk, 32);
  t_randbytes (x_peer, 32);
  check_call ("kc_kem_keypair_seed (RAW_X25519)", call_x25519_keypair, &err,
              derive_x25519, KC_STACK_BURN_X25519);
  CHECK_ERR (err, 0);
  npats = 0;
  check_call ("kc_kem_decap (RAW_X25519)", call_x25519_decap, &err,
              derive_x25519, KC_STACK_BURN_X25519);
  CHECK_ERR (err, 0);

  /* Ed25519 */
  t_randbytes (ed_seed, 32);
  npats = 0;
  ed25519_forms ();
  check_call ("kc_ecc_pubkey (Ed25519)", call_ed_pubkey, &err, NULL,
              KC_STACK_BURN_ECC);
  CHECK_ERR (err, 0);
  check_call ("kc_eddsa_sign", call_ed_sign, &err, NULL, KC_STACK_BURN_EDDSA);
  CHECK_ERR (err, 0);
  check_call ("kc_eddsa_keypair_create", call_ed_keypair_create, &err, NULL,
              KC_STACK_BURN_EDDSA);
  CHECK_ERR (err, 0);
  check_call ("kc_eddsa_sign_keypair", call_ed_sign_keypair, &err, NULL,
              KC_STACK_BURN_EDDSA);
  CHECK_ERR (err, 0);
  check_call ("kc_eddsa_keypair_sec", call_ed_keypair_sec, &err, NULL,
              KC_STACK_BURN_SHA512);
  CHECK_ERR (err, 0);
  check_call ("kc_eddsa_keypair_pub", call_ed_keypair_pub, &err, NULL,
              KC_STACK_BURN_SHA512);
  CHECK_ERR (err, 0);

  /* the SSH and TLS hybrids */
  for (i = 0; i < 5; i++)
    {
      static const struct
      {
        const char *name;
        int algo, pq, ec, ec_first;
        size_t pk, sk, ct, ss, ec_ct, burn;
      } hy[5] = {
        { "sntrup761x25519", KC_KEM_SNTRUP761X25519_SHA512, KC_KEM_SNTRUP761,
          KC_KEM_RAW_X25519, 0,
          KC_KEM_SNTRUP761X25519_SHA512_PUBKEY_LEN,
          KC_KEM_SNTRUP761X25519_SHA512_SECKEY_LEN,
          KC_KEM_SNTRUP761X25519_SHA512_ENCAPS_LEN,
          KC_KEM_SNTRUP761X25519_SHA512_SHARED_LEN, 32,
          KC_STACK_BURN_KEM + KC_STACK_BURN_HYBRID_EXTRA },
        { "mlkem768x25519", KC_KEM_MLKEM768X25519_SHA256, KC_KEM_MLKEM768,
          KC_KEM_RAW_X25519, 0,
          KC_KEM_MLKEM768X25519_SHA256_PUBKEY_LEN,
          KC_KEM_MLKEM768X25519_SHA256_SECKEY_LEN,
          KC_KEM_MLKEM768X25519_SHA256_ENCAPS_LEN,
          KC_KEM_MLKEM768X25519_SHA256_SHARED_LEN, 32,
          KC_STACK_BURN_MLKEM + KC_STACK_BURN_HYBRID_EXTRA },
        { "X25519MLKEM768", KC_KEM_X25519MLKEM768, KC_KEM_MLKEM768,
          KC_KEM_RAW_X25519, 0,
          KC_KEM_X25519MLKEM768_PUBKEY_LEN, KC_KEM_X25519MLKEM768_SECKEY_LEN,
          KC_KEM_X25519MLKEM768_ENCAPS_LEN, KC_KEM_X25519MLKEM768_SHARED_LEN,
          32, KC_STACK_BURN_MLKEM + KC_STACK_BURN_HYBRID_EXTRA },
        { "mlkem768nistp256", KC_KEM_MLKEM768NISTP256_SHA256,
          KC_KEM_MLKEM768, KC_KEM_RAW_P256R1, 0,
          KC_KEM_MLKEM768NISTP256_SHA256_PUBKEY_LEN,
          KC_KEM_MLKEM768NISTP256_SHA256_SECKEY_LEN,
          KC_KEM_MLKEM768NISTP256_SHA256_ENCAPS_LEN,
          KC_KEM_MLKEM768NISTP256_SHA256_SHARED_LEN, 65,
          KC_STACK_BURN_MLKEM + KC_STACK_BURN_HYBRID_EXTRA },
        { "SecP256r1MLKEM768", KC_KEM_SECP256R1MLKEM768, KC_KEM_MLKEM768,
          KC_KEM_RAW_P256R1, 1,
          KC_KEM_SECP256R1MLKEM768_PUBKEY_LEN,
          KC_KEM_SECP256R1MLKEM768_SECKEY_LEN,
          KC_KEM_SECP256R1MLKEM768_ENCAPS_LEN,
          KC_KEM_SECP256R1MLKEM768_SHARED_LEN, 65,
          KC_STACK_BURN_MLKEM + KC_STACK_BURN_HYBRID_EXTRA },
      };
      char what[64];
      hy_algo = hy[i].algo;
      hy_pq = hy[i].pq;
      hy_ec = hy[i].ec;
      hy_ec_first = hy[i].ec_first;
      hy_ec_ct_len = hy[i].ec_ct;
      hy_pk_len = hy[i].pk;
      hy_sk_len = hy[i].sk;
      hy_ct_len = hy[i].ct;
      hy_ss_len = hy[i].ss;
      hy_burn = hy[i].burn;
      npats = 0;
      snprintf (what, sizeof what, "kc_kem_keypair (%s)", hy[i].name);
      check_call (what, call_hy_keypair, &err, derive_hy_key, hy_burn);
      CHECK_ERR (err, 0);
      npats = 0;
      snprintf (what, sizeof what, "kc_kem_encap (%s)", hy[i].name);
      check_call (what, call_hy_encap, &err, derive_hy_session, hy_burn);
      CHECK_ERR (err, 0);
      npats = 0;
      derive_hy_session ();
      snprintf (what, sizeof what, "kc_kem_decap (%s)", hy[i].name);
      check_call (what, call_hy_decap, &err, NULL, hy_burn);
      CHECK_ERR (err, 0);
      CHECK (!memcmp (hy_ss, hy_ss2, hy_ss_len), "hybrid decap: wrong key");
    }

  /* X-Wing and HPKE's DHKEM; P-256's RAW_P256R1 and DHKEM */
  for (i = 0; i < 4; i++)
    {
      static const char *const nms[4] = { "xwing", "dhkem25519",
                                          "raw-p256r1", "dhkemp256r1" };
      static const int algos[4] = { KC_KEM_XWING, KC_KEM_DHKEM25519,
                                    KC_KEM_RAW_P256R1, KC_KEM_DHKEMP256R1 };
      static const size_t pks[4] = { KC_KEM_XWING_PUBKEY_LEN,
                                     KC_KEM_DHKEM25519_PUBKEY_LEN,
                                     KC_KEM_RAW_P256R1_PUBKEY_LEN,
                                     KC_KEM_DHKEMP256R1_PUBKEY_LEN };
      static const size_t cts[4] = { KC_KEM_XWING_ENCAPS_LEN,
                                     KC_KEM_DHKEM25519_ENCAPS_LEN,
                                     KC_KEM_RAW_P256R1_ENCAPS_LEN,
                                     KC_KEM_DHKEMP256R1_ENCAPS_LEN };
      const size_t burns[4] = {
        KC_STACK_BURN_MLKEM + KC_STACK_BURN_XWING_EXTRA,
        KC_STACK_BURN_X25519 + KC_STACK_BURN_SHA256
        + KC_STACK_BURN_HYBRID_EXTRA,
        KC_STACK_BURN_ECDH,
        KC_STACK_BURN_ECDH + KC_STACK_BURN_SHA256 + KC_STACK_BURN_HYBRID_EXTRA
      };
      const char *nm = nms[i];
      size_t burn = burns[i];
      char what[64];
      xw_algo = algos[i];
      xw_pk_len = pks[i];
      xw_ct_len = cts[i];
      t_randbytes (xw_seed, sizeof xw_seed);
      if (i == 2)
        xw_seed[0] &= 0x7f;             /* RAW_P256R1: the seed is sk < n */
      npats = 0;
      snprintf (what, sizeof what, "kc_kem_keypair_seed (%s)", nm);
      check_call (what, call_xw_keypair_seed, &err, derive_xw_key, burn);
      CHECK_ERR (err, 0);
      npats = 0;
      snprintf (what, sizeof what, "kc_kem_encap (%s)", nm);
      check_call (what, call_xw_encap, &err, derive_xw_session, burn);
      CHECK_ERR (err, 0);
      npats = 0;
      derive_xw_session ();
      snprintf (what, sizeof what, "kc_kem_decap (%s)", nm);
      check_call (what, call_xw_decap, &err, NULL, burn);
      CHECK_ERR (err, 0);
      CHECK (!memcmp (xw_ss, xw_ss2, 32), "%s decap: wrong key", nm);
    }

  /* Functions that handle no secret, and a batch of 32: they only have to
   * fit the 64 KiB stack. */
  npats = 0;
  check_call ("kc_ecdsa_verify", call_verify, &err, NULL, 0);
  check_call ("kc_kem_keypair_batch (32 keys)", call_kem_batch32, &err, NULL,
              KC_STACK_BURN_KEM_BATCH);
  CHECK_ERR (err, 0);
  check_call ("kc_mpi_powm/mulm/invm (4096 bits)", call_mpi, &ok, NULL, 0);
}

int
main (int argc, char **argv)
{
  const char *mask = getenv ("KCRYPT_HWF_MASK");
  const char *prefer = getenv ("KCRYPT_HWF_PREFER");
  static char name[64];

  static char pname[48];
  struct sigaction sa;

  t_init (argc, argv);
#ifdef T_SANITIZED
  printf ("t-wipe: SKIP (sanitizer build: locals are not on the stack)\n");
  return T_SKIP;
#endif
  snprintf (pname, sizeof pname, "KCRYPT_HWF_MASK=%s", mask ? mask : "");
  path_name = mask ? pname : "dispatched";
  detect_vlevel ();
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_ONSTACK;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGUSR1, &sa, NULL);
  t_seed (99);
  t_randbytes (key, 32);
  key[0] &= 0x7f;
  t_randbytes (digest, 32);
  t_randbytes (msg, sizeof msg);
  run_all ();
  run_btc ();
  run_musig ();

  t_rerun_portable (argv);        /* and again on the portable paths */
  if (_kc_hwf () & (KC_HWF_AVX512 | KC_HWF_IFMA | KC_HWF_VNNI))
    t_rerun_masked (argv, ~(KC_HWF_AVX512 | KC_HWF_IFMA | KC_HWF_VNNI));
                                  /* and on the AVX2 ones */
  t_rerun_other_field (argv);     /* and on the other secp256k1 field */
  if (mask || prefer)
    snprintf (name, sizeof name, "t-wipe (KCRYPT_HWF_%s=%s)",
              mask ? "MASK" : "PREFER", mask ? mask : prefer);
  return t_done (mask || prefer ? name : "t-wipe");
}
