/**
 * A minimal SVG chart for the model-chain examples: lines (or bars) of y against x, with axes,
 * ticks, a title and a legend. No dependencies; the examples write its text to a file.
 */
export interface ChartSeries {
  /** Legend text. */
  name: string;
  /** Values, one per x. */
  y: ArrayLike<number>;
  /** Stroke or fill colour. */
  color: string;
}

/** An SVG line chart (or bar chart with `bars`) of several series over the same x. */
export function svgChart(
  x: ArrayLike<number>,
  series: readonly ChartSeries[],
  labels: { title: string; x: string; y: string; bars?: boolean },
): string {
  const [w, h, left, bottom, top, right] = [720, 420, 70, 50, 40, 150];
  const xs = Array.from(x);
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs) + (labels.bars ? 1 : 0);
  let yMax = 0;
  for (const s of series) for (const v of Array.from(s.y)) if (v > yMax) yMax = v;
  yMax *= 1.05;
  const px = (v: number) => left + ((v - xMin) / (xMax - xMin || 1)) * (w - left - right);
  const py = (v: number) => h - bottom - (v / (yMax || 1)) * (h - top - bottom);
  const ticks = (lo: number, hi: number, n: number) =>
    Array.from({ length: n + 1 }, (_, i) => lo + ((hi - lo) * i) / n);
  const xTicks = ticks(xMin, xMax, 6)
    .map((v) => `<text x="${px(v).toFixed(1)}" y="${h - bottom + 18}" text-anchor="middle">${v.toFixed(0)}</text>`)
    .join('');
  const yTicks = ticks(0, yMax, 5)
    .map(
      (v) =>
        `<text x="${left - 8}" y="${(py(v) + 4).toFixed(1)}" text-anchor="end">${v.toFixed(v < 10 ? 1 : 0)}</text>`,
    )
    .join('');
  const slot = (w - left - right) / (xMax - xMin || 1);
  const marks = series
    .map((s, k) => {
      const ys = Array.from(s.y);
      if (labels.bars) {
        const bw = (slot * 0.8) / series.length;
        return ys
          .map((v, i) => {
            const x0 = px(xs[i]!) + slot * 0.1 + k * bw;
            return `<rect x="${x0.toFixed(1)}" y="${py(v).toFixed(1)}" width="${bw.toFixed(1)}" height="${(py(0) - py(v)).toFixed(1)}" fill="${s.color}"/>`;
          })
          .join('');
      }
      const d = ys.map((v, i) => `${i ? 'L' : 'M'}${px(xs[i]!).toFixed(1)},${py(v).toFixed(1)}`).join(' ');
      return `<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2"/>`;
    })
    .join('\n');
  const legend = series
    .map(
      (s, k) =>
        `<rect x="${w - right + 12}" y="${top + 20 * k}" width="12" height="12" fill="${s.color}"/><text x="${w - right + 30}" y="${top + 20 * k + 11}">${s.name}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="sans-serif" font-size="12">
<text x="${(w - right + left) / 2}" y="22" text-anchor="middle" font-size="14">${labels.title}</text>
<line x1="${left}" y1="${h - bottom}" x2="${w - right}" y2="${h - bottom}" stroke="black"/>
<line x1="${left}" y1="${top}" x2="${left}" y2="${h - bottom}" stroke="black"/>
${xTicks}${yTicks}
<text x="${(w - right + left) / 2}" y="${h - 12}" text-anchor="middle">${labels.x}</text>
<text x="16" y="${h / 2}" text-anchor="middle" transform="rotate(-90 16 ${h / 2})">${labels.y}</text>
${marks}
${legend}
</svg>
`;
}
