/* t-random.c - the CSPRNG: the ChaCha20 core against RFC 8439 and the
 * vector kernel against the portable one; kc_randomize's output (sizes,
 * no repeats, erased from the state once returned); fork (a child, a
 * child of a child and a raw-syscall child all draw streams of their
 * own); 8 threads at once; the state wiped at thread exit, and so is
 * the secp256k1 blinding (secp256k1/ecmult.c) of a thread that made a
 * key pair.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * "No repeats" is checked on 8-byte windows at every offset: a generator
 * that handed out a buffered byte twice, repeated a block, or let a child
 * replay its parent's stream at any shift would produce an 8-byte window
 * twice, which 2^20 random windows do with probability below 2^-24.
 * The program runs itself again with KCRYPT_HWF_MASK=0, so that the
 * generator is also tested on the portable ChaCha20 path.
 */
#include "kcrypt-int.h"
#include "chacha20.h"
#include "t-common.h"
#include "../cipher/secp256k1/ecmult.h"

#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

/* ------------------------------------------------------------ helpers */

static int
cmp_u64 (const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
}

/* The number of 8-byte windows (at every offset) that occur more than
 * once in BUF[0..N). */
static size_t
repeated_windows (const unsigned char *buf, size_t n)
{
  size_t i, m, dup = 0;
  uint64_t *w;

  if (n < 8)
    return 0;
  m = n - 7;
  w = malloc (m * sizeof *w);
  if (!w)
    {
      fprintf (stderr, "out of memory\n");
      exit (1);
    }
  for (i = 0; i < m; i++)
    memcpy (&w[i], buf + i, 8);
  qsort (w, m, sizeof *w, cmp_u64);
  for (i = 1; i < m; i++)
    dup += w[i] == w[i - 1];
  free (w);
  return dup;
}

/* 1 if some 8-byte window of A[0..NA) occurs in B[0..NB). */
static int
shares_window (const unsigned char *a, size_t na,
               const unsigned char *b, size_t nb)
{
  size_t i, j;

  for (i = 0; i + 8 <= na; i++)
    for (j = 0; j + 8 <= nb; j++)
      if (!memcmp (a + i, b + j, 8))
        return 1;
  return 0;
}

static int
all_zero (const void *p, size_t n)
{
  const unsigned char *b = p;
  unsigned char acc = 0;
  size_t i;

  for (i = 0; i < n; i++)
    acc |= b[i];
  return acc == 0;
}

/* ------------------------------------------------------ ChaCha20 core */

static void
test_chacha20_kat (void)
{
  /* RFC 8439 section 2.3.2: key 00 01 .. 1f, nonce 00000009 0000004a
   * 00000000, block counter 1. */
  static const char block_232[] =
    "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
    "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e";
  /* Section 2.4.2: the same key, nonce 00000000 0000004a 00000000,
   * counter 1, encrypting the sunscreen text (114 bytes). */
  static const char plain_242[] =
    "Ladies and Gentlemen of the class of '99: If I could offer you only "
    "one tip for the future, sunscreen would be it.";
  static const char cipher_242[] =
    "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
    "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
    "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
    "5af90bbf74a35be6b40b8eedf2785e42874d";
  unsigned char key[32], nonce[12], want[128], ks[2 * 64], ct[114];
  int i, path;

  for (i = 0; i < 32; i++)
    key[i] = (unsigned char) i;
  for (path = 0; path < 2; path++)
    {
      void (*fn) (unsigned char *, const unsigned char *, uint32_t,
                  const unsigned char *, size_t)
        = path ? _kc_chacha20_blocks : _kc_chacha20_blocks_ref;
      const char *name = path ? "dispatched" : "portable";

      memset (nonce, 0, sizeof nonce);
      nonce[3] = 0x09;
      nonce[7] = 0x4a;
      t_unhex (want, sizeof want, block_232);
      fn (ks, key, 1, nonce, 1);
      CHECK (!memcmp (ks, want, 64), "RFC 8439 2.3.2 block (%s)", name);

      memset (nonce, 0, sizeof nonce);
      nonce[7] = 0x4a;
      /* Two blocks in one call (the dispatched path takes its vector
       * kernel from two blocks on). */
      fn (ks, key, 1, nonce, 2);
      for (i = 0; i < 114; i++)
        ct[i] = (unsigned char) (plain_242[i] ^ ks[i]);
      t_unhex (want, sizeof want, cipher_242);
      CHECK (!memcmp (ct, want, 114), "RFC 8439 2.4.2 ciphertext (%s)",
             name);
    }
}

