/* random.c - the library's CSPRNG (kc_randomize) and the system RNG
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The generator.  Each thread owns a state: a 256-bit ChaCha20 key and a
 * 1 KiB buffer of keystream.  A key is used for one burst only, at block
 * counters 0, 1, 2, ... with a zero nonce: a request that the buffer
 * cannot serve takes its whole 64-byte blocks straight from the current
 * key, then the buffer is refilled from the following blocks, and the
 * first 32 bytes of the refill become the next key (and are zeroed in the
 * buffer).  Short requests and tails are served from the buffer, and
 * every byte handed out is zeroed there at once.
 *
 * Why it is safe.
 *
 *  - Output.  As long as the key is secret, the output is ChaCha20
 *    keystream: indistinguishable from random.  No key produces more than
 *    64 KiB + 1 KiB before it is replaced (requests are cut into chunks of
 *    at most RNG_CHUNK), far inside the 2^32-block counter.
 *
 *  - The past (fast-key-erasure, D. J. Bernstein 2017).  Before a request
 *    returns, the key that produced its output has been overwritten by
 *    fresh keystream, and the buffer holds only bytes nobody has seen.
 *    Whoever reads the state later (a core dump, a memory disclosure)
 *    learns future output until the next reseed, never past output:
 *    ChaCha20 cannot be run backwards from its output to its key.  The
 *    state page is also kept out of core dumps (MADV_DONTDUMP), and
 *    kc_randomize burns the stack its body used (vector spills).
 *
 *  - Reseeding.  The state is seeded with 32 bytes of getrandom when a
 *    thread first draws, and the key is xored with 32 fresh getrandom
 *    bytes (and the buffer dropped) whenever the budget runs out: each
 *    request is charged its length plus RNG_REQUEST_COST (256) bytes
 *    against a budget of RNG_BUDGET (1 MiB), so at most 1 MiB of output
 *    and at most 4096 requests pass between reseeds.  That bounds what an
 *    attacker who once saw the state can predict, while the getrandom
 *    call (a 32-byte system call, a fraction of a microsecond) costs
 *    under 0.1 % of 1 MiB of keystream and under 1 % of 4096 short
 *    requests.  Xoring keeps the key at least as strong as either part.
 *
 *  - getrandom failure.  The seed and every reseed come from
 *    _kc_random_system, which retries EINTR and short reads and aborts
 *    the process with a message on any other failure: the generator
 *    never runs on a weak or missing seed, and never returns an error
 *    that a caller could ignore.
 *
 *  - Fork.  A child must never repeat its parent's stream.  Three guards,
 *    any one of which suffices for the forks it sees:
 *    (1) the state lives in its own mmap'd page with MADV_WIPEONFORK
 *        (Linux 4.14+): the kernel hands every child, however it was
 *        created (fork, clone, a raw syscall, a fork without pthread),
 *        a zeroed page, which reads as "not seeded";
 *    (2) a pthread_atfork child handler bumps rng_fork_gen, and a state
 *        seeded under another generation is reseeded.  The handler runs
 *        in the child while it has a single thread, so the counter is
 *        never written concurrently with a read; in the parent it never
 *        changes;
 *    (3) the state records getpid () at seeding and compares it on every
 *        request, unless the kernel itself shows guard 1 in force: an
 *        emulator (qemu user mode) accepts MADV_WIPEONFORK without
 *        implementing it, so success of madvise proves nothing.  Once
 *        per process, the first page's entry in /proc/self/smaps is read
 *        and the pid check is dropped only where its VmFlags carry "wf"
 *        (a system call per request is 30x the cost of a short draw on
 *        a VM).  Anything else (no /proc, no flag, an emulator's own
 *        smaps) keeps the check.
 *    Reseeding after a fork takes fresh getrandom bytes and drops the
 *    buffer, so nothing of the parent's future stream survives in the
 *    child.  A fork made by a signal handler that interrupted a draw
 *    leaves the child inside that draw, with a state copied mid-request
 *    (or wiped under it), and the caller's buffer already holds bytes
 *    the parent returns too.  So a draw marks its page (s->drawing, which
 *    only a fork's wipe clears) and notes the fork generation, checks
 *    both after every chunk, and where guard 1 or 2 saw a fork, the
 *    child's copy of the draw reseeds and refills the caller's whole
 *    buffer from getrandom.  Where the pid is checked (guard 3 in
 *    force), it is checked after every chunk too, so that a raw-syscall
 *    fork in such a handler, which runs no fork handler, is seen as
 *    well.
 *
 *  - Threads.  The state is per thread (a __thread pointer to the page),
 *    so the fast path takes no lock and touches no shared memory but
 *    the fork generation, which only a fork child writes.  Set-up (the
 *    pthread key, the fork handler) happens once, under a mutex.
 *
 *  - Thread exit.  The page is registered with the per-thread exit
 *    service below (_kc_thread_exit_register: one pthread key whose
 *    destructor runs the exiting thread's registered wipes), and its
 *    wipe zeroes the page and unmaps it.  (The main thread's state goes
 *    when the process does; no destructor runs for it.)  The library is
 *    linked -z nodelete so that the destructor and the fork handler
 *    outlive a dlclose.
 *
 *  - Degraded mode.  If the page cannot be had (mmap, pthread key), the
 *    request is served by _kc_random_system directly: slower, never
 *    weaker.
 *
 *  - Signals.  A signal handler may draw, also while the thread it
 *    interrupted is inside a draw.  Each thread has a busy flag (a
 *    volatile sig_atomic_t in its TLS), set for the whole of a draw,
 *    first-draw set-up, reseeding and fork checks included, with signal
 *    fences that keep every access to the state between the set and the
 *    clear.  A draw that finds its thread's flag set is a handler that
 *    interrupted a draw: it is served entirely by _kc_random_system
 *    (getrandom, async-signal-safe) and touches neither the state nor
 *    the flag.  Handlers on one thread nest, so the interrupted draw
 *    resumes with the state exactly as it left it.  errno is kept
 *    across the system calls a draw can make.  One path is not
 *    async-signal-safe: a thread's first draw sets the thread up
 *    (mmap, pthread_setspecific, and on the process's first draw
 *    pthread_key_create and pthread_atfork, which may allocate), so a
 *    handler must not make the first draw of its thread while the code
 *    it interrupted may hold a libc lock (kc_randomize(3) says: draw
 *    once on the thread beforehand).
 */
