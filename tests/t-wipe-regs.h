/* t-wipe-regs.h - t-wipe's register dump on the architectures other
 * than x86 where the library clears the registers after a secret
 * (src/global.c): AArch64, 64-bit POWER (ELFv2, VSX), s390x, 32-bit ARM
 * with hard float and MIPS64 (n64, hard float), all on Linux.  Included
 * by t-wipe.c only.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each architecture gives: T_OREGS_SLOT (the bytes a register takes in
 * the dump) and T_OREGS_N (how many), oregs_detect () (the register set
 * this CPU has), oregs_clear () (the harness's clear before a call: the
 * volatile registers of the ABI, keeping what is callee-saved, as the
 * library's clear does), OREGS_DUMP (BUF) (assembly, no call: every
 * vector or floating-point register into BUF, slot I for register I),
 * oregs_name (I) (the name of slot I), and oregs_plant (WHICH, V) with
 * oregs_plant_name (WHICH) for the self-test: WHICH 0 and 1 load 16 bytes
 * of V (8 on s390x without vectors; MIPS: two 8-byte registers, as
 * armhf) into two volatile registers, one
 * low and one high in the file; oregs_nplants () says how many of the
 * two this CPU has.  The general registers are in the signal frame,
 * which t-wipe searches as on x86.
 *
 * No clobbers on the clears and plants, as for x86: this file's code
 * keeps nothing in these registers across the calls, and the baseline
 * targets (s390x's z196, armhf's VFPv3-D16) cannot name all of them. */
#ifndef T_WIPE_REGS_H
#define T_WIPE_REGS_H

#if defined(__aarch64__) && defined(__linux__) && !defined(__ANDROID__) \
    && (defined(__GNUC__) || defined(__clang__))
# define T_OREGS 1
# define T_OREGS_SLOT 16        /* v0-v31 */
# define T_OREGS_N 32
static int oregs_level;

static void
oregs_detect (void)
{
  oregs_level = 1;              /* Advanced SIMD: always there */
}

/* v0-v7, v16-v31 whole; v8-v15 above their callee-saved low halves */
static KC_NOINLINE void
oregs_clear (void)
{
  __asm__ __volatile__ ("movi v0.16b, #0\n\t"
                        "movi v1.16b, #0\n\t"
                        "movi v2.16b, #0\n\t"
                        "movi v3.16b, #0\n\t"
                        "movi v4.16b, #0\n\t"
                        "movi v5.16b, #0\n\t"
                        "movi v6.16b, #0\n\t"
                        "movi v7.16b, #0\n\t"
                        "fmov d8, d8\n\t"
                        "fmov d9, d9\n\t"
                        "fmov d10, d10\n\t"
                        "fmov d11, d11\n\t"
                        "fmov d12, d12\n\t"
                        "fmov d13, d13\n\t"
                        "fmov d14, d14\n\t"
                        "fmov d15, d15\n\t"
                        "movi v16.16b, #0\n\t"
                        "movi v17.16b, #0\n\t"
                        "movi v18.16b, #0\n\t"
                        "movi v19.16b, #0\n\t"
                        "movi v20.16b, #0\n\t"
                        "movi v21.16b, #0\n\t"
                        "movi v22.16b, #0\n\t"
                        "movi v23.16b, #0\n\t"
                        "movi v24.16b, #0\n\t"
                        "movi v25.16b, #0\n\t"
                        "movi v26.16b, #0\n\t"
                        "movi v27.16b, #0\n\t"
                        "movi v28.16b, #0\n\t"
                        "movi v29.16b, #0\n\t"
                        "movi v30.16b, #0\n\t"
                        "movi v31.16b, #0\n\t"
                        "" : : : "memory");
}

