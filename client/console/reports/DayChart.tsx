import { useEffect, useRef } from 'react';
import { css } from '../../../styled-system/css';

/** What uPlot's own stylesheet gives the few parts it draws with (its canvas, the overlay, the axes). */
const chartBox = css({
  position: 'relative',
  minH: '220px',
  '& .u-wrap': { position: 'relative', userSelect: 'none' },
  '& .u-over, & .u-under': { position: 'absolute' },
  '& canvas': { display: 'block', position: 'relative', w: 'full', h: 'full' },
  '& .u-axis': { position: 'absolute' },
});

const cssColour = (el: Element, name: string, fallback: string) => getComputedStyle(el).getPropertyValue(name).trim() || fallback;

/**
 * A bar chart of a figure by day, drawn by uPlot (loaded with the first chart, in the reports'
 * own chunk). A picture for those who would rather look: the table beside it has every figure,
 * so the chart is one image with its words (`label`) to assistive technology.
 */
export function DayChart({
  label,
  days,
  values,
  format,
}: {
  label: string;
  days: string[];
  values: number[];
  format: (v: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    // a browser that draws (component tests have no canvas): the table holds the figures either way
    if (!el || typeof ResizeObserver !== 'function' || !canDraw()) return;
    let plot: { setSize: (s: { width: number; height: number }) => void; destroy: () => void } | null = null;
    let gone = false;
    const seen = new ResizeObserver(([entry]) =>
      plot?.setSize({ width: Math.max(200, Math.floor(entry!.contentRect.width)), height: 220 }),
    );
    void import('uplot').then(({ default: UPlot }) => {
      if (gone) return;
      const text = cssColour(el, '--colors-text-muted', '#555');
      const fill = cssColour(el, '--colors-primary', '#2f60d4');
      const grid = cssColour(el, '--colors-surface-muted', '#e5e5e5');
      const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { show: false } };
      plot = new UPlot(
        {
          width: Math.max(200, el.clientWidth),
          height: 220,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: false, range: [-0.5, days.length - 0.5] } },
          axes: [
            { ...axis, grid: { show: false }, incrs: [1, 2, 7, 14, 28], values: (_, splits) => splits.map((i) => shortLabel(days[i])) },
            { ...axis, size: 70, values: (_, splits) => splits.map(format) },
          ],
          series: [{}, { label, fill, stroke: fill, width: 0, paths: UPlot.paths.bars!({ size: [0.7, 48] }), points: { show: false } }],
        },
        [days.map((_, i) => i), values],
        el,
      );
      seen.observe(el);
    });
    return () => {
      gone = true;
      seen.disconnect();
      plot?.destroy();
    };
  }, [days, values, label, format]);
  return <div ref={box} role="img" aria-label={`${label}: a chart of the table that follows`} className={chartBox} />;
}

let drawing: boolean | undefined;
/** Whether this browser has a 2D canvas (checked once). */
const canDraw = () => (drawing ??= !!document.createElement('canvas').getContext('2d'));

/** '2025-03-03' → '3/3' under a bar. */
const shortLabel = (date: string | undefined) => (date ? `${Number(date.slice(8))}/${Number(date.slice(5, 7))}` : '');