#include "kcrypt-int.h"
#include "chacha20.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>
#ifdef HAVE_SYS_RANDOM_H
# include <sys/random.h>
#endif
#ifndef HAVE_GETRANDOM
# include <fcntl.h>
#endif

/* Fill BUF with N bytes from the kernel's CSPRNG.  getrandom without flags
 * blocks until the pool is initialised, so it never returns weak bytes;
 * a signal (EINTR) or a short read only means we ask again.  Anything else
 * is fatal: the callers (key generation, encapsulation) have no safe way to
 * go on without randomness. */
void
_kc_random_system (void *ctx, void *buf, size_t n)
{
  unsigned char *p = buf;
  int saved_errno = errno;      /* a signal handler may be the caller */

  (void) ctx;
  while (n)
    {
      size_t chunk = n > 256 ? 256 : n;
#ifdef HAVE_GETRANDOM
      ssize_t r = getrandom (p, chunk, 0);
#else
      static const char dev[] = "/dev/urandom";
      ssize_t r;
      int fd = open (dev, O_RDONLY | O_CLOEXEC);
      if (fd < 0)
        _kc_fatal ("cannot open /dev/urandom");
      r = read (fd, p, chunk);
      close (fd);
#endif
      if (r < 0)
        {
          if (errno == EINTR)
            continue;
          _kc_fatal ("the system RNG (getrandom) failed");
        }
      if (r == 0)
        _kc_fatal ("the system RNG returned no data");
      p += r;
      n -= (size_t) r;
    }
  errno = saved_errno;
}


/* ------------------------------------------------------------ the CSPRNG */

#define RNG_BUF_LEN       (16 * KC_CHACHA20_BLOCK_LEN)    /* 1 KiB */
#define RNG_BUDGET        ((uint64_t) 1 << 20)            /* 1 MiB */
#define RNG_REQUEST_COST  256
#define RNG_CHUNK         (64 * 1024)

struct rng_state
{
  unsigned char key[KC_CHACHA20_KEY_LEN];       /* unused so far */
  unsigned char buf[RNG_BUF_LEN];   /* unread: the last AVAIL bytes; the
                                       rest is zero */
  size_t avail;
  uint64_t budget;                  /* charge left before a reseed */
  unsigned int gen;                 /* rng_fork_gen when seeded */
  pid_t pid;                        /* getpid () when seeded (guard 3) */
  int seeded;                       /* 0: new, or wiped by a fork */
  int drawing;                      /* set by every draw, cleared only by
                                       a fork's wipe */
};

