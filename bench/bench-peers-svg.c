/* bench-peers-svg.c - bench-peers --svg FILE: the ratios as a bar chart.
 *
 * Copyright (C) 2026 The libkcrypt authors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * peers_compare hands every (row, peer) figure to peers_svg_add; at the
 * end bench-peers calls peers_svg_write, which draws one horizontal bar
 * per figure on a log2 axis of ours/theirs, from the 1.0 line (equal
 * speed) to the ratio: left of the line ours is faster, right of it
 * slower.  Bars are coloured by peer; the legend names each peer and its
 * build; the title names the machine and the date.  The SVG is written
 * here, with nothing but stdio: no plotting library, no script.
 */
#ifdef HAVE_CONFIG_H
# include <config.h>
#endif
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-peers.h"

struct svg_bar
{
  char path[64];
  char who[24];
  double ratio;
  int noisy;
};

static struct svg_bar *bars;
static size_t nbars, abars;

void
peers_svg_add (const char *path, const char *who, double ratio, int noisy)
{
  if (nbars == abars)
    {
      size_t n = abars ? 2 * abars : 64;
      struct svg_bar *b = realloc (bars, n * sizeof *b);
      if (!b)
        bench_fail (NULL, "out of memory");
      bars = b;
      abars = n;
    }
  snprintf (bars[nbars].path, sizeof bars[nbars].path, "%s", path);
  snprintf (bars[nbars].who, sizeof bars[nbars].who, "%s", who);
  bars[nbars].ratio = ratio;
  bars[nbars].noisy = noisy;
  nbars++;
}

/* S with the five XML specials escaped. */
static void
put_text (FILE *f, const char *s)
{
  for (; *s; s++)
    switch (*s)
      {
      case '&': fputs ("&amp;", f); break;
      case '<': fputs ("&lt;", f); break;
      case '>': fputs ("&gt;", f); break;
      case '"': fputs ("&quot;", f); break;
      case '\'': fputs ("&apos;", f); break;
      default: fputc (*s, f);
      }
}

#define KC_SVG_DIM(a) (sizeof (a) / sizeof (a)[0])

static const char *const palette[] = {
  "#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948",
  "#9c755f", "#e15759", "#bab0ac", "#ff9da7", "#17becf", "#8c564b",
  "#7f7f7f", "#bcbd22", "#1f77b4", "#d62728"
};

/* Layout, in SVG user units (pixels). */
#define W          960
#define LABEL_X    8            /* row labels start here        */
#define PLOT_X0    330          /* the axis spans PLOT_X0..X1   */
#define PLOT_X1    900
#define BAR_H      14
#define ROW_H      18
#define LINE_H     16

static double
xpos (double ratio, double lo, double hi)
{
  return PLOT_X0 + (log2 (ratio) - lo) / (hi - lo) * (PLOT_X1 - PLOT_X0);
}

