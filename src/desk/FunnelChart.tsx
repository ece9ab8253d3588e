import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Funnel } from './deskApi.ts';
import {
  CHART_FONT_PX,
  CHART_LABEL_LINES,
  CHART_LINE_GAP,
  CHART_ROW_PX,
  funnelSummary,
  wrapLabel,
} from './funnelFigures.ts';

/** The brand's blue and orange (as the visitor's app), each 4.5:1 or more on white. */
const ENTERED = '#0b4f9c';
const LEFT_HERE = '#b84a00';
const INK = '#1b2533';
const FONT = `${CHART_FONT_PX}px "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif`;
/** Beside the bars, the step titles get this much room: a phone's, or a wider screen's. */
const LABELS = { narrow: { px: 118, characters: 14 }, wide: { px: 230, characters: 30 } };
const WIDE_PX = 640;
/** Whole visits only: tick steps with no fractions. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000];

/**
 * Visits entering each step beside those that left at it, as pairs of horizontal bars (uPlot,
 * drawn on a canvas). The figure carries its meaning in words for a screen reader, and the
 * table after it holds the same figures.
 */
export function FunnelChart({ funnel }: { funnel: Funnel }) {
  const box = useRef<HTMLDivElement>(null);
  const height = 60 + funnel.steps.length * CHART_ROW_PX;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const labels = element.clientWidth >= WIDE_PX ? LABELS.wide : LABELS.narrow;
    // At most two lines each, so one title never runs into the next (the table holds them whole).
    const titles = funnel.steps.map((step) => wrapLabel(step.title, labels.characters, CHART_LABEL_LINES));
    const indexes = funnel.steps.map((_, index) => index);
    const bars = (align: -1 | 1) => uPlot.paths.bars!({ size: [0.4, 22], align });
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, ori: 1, dir: -1, range: [-0.5, funnel.steps.length - 0.5] },
          y: {
            ori: 0,
            dir: 1,
            range: (_u, _min, max) => [0, Math.max(1, max)],
          },
        },
        axes: [
          {
            scale: 'x',
            side: 3,
            size: labels.px,
            font: FONT,
            lineGap: CHART_LINE_GAP,
            stroke: INK,
            grid: { show: false },
            splits: () => indexes,
            values: (_u, splits) => splits.map((index) => titles[index] ?? ''),
          },
          {
            scale: 'y',
            side: 2,
            font: FONT,
            labelFont: FONT,
            stroke: INK,
            label: 'Visits',
            incrs: WHOLE_STEPS,
            values: (_u, splits) => splits.map((value) => String(value)),
          },
        ],
        series: [
          {},
          { label: 'Entered', fill: ENTERED, width: 0, paths: bars(-1), points: { show: false } },
          { label: 'Left here', fill: LEFT_HERE, width: 0, paths: bars(1), points: { show: false } },
        ],
      },
      [indexes, funnel.steps.map((step) => step.entered), funnel.steps.map((step) => step.leftHere)],
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(element.clientWidth, 280), height }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [funnel, height]);

  return (
    <figure className="desk-chart">
      <ul className="desk-legend" aria-hidden="true">
        <li>
          <span className="desk-swatch" style={{ background: ENTERED }} /> Entered
        </li>
        <li>
          <span className="desk-swatch" style={{ background: LEFT_HERE }} /> Left here
        </li>
      </ul>
      <div
        ref={box}
        role="img"
        aria-label={funnelSummary(funnel.planName, funnel.steps)}
        style={{ height }}
      />
      <figcaption className="desk-muted">
        Bars: visits that entered each step, and visits whose furthest step it was. The table below holds the
        same figures.
      </figcaption>
    </figure>
  );
}