static const unsigned char rng_nonce[KC_CHACHA20_NONCE_LEN];

/* The one-time set-up runs under a mutex, on the slow path only (a
 * thread's first draw or first exit registration): valgrind's helgrind
 * models mutexes, not glibc's pthread_once, so the cold-start check
 * stays free of false reports. */
static pthread_mutex_t rng_init_lock = PTHREAD_MUTEX_INITIALIZER;
static int rng_inited;
static pthread_key_t rng_key;         /* the thread exit service's */
static int key_ready;                 /* rng_key exists */
static int rng_ready;                 /* and the fork handler too */
static size_t rng_map_len;            /* the state rounded up to pages */
static volatile unsigned int rng_fork_gen;
static int rng_wof_known;             /* rng_wof_works is set (under the lock) */
static int rng_wof_works;             /* the kernel shows MADV_WIPEONFORK */

/* What the compiler may not move a memory access across: the busy flag
 * is set before the state is touched and cleared after, as seen by a
 * signal handler on the same thread (no other thread ever reads it). */
#define RNG_SIGNAL_FENCE() __atomic_signal_fence (__ATOMIC_SEQ_CST)

static __thread struct
{
  struct rng_state *s;
  int wipeonfork;                     /* guard 1 shown in force: no guard 3 */
  volatile sig_atomic_t busy;         /* a draw of this thread is under way */
  volatile sig_atomic_t check_due;    /* and has a fork check still to come
                                         (_kc_random_check_due) */
  struct _kc_thread_exit exit;        /* the page's wipe at thread exit */
} rng_tls;

/* The exiting thread's registered wipes (see _kc_thread_exit_register). */
static __thread struct _kc_thread_exit *exit_list;

void (*_kc_random_exit_hook) (const void *state, size_t len);

static void
rng_atfork_child (void)
{
  rng_fork_gen++;
}

/* The pthread key's destructor: run the exiting thread's wipes, newest
 * first.  A wipe that registers again (it should not) sets the key
 * again, and POSIX then calls this once more. */
static void
thread_exit_run (void *unused)
{
  (void) unused;
  while (exit_list)
    {
      struct _kc_thread_exit *e = exit_list;
      exit_list = e->next;
      e->next = NULL;
      e->registered = 0;
      e->fn (e->arg);
    }
}

static void
rng_init (void)
{
  long page = sysconf (_SC_PAGESIZE);
  size_t pg = page > 0 ? (size_t) page : 4096;

  rng_map_len = (sizeof (struct rng_state) + pg - 1) / pg * pg;
  if (pthread_key_create (&rng_key, thread_exit_run))
    return;
  key_ready = 1;
  if (pthread_atfork (NULL, NULL, rng_atfork_child))
    return;
  rng_ready = 1;
}

/* Run the one-time set-up if it has not run; 1 if the generator may map
 * a page (or, with KEY_ONLY, if the exit service works). */
static int
rng_setup (int key_only)
{
  int ready;

  pthread_mutex_lock (&rng_init_lock);
  if (!rng_inited)
    {
      rng_init ();
      rng_inited = 1;
    }
  ready = key_only ? key_ready : rng_ready;
  pthread_mutex_unlock (&rng_init_lock);
  return ready;
}

int
_kc_thread_exit_register (struct _kc_thread_exit *e)
{
  if (e->registered)
    return 0;
  if (!rng_setup (1))
    return -1;
  /* The key's value only has to be non-NULL for the destructor to run;
   * it is set whenever the list goes from empty to not empty. */
  if (!exit_list && pthread_setspecific (rng_key, e))
    return -1;
  e->next = exit_list;
  exit_list = e;
  e->registered = 1;
  return 0;
}

/* The page's wipe at thread exit.  The thread is busy meanwhile, so that
 * a handler that draws is served by getrandom, not by a page half
 * unmapped. */
static void
rng_thread_exit (void *p)
{
  rng_tls.busy = 1;
  RNG_SIGNAL_FENCE ();
  wipememory (p, sizeof (struct rng_state));
  if (_kc_random_exit_hook)
    _kc_random_exit_hook (p, sizeof (struct rng_state));
  munmap (p, rng_map_len);
  rng_tls.s = NULL;
  RNG_SIGNAL_FENCE ();
  rng_tls.busy = 0;
}

