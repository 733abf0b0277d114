/* hash/x86_64/sha512-mb-avx.h - the multi-buffer SHA-512 kernel, one
 * message a 64-bit lane, written once and included by hash/sha512-mb.c
 * for AVX2 (4 lanes, ymm) and AVX-512 (8 lanes, zmm) (no include guard:
 * one inclusion an instruction set).
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Before including, define
 *   MBV_FN          the target attribute of every function here
 *   MBV(name)       the names of the functions here (v4_##name, ...); the
 *                   kernel is MBV (blocks), an mb_kernel_fn
 *   MBV_T           the vector type: MBV_LANES 64-bit words
 *   MBV_LANES       the lanes (4 or 8)
 *   MBV_LOAD(p), MBV_STORE(p, x)   unaligned load and store of MBV_LANES
 *                   uint64_t
 *   MBV_SET1(k)     K in every lane
 *   MBV_ADD(x, y)   64-bit additions
 *   MBV_SHR(x, n), MBV_ROR(x, n)   64-bit shift right and rotation right
 *                   by the constant N; MBV_ROR8(x) the rotation by 8
 *   MBV_XOR3(x, y, z), MBV_CH(x, y, z) (x ? y : z bit by bit),
 *   MBV_MAJ(x, y, z) (the majority bit by bit)
 *   MBV_LOADW(w, p, off, k)  words MBV_LANES k .. MBV_LANES (k + 1) - 1
 *                   of the block at P[l] + OFF of every lane l into W[],
 *                   word-major (word j of lane l in lane l of W[j])
 * All are undefined at the end.  The body uses hash/sha512-mb.c's LANES,
 * BLK and K512.  Every operation is an addition, shift, rotation or
 * bitwise function over whole vectors, and the memory indices depend on
 * the lengths only: the time does not depend on the data.
 */

/* s0, s1, S0, S1 of FIPS 180-4 (4.10 .. 4.13) on every lane. */
MBV_FN static inline MBV_T
MBV (S0) (MBV_T a)
{
  return MBV_XOR3 (MBV_ROR (a, 28), MBV_ROR (a, 34), MBV_ROR (a, 39));
}

MBV_FN static inline MBV_T
MBV (S1) (MBV_T e)
{
  return MBV_XOR3 (MBV_ROR (e, 14), MBV_ROR (e, 18), MBV_ROR (e, 41));
}

MBV_FN static inline MBV_T
MBV (s0) (MBV_T w)
{
  return MBV_XOR3 (MBV_ROR (w, 1), MBV_ROR8 (w), MBV_SHR (w, 7));
}

MBV_FN static inline MBV_T
MBV (s1) (MBV_T w)
{
  return MBV_XOR3 (MBV_ROR (w, 19), MBV_ROR (w, 61), MBV_SHR (w, 6));
}

/* One round on every lane.  As in hash/sha512.c the eight working
 * variables are renamed between calls, not moved: only d and h are
 * written. */
MBV_FN static inline void
MBV (round) (MBV_T a, MBV_T b, MBV_T c, MBV_T *d, MBV_T e, MBV_T f, MBV_T g,
             MBV_T *h, MBV_T w, int t)
{
  MBV_T kw = MBV_ADD (w, MBV_SET1 ((long long) K512[t]));
  MBV_T t1 = MBV_ADD (MBV_ADD (MBV_ADD (*h, kw), MBV_CH (e, f, g)),
                      MBV (S1) (e));
  MBV_T t2 = MBV_ADD (MBV (S0) (a), MBV_MAJ (a, b, c));
  *d = MBV_ADD (*d, t1);
  *h = MBV_ADD (t1, t2);
}

/* W[j] += s1 (W[j-2]) + W[j-7] + s0 (W[j-15]), indices mod 16. */
MBV_FN static inline void
MBV (sched) (MBV_T w[16], int j)
{
  w[j] = MBV_ADD (MBV_ADD (w[j], w[(j + 9) & 15]),
                  MBV_ADD (MBV (s0) (w[(j + 1) & 15]),
                           MBV (s1) (w[(j + 14) & 15])));
}

/* Rounds I .. I+15 (hash/sha2-rounds.h).
 * Always inlined: as a call the state would go through memory. */
