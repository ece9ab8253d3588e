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

/**
 * A step title on lines of about `width` characters, at most `maxLines` (the last ending in '…'
 * when the title is longer), so long titles fit beside the bars on a phone.
 */
export function wrapLabel(title: string, width = 14, maxLines = 3): string {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last]!.length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return lines.join('\n');
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, Math.max(1, width - 1))}…`;
  return kept.join('\n');
}
