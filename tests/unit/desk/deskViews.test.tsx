// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerForm, answerProblem } from '../../../src/desk/ChatThreadView.tsx';
import type { Funnel } from '../../../src/desk/deskApi.ts';
import { CHAT_TEXT_MAX } from '../../../src/shared/chatApi.ts';

afterEach(cleanup);

// uPlot (the funnel's chart) reads the screen's pixel ratio as it loads; jsdom has no media queries.
window.matchMedia ??= (media: string) =>
  ({
    matches: false,
    media,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
const { FunnelFigures } = await import('../../../src/desk/FunnelSection.tsx');

/*
 * Issue 20, the desk's views: a funnel with no visits says so (its steps still list the
 * journey), and the chat answer box's message is announced and tied to the box.
 */
describe('the funnel with no visits', () => {
  it('says no visits were recorded, though the steps list the journey', () => {
    const step = { entered: 0, leftHere: 0, medianMs: null, errors: [] };
    const funnel: Funnel = {
      productId: 'T54',
      planName: 'Guaranteed Pension Plan',
      from: '2026-01-01',
      to: '2026-01-07',
      visits: 0,
      steps: [
        { ...step, step: 'basic-details', title: 'Basic details' },
        { ...step, step: 'plan-details', title: 'Plan details' },
      ],
    };
    render(<FunnelFigures funnel={funnel} />);
    screen.getByText('No visits were recorded for this plan in this period.');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Guaranteed Pension Plan: 0 visits, 2026-01-01 to 2026-01-07',
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the chat answer box', () => {
  it('takes answers up to the chat’s own limit', () => {
    expect(answerProblem('')).toBe('Please write an answer.');
    expect(answerProblem('a'.repeat(CHAT_TEXT_MAX))).toBeUndefined();
    expect(answerProblem('a'.repeat(CHAT_TEXT_MAX + 1))).toBe(
      `An answer can be at most ${CHAT_TEXT_MAX} characters.`,
    );
  });

  it('announces what is wrong and ties it to the box; sends a good answer and empties the box', async () => {
    const sent: string[] = [];
    render(
      <AnswerForm
        onAnswer={async (answer) => {
          sent.push(answer);
          return true;
        }}
      />,
    );
    const user = userEvent.setup();
    const box = screen.getByLabelText('Your answer');
    // The alert is there before anything is wrong, so its message is announced when it appears.
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(alert.textContent).toBe('Please write an answer.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(alert.id);
    expect(sent).toEqual([]);

    await user.type(box, '  Yes, the premium is yearly.  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual(['Yes, the premium is yearly.']);
    expect(alert.textContent).toBe('');
    expect(box.getAttribute('aria-describedby')).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the answer when it could not be sent', async () => {
    render(<AnswerForm onAnswer={async () => false} />);
    const user = userEvent.setup();
    const box = screen.getByLabelText('Your answer');
    await user.type(box, 'Please hold on.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: 'Send' });
    expect((box as HTMLTextAreaElement).value).toBe('Please hold on.');
  });
});
