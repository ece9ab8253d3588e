// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstInteraction,
  noteFirstInteraction,
} from '../../../../src/app/journey/afterFirstInteraction.ts';

/*
 * Issue 21: the later steps' code waits for the visitor's first interaction, then for the
 * browser to be idle; a page nobody uses asks for nothing more.
 */

afterEach(() => {
  vi.useRealTimers();
  delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
  delete (window as { cancelIdleCallback?: unknown }).cancelIdleCallback;
});

describe('afterFirstInteraction', () => {
  it('waits for a person: no call on load, on a focus or a scroll; once after the first key, when idle', () => {
    const idle: (() => void)[] = [];
    Object.assign(window, {
      requestIdleCallback: (callback: () => void) => idle.push(callback),
      cancelIdleCallback: vi.fn(),
    });
    const callback = vi.fn();
    afterFirstInteraction(callback);
    window.dispatchEvent(new Event('focusin'));
    window.dispatchEvent(new Event('scroll'));
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    window.dispatchEvent(new Event('pointerdown'));
    // Asked once, for when the browser is idle; not run before then.
    expect(idle).toHaveLength(1);
    expect(callback).not.toHaveBeenCalled();
    idle[0]!();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('falls back to the next task where the browser has no idle callback', () => {
    vi.useFakeTimers();
    const callback = vi.fn();
    afterFirstInteraction(callback);
    vi.advanceTimersByTime(60_000);
    expect(callback).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('touchstart'));
    vi.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled (the journey left the screen), before or after the interaction', () => {
    vi.useFakeTimers();
    const before = vi.fn();
    afterFirstInteraction(before)();
    const after = vi.fn();
    const cancel = afterFirstInteraction(after);
    window.dispatchEvent(new Event('wheel'));
    cancel();
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(1_000);
    expect(before).not.toHaveBeenCalled();
    expect(after).not.toHaveBeenCalled();
  });

  // Last: once noted, the page has been used for every later call in this module.
  it("counts a touch on the page's first paint, before the journey listens (noteFirstInteraction from the entry)", () => {
    const idle: (() => void)[] = [];
    Object.assign(window, {
      requestIdleCallback: (callback: () => void) => idle.push(callback),
      cancelIdleCallback: vi.fn(),
    });
    noteFirstInteraction();
    window.dispatchEvent(new Event('touchstart'));
    const callback = vi.fn();
    afterFirstInteraction(callback);
    // No second interaction needed: asked at once, for when the browser is idle.
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