MBV_FN static KC_ALWAYS_INLINE void
MBV (rounds16) (MBV_T *pa, MBV_T *pb, MBV_T *pc, MBV_T *pd, MBV_T *pe,
                MBV_T *pf, MBV_T *pg, MBV_T *ph, const MBV_T w[16], int i)
{
  MBV_T a = *pa, b = *pb, c = *pc, d = *pd, e = *pe, f = *pf, g = *pg;
  MBV_T h = *ph;

#define MBV_ROUND(a, b, c, d, e, f, g, h, j) \
  MBV (round) (a, b, c, d, e, f, g, h, w[j], i + (j))
  KC_SHA2_ROUNDS16 (MBV_ROUND, a, b, c, d, e, f, g, h);
#undef MBV_ROUND
  *pa = a; *pb = b; *pc = c; *pd = d; *pe = e; *pf = f; *pg = g; *ph = h;
}

/* The next 16 words of the message schedule, in place. */
MBV_FN static inline void
MBV (sched16) (MBV_T w[16])
{
  MBV (sched) (w, 0); MBV (sched) (w, 1); MBV (sched) (w, 2);
  MBV (sched) (w, 3); MBV (sched) (w, 4); MBV (sched) (w, 5);
  MBV (sched) (w, 6); MBV (sched) (w, 7); MBV (sched) (w, 8);
  MBV (sched) (w, 9); MBV (sched) (w, 10); MBV (sched) (w, 11);
  MBV (sched) (w, 12); MBV (sched) (w, 13); MBV (sched) (w, 14);
  MBV (sched) (w, 15);
}

/* The kernel: NBLOCKS blocks of all MBV_LANES lanes (the states in
 * st[j][0 .. MBV_LANES-1]). */
MBV_FN static void
MBV (blocks) (uint64_t st[8][LANES], const unsigned char *const p[LANES],
              size_t nblocks, unsigned int lanes_used)
{
  MBV_T a, b, c, d, e, f, g, h;
  MBV_T w[16];
  size_t blk;
  int i, k;

  (void) lanes_used;
  a = MBV_LOAD (st[0]); b = MBV_LOAD (st[1]);
  c = MBV_LOAD (st[2]); d = MBV_LOAD (st[3]);
  e = MBV_LOAD (st[4]); f = MBV_LOAD (st[5]);
  g = MBV_LOAD (st[6]); h = MBV_LOAD (st[7]);

  for (blk = 0; blk < nblocks; blk++)
    {
      size_t off = blk * BLK;
      MBV_T a0 = a, b0 = b, c0 = c, d0 = d, e0 = e, f0 = f, g0 = g, h0 = h;

      KC_UNROLL_ALL
      for (k = 0; k < 16 / MBV_LANES; k++)
        MBV_LOADW (w, p, off, k);
      MBV (rounds16) (&a, &b, &c, &d, &e, &f, &g, &h, w, 0);
      for (i = 16; i < 80; i += 16)
        {
          MBV (sched16) (w);
          MBV (rounds16) (&a, &b, &c, &d, &e, &f, &g, &h, w, i);
        }
      a = MBV_ADD (a, a0); b = MBV_ADD (b, b0);
      c = MBV_ADD (c, c0); d = MBV_ADD (d, d0);
      e = MBV_ADD (e, e0); f = MBV_ADD (f, f0);
      g = MBV_ADD (g, g0); h = MBV_ADD (h, h0);
    }

  MBV_STORE (st[0], a); MBV_STORE (st[1], b);
  MBV_STORE (st[2], c); MBV_STORE (st[3], d);
  MBV_STORE (st[4], e); MBV_STORE (st[5], f);
  MBV_STORE (st[6], g); MBV_STORE (st[7], h);
  wipememory (w, sizeof w);
}

#undef MBV_FN
#undef MBV
#undef MBV_T
#undef MBV_LANES
#undef MBV_LOAD
#undef MBV_STORE
#undef MBV_SET1
#undef MBV_ADD
#undef MBV_SHR
#undef MBV_ROR
#undef MBV_ROR8
#undef MBV_XOR3
#undef MBV_CH
#undef MBV_MAJ
#undef MBV_LOADW
