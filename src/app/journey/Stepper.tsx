import { memo } from 'react';
import type { StepperStep } from '../../../engine/plan/types.ts';

/**
 * The journey stepper: steps before the current one checked, the current one active. Memoised,
 * so it re-renders when the step changes, not when the step's data does.
 */
export const Stepper = memo(function Stepper({ steps, current }: { steps: StepperStep[]; current: string }) {
  const index = steps.findIndex((step) => step.id === current);
  return (
    <nav className="bf-stepper" aria-label="Progress">
      <ol>
        {steps.map((step, i) => {
          const state = i < index ? 'done' : i === index ? 'current' : i === index + 1 ? 'next' : 'todo';
          return (
            <li
              key={step.id}
              className={`bf-stepper__step bf-stepper__step--${state}`}
              aria-current={i === index ? 'step' : undefined}
            >
              <span className="bf-stepper__dot" aria-hidden="true">
                {state === 'done' ? '✓' : i + 1}
              </span>
              <span className="bf-stepper__label">
                {step.label}
                {state === 'done' && <span className="bf-visually-hidden"> (completed)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
});