# define OREGS_DUMP(buf) \
  __asm__ __volatile__ ("str q0, [%0, #0]\n\t" \
                        "str q1, [%0, #16]\n\t" \
                        "str q2, [%0, #32]\n\t" \
                        "str q3, [%0, #48]\n\t" \
                        "str q4, [%0, #64]\n\t" \
                        "str q5, [%0, #80]\n\t" \
                        "str q6, [%0, #96]\n\t" \
                        "str q7, [%0, #112]\n\t" \
                        "str q8, [%0, #128]\n\t" \
                        "str q9, [%0, #144]\n\t" \
                        "str q10, [%0, #160]\n\t" \
                        "str q11, [%0, #176]\n\t" \
                        "str q12, [%0, #192]\n\t" \
                        "str q13, [%0, #208]\n\t" \
                        "str q14, [%0, #224]\n\t" \
                        "str q15, [%0, #240]\n\t" \
                        "str q16, [%0, #256]\n\t" \
                        "str q17, [%0, #272]\n\t" \
                        "str q18, [%0, #288]\n\t" \
                        "str q19, [%0, #304]\n\t" \
                        "str q20, [%0, #320]\n\t" \
                        "str q21, [%0, #336]\n\t" \
                        "str q22, [%0, #352]\n\t" \
                        "str q23, [%0, #368]\n\t" \
                        "str q24, [%0, #384]\n\t" \
                        "str q25, [%0, #400]\n\t" \
                        "str q26, [%0, #416]\n\t" \
                        "str q27, [%0, #432]\n\t" \
                        "str q28, [%0, #448]\n\t" \
                        "str q29, [%0, #464]\n\t" \
                        "str q30, [%0, #480]\n\t" \
                        "str q31, [%0, #496]\n\t" \
                        "" : : "r" (buf) : "memory")

static const char *
oregs_name (unsigned int i)
{
  (void) i;
  return "v";
}

static void
oregs_plant (int which, const unsigned char *v)
{
  if (which)
    __asm__ __volatile__ ("ldr q20, [%0]" : : "r" (v) : "memory");
  else
    __asm__ __volatile__ ("ldr q5, [%0]" : : "r" (v) : "memory");
}

static const char *
oregs_plant_name (int which)
{
  return which ? "v20" : "v5";
}

static int
oregs_nplants (void)
{
  return 2;
}

#elif defined(__powerpc64__) && defined(_CALL_ELF) && _CALL_ELF == 2 \
    && defined(__VSX__) && defined(__linux__) \
    && (defined(__GNUC__) || defined(__clang__))
# define T_OREGS 1
# define T_OREGS_SLOT 16        /* vs0-vs63 */
# define T_OREGS_N 64
static int oregs_level;

static void
oregs_detect (void)
{
  oregs_level = 1;              /* VSX: the ELFv2 baseline (POWER8) */
}

/* vs0-vs13 and vs32-vs51 whole; the second doubleword of vs14-vs31 */
static KC_NOINLINE void
oregs_clear (void)
{
  __asm__ __volatile__ ("xxlxor 0,0,0\n\t"
                        "xxlxor 1,1,1\n\t"
                        "xxlxor 2,2,2\n\t"
                        "xxlxor 3,3,3\n\t"
                        "xxlxor 4,4,4\n\t"
                        "xxlxor 5,5,5\n\t"
                        "xxlxor 6,6,6\n\t"
                        "xxlxor 7,7,7\n\t"
                        "xxlxor 8,8,8\n\t"
                        "xxlxor 9,9,9\n\t"
                        "xxlxor 10,10,10\n\t"
                        "xxlxor 11,11,11\n\t"
                        "xxlxor 12,12,12\n\t"
                        "xxlxor 13,13,13\n\t"
                        "xxpermdi 14,14,0,0\n\t"
                        "xxpermdi 15,15,0,0\n\t"
                        "xxpermdi 16,16,0,0\n\t"
                        "xxpermdi 17,17,0,0\n\t"
                        "xxpermdi 18,18,0,0\n\t"
                        "xxpermdi 19,19,0,0\n\t"
                        "xxpermdi 20,20,0,0\n\t"
                        "xxpermdi 21,21,0,0\n\t"
                        "xxpermdi 22,22,0,0\n\t"
                        "xxpermdi 23,23,0,0\n\t"
                        "xxpermdi 24,24,0,0\n\t"
                        "xxpermdi 25,25,0,0\n\t"
                        "xxpermdi 26,26,0,0\n\t"
                        "xxpermdi 27,27,0,0\n\t"
                        "xxpermdi 28,28,0,0\n\t"
                        "xxpermdi 29,29,0,0\n\t"
                        "xxpermdi 30,30,0,0\n\t"
                        "xxpermdi 31,31,0,0\n\t"
                        "xxlxor 32,32,32\n\t"
                        "xxlxor 33,33,33\n\t"
                        "xxlxor 34,34,34\n\t"
                        "xxlxor 35,35,35\n\t"
                        "xxlxor 36,36,36\n\t"
                        "xxlxor 37,37,37\n\t"
                        "xxlxor 38,38,38\n\t"
                        "xxlxor 39,39,39\n\t"
                        "xxlxor 40,40,40\n\t"
                        "xxlxor 41,41,41\n\t"
                        "xxlxor 42,42,42\n\t"
                        "xxlxor 43,43,43\n\t"
                        "xxlxor 44,44,44\n\t"
                        "xxlxor 45,45,45\n\t"
                        "xxlxor 46,46,46\n\t"
                        "xxlxor 47,47,47\n\t"
                        "xxlxor 48,48,48\n\t"
                        "xxlxor 49,49,49\n\t"
                        "xxlxor 50,50,50\n\t"
                        "xxlxor 51,51,51\n\t"
                        "" : : : "memory");
}

