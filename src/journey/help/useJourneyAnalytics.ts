import { useEffect, useRef } from 'react';
import type { RJSFValidationError } from '@rjsf/utils';
import type { LoadedPlan, LoadedStep } from '../../../engine/plan/types.ts';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import { createBoundSelector } from '../boundData.ts';
import { ERROR_KEYS } from '../../shared/analyticsApi.ts';
import { fieldOf, fieldOfProperty, pushEvent, StepEvents, visitId } from './analytics.ts';

/** The ajv keyword behind an error (ajv-errors wraps the original one in `errorMessage`). */
function keywordOf(error: RJSFValidationError): string {
  const wrapped = (error.params as { errors?: { keyword?: string }[] } | undefined)?.errors?.[0]?.keyword;
  const keyword = error.name === 'errorMessage' && wrapped ? wrapped : (error.name ?? 'invalid');
  return ERROR_KEYS.includes(keyword) ? keyword : 'invalid';
}

/** The fields a submit of the step would refuse, with their keywords, as the step's own validator sees them. */
function stepErrors(step: LoadedStep, store: ApplicationStore): { field: string; errorKey: string }[] {
  const data = createBoundSelector(step.definition.bind, step.schema)(store.getState());
  const { errors } = step.validator.validateFormData(data, step.schema);
  const seen = new Set<string>();
  return errors.flatMap((error) => {
    const field = fieldOfProperty(error.property);
    if (!field || seen.has(field)) return [];
    seen.add(field);
    return [{ field, errorKey: keywordOf(error) }];
  });
}

/** Which header action an element is (the header's links and buttons carry no ids of their own). */
function headerCta(element: Element): string {
  if (element.hasAttribute('download')) return 'brochure';
  if (element.hasAttribute('aria-controls')) return 'help_center';
  return 'resume_application';
}

/**
 * The journey's measurement (docs/design/analytics.md): the data layer's events of spec 01
 * §7.5 from the visitor's clicks and inputs, and each step's enter, leave (with the time spent)
 * and errors for the server's funnel. Only names of plans, steps, fields and keywords leave the page.
 */
export function useJourneyAnalytics(
  plan: LoadedPlan,
  store: ApplicationStore,
  stepId: string | undefined,
  funnelStep = true,
) {
  const events = useRef<StepEvents>(undefined);
  events.current ??= new StepEvents(visitId());
  const { productId } = plan.config;

  // Enter and leave, with the time the step was on screen. The page being hidden (a visitor
  // fetching an OTP from another app, or never coming back) sends what is known so far; each
  // leave carries the step's running total, and the server keeps a visit's largest.
  useEffect(() => {
    if (!stepId) return;
    pushEvent('step_view', { plan: productId, step: stepId });
    if (!funnelStep) return;
    const queue = events.current!;
    let spent = 0;
    let since: number | undefined = document.visibilityState === 'hidden' ? undefined : performance.now();
    const total = () => Math.round(spent + (since === undefined ? 0 : performance.now() - since));
    queue.add({ productId, step: stepId, kind: 'enter' });
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        if (since !== undefined) spent += performance.now() - since;
        since = undefined;
        queue.add({ productId, step: stepId, kind: 'leave', ms: total() });
        queue.flush(true);
      } else since ??= performance.now();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      queue.add({ productId, step: stepId, kind: 'leave', ms: total() });
    };
  }, [productId, stepId, funnelStep]);

  // The visitor's clicks and inputs, heard once for the whole page.
  useEffect(() => {
    if (!stepId) return;
    const step = plan.steps[stepId];
    const context = { plan: productId, step: stepId };
    const touched = new Set<string>();
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const header = target?.closest('.bf-brandbar__actions a, .bf-brandbar__actions button');
      if (header) {
        const cta = headerCta(header);
        pushEvent('header_cta_click', { ...context, cta });
        if (cta === 'resume_application') pushEvent('resume_application_step', { ...context, stage: 'open' });
        return;
      }
      if (target?.closest('.bf-back')) {
        pushEvent('back_click', context);
        return;
      }
      const submit = target?.closest('button[type="submit"]');
      if (!submit) return;
      const dialog = submit.closest('[role="dialog"]');
      if (dialog) {
        const title = dialog.getAttribute('aria-label');
        const popup = Object.values(plan.popups).find(
          (candidate) => String(candidate.definition.title ?? candidate.schema.title ?? '') === title,
        );
        const name = popup?.definition.analyticsEvent;
        if (name) pushEvent(name, { ...context, popup: popup.id, stage: 'submit' });
        return;
      }
      if (!step || !submit.closest('.bf-card')) return;
      pushEvent('cta_interaction', { ...context, cta: 'submit' });
      // After the form has checked itself: the step's own event, with what (if anything) stopped it.
      window.setTimeout(() => {
        const errors = stepErrors(step, store);
        for (const error of errors) events.current!.add({ productId, step: stepId, kind: 'error', ...error });
        if (step.definition.analyticsEvent)
          pushEvent(step.definition.analyticsEvent, {
            ...context,
            result: errors.length ? 'invalid' : 'valid',
            errorCount: errors.length,
            errorFields: errors.map((error) => error.field).join(',') || undefined,
          });
      }, 0);
    };
    const onInput = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target?.closest('.bf-step-form')) return;
      const field = fieldOf(target);
      if (!field || touched.has(field)) return;
      touched.add(field);
      pushEvent('input_interaction', { ...context, field });
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('input', onInput, true);
    document.addEventListener('change', onInput, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('input', onInput, true);
      document.removeEventListener('change', onInput, true);
    };
  }, [plan, productId, stepId, store]);
}
