import type { FunnelStep } from './deskApi.ts';

/** The share of a step's visits that went no further, as a whole percent ('40%'); '0%' when none entered. */
export function dropOffPercent(step: Pick<FunnelStep, 'entered' | 'leftHere'>): string {
  if (step.entered <= 0) return '0%';
  return `${Math.round((step.leftHere / step.entered) * 100)}%`;
}

/** A step's most frequent errors, most first, as 'field (errorKey) × count'; at most `limit`. */
export function topErrors(step: Pick<FunnelStep, 'errors'>, limit = 3): string[] {
  return [...step.errors]
    .sort((a, b) => b.count - a.count || (a.field ?? '').localeCompare(b.field ?? ''))
    .slice(0, limit)
    .map((error) => `${error.field ?? 'no field'} (${error.errorKey ?? 'no key'}) × ${error.count}`);
}

/** What the chart says in words, for its accessible name. */
export function funnelSummary(planName: string, steps: readonly FunnelStep[]): string {
  if (!steps.length) return `${planName}: no visits in this period.`;
  return `${planName}: ${steps
    .map((step) => `${step.title}, ${step.entered} entered, ${step.leftHere} left here`)
    .join('; ')}.`;
}

/** The chart's lettering: its size in px, and the gap uPlot leaves between a label's lines (its axis `lineGap`, in font sizes). */
export const CHART_FONT_PX = 13;
export const CHART_LINE_GAP = 1.5;
/** Lines of a step's title beside its bars; a longer title ends in '…' (the table holds it whole). */
export const CHART_LABEL_LINES = 2;
/** The height of each step's row in the chart. */
export const CHART_ROW_PX = 64;

/**
 * The room between one step's title and the next's, in px. uPlot writes a title's first line
 * centred on its row's tick and each further line below it, so a title takes its lines' height
 * down from the tick, and the next begins half a line above the next tick.
 */
export function chartLabelGap(lines = CHART_LABEL_LINES, rowPx = CHART_ROW_PX): number {
  return rowPx - (lines - 1) * CHART_FONT_PX * CHART_LINE_GAP - CHART_FONT_PX;
}

/**
 * A step title on lines of about `width` characters, at most `maxLines` (the last ending in '…'
 * when the title is longer), so long titles fit beside the bars on a phone.
 */
export function wrapLabel(title: string, width = 14, maxLines = CHART_LABEL_LINES): string {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines.join('\n');
  const kept = lines.slice(0, maxLines);
  // The last line with room for '…': its words that fit, else as many letters as fit.
  const last = kept[maxLines - 1]!;
  const space = last.lastIndexOf(' ', width - 1);
  kept[maxLines - 1] =
    `${last.length <= width - 1 ? last : space > 0 ? last.slice(0, space) : last.slice(0, Math.max(1, width - 1))}…`;
  return kept.join('\n');
}