/* stxvd2x: doubleword 0 first, each doubleword in the byte order it was
 * loaded in, so 8-byte windows of what the library loaded still match */
# define OREGS_DUMP(buf) \
  do \
    { \
      unsigned long t_scratch; \
      __asm__ __volatile__ ("li %[t],0\n\tstxvd2x 0,%[b],%[t]\n\t" \
                            "li %[t],16\n\tstxvd2x 1,%[b],%[t]\n\t" \
                            "li %[t],32\n\tstxvd2x 2,%[b],%[t]\n\t" \
                            "li %[t],48\n\tstxvd2x 3,%[b],%[t]\n\t" \
                            "li %[t],64\n\tstxvd2x 4,%[b],%[t]\n\t" \
                            "li %[t],80\n\tstxvd2x 5,%[b],%[t]\n\t" \
                            "li %[t],96\n\tstxvd2x 6,%[b],%[t]\n\t" \
                            "li %[t],112\n\tstxvd2x 7,%[b],%[t]\n\t" \
                            "li %[t],128\n\tstxvd2x 8,%[b],%[t]\n\t" \
                            "li %[t],144\n\tstxvd2x 9,%[b],%[t]\n\t" \
                            "li %[t],160\n\tstxvd2x 10,%[b],%[t]\n\t" \
                            "li %[t],176\n\tstxvd2x 11,%[b],%[t]\n\t" \
                            "li %[t],192\n\tstxvd2x 12,%[b],%[t]\n\t" \
                            "li %[t],208\n\tstxvd2x 13,%[b],%[t]\n\t" \
                            "li %[t],224\n\tstxvd2x 14,%[b],%[t]\n\t" \
                            "li %[t],240\n\tstxvd2x 15,%[b],%[t]\n\t" \
                            "li %[t],256\n\tstxvd2x 16,%[b],%[t]\n\t" \
                            "li %[t],272\n\tstxvd2x 17,%[b],%[t]\n\t" \
                            "li %[t],288\n\tstxvd2x 18,%[b],%[t]\n\t" \
                            "li %[t],304\n\tstxvd2x 19,%[b],%[t]\n\t" \
                            "li %[t],320\n\tstxvd2x 20,%[b],%[t]\n\t" \
                            "li %[t],336\n\tstxvd2x 21,%[b],%[t]\n\t" \
                            "li %[t],352\n\tstxvd2x 22,%[b],%[t]\n\t" \
                            "li %[t],368\n\tstxvd2x 23,%[b],%[t]\n\t" \
                            "li %[t],384\n\tstxvd2x 24,%[b],%[t]\n\t" \
                            "li %[t],400\n\tstxvd2x 25,%[b],%[t]\n\t" \
                            "li %[t],416\n\tstxvd2x 26,%[b],%[t]\n\t" \
                            "li %[t],432\n\tstxvd2x 27,%[b],%[t]\n\t" \
                            "li %[t],448\n\tstxvd2x 28,%[b],%[t]\n\t" \
                            "li %[t],464\n\tstxvd2x 29,%[b],%[t]\n\t" \
                            "li %[t],480\n\tstxvd2x 30,%[b],%[t]\n\t" \
                            "li %[t],496\n\tstxvd2x 31,%[b],%[t]\n\t" \
                            "li %[t],512\n\tstxvd2x 32,%[b],%[t]\n\t" \
                            "li %[t],528\n\tstxvd2x 33,%[b],%[t]\n\t" \
                            "li %[t],544\n\tstxvd2x 34,%[b],%[t]\n\t" \
                            "li %[t],560\n\tstxvd2x 35,%[b],%[t]\n\t" \
                            "li %[t],576\n\tstxvd2x 36,%[b],%[t]\n\t" \
                            "li %[t],592\n\tstxvd2x 37,%[b],%[t]\n\t" \
                            "li %[t],608\n\tstxvd2x 38,%[b],%[t]\n\t" \
                            "li %[t],624\n\tstxvd2x 39,%[b],%[t]\n\t" \
                            "li %[t],640\n\tstxvd2x 40,%[b],%[t]\n\t" \
                            "li %[t],656\n\tstxvd2x 41,%[b],%[t]\n\t" \
                            "li %[t],672\n\tstxvd2x 42,%[b],%[t]\n\t" \
                            "li %[t],688\n\tstxvd2x 43,%[b],%[t]\n\t" \
                            "li %[t],704\n\tstxvd2x 44,%[b],%[t]\n\t" \
                            "li %[t],720\n\tstxvd2x 45,%[b],%[t]\n\t" \
                            "li %[t],736\n\tstxvd2x 46,%[b],%[t]\n\t" \
                            "li %[t],752\n\tstxvd2x 47,%[b],%[t]\n\t" \
                            "li %[t],768\n\tstxvd2x 48,%[b],%[t]\n\t" \
                            "li %[t],784\n\tstxvd2x 49,%[b],%[t]\n\t" \
                            "li %[t],800\n\tstxvd2x 50,%[b],%[t]\n\t" \
                            "li %[t],816\n\tstxvd2x 51,%[b],%[t]\n\t" \
                            "li %[t],832\n\tstxvd2x 52,%[b],%[t]\n\t" \
                            "li %[t],848\n\tstxvd2x 53,%[b],%[t]\n\t" \
                            "li %[t],864\n\tstxvd2x 54,%[b],%[t]\n\t" \
                            "li %[t],880\n\tstxvd2x 55,%[b],%[t]\n\t" \
                            "li %[t],896\n\tstxvd2x 56,%[b],%[t]\n\t" \
                            "li %[t],912\n\tstxvd2x 57,%[b],%[t]\n\t" \
                            "li %[t],928\n\tstxvd2x 58,%[b],%[t]\n\t" \
                            "li %[t],944\n\tstxvd2x 59,%[b],%[t]\n\t" \
                            "li %[t],960\n\tstxvd2x 60,%[b],%[t]\n\t" \
                            "li %[t],976\n\tstxvd2x 61,%[b],%[t]\n\t" \
                            "li %[t],992\n\tstxvd2x 62,%[b],%[t]\n\t" \
                            "li %[t],1008\n\tstxvd2x 63,%[b],%[t]\n\t" \
                            "" : [t] "=&r" (t_scratch) : [b] "b" (buf) \
                            : "memory"); \
    } \
  while (0)