/* The dispatched kernel (AVX2 where the CPU has it) against the portable
 * one: every block count 0..40, random keys and nonces, counters near 0
 * and up to the last block before the counter would wrap. */
static void
test_chacha20_paths (void)
{
  static unsigned char a[41 * 64 + 1], b[41 * 64 + 1];
  unsigned char key[32], nonce[12];
  size_t nb;
  int r;

  if (t_verbose)
    printf ("ChaCha20 vector kernel: %s\n",
            _kc_chacha20_have_simd () ? "yes" : "no (portable twice)");
  for (r = 0; r < 8; r++)
    for (nb = 0; nb <= 40; nb++)
      {
        uint32_t ctr = (r & 1) ? (uint32_t) (0xffffffffu - nb + 1)
                               : (uint32_t) t_rand64 () & 0xffff;
        t_randbytes (key, sizeof key);
        t_randbytes (nonce, sizeof nonce);
        memset (a, 0x5c, sizeof a);
        memset (b, 0x5c, sizeof b);
        _kc_chacha20_blocks (a, key, ctr, nonce, nb);
        _kc_chacha20_blocks_ref (b, key, ctr, nonce, nb);
        CHECK (!memcmp (a, b, sizeof a),
               "dispatched != portable, %zu blocks from counter %u", nb,
               (unsigned) ctr);
      }
}

/* ----------------------------------------------------------- output */

static void
test_sizes (void)
{
  static const size_t sizes[] = { 0, 1, 63, 64, 65, 4096, 1 << 20 };
  static unsigned char a[(1 << 20) + 16], b[(1 << 20) + 16];
  unsigned char guard[16];
  size_t i, j, count[256];

  for (i = 0; i < KC_DIM (sizes); i++)
    {
      size_t n = sizes[i];
      memset (a, 0, n + 16);
      memset (b, 0, n + 16);
      kc_randomize (a, n);
      kc_randomize (b, n);
      CHECK (all_zero (a + n, 16) && all_zero (b + n, 16),
             "kc_randomize (%zu) wrote past the end", n);
      if (n >= 16)
        {
          CHECK (!all_zero (a, n) && !all_zero (b, n),
                 "kc_randomize (%zu) all zero", n);
          CHECK (memcmp (a, b, n), "two draws of %zu bytes equal", n);
        }
      if (n >= 4096)
        CHECK (!repeated_windows (a, n), "%zu bytes repeat a window", n);
    }

  /* 1 MiB is 4096 expected draws of each byte value, sigma 64. */
  memset (count, 0, sizeof count);
  for (i = 0; i < (1 << 20); i++)
    count[a[i]]++;
  for (j = 0; j < 256; j++)
    CHECK (count[j] > 4096 - 512 && count[j] < 4096 + 512,
           "byte %zu drawn %zu times in 1 MiB", j, count[j]);

  /* NULL or 0 do nothing, and the internal entry with n = 0 too. */
  memset (guard, 0x33, sizeof guard);
  kc_randomize (NULL, 0);
  kc_randomize (NULL, 100);
  kc_randomize (guard, 0);
  _kc_random_fast (NULL, guard, 0);
  for (i = 0; i < sizeof guard; i++)
    CHECK (guard[i] == 0x33, "a zero-length draw wrote");
}

/* Many draws of mixed sizes (every length 1..300, and a few long ones)
 * into one stream: no window repeats, so the buffer never hands a byte
 * out twice and a refill never replays a block. */
