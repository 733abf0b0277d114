/* kcrypt-int.h - what every internal file of libkcrypt may use.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Error helpers, wipememory, the constant-time toolbox (ct.h), the RNG
 * function type and the verify-build invariant checks.  Nothing in mpi/ or
 * cipher/ includes more of src/ than this header and bufhelp.h (the
 * byte-order loads and stores).
 */
#ifndef KCRYPT_INT_H
#define KCRYPT_INT_H

#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <stddef.h>
#include <stdint.h>
#include <string.h>
/* Every code the library makes carries its source (KC_ERR_SOURCE of
 * kcrypt.h); gpg_error () uses GPG_ERR_SOURCE_DEFAULT. */
#define GPG_ERR_SOURCE_DEFAULT GPG_ERR_SOURCE_USER_1
#include <gpg-error.h>

/* The public declarations get default visibility; everything else in the
 * library is compiled with -fvisibility=hidden.  The version script
 * (libkcrypt.vers, "kc_*") is the second guard. */
#if defined(__GNUC__) && __GNUC__ >= 4
# pragma GCC visibility push(default)
#endif
#include "kcrypt.h"
#if defined(__GNUC__) && __GNUC__ >= 4
# pragma GCC visibility pop
#endif

#include "ct.h"

#define KC_ERR(code) gpg_error (code)

#define KC_DIM(a) (sizeof (a) / sizeof ((a)[0]))

/* Clear N bytes at P in a way the compiler may not remove as a dead store.
 * Use it for every stack buffer that held a secret, before return. */
void _kc_wipememory (void *p, size_t n);
#if defined(__GNUC__) || defined(__clang__)
/* Small constant sizes (a scalar, a field element, up to 128 bytes) are
 * cleared inline: a plain memset the compiler turns into a few stores,
 * kept by an assembly barrier that takes P and clobbers memory, so the
 * compiler must assume the zeros are read.  The out-of-line call (a
 * memset through a volatile pointer) cost more than the tiny calls'
 * own work (kc_ecc_seckey_verify).  Anything else: the call. */
# define wipememory(p, n)                                               \
  do                                                                    \
    {                                                                   \
      void *wm_p_ = (p);                                                \
      size_t wm_n_ = (n);                                               \
      if (__builtin_constant_p (n) && (n) <= 128)                       \
        {                                                               \
          memset (wm_p_, 0, wm_n_);                                     \
          __asm__ __volatile__ ("" : : "r" (wm_p_) : "memory");         \
        }                                                               \
      else                                                              \
        _kc_wipememory (wm_p_, wm_n_);                                  \
    }                                                                   \
  while (0)
#else
# define wipememory(p, n) _kc_wipememory ((p), (n))
#endif

/* ct_lookup_u64x8 of ct.h, in 256-bit vectors where the dispatch allows
 * AVX2 (src/ct-lookup.c, kernel rows _kc_ct_lookup_kernels_table): the
 * curves' constant-time table scans. */
#define KC_CT_LOOKUP_AVX2_ISA AVX2
#define KC_CT_LOOKUP_AVX2_HWF KC_ISA_HWF (KC_CT_LOOKUP_AVX2_ISA)
void _kc_ct_lookup_u64x8 (uint64_t r[8], const uint64_t *table, size_t count,
                          size_t idx);
/* The row _kc_ct_lookup_u64x8 takes now, for a loop of scans to pick
 * once. */
typedef void (*_kc_ct_lookup_fn) (uint64_t r[8], const uint64_t *table,
                                  size_t count, size_t idx);
_kc_ct_lookup_fn _kc_ct_lookup_u64x8_pick (void);

/* Unroll the next loop completely (fixed short trip counts in vector
 * kernels, whose arrays then live in registers). */