static const char *
oregs_name (unsigned int i)
{
  (void) i;
  return "vs";
}

/* vs5 (f5) and vs40 (v8): both volatile */
static void
oregs_plant (int which, const unsigned char *v)
{
  if (which)
    __asm__ __volatile__ ("lxvd2x 40,0,%0" : : "b" (v) : "memory");
  else
    __asm__ __volatile__ ("lxvd2x 5,0,%0" : : "b" (v) : "memory");
}

static const char *
oregs_plant_name (int which)
{
  return which ? "vs40" : "vs5";
}

static int
oregs_nplants (void)
{
  return 2;
}

#elif defined(__s390x__) && defined(__linux__) \
    && (defined(__GNUC__) || defined(__clang__))
# include <sys/auxv.h>
# define T_OREGS 1
# define T_OREGS_SLOT 16        /* v0-v31, or f0-f15 (8 bytes each) */
# define T_OREGS_N 32
static int oregs_level;         /* 2: the vector facility, 1: f0-f15 */

static void
oregs_detect (void)
{
  oregs_level = (getauxval (AT_HWCAP) & 2048u) ? 2 : 1; /* HWCAP_S390_VX */
}

static KC_NOINLINE void
oregs_clear (void)
{
  if (oregs_level == 2)
    __asm__ __volatile__ (".machine push\n\t.machine z13\n\t"
                          "vzero %%v0\n\t"
                          "vzero %%v1\n\t"
                          "vzero %%v2\n\t"
                          "vzero %%v3\n\t"
                          "vzero %%v4\n\t"
                          "vzero %%v5\n\t"
                          "vzero %%v6\n\t"
                          "vzero %%v7\n\t"
                          "vpdi %%v8,%%v8,%%v0,0\n\t"
                          "vpdi %%v9,%%v9,%%v0,0\n\t"
                          "vpdi %%v10,%%v10,%%v0,0\n\t"
                          "vpdi %%v11,%%v11,%%v0,0\n\t"
                          "vpdi %%v12,%%v12,%%v0,0\n\t"
                          "vpdi %%v13,%%v13,%%v0,0\n\t"
                          "vpdi %%v14,%%v14,%%v0,0\n\t"
                          "vpdi %%v15,%%v15,%%v0,0\n\t"
                          "vzero %%v16\n\t"
                          "vzero %%v17\n\t"
                          "vzero %%v18\n\t"
                          "vzero %%v19\n\t"
                          "vzero %%v20\n\t"
                          "vzero %%v21\n\t"
                          "vzero %%v22\n\t"
                          "vzero %%v23\n\t"
                          "vzero %%v24\n\t"
                          "vzero %%v25\n\t"
                          "vzero %%v26\n\t"
                          "vzero %%v27\n\t"
                          "vzero %%v28\n\t"
                          "vzero %%v29\n\t"
                          "vzero %%v30\n\t"
                          "vzero %%v31\n\t"
                          ".machine pop" : : : "memory");
  else
    __asm__ __volatile__ ("lzdr %%f0\n\tlzdr %%f1\n\tlzdr %%f2\n\t"
                          "lzdr %%f3\n\tlzdr %%f4\n\tlzdr %%f5\n\t"
                          "lzdr %%f6\n\tlzdr %%f7" : : : "memory");
}

