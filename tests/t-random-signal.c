/* t-random-signal.c - kc_randomize re-entered from a signal handler, and
 * a fork made by a handler that interrupted a draw.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Signals.  The main thread draws in a loop (sizes from 16 bytes to
 * 4 KiB, every one a multiple of 16) while an interval timer
 * (ITIMER_REAL, every TICK_US microseconds of wall clock) interrupts it
 * with SIGALRM; the handler draws 32 or 48 bytes itself.
 * Every draw of the generator is a whole number of 16-byte pieces of
 * ChaCha20 keystream at 16-byte offsets (keys take 32 bytes, blocks are
 * 64), so a byte served twice, or keystream of a key used twice, shows
 * as a 16-byte block, at a 16-byte offset of some draw, that occurs
 * twice; the test sorts all those blocks, from both the loop and the
 * handler, and wants no repeat and no all-zero block (a chance of about
 * 2^-88 for random bytes).  A generator whose handler draw shares the
 * interrupted draw's state fails it at once.  The handler counts the
 * signals that arrived while the loop was inside kc_randomize, and the
 * test wants at least MIN_HITS of them, so that it cannot pass without
 * having interrupted draws.  The run is bounded: 1.5 s, WANT_HITS
 * interrupted draws, or the buffers full, whichever comes first.
 *
 * Fork in a handler.  The handler forks (fork, and a raw SYS_fork that
 * runs no atfork handler) while the loop is inside a 256 KiB draw with
 * a fork check of the library still to come (_kc_random_check_due); the
 * child finishes the interrupted draw and sends its buffer back, and no
 * 16-byte block of it may occur in the parent's.
 */
#include "kcrypt-int.h"
#include "t-common.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>

/* ------------------------------------------------------------ signals */

#define MAIN_LEN     (12u << 20)       /* the loop's output, at most */
#define HANDLER_LEN  (4u << 20)        /* the handler's, at most */
#define MIN_HITS     200
#define WANT_HITS    20000
#define TICK_US      20
#define RUN_NS       1500000000LL

static unsigned char *main_out, *handler_out;
static volatile sig_atomic_t in_draw;  /* the loop is inside kc_randomize */
static volatile size_t handler_off;
static volatile long signals, hits, errno_clobbered;

static void
on_alarm (int sig)
{
  size_t n = (size_t) (signals & 1) ? 48 : 32;
  int e = errno;

  (void) sig;
  signals++;
  if (in_draw)
    hits++;
  if (handler_off + n <= HANDLER_LEN)
    {
      kc_randomize (handler_out + handler_off, n);
      handler_off += n;
    }
  if (errno != e)
    errno_clobbered++;
  errno = e;
}

static long long
now_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (long long) ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int
cmp16 (const void *a, const void *b)
{
  return memcmp (a, b, 16);
}

