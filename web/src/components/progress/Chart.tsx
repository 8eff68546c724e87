// One chart of the statistics pages, drawn with uPlot (a small canvas chart library): bars or a
// line over days. This module is loaded only when a chart is shown (React.lazy), so neither the
// first page nor a free account's summary downloads it. The canvas is hidden from assistive
// technology: each chart comes with a table of the same figures (StatisticsPanel).
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartProps {
  kind: 'bars' | 'line';
  /** The label under each point (a day). */
  labels: string[];
  values: (number | null)[];
  /** The series' name (for uPlot's legend, hidden). */
  name: string;
  color: string;
  /** The top of the value axis (100 for a percentage); from the data otherwise. */
  max?: number;
  height?: number;
}

export default function Chart({ kind, labels, values, name, color, max, height = 180 }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = labels.map((_, i) => i);
    const top = max ?? Math.max(1, ...values.map((v) => v ?? 0));
    // As many day labels as fit (about one per 56 px), evenly spaced.
    const every = (width: number) => Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor(width / 56))));
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: [-0.5, Math.max(0.5, labels.length - 0.5)] },
        y: { range: [0, top * 1.1] },
      },
      axes: [
        {
          stroke: '#5f5b76',
          grid: { show: false },
          ticks: { show: false },
          splits: (u) => xs.filter((i) => i % every(u.width) === 0),
          values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
        },
        { stroke: '#5f5b76', grid: { stroke: '#e3e0ef' }, ticks: { show: false }, size: 40 },
      ],
      series: [
        {},
        kind === 'bars'
          ? { label: name, fill: color, stroke: color, width: 0, paths: uPlot.paths.bars!({ size: [0.7, 48] }), points: { show: false } }
          : { label: name, stroke: color, width: 2, spanGaps: true, points: { show: true, size: 7, fill: color } },
      ],
    };
    const plot = new uPlot(opts, [xs, values], el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [kind, labels, values, name, color, max, height]);

  return <div ref={box} className="stats-chart-canvas" aria-hidden="true" data-testid="stats-chart" />;
}