# define OREGS_DUMP(buf) \
  do \
    { \
      if (oregs_level == 2) \
        __asm__ __volatile__ (".machine push\n\t.machine z13\n\t" \
                          "vst %%v0,0(%0)\n\t" \
                          "vst %%v1,16(%0)\n\t" \
                          "vst %%v2,32(%0)\n\t" \
                          "vst %%v3,48(%0)\n\t" \
                          "vst %%v4,64(%0)\n\t" \
                          "vst %%v5,80(%0)\n\t" \
                          "vst %%v6,96(%0)\n\t" \
                          "vst %%v7,112(%0)\n\t" \
                          "vst %%v8,128(%0)\n\t" \
                          "vst %%v9,144(%0)\n\t" \
                          "vst %%v10,160(%0)\n\t" \
                          "vst %%v11,176(%0)\n\t" \
                          "vst %%v12,192(%0)\n\t" \
                          "vst %%v13,208(%0)\n\t" \
                          "vst %%v14,224(%0)\n\t" \
                          "vst %%v15,240(%0)\n\t" \
                          "vst %%v16,256(%0)\n\t" \
                          "vst %%v17,272(%0)\n\t" \
                          "vst %%v18,288(%0)\n\t" \
                          "vst %%v19,304(%0)\n\t" \
                          "vst %%v20,320(%0)\n\t" \
                          "vst %%v21,336(%0)\n\t" \
                          "vst %%v22,352(%0)\n\t" \
                          "vst %%v23,368(%0)\n\t" \
                          "vst %%v24,384(%0)\n\t" \
                          "vst %%v25,400(%0)\n\t" \
                          "vst %%v26,416(%0)\n\t" \
                          "vst %%v27,432(%0)\n\t" \
                          "vst %%v28,448(%0)\n\t" \
                          "vst %%v29,464(%0)\n\t" \
                          "vst %%v30,480(%0)\n\t" \
                          "vst %%v31,496(%0)\n\t" \
                          ".machine pop" : : "a" (buf) : "memory"); \
      else \
        __asm__ __volatile__ ("std %%f0,0(%0)\n\t" \
                          "std %%f1,16(%0)\n\t" \
                          "std %%f2,32(%0)\n\t" \
                          "std %%f3,48(%0)\n\t" \
                          "std %%f4,64(%0)\n\t" \
                          "std %%f5,80(%0)\n\t" \
                          "std %%f6,96(%0)\n\t" \
                          "std %%f7,112(%0)\n\t" \
                          "std %%f8,128(%0)\n\t" \
                          "std %%f9,144(%0)\n\t" \
                          "std %%f10,160(%0)\n\t" \
                          "std %%f11,176(%0)\n\t" \
                          "std %%f12,192(%0)\n\t" \
                          "std %%f13,208(%0)\n\t" \
                          "std %%f14,224(%0)\n\t" \
                          "std %%f15,240(%0)\n\t" \
                          "" : : "a" (buf) : "memory"); \
    } \
  while (0)