static void
test_mixed_stream (void)
{
  static unsigned char s[1 << 20];
  size_t off = 0, n = 1;

  while (off < sizeof s)
    {
      size_t k = n % 301;
      if (n % 97 == 0)
        k = 3044;
      if (k > sizeof s - off)
        k = sizeof s - off;
      _kc_random_fast (NULL, s + off, k);
      off += k;
      n++;
    }
  CHECK (!repeated_windows (s, sizeof s),
         "a stream of mixed-size draws repeats itself");
}

/* Fast-key-erasure: once a draw has returned, no part of its output is
 * left in the state (the served bytes are zeroed, and the key that
 * produced direct output has been replaced). */
static void
test_erasure (void)
{
  static const size_t sizes[] = { 8, 32, 100, 959, 960, 1000, 3044, 9000 };
  static unsigned char out[9000];
  unsigned char snap[4096];
  size_t i, len;
  const void *st;

  kc_randomize (out, 16);
  st = _kc_random_state (&len);
  CHECK (st != NULL && len <= sizeof snap, "no CSPRNG state after a draw");
  if (!st || len > sizeof snap)
    return;
  for (i = 0; i < KC_DIM (sizes); i++)
    {
      size_t n = sizes[i];
      kc_randomize (out, n);
      memcpy (snap, st, len);
      CHECK (!all_zero (snap, len), "state all zero after a draw");
      CHECK (!shares_window (out, n, snap, len),
             "the state still holds output of a %zu-byte draw", n);
    }
}

/* ---------------------------------------------------------------- fork */

#define FORK_N 2048

/* Draw FORK_N bytes in growing sizes. */
static void
draw_stream (unsigned char *p)
{
  size_t off = 0, k = 1;

  while (off < FORK_N)
    {
      size_t n = k < FORK_N - off ? k : FORK_N - off;
      kc_randomize (p + off, n);
      off += n;
      k = k * 2 + 1;
    }
}

static int
write_all (int fd, const unsigned char *p, size_t n)
{
  while (n)
    {
      ssize_t r = write (fd, p, n);
      if (r <= 0)
        return -1;
      p += r;
      n -= (size_t) r;
    }
  return 0;
}

static int
read_all (int fd, unsigned char *p, size_t n)
{
  while (n)
    {
      ssize_t r = read (fd, p, n);
      if (r <= 0)
        return -1;
      p += r;
      n -= (size_t) r;
    }
  return 0;
}

/* A child (and, with GRANDCHILD, a child of that child) draws FORK_N
 * bytes after the fork and sends them up the pipe, as the parent draws
 * its own.  RAW forks with the bare system call, so that no
 * pthread_atfork handler runs: only the kernel's wipe-on-fork (or the
 * pid check) can tell the child it is one. */
