import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './time-chart.css';

export type TimeLine = { name: string; points: readonly { timestamp: number; value: number }[] };

/** Line colours that keep a 3:1 contrast on both themes' surfaces. */
const PALETTE = ['#3f6fe0', '#d9480f', '#0f8a6f', '#b83f9e', '#a77a00', '#7a5cfa', '#2f8a2f', '#c2255c'];

/** The default value format; one function, so it never looks like a new prop to the chart's effect. */
const plainNumber = (v: number) => v.toLocaleString('en');

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** Redraws when the theme changes (the `data-theme` attribute of <html>). */
function useThemeKey(): string {
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme ?? 'light');
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(document.documentElement.dataset.theme ?? 'light'));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}

/** Lines on one time axis: every line's points placed on the union of their timestamps. */
export function alignLines(lines: readonly TimeLine[]): uPlot.AlignedData {
  const times = [...new Set(lines.flatMap((l) => l.points.map((p) => p.timestamp)))].sort((a, b) => a - b);
  const at = new Map(times.map((t, i) => [t, i]));
  const ys = lines.map((l) => {
    const y: (number | null)[] = new Array(times.length).fill(null);
    for (const p of l.points) y[at.get(p.timestamp) as number] = p.value;
    return y;
  });
  return [times.map((t) => t / 1000), ...ys];
}

/**
 * Values over time (uPlot: canvas, small, maintained) in the theme's colours, as wide as its container:
 * lines, or `bars` for counts per bucket. The canvas is an image to assistive technology: `summary` says
 * what it shows in words.
 */
export function TimeChart({
  lines,
  summary,
  span,
  bars = false,
  className = 'time-chart',
  format = plainNumber,
}: {
  lines: readonly TimeLine[];
  summary: string;
  /** The time range shown, epoch ms, whatever points fall in it. */
  span: { from: number; to: number };
  bars?: boolean;
  className?: string;
  /** How a value reads on the axis and in the legend (a unit: "1.2 MB/s"); plain numbers by default. */
  format?: (value: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useThemeKey();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Read the colours of the theme now shown.
    el.dataset.theme = theme;
    const text = cssVar('--text-muted');
    const grid = cssVar('--border');
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const chart = new uPlot(
      {
        width: el.clientWidth || 600,
        height: 240,
        series: [
          {},
          ...lines.map((l, i) => ({
            label: l.name,
            stroke: PALETTE[i % PALETTE.length] as string,
            width: bars ? 1 : 2,
            spanGaps: false,
            ...(bars
              ? {
                  fill: `${PALETTE[i % PALETTE.length]}99`,
                  paths: uPlot.paths.bars?.({ size: [0.9, 100], align: 1 }),
                  points: { show: false },
                }
              : {}),
            value: (_: uPlot, v: number | null) => (v === null ? '–' : format(v)),
          })),
        ],
        axes: [
          { ...axis, space: 80 },
          {
            ...axis,
            size: format === plainNumber ? 70 : 84,
            values: (_, ticks) => ticks.map((v) => format(v)),
          },
        ],
        scales: {
          x: { time: true, range: () => [span.from / 1000, span.to / 1000] },
          y: { range: (_, min, max) => [0, Math.max(10, max * 1.1, min)] },
        },
        legend: { show: lines.length > 0 },
        cursor: { drag: { x: false, y: false } },
      },
      alignLines(lines),
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth || 600, height: 240 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [lines, theme, span.from, span.to, bars, format]);
  return (
    <div className={`time-chart ${className}`} role="img" aria-label={summary}>
      <div ref={box} />
    </div>
  );
}