static const char *
oregs_name (unsigned int i)
{
  (void) i;
  return oregs_level == 2 ? "v" : "f";
}

static void
oregs_plant (int which, const unsigned char *v)
{
  if (oregs_level == 1)
    __asm__ __volatile__ ("ld %%f5,0(%0)" : : "a" (v) : "memory");
  else if (which)
    __asm__ __volatile__ (".machine push\n\t.machine z13\n\t"
                          "vl %%v20,0(%0)\n\t.machine pop"
                          : : "a" (v) : "memory");
  else
    __asm__ __volatile__ (".machine push\n\t.machine z13\n\t"
                          "vl %%v5,0(%0)\n\t.machine pop"
                          : : "a" (v) : "memory");
}

static const char *
oregs_plant_name (int which)
{
  return oregs_level == 1 ? "f5" : which ? "v20" : "v5";
}

static int
oregs_nplants (void)
{
  return oregs_level == 2 ? 2 : 1;
}

#elif defined(__arm__) && defined(__ARM_PCS_VFP) && defined(__linux__) \
    && (defined(__GNUC__) || defined(__clang__))
# include <sys/auxv.h>
# define T_OREGS 1
# define T_OREGS_SLOT 8         /* d0-d31, or d0-d15 */
# define T_OREGS_N 32
static int oregs_level;         /* 2: d0-d31 (HWCAP_VFPD32), 1: d0-d15 */

static void
oregs_detect (void)
{
  oregs_level = (getauxval (AT_HWCAP) & (1u << 19)) ? 2 : 1;
}

/* d0-d7 and d16-d31; d8-d15 are callee-saved */
static KC_NOINLINE void
oregs_clear (void)
{
  if (oregs_level == 2)
    __asm__ __volatile__ ("mov r0, #0\n\tmov r1, #0\n\t.fpu vfpv3\n\t"
                          "vmov d16, r0, r1\n\t"
                          "vmov d17, r0, r1\n\t"
                          "vmov d18, r0, r1\n\t"
                          "vmov d19, r0, r1\n\t"
                          "vmov d20, r0, r1\n\t"
                          "vmov d21, r0, r1\n\t"
                          "vmov d22, r0, r1\n\t"
                          "vmov d23, r0, r1\n\t"
                          "vmov d24, r0, r1\n\t"
                          "vmov d25, r0, r1\n\t"
                          "vmov d26, r0, r1\n\t"
                          "vmov d27, r0, r1\n\t"
                          "vmov d28, r0, r1\n\t"
                          "vmov d29, r0, r1\n\t"
                          "vmov d30, r0, r1\n\t"
                          "vmov d31, r0, r1\n\t"
                          "" : : : "r0", "r1", "memory");
  __asm__ __volatile__ ("mov r0, #0\n\tmov r1, #0\n\t"
                        "vmov d0, r0, r1\n\t"
                        "vmov d1, r0, r1\n\t"
                        "vmov d2, r0, r1\n\t"
                        "vmov d3, r0, r1\n\t"
                        "vmov d4, r0, r1\n\t"
                        "vmov d5, r0, r1\n\t"
                        "vmov d6, r0, r1\n\t"
                        "vmov d7, r0, r1\n\t"
                        "" : : : "r0", "r1", "memory");
}