static void
test_fork_one (int grandchild, int raw)
{
  unsigned char mine[FORK_N], kid[FORK_N], grand[FORK_N];
  int fd[2], st;
  pid_t pid;

  /* The parent has a state with buffered keystream when it forks. */
  kc_randomize (mine, 100);
  if (pipe (fd))
    {
      fail ("pipe");
      return;
    }
  fflush (stdout);
  fflush (stderr);
#ifdef SYS_fork
  pid = raw ? (pid_t) syscall (SYS_fork) : fork ();
#else
  (void) raw;
  pid = fork ();
#endif
  if (pid < 0)
    {
      fail ("fork");
      return;
    }
  if (pid == 0)
    {
      unsigned char g[FORK_N];
      int ok = 1;
      close (fd[0]);
      if (grandchild)
        {
          int fd2[2];
          pid_t p2;
          if (pipe (fd2))
            _exit (2);
          p2 = fork ();
          if (p2 < 0)
            _exit (2);
          if (p2 == 0)
            {
              close (fd2[0]);
              draw_stream (g);
              _exit (write_all (fd2[1], g, FORK_N) ? 3 : 0);
            }
          close (fd2[1]);
          draw_stream (kid);
          ok = !read_all (fd2[0], g, FORK_N);
          ok &= waitpid (p2, &st, 0) == p2 && WIFEXITED (st)
                && WEXITSTATUS (st) == 0;
          if (!ok || write_all (fd[1], kid, FORK_N)
              || write_all (fd[1], g, FORK_N))
            _exit (4);
        }
      else
        {
          draw_stream (kid);
          if (write_all (fd[1], kid, FORK_N))
            _exit (4);
        }
      _exit (0);
    }
  close (fd[1]);
  draw_stream (mine);
  CHECK (!read_all (fd[0], kid, FORK_N), "reading the child's stream");
  if (grandchild)
    CHECK (!read_all (fd[0], grand, FORK_N),
           "reading the grandchild's stream");
  close (fd[0]);
  CHECK (waitpid (pid, &st, 0) == pid && WIFEXITED (st)
         && WEXITSTATUS (st) == 0, "the fork child failed");
  CHECK (!shares_window (mine, FORK_N, kid, FORK_N),
         "child and parent streams overlap (%s fork)", raw ? "raw" : "libc");
  if (grandchild)
    {
      CHECK (!shares_window (mine, FORK_N, grand, FORK_N),
             "grandchild and grandparent streams overlap");
      CHECK (!shares_window (kid, FORK_N, grand, FORK_N),
             "grandchild and child streams overlap");
    }
}

static void
test_fork (void)
{
  test_fork_one (0, 0);
  test_fork_one (1, 0);
  test_fork_one (0, 1);
}

/* ------------------------------------------------------------- threads */

#define NTHREADS 8
#define THREAD_N (64 * 1024)

static unsigned char thread_out[NTHREADS][THREAD_N];
static const void *thread_state[NTHREADS];
static pthread_mutex_t hook_lock = PTHREAD_MUTEX_INITIALIZER;
static int hook_calls, hook_dirty;
/* The drawing threads wait for each other before they exit, so that
 * their states are all alive when their addresses are compared. */
static pthread_barrier_t all_drawn;

static void
exit_hook (const void *state, size_t len)
{
  pthread_mutex_lock (&hook_lock);
  hook_calls++;
  if (!all_zero (state, len))
    hook_dirty++;
  pthread_mutex_unlock (&hook_lock);
}

static void *
thread_main (void *arg)
{
  int id = (int) (intptr_t) arg;
  unsigned char *p = thread_out[id];
  size_t off = 0, k = (size_t) id + 1;

  while (off < THREAD_N)
    {
      size_t n = k % 700 < THREAD_N - off ? k % 700 : THREAD_N - off;
      kc_randomize (p + off, n);
      off += n;
      k += 37;
    }
  thread_state[id] = _kc_random_state (NULL);
  pthread_barrier_wait (&all_drawn);
  return NULL;
}

static void *
thread_idle (void *arg)
{
  (void) arg;
  return NULL;
}

static void
test_threads (void)
{
  static unsigned char all[NTHREADS * THREAD_N];
  pthread_t th[NTHREADS + 1];
  int i, j, started = 0;

  _kc_random_exit_hook = exit_hook;
  pthread_barrier_init (&all_drawn, NULL, NTHREADS);
  for (i = 0; i < NTHREADS; i++)
    if (!pthread_create (&th[i], NULL, thread_main, (void *) (intptr_t) i))
      started++;
    else
      {
        fail ("pthread_create");
        exit (1);
      }
  /* A thread that never draws has no state to wipe. */
  if (pthread_create (&th[NTHREADS], NULL, thread_idle, NULL))
    fail ("pthread_create");
  for (i = 0; i < started; i++)
    pthread_join (th[i], NULL);
  pthread_join (th[NTHREADS], NULL);
  pthread_barrier_destroy (&all_drawn);
  _kc_random_exit_hook = NULL;

  for (i = 0; i < NTHREADS; i++)
    for (j = i + 1; j < NTHREADS; j++)
      {
        CHECK (memcmp (thread_out[i], thread_out[j], THREAD_N),
               "threads %d and %d drew the same stream", i, j);
        CHECK (thread_state[i] && thread_state[i] != thread_state[j],
               "threads %d and %d share a state", i, j);
      }
  for (i = 0; i < NTHREADS; i++)
    memcpy (all + (size_t) i * THREAD_N, thread_out[i], THREAD_N);
  CHECK (!repeated_windows (all, sizeof all),
         "the threads' streams repeat each other");
  CHECK (hook_calls == started, "%d states wiped at thread exit, want %d",
         hook_calls, started);
  CHECK (!hook_dirty, "%d states not zero at thread exit", hook_dirty);
}