/* 1 if /proc/self/smaps shows the mapping holding P with the VmFlag
 * "wf" (wipe on fork): the kernel's own word that guard 1 holds, which
 * an emulator that ignores the advice does not give.  Read whole lines
 * only (a long path name may span several reads). */
static int
rng_smaps_wipeonfork (const void *p)
{
  char line[256];
  unsigned long a, b, at = (unsigned long) (uintptr_t) p;
  int line_start = 1, in = 0, found = 0;
  FILE *f = fopen ("/proc/self/smaps", "re");

  if (!f)
    return 0;
  while (fgets (line, sizeof line, f))
    {
      int start = line_start;
      line_start = strchr (line, '\n') != NULL;
      if (!start)
        continue;
      if (sscanf (line, "%lx-%lx ", &a, &b) == 2)
        {
          if (in)
            break;              /* past our mapping: no VmFlags line */
          in = a <= at && at < b;
        }
      else if (in && !strncmp (line, "VmFlags:", 8))
        {
          found = strstr (line, " wf") != NULL;
          break;
        }
    }
  fclose (f);
  return found;
}

/* This thread's state page, mapped on first use; NULL if that failed. */
static struct rng_state *
rng_state_new (void)
{
  void *p;
  int saved_errno = errno;

  if (!rng_setup (0))
    return NULL;
  p = mmap (NULL, rng_map_len, PROT_READ | PROT_WRITE,
            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    {
      errno = saved_errno;
      return NULL;
    }
  rng_tls.wipeonfork = 0;
#ifdef MADV_WIPEONFORK
  if (madvise (p, rng_map_len, MADV_WIPEONFORK) == 0)
    {
      /* one kernel serves the process: ask it once */
      pthread_mutex_lock (&rng_init_lock);
      if (!rng_wof_known)
        {
          rng_wof_works = rng_smaps_wipeonfork (p);
          rng_wof_known = 1;
        }
      rng_tls.wipeonfork = rng_wof_works;
      pthread_mutex_unlock (&rng_init_lock);
    }
#endif
#ifdef MADV_DONTDUMP
  madvise (p, rng_map_len, MADV_DONTDUMP);
#endif
  errno = saved_errno;          /* madvise fails on older kernels */
  rng_tls.exit.fn = rng_thread_exit;
  rng_tls.exit.arg = p;
  if (_kc_thread_exit_register (&rng_tls.exit))
    {
      munmap (p, rng_map_len);
      errno = saved_errno;
      return NULL;
    }
  rng_tls.s = p;
  return p;
}

/* Seed, or reseed: the key becomes key ^ 32 fresh bytes of getrandom
 * (on a new or fork-wiped page the key is zero, so that is just the
 * fresh bytes), and the buffered keystream of the old key is dropped. */
static void
rng_seed (struct rng_state *s)
{
  unsigned char fresh[KC_CHACHA20_KEY_LEN];
  size_t i;

  _kc_random_system (NULL, fresh, sizeof fresh);
  for (i = 0; i < sizeof fresh; i++)
    s->key[i] ^= fresh[i];
  wipememory (fresh, sizeof fresh);
  wipememory (s->buf, sizeof s->buf);
  s->avail = 0;
  s->budget = RNG_BUDGET;
  s->gen = rng_fork_gen;
  s->pid = rng_tls.wipeonfork ? 0 : getpid ();
  s->seeded = 1;
}

/* This thread's state, ready to draw from: a new thread maps its page,
 * and a state that a fork left behind is reseeded (guards 1, 2 and 3,
 * the pid checked unless the kernel showed guard 1 in force).  NULL: no
 * page. */
static struct rng_state *
rng_state_get (void)
{
  struct rng_state *s = rng_tls.s;

  if (!s && !(s = rng_state_new ()))
    return NULL;
  if (!s->seeded || s->gen != rng_fork_gen
      || (!rng_tls.wipeonfork && s->pid != getpid ()))
    rng_seed (s);
  return s;
}

/* Hand out N <= AVAIL buffered bytes and zero them in the buffer. */
static void
rng_take (struct rng_state *s, unsigned char *out, size_t n)
{
  unsigned char *p = s->buf + RNG_BUF_LEN - s->avail;

  memcpy (out, p, n);
  wipememory (p, n);
  s->avail -= n;
}

/* Refill the buffer with the key's blocks from COUNTER on, and replace
 * the key by the refill's first 32 bytes. */
static void
rng_refill (struct rng_state *s, uint32_t counter)
{
  _kc_chacha20_blocks (s->buf, s->key, counter, rng_nonce,
                       RNG_BUF_LEN / KC_CHACHA20_BLOCK_LEN);
  memcpy (s->key, s->buf, KC_CHACHA20_KEY_LEN);
  wipememory (s->buf, KC_CHACHA20_KEY_LEN);
  s->avail = RNG_BUF_LEN - KC_CHACHA20_KEY_LEN;
}

/* N <= RNG_CHUNK bytes.  Invariant: when the buffer is empty, the key has
 * produced nothing yet. */
static void
rng_fill (struct rng_state *s, unsigned char *out, size_t n)
{
  size_t k = n < s->avail ? n : s->avail;
  uint32_t counter = 0;

  if (k)
    {
      rng_take (s, out, k);
      out += k;
      n -= k;
    }
  if (!n)
    return;
  if (n >= KC_CHACHA20_BLOCK_LEN)
    {
      size_t nb = n / KC_CHACHA20_BLOCK_LEN;
      _kc_chacha20_blocks (out, s->key, 0, rng_nonce, nb);
      out += nb * KC_CHACHA20_BLOCK_LEN;
      n -= nb * KC_CHACHA20_BLOCK_LEN;
      counter = (uint32_t) nb;
    }
  rng_refill (s, counter);
  if (n)
    rng_take (s, out, n);
}

/* The draw proper; the caller has set the busy flag. */
static void
rng_draw (unsigned char *out, size_t n)
{
  unsigned char *const start = out;
  const size_t len = n;
  struct rng_state *s;
  unsigned int gen;
  pid_t pid;

  if (!(s = rng_state_get ()))
    {
      _kc_random_system (NULL, out, n);
      return;
    }
  /* the generation and the pid at the start of the draw, kept here: a
   * reseed in the middle of the draw (the budget) rewrites the state's,
   * and a raw fork made by a handler before that reseed's getpid would
   * then go unseen (t-random-signal under qemu, where signals arrive as
   * system calls return: right after the reseed's getrandom) */
  gen = s->gen;
  pid = s->pid;
  s->drawing = 1;
  rng_tls.check_due = 1;
  while (n)
    {
      size_t chunk = n < RNG_CHUNK ? n : RNG_CHUNK;
      if (s->budget < chunk + RNG_REQUEST_COST)
        rng_seed (s);
      s->budget -= chunk + RNG_REQUEST_COST;
      rng_fill (s, out, chunk);
      out += chunk;
      n -= chunk;
      if (!n)
        {
          /* the last check comes: a fork from here on copies a draw
           * that is complete in both processes, as any fork after a
           * draw does (t-random-signal forks only while a check is due) */
          rng_tls.check_due = 0;
          RNG_SIGNAL_FENCE ();
        }
      /* A fork in a handler that interrupted this draw (see Fork): the
       * page was wiped (a reseed since does not set the mark again), the
       * fork handler bumped the generation, or (where the kernel did not
       * show guard 1 in force, as under an emulator) the pid changed: a
       * raw fork system call runs no handler. */
      if (!s->drawing || rng_fork_gen != gen
          || (!rng_tls.wipeonfork && pid != getpid ()))
        {
          rng_tls.check_due = 0;
          rng_seed (s);
          _kc_random_system (NULL, start, len);
          return;
        }
    }
}

int
_kc_random_check_due (void)
{
  return (int) rng_tls.check_due;
}

void
_kc_random_fast (void *ctx, void *buf, size_t n)
{
  (void) ctx;
  if (!n)
    return;
  if (rng_tls.busy)
    {
      /* A signal handler that interrupted a draw of this thread. */
      _kc_random_system (NULL, buf, n);
      return;
    }
  rng_tls.busy = 1;
  RNG_SIGNAL_FENCE ();
  rng_draw (buf, n);
  RNG_SIGNAL_FENCE ();
  rng_tls.busy = 0;
}

const void *
_kc_random_state (size_t *len)
{
  if (len)
    *len = sizeof (struct rng_state);
  return rng_tls.s;
}

/* The body, then the stack burn (see _kc_burn_stack). */
static KC_NOINLINE void
randomize_body (void *buffer, size_t length)
{
  _kc_random_fast (NULL, buffer, length);
}

void
kc_randomize (void *buffer, size_t length)
{
  if (!buffer || !length)
    return;
  randomize_body (buffer, length);
  _kc_burn_stack (KC_STACK_BURN_RANDOM);
}