# define OREGS_DUMP(buf) \
  do \
    { \
      __asm__ __volatile__ ("vstr d0, [%0, #0]\n\t" \
                            "vstr d1, [%0, #8]\n\t" \
                            "vstr d2, [%0, #16]\n\t" \
                            "vstr d3, [%0, #24]\n\t" \
                            "vstr d4, [%0, #32]\n\t" \
                            "vstr d5, [%0, #40]\n\t" \
                            "vstr d6, [%0, #48]\n\t" \
                            "vstr d7, [%0, #56]\n\t" \
                            "vstr d8, [%0, #64]\n\t" \
                            "vstr d9, [%0, #72]\n\t" \
                            "vstr d10, [%0, #80]\n\t" \
                            "vstr d11, [%0, #88]\n\t" \
                            "vstr d12, [%0, #96]\n\t" \
                            "vstr d13, [%0, #104]\n\t" \
                            "vstr d14, [%0, #112]\n\t" \
                            "vstr d15, [%0, #120]\n\t" \
                            "" : : "r" (buf) : "memory"); \
      if (oregs_level == 2) \
        __asm__ __volatile__ (".fpu vfpv3\n\t" \
                          "vstr d16, [%0, #128]\n\t" \
                          "vstr d17, [%0, #136]\n\t" \
                          "vstr d18, [%0, #144]\n\t" \
                          "vstr d19, [%0, #152]\n\t" \
                          "vstr d20, [%0, #160]\n\t" \
                          "vstr d21, [%0, #168]\n\t" \
                          "vstr d22, [%0, #176]\n\t" \
                          "vstr d23, [%0, #184]\n\t" \
                          "vstr d24, [%0, #192]\n\t" \
                          "vstr d25, [%0, #200]\n\t" \
                          "vstr d26, [%0, #208]\n\t" \
                          "vstr d27, [%0, #216]\n\t" \
                          "vstr d28, [%0, #224]\n\t" \
                          "vstr d29, [%0, #232]\n\t" \
                          "vstr d30, [%0, #240]\n\t" \
                          "vstr d31, [%0, #248]\n\t" \
                          "" : : "r" (buf) : "memory"); \
    } \
  while (0)

static const char *
oregs_name (unsigned int i)
{
  (void) i;
  return "d";
}

/* d4-d5 (q2), and d20-d21 (q10) where there are 32 */
static void
oregs_plant (int which, const unsigned char *v)
{
  if (which)
    __asm__ __volatile__ (".fpu vfpv3\n\tvldr d20, [%0]\n\t"
                          "vldr d21, [%0, #8]" : : "r" (v) : "memory");
  else
    __asm__ __volatile__ ("vldr d4, [%0]\n\tvldr d5, [%0, #8]"
                          : : "r" (v) : "memory");
}

static const char *
oregs_plant_name (int which)
{
  return which ? "d20-d21" : "d4-d5";
}

static int
oregs_nplants (void)
{
  return oregs_level == 2 ? 2 : 1;
}

#elif defined(__mips__) && defined(_ABI64) && _MIPS_SIM == _ABI64 \
    && defined(__mips_hard_float) && defined(__linux__) \
    && (defined(__GNUC__) || defined(__clang__))
# define T_OREGS 1
# define T_OREGS_SLOT 8         /* $f0-$f31 */
# define T_OREGS_N 32
static int oregs_level;

static void
oregs_detect (void)
{
  oregs_level = 1;
}