int
peers_svg_write (const char *file, const char *title, const char *subtitle,
                 const struct peer_info *peers, size_t npeers)
{
  const char *who[KC_SVG_DIM (palette)];
  size_t nwho = 0, i, j;
  double lo = 0, hi = 0;        /* log2 of the axis ends */
  int y, top, height, any_noisy = 0, k;
  FILE *f;

  /* The peers in order of first appearance, each with its colour. */
  for (i = 0; i < nbars; i++)
    {
      for (j = 0; j < nwho; j++)
        if (!strcmp (who[j], bars[i].who))
          break;
      if (j == nwho && nwho < KC_SVG_DIM (palette))
        who[nwho++] = bars[i].who;
      if (bars[i].ratio > 0)
        {
          double l = log2 (bars[i].ratio);
          if (l < lo)
            lo = l;
          if (l > hi)
            hi = l;
        }
      any_noisy |= bars[i].noisy;
    }
  /* Whole powers of two at the ends, at least 1/2 .. 2. */
  lo = floor (lo - 0.4);
  hi = ceil (hi + 0.4);
  if (lo > -1)
    lo = -1;
  if (hi < 1)
    hi = 1;

  f = fopen (file, "w");
  if (!f)
    {
      perror (file);
      return -1;
    }
  top = 2 * LINE_H + 24 + (int) nwho * LINE_H + 16;
  height = top + 24 + (int) nbars * ROW_H + 3 * LINE_H + (any_noisy ? LINE_H : 0);
  fprintf (f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
           "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" "
           "font-size=\"12\">\n", W, height, W, height);
  fprintf (f, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, height);
  fprintf (f, "<text x=\"%d\" y=\"22\" font-size=\"16\" "
           "font-weight=\"bold\">", LABEL_X);
  put_text (f, title);
  fputs ("</text>\n", f);
  fprintf (f, "<text x=\"%d\" y=\"%d\" fill=\"#444\">", LABEL_X, 22 + LINE_H + 2);
  put_text (f, subtitle);
  fputs ("</text>\n", f);

  /* Legend: a swatch, the peer's name, and its build. */
  y = 2 * LINE_H + 30;
  for (j = 0; j < nwho; j++, y += LINE_H)
    {
      const char *desc = "";
      for (i = 0; i < npeers; i++)
        if (!strcmp (peers[i].who, who[j]))
          desc = peers[i].desc;
      fprintf (f, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" "
               "fill=\"%s\"/>\n", LABEL_X, y - 10, palette[j]);
      fprintf (f, "<text x=\"%d\" y=\"%d\"><tspan font-weight=\"bold\">",
               LABEL_X + 18, y);
      put_text (f, who[j]);
      fputs ("</tspan> ", f);
      put_text (f, desc);
      fputs ("</text>\n", f);
    }

  /* The axis: a grid line at every power of two, 1.0 marked. */
  y = top + 24 + (int) nbars * ROW_H;
  for (k = (int) lo; k <= (int) hi; k++)
    {
      double x = xpos (ldexp (1, k), lo, hi);
      char lab[16];
      if (k >= 0)
        snprintf (lab, sizeof lab, "%g", ldexp (1, k));
      else
        snprintf (lab, sizeof lab, "1/%g", ldexp (1, -k));
      fprintf (f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
               "stroke=\"%s\" stroke-width=\"%s\"/>\n", x, top + 8, x, y,
               k ? "#ddd" : "#c00", k ? "1" : "2");
      fprintf (f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\"%s>%s"
               "</text>\n", x, y + 14, k ? "" : " fill=\"#c00\" "
               "font-weight=\"bold\"", lab);
    }
  fprintf (f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#c00\">"
           "1.0 = same speed</text>\n", (int) xpos (1, lo, hi), top + 4);
  fprintf (f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">ours/theirs "
           "time ratio, log scale (left of the red line: libkcrypt faster; "
           "right: slower)</text>\n", (PLOT_X0 + PLOT_X1) / 2,
           y + 14 + LINE_H + 4);
  if (any_noisy)
    fprintf (f, "<text x=\"%d\" y=\"%d\" fill=\"#444\">* noisy fit (r2 below "
             "%.2f on one side): take that bar with salt</text>\n", LABEL_X,
             y + 14 + 2 * LINE_H + 4, BENCH_R2_NOISY);

  /* The bars, each labelled with its row and ratio. */
  for (i = 0; i < nbars; i++)
    {
      double r = bars[i].ratio > 0 ? bars[i].ratio : ldexp (1, (int) lo);
      double x1 = xpos (1, lo, hi), x = xpos (r, lo, hi);
      int yb = top + 24 + (int) i * ROW_H;
      for (j = 0; j < nwho && strcmp (who[j], bars[i].who); j++)
        ;
      /* A row's label once, beside its first bar. */
      if (!i || strcmp (bars[i - 1].path, bars[i].path))
        {
          fprintf (f, "<text x=\"%d\" y=\"%d\">", LABEL_X, yb + BAR_H - 3);
          put_text (f, bars[i].path);
          fputs ("</text>\n", f);
        }
      fprintf (f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
               "fill=\"%s\"><title>", x < x1 ? x : x1, yb,
               fabs (x - x1) > 0.5 ? fabs (x - x1) : 0.5, BAR_H,
               j < nwho ? palette[j] : "#888");
      put_text (f, bars[i].path);
      fputs (" vs ", f);
      put_text (f, bars[i].who);
      fprintf (f, ": %.3f</title></rect>\n", bars[i].ratio);
      fprintf (f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"%s\" "
               "font-size=\"11\">%.2f%s</text>\n",
               x < x1 ? x - 3 : x + 3, yb + BAR_H - 3,
               x < x1 ? "end" : "start", bars[i].ratio,
               bars[i].noisy ? " *" : "");
    }
  fputs ("</svg>\n", f);
  if (fclose (f))
    {
      perror (file);
      return -1;
    }
  return 0;
}