#if defined(__clang__)
# define KC_UNROLL_ALL _Pragma ("unroll")
#elif defined(__GNUC__) && __GNUC__ >= 8
# define KC_UNROLL_ALL _Pragma ("GCC unroll 25")
#else
# define KC_UNROLL_ALL
#endif

/* A function the compiler must keep out of line (its frame is the point). */
#if defined(__GNUC__) || defined(__clang__)
# define KC_NOINLINE __attribute__ ((noinline))
#else
# define KC_NOINLINE
#endif

/* A function the compiler must inline (a template body specialised by a
 * constant argument, or one whose caller's target attribute it must
 * take). */
#if defined(__GNUC__) || defined(__clang__)
# define KC_ALWAYS_INLINE inline __attribute__ ((always_inline))
#else
# define KC_ALWAYS_INLINE inline
#endif

/* Thread-local words that every entry point touches (the burn's): the
 * initial-exec model, so that the shared library reaches them at a fixed
 * offset from the thread pointer instead of through two __tls_get_addr
 * calls a burn.  They take 20 bytes of the static TLS that glibc keeps
 * spare for libraries loaded with dlopen; the larger per-thread states
 * (the RNG's, the blinding) keep the default model. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__ELF__)
# define KC_TLS_IE __attribute__ ((tls_model ("initial-exec")))
#else
# define KC_TLS_IE
#endif

/* Overwrite BYTES of the stack below the caller's frame with zeros, then
 * zero the vector registers and the caller-saved general ones (x86; on
 * Linux also arm64, ppc64el, s390x, armhf and mips64el: src/global.c).
 * A wipe of named buffers cannot reach what the compiler spilled
 * (registers holding key limbs, hash words, vector lanes) nor what it
 * left in registers, so every public entry point that touches a secret
 * runs its work in an out-of-line body and then, as the last thing before
 * it returns, burns the stack that body can have used: the bounds below,
 * one per entry point, each the peak measured by tests/t-wipe (which
 * fails when a body writes one byte below the area its burn zeroes) on
 * gcc and clang and every code path, rounded up with room to spare, on
 * x86-64 and, under qemu (.ci/cross), on arm64, armhf, i386, ppc64el and
 * s390x: the same bounds hold on each but i386, which has its own ECC
 * ones.  All fit a 64 KiB thread stack with the body.  BYTES 0 clears
 * only the registers. */
void _kc_burn_stack (size_t bytes);
/* Test hook: the first and one past the last byte of the area this
 * thread's last burn zeroed (both its frame address for a burn of 0
 * bytes); per thread, so that concurrent burns never share it (a race
 * that helgrind would report).  t-wipe reads it in the calling thread
 * and checks that a call wrote nothing below it. */
extern __thread uintptr_t _kc_burn_area[2] KC_TLS_IE;
/* Bytes of the ABI's frame header at the stack pointer, below the burn's
 * array, that the burn zeroes (but for the back chain) and counts in its
 * area: Power ELFv2's 32 (back chain, CR, LR, TOC slots); 0 elsewhere.
 * t-wipe allows a bound plus this. */
#if defined(__powerpc64__) && defined(_CALL_ELF) && _CALL_ELF == 2
# define KC_BURN_ABI_HEADER 32
#else
# define KC_BURN_ABI_HEADER 0
#endif
#if defined(__i386__)
/* x86-32: eight general registers and no 64x64 multiply, so the
 * secp256k1 bodies spill far more (gcc 12, under qemu: the point tweaks
 * 8032 bytes, kc_ecdh 9008, signing 4808). */
# define KC_STACK_BURN_ECC       (10 * 1024)
/* (kc_ellswift_xdh: 10844 bytes under qemu-i386) */
# define KC_STACK_BURN_ECDH      (11 * 1024 + 512)
# define KC_STACK_BURN_EDDSA     (8 * 1024)
/* (the x86-32 burn counts from its return address, its own frame
 * included: the secret key tweak's body reaches 324 bytes below it) */