/* $f0-$f23; $f24-$f31 are callee-saved */
static KC_NOINLINE void
oregs_clear (void)
{
  __asm__ __volatile__ ("dmtc1 $0, $f0\n\t"
                        "dmtc1 $0, $f1\n\t"
                        "dmtc1 $0, $f2\n\t"
                        "dmtc1 $0, $f3\n\t"
                        "dmtc1 $0, $f4\n\t"
                        "dmtc1 $0, $f5\n\t"
                        "dmtc1 $0, $f6\n\t"
                        "dmtc1 $0, $f7\n\t"
                        "dmtc1 $0, $f8\n\t"
                        "dmtc1 $0, $f9\n\t"
                        "dmtc1 $0, $f10\n\t"
                        "dmtc1 $0, $f11\n\t"
                        "dmtc1 $0, $f12\n\t"
                        "dmtc1 $0, $f13\n\t"
                        "dmtc1 $0, $f14\n\t"
                        "dmtc1 $0, $f15\n\t"
                        "dmtc1 $0, $f16\n\t"
                        "dmtc1 $0, $f17\n\t"
                        "dmtc1 $0, $f18\n\t"
                        "dmtc1 $0, $f19\n\t"
                        "dmtc1 $0, $f20\n\t"
                        "dmtc1 $0, $f21\n\t"
                        "dmtc1 $0, $f22\n\t"
                        "dmtc1 $0, $f23\n\t"
                        "" : : : "memory");
}

# define OREGS_DUMP(buf) \
  __asm__ __volatile__ ("sdc1 $f0, 0(%0)\n\t" \
                        "sdc1 $f1, 8(%0)\n\t" \
                        "sdc1 $f2, 16(%0)\n\t" \
                        "sdc1 $f3, 24(%0)\n\t" \
                        "sdc1 $f4, 32(%0)\n\t" \
                        "sdc1 $f5, 40(%0)\n\t" \
                        "sdc1 $f6, 48(%0)\n\t" \
                        "sdc1 $f7, 56(%0)\n\t" \
                        "sdc1 $f8, 64(%0)\n\t" \
                        "sdc1 $f9, 72(%0)\n\t" \
                        "sdc1 $f10, 80(%0)\n\t" \
                        "sdc1 $f11, 88(%0)\n\t" \
                        "sdc1 $f12, 96(%0)\n\t" \
                        "sdc1 $f13, 104(%0)\n\t" \
                        "sdc1 $f14, 112(%0)\n\t" \
                        "sdc1 $f15, 120(%0)\n\t" \
                        "sdc1 $f16, 128(%0)\n\t" \
                        "sdc1 $f17, 136(%0)\n\t" \
                        "sdc1 $f18, 144(%0)\n\t" \
                        "sdc1 $f19, 152(%0)\n\t" \
                        "sdc1 $f20, 160(%0)\n\t" \
                        "sdc1 $f21, 168(%0)\n\t" \
                        "sdc1 $f22, 176(%0)\n\t" \
                        "sdc1 $f23, 184(%0)\n\t" \
                        "sdc1 $f24, 192(%0)\n\t" \
                        "sdc1 $f25, 200(%0)\n\t" \
                        "sdc1 $f26, 208(%0)\n\t" \
                        "sdc1 $f27, 216(%0)\n\t" \
                        "sdc1 $f28, 224(%0)\n\t" \
                        "sdc1 $f29, 232(%0)\n\t" \
                        "sdc1 $f30, 240(%0)\n\t" \
                        "sdc1 $f31, 248(%0)\n\t" \
                        "" : : "r" (buf) : "memory")

static const char *
oregs_name (unsigned int i)
{
  (void) i;
  return "$f";
}

/* $f4-$f5 and $f20-$f21: temporaries */
static void
oregs_plant (int which, const unsigned char *v)
{
  if (which)
    __asm__ __volatile__ ("ldc1 $f20, 0(%0)\n\tldc1 $f21, 8(%0)"
                          : : "r" (v) : "memory");
  else
    __asm__ __volatile__ ("ldc1 $f4, 0(%0)\n\tldc1 $f5, 8(%0)"
                          : : "r" (v) : "memory");
}

static const char *
oregs_plant_name (int which)
{
  return which ? "$f20-$f21" : "$f4-$f5";
}

static int
oregs_nplants (void)
{
  return 2;
}
#endif

#endif /* T_WIPE_REGS_H */