static void
test_signal_reentry (void)
{
  static const size_t sizes[] = { 16, 32, 48, 64, 80, 112, 992, 1008,
                                  1024, 1040, 2000 - 2000 % 16, 4096 };
  struct sigaction sa;
  struct itimerval it;
  size_t off = 0, i, nblocks, dup = 0, zero = 0, k = 0;
  unsigned char *all, z[16] = { 0 };
  long long t0;

  main_out = malloc (MAIN_LEN);
  handler_out = malloc (HANDLER_LEN);
  all = malloc (MAIN_LEN + HANDLER_LEN);
  if (!main_out || !handler_out || !all)
    {
      fprintf (stderr, "out of memory\n");
      exit (1);
    }
  /* The loop's thread has drawn before any handler may (kc_randomize(3):
   * a thread's first draw sets it up, which is not async-signal-safe). */
  kc_randomize (main_out, 16);
  off = 16;

  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm;
  sigemptyset (&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  memset (&it, 0, sizeof it);
  it.it_value.tv_usec = TICK_US;
  it.it_interval.tv_usec = TICK_US;
  if (sigaction (SIGALRM, &sa, NULL) || setitimer (ITIMER_REAL, &it, NULL))
    {
      fail ("sigaction, setitimer: %s", strerror (errno));
      return;
    }
  t0 = now_ns ();
  while (off + 4096 <= MAIN_LEN && handler_off + 48 <= HANDLER_LEN
         && hits < WANT_HITS && now_ns () - t0 < RUN_NS)
    {
      size_t n = sizes[k++ % KC_DIM (sizes)];
      in_draw = 1;
      kc_randomize (main_out + off, n);
      in_draw = 0;
      off += n;
    }
  memset (&it, 0, sizeof it);
  setitimer (ITIMER_REAL, &it, NULL);
  signal (SIGALRM, SIG_IGN);

  memcpy (all, main_out, off);
  memcpy (all + off, handler_out, handler_off);
  nblocks = (off + handler_off) / 16;
  qsort (all, nblocks, 16, cmp16);
  for (i = 0; i < nblocks; i++)
    {
      if (i && !memcmp (all + 16 * i, all + 16 * (i - 1), 16))
        dup++;
      if (!memcmp (all + 16 * i, z, 16))
        zero++;
    }
  if (t_verbose)
    printf ("%ld signals, %ld inside a draw; %zu + %zu bytes drawn\n",
            (long) signals, (long) hits, off, (size_t) handler_off);
  CHECK (!dup, "%zu of %zu 16-byte blocks repeated (%ld signals, %ld in "
         "a draw)", dup, nblocks, (long) signals, (long) hits);
  CHECK (!zero, "%zu all-zero 16-byte blocks", zero);
  CHECK (!errno_clobbered, "errno changed by %ld handler draws",
         (long) errno_clobbered);
  if (hits < MIN_HITS && getenv ("KC_TEST_EMULATED"))
    {
      /* qemu-user delivers a signal only between the blocks it has
       * translated, so a draw (no system call) is never interrupted:
       * the test cannot make its case there.  .ci/cross sets
       * KC_TEST_EMULATED; natively too few interruptions fail. */
      printf ("t-random-signal: SKIP: under emulation only %ld of %ld "
              "signals interrupted a draw (want %d): qemu-user delivers "
              "signals between translated blocks\n", (long) hits,
              (long) signals, MIN_HITS);
      exit (T_SKIP);
    }
  CHECK (hits >= MIN_HITS, "only %ld of %ld signals interrupted a draw "
         "(want %d): the test proved nothing", (long) hits, (long) signals,
         MIN_HITS);
  free (main_out);
  free (handler_out);
  free (all);
}

/* ------------------------------------------------------------ fork */

#define FORK_LEN    (256u << 10)
#define FORK_ROUNDS 12

static volatile sig_atomic_t fork_armed, fork_raw, is_child;
static volatile pid_t fork_pid;

static void
on_alarm_fork (int sig)
{
  pid_t pid;
  int e = errno;

  (void) sig;
  /* only where the library still has a fork check to make: a fork after
   * a draw's last check copies a draw complete in both processes, as a
   * fork after the call would (seen once under qemu's ppc64el, where a
   * fork landed between the last check and in_draw = 0) */
  if (!fork_armed || !in_draw || !_kc_random_check_due ())
    return;
  fork_armed = 0;
#ifdef SYS_fork
  pid = fork_raw ? (pid_t) syscall (SYS_fork) : fork ();
#else
  pid = fork ();
#endif
  if (pid == 0)
    is_child = 1;
  else
    fork_pid = pid;
  errno = e;
}

static size_t
common_blocks (const unsigned char *a, const unsigned char *b, size_t n)
{
  unsigned char *sa = malloc (n);
  size_t j, common = 0;

  if (!sa)
    {
      fprintf (stderr, "out of memory\n");
      exit (1);
    }
  memcpy (sa, a, n);
  qsort (sa, n / 16, 16, cmp16);
  for (j = 0; j < n / 16; j++)
    common += bsearch (b + 16 * j, sa, n / 16, 16, cmp16) != NULL;
  free (sa);
  return common;
}

static void
test_fork_in_handler (void)
{
  struct sigaction sa;
  struct itimerval it, off;
  unsigned char *parent = malloc (FORK_LEN), *child = malloc (FORK_LEN);
  int round, forks = 0, bad = 0;

  if (!parent || !child)
    {
      fprintf (stderr, "out of memory\n");
      exit (1);
    }
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm_fork;
  sigemptyset (&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  memset (&it, 0, sizeof it);
  it.it_value.tv_usec = TICK_US;
  it.it_interval.tv_usec = TICK_US;
  memset (&off, 0, sizeof off);
  if (sigaction (SIGALRM, &sa, NULL))
    {
      fail ("sigaction: %s", strerror (errno));
      return;
    }
  for (round = 0; round < FORK_ROUNDS; round++)
    {
      int fd[2], status, tries;
      size_t got = 0;

      if (pipe (fd))
        {
          fail ("pipe: %s", strerror (errno));
          return;
        }
      fork_pid = 0;
      fork_raw = round & 1;
      fork_armed = 1;
      setitimer (ITIMER_REAL, &it, NULL);
      for (tries = 0; tries < 1000 && !fork_pid && !is_child; tries++)
        {
          in_draw = 1;
          kc_randomize (parent, FORK_LEN);
          in_draw = 0;
        }
      if (is_child)
        {
          /* The child: it finished the draw the handler interrupted. */
          const unsigned char *p = parent;
          size_t left = FORK_LEN;
          close (fd[0]);
          while (left)
            {
              ssize_t w = write (fd[1], p, left);
              if (w <= 0)
                _exit (2);
              p += w;
              left -= (size_t) w;
            }
          _exit (0);
        }
      setitimer (ITIMER_REAL, &off, NULL);
      fork_armed = 0;
      close (fd[1]);
      if (!fork_pid)
        {
          close (fd[0]);
          continue;
        }
      if (fork_pid < 0)
        {
          fail ("fork in the handler: %s", strerror (errno));
          close (fd[0]);
          continue;
        }
      while (got < FORK_LEN)
        {
          ssize_t r = read (fd[0], child + got, FORK_LEN - got);
          if (r <= 0)
            break;
          got += (size_t) r;
        }
      close (fd[0]);
      waitpid (fork_pid, &status, 0);
      CHECK (got == FORK_LEN && WIFEXITED (status) && !WEXITSTATUS (status),
             "round %d: the child sent %zu bytes", round, got);
      if (got == FORK_LEN)
        {
          size_t c = common_blocks (parent, child, FORK_LEN);
          forks++;
          if (c)
            {
              bad++;
              fail ("round %d (%s): the child's interrupted draw shares %zu "
                    "16-byte blocks with the parent's", round,
                    fork_raw ? "SYS_fork" : "fork", c);
            }
        }
    }
  signal (SIGALRM, SIG_IGN);
  if (t_verbose)
    printf ("%d forks inside a draw, %d bad\n", forks, bad);
  CHECK (forks >= FORK_ROUNDS / 2, "only %d of %d rounds forked inside a "
         "draw", forks, FORK_ROUNDS);
  free (parent);
  free (child);
}

int
main (int argc, char **argv)
{
  t_init (argc, argv);
  test_signal_reentry ();
  test_fork_in_handler ();
  return t_done ("t-random-signal");
}