# define KC_STACK_BURN_TWEAK     (384)
/* (kc_schnorr_keypair_sec: 1020 bytes under qemu-i386) */
# define KC_STACK_BURN_SCALAR    (1280)
#else
# define KC_STACK_BURN_TWEAK     (384)        /* kc_ecc_seckey_tweak_add (296 used;
                                                 seckey_verify 360 on s390x) */
# define KC_STACK_BURN_SCALAR    (1024)       /* kc_ecc_seckey_tweak_mul (432 used
                                                 on x86-64, 576 on armhf),
                                                 kc_schnorr_keypair_sec (480) */
# define KC_STACK_BURN_ECC       (5 * 1024)   /* keypair, pubkey, sign (a
                                                 process's first sign: 4184;
                                                 kc_musig_nonce_gen 4648
                                                 under --enable-verify) */
# define KC_STACK_BURN_ECDH      (9 * 1024 + 512) /* kc_ecdh: the K*P table (6-7.4
                                                 KiB used); kc_ellswift_xdh 8936
                                                 on s390x */
# define KC_STACK_BURN_EDDSA     (4 * 1024)   /* Ed25519 keys and signing */
#endif
#define KC_STACK_BURN_SHA256     (1 * 1024)   /* kc_md_*, kc_kdf_hkdf */
#define KC_STACK_BURN_SHA512     (3 * 1024)   /* and SHA-384 */
#define KC_STACK_BURN_SHA512_AVX2 (2560)     /* its AVX2 kernel (2264 used) */
#define KC_STACK_BURN_SHA512_AVX512 (2048)   /* its AVX-512 kernel (1784 used) */
#define KC_STACK_BURN_KECCAK     (2 * 1024)   /* SHA-3, SHAKE */
#define KC_STACK_BURN_HKDF_EXTRA (2 * 1024)   /* kc_kdf_hkdf: the hash's, plus
                                                 (SHA-NI's 0 + 1448 used) */
#define KC_STACK_BURN_KEM        (30 * 1024)  /* keypair, encap, decap */
#define KC_STACK_BURN_MLKEM      (28 * 1024)  /* ML-KEM-512/768/1024 (clang 14's
                                                 dispatched decap: 26.0 KiB) */
#define KC_STACK_BURN_X25519     (6 * 1024)   /* RAW_X25519 */
#define KC_STACK_BURN_HYBRID_EXTRA (1 * 1024) /* the SSH and TLS hybrids,
                                                 DHKEM: their part's, plus */
#define KC_STACK_BURN_XWING_EXTRA (5 * 1024)  /* X-Wing: ML-KEM's, plus the
                                                 expanded key (3.6 KiB) */
#define KC_STACK_BURN_KEM_BATCH  (38 * 1024)  /* kc_kem_keypair_batch */
#define KC_STACK_BURN_RANDOM     (2560)       /* kc_randomize (gcc's eight-block
                                                 AVX2 ChaCha20: 2224) */

/* The most stack any public function needs, on any dispatch path and for
 * any batch size, in bytes: kcrypt.h's conventions and the manual state
 * this figure (tests/t-stack checks that they do), and t-stack measures
 * every public function against it.  Measured peak 45936 bytes
 * (kc_schnorr_verify_batch on the batch equation's path, gcc 12 -O2;
 * next kc_kem_keypair_batch, 39064, its 38 KiB burn), so 48 KiB leaves
 * 3.1 KiB (7%) for other compilers and flags. */
#define KC_STACK_MAX (48 * 1024)

/* What this build needs.  configure --enable-verify (KC_VERIFY, a
 * debugging build) gives each field element a magnitude and a flag, 48
 * bytes instead of 40, and the frames that hold many grow with them:
 * measured peak 50616 bytes (kc_schnorr_verify_batch, AVX2 path).  The
 * promise above is for the library as built by default; t-stack holds a
 * verify build to this. */