/* A thread draws, makes a secp256k1 key pair (which blinds the comb with
 * this thread's secret offset, Z and beta) and exits: the exit wipes of
 * the CSPRNG and of the blinding each run once, in that thread, and
 * leave their state all zero.  A thread that does neither runs none. */
static int rng_calls, blind_calls, blind_dirty, foreign;
static pthread_t exiting;

static void
rng_count_hook (const void *state, size_t len)
{
  pthread_mutex_lock (&hook_lock);
  rng_calls++;
  if (!all_zero (state, len))
    hook_dirty++;
  foreign += !pthread_equal (pthread_self (), exiting);
  pthread_mutex_unlock (&hook_lock);
}

static void
blind_hook (const void *state, size_t len)
{
  pthread_mutex_lock (&hook_lock);
  blind_calls++;
  blind_dirty += !all_zero (state, len);
  foreign += !pthread_equal (pthread_self (), exiting);
  pthread_mutex_unlock (&hook_lock);
}

static void *
signer_main (void *arg)
{
  unsigned char pk[KC_ECC_SECP256K1_PUBKEY_LEN];
  unsigned char sk[KC_ECC_SECP256K1_SECKEY_LEN], r[16];
  gpg_error_t err;

  (void) arg;
  kc_randomize (r, sizeof r);
  err = kc_ecc_keypair (KC_ECC_SECP256K1, pk, sizeof pk, sk, sizeof sk);
  wipememory (sk, sizeof sk);
  return (void *) (intptr_t) (err != 0);
}

static void
test_exit_wipes (void)
{
  void *ret = NULL;

  hook_dirty = 0;
  _kc_random_exit_hook = rng_count_hook;
  _kc_secp256k1_blind_exit_hook = blind_hook;
  if (pthread_create (&exiting, NULL, signer_main, NULL))
    {
      fail ("pthread_create");
      exit (1);
    }
  pthread_join (exiting, &ret);
  CHECK (!ret, "kc_ecc_keypair failed in the thread");
  CHECK (rng_calls == 1, "CSPRNG exit wipe ran %d times, want 1", rng_calls);
  CHECK (!hook_dirty, "CSPRNG state not zero at thread exit");
  CHECK (blind_calls == 1, "blinding exit wipe ran %d times, want 1",
         blind_calls);
  CHECK (!blind_dirty, "blinding state not zero at thread exit");

  rng_calls = blind_calls = 0;
  if (pthread_create (&exiting, NULL, thread_idle, NULL))
    {
      fail ("pthread_create");
      exit (1);
    }
  pthread_join (exiting, NULL);
  CHECK (!rng_calls && !blind_calls,
         "a thread that never drew ran exit wipes (%d, %d)", rng_calls,
         blind_calls);
  CHECK (!foreign, "%d exit wipes ran in another thread", foreign);
  _kc_random_exit_hook = NULL;
  _kc_secp256k1_blind_exit_hook = NULL;
}

int
main (int argc, char **argv)
{
  const char *mask = getenv ("KCRYPT_HWF_MASK");

  t_init (argc, argv);
  t_seed (8439);
  test_chacha20_kat ();
  test_chacha20_paths ();
  test_sizes ();
  test_mixed_stream ();
  test_erasure ();
  test_fork ();
  test_threads ();
  test_exit_wipes ();

  t_rerun_portable (argv);        /* and again on the portable paths */
  return t_done (mask ? "t-random (portable ChaCha20)" : "t-random");
}
