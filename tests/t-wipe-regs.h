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
 * the dump); where the register set depends on the CPU (s390x, armhf),
 * T_OREGS_DETECT and oregs_detect (), which sets oregs_level before the
 * first call; OREGS_DUMP (BUF) (assembly, no call: every
 * vector or floating-point register into BUF, slot I for register I),
 * oregs_name (I) (the name of slot I), and oregs_plant (WHICH, V) with
 * oregs_plant_name (WHICH) for the self-test: WHICH 0 and 1 load 16 bytes
 * of V (8 on s390x without vectors; MIPS: two 8-byte registers, as
 * armhf) into two volatile registers, one
 * low and one high in the file; oregs_nplants () says how many of the
 * two this CPU has.  The general registers are in the signal frame,
 * which t-wipe searches as on x86.
 *
 * The harness clears these registers before a call with the library's
 * own clear (t-wipe.c's clear_vregs).  No clobbers on the plants, as
 * for x86: this file's code keeps nothing in these registers across the
 * calls, and the baseline targets (s390x's z196, armhf's VFPv3-D16)
 * cannot name all of them. */
#ifndef T_WIPE_REGS_H
#define T_WIPE_REGS_H

#if defined(__aarch64__) && defined(__linux__) && !defined(__ANDROID__) \
    && (defined(__GNUC__) || defined(__clang__))
# define T_OREGS 1
# define T_OREGS_SLOT 16        /* v0-v31 */

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
# define T_OREGS_DETECT 1
static int oregs_level;         /* 2: the vector facility, 1: f0-f15 */

static void
oregs_detect (void)
{
  oregs_level = (getauxval (AT_HWCAP) & 2048u) ? 2 : 1; /* HWCAP_S390_VX */
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
# define T_OREGS_DETECT 1
static int oregs_level;         /* 2: d0-d31 (HWCAP_VFPD32), 1: d0-d15 */

static void
oregs_detect (void)
{
  oregs_level = (getauxval (AT_HWCAP) & (1u << 19)) ? 2 : 1;
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