#ifdef KC_VERIFY
# define KC_STACK_BUILD_MAX (56 * 1024)
#else
# define KC_STACK_BUILD_MAX KC_STACK_MAX
#endif

/* The RNG function type: algorithm code never calls the system RNG itself;
 * it is handed FN and CTX and calls FN (CTX, BUF, N) to fill N bytes.  The
 * function must not fail: a source that cannot deliver aborts. */
typedef void (*_kc_rng_fn) (void *ctx, void *buf, size_t n);

/* The system RNG (getrandom).  CTX is unused.  Retries on EINTR and short
 * reads; aborts the process with a message if the kernel cannot deliver,
 * rather than return weak bytes. */
void _kc_random_system (void *ctx, void *buf, size_t n);

/* The library's CSPRNG (src/random.c): ChaCha20, fast-key-erasure,
 * per-thread state, reseeded from _kc_random_system, fork safe.  CTX is
 * unused.  The public API hands this to the algorithms; it aborts only
 * where _kc_random_system does. */
void _kc_random_fast (void *ctx, void *buf, size_t n);

/* Test hooks of the CSPRNG: this thread's state (NULL before its first
 * draw) and its size; and a function called by the thread-exit
 * destructor with the state after it has been wiped, before it is
 * unmapped (NULL: none). */
const void *_kc_random_state (size_t *len);
extern void (*_kc_random_exit_hook) (const void *state, size_t len);
/* Test hook (t-random-signal): 1 while a draw of this thread has a fork
 * check still to come, so that a fork made now is one the draw must see;
 * async-signal-safe (one read of the thread's state). */
int _kc_random_check_due (void);

/* Per-thread wipes at thread exit (src/random.c; one pthread key for
 * the library).  A file that keeps a secret in __thread storage puts a
 * struct _kc_thread_exit there too, sets FN and ARG, and registers it on
 * first use (again is a no-op): when the thread exits, FN (ARG) runs in
 * it, so it can wipe the thread's own __thread data.  Returns 0, or -1
 * if the service is unavailable (no pthread key); then nothing runs at
 * exit.  Not async-signal-safe.  The main thread's exit runs nothing. */
struct _kc_thread_exit
{
  void (*fn) (void *arg);
  void *arg;
  struct _kc_thread_exit *next;       /* the service's */
  int registered;                     /* the service's */
};
int _kc_thread_exit_register (struct _kc_thread_exit *e);

/* Fatal internal error: print MSG and abort.  Used for broken invariants
 * that mean the library computes garbage (a self-check failed). */
void _kc_fatal (const char *msg) __attribute__ ((noreturn));

/* CPU features, preferences and kernel rows: the one dispatch. */
#include "dispatch.h"

/* --enable-verify: KC_VERIFY_CHECK (cond) aborts with file:line when an
 * internal invariant (magnitude, accumulator bound, range) is broken.
 * In normal builds it compiles to nothing (COND is not evaluated). */
#ifdef KC_VERIFY
void _kc_verify_failed (const char *file, int line, const char *cond)
  __attribute__ ((noreturn));
# define KC_VERIFY_CHECK(cond) \
   do { if (!(cond)) _kc_verify_failed (__FILE__, __LINE__, #cond); } while (0)
# define KC_VERIFY_ONLY(x) x
/* Every one of the N int16 values at A (vector lanes, say) within
 * [-BOUND, BOUND], else _kc_verify_failed for FILE:LINE.  It reads A as
 * bytes: a vector stored only to be checked is an object of vector type,
 * which an int16_t lvalue may not read (strict aliasing; gcc then drops
 * the store, and the check reads whatever the stack held). */
void _kc_verify_i16_bounded (const void *a, size_t n, int bound,
                             const char *file, int line);
#else
# define KC_VERIFY_CHECK(cond) do { } while (0)
# define KC_VERIFY_ONLY(x)
#endif

#endif /* KCRYPT_INT_H */
