import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { withOffers } from '../../../engine/plan/offers.ts';
import type { LoadedPlan, LoadedStep } from '../../../engine/plan/types.ts';
import { StepForm, type StepData } from '../../../engine/form/StepForm.tsx';
import { useModalDialog } from '../../../engine/form/useModalDialog.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import type { HelpCopy } from '../../plans/planContent.ts';
import { templates, widgets } from '../../../widgets/registry.ts';
import type { ApiClient } from '../../api/apiClient.ts';
import { isSlotPast, kolkataClock, nextDay, SLOT_HOURS } from '../../shared/callSlots.ts';
import { bookCall, bookingFailure, type CallContext, type Caller, type CallWhen } from './bookCall.ts';

/** The plan popups (schemas/common/plan-parts.json) that hold Talk to Expert's two forms. */
export const CALLER_POPUP = 'talk-to-expert';
export const SLOT_POPUP = 'talk-to-expert-slot';

export interface Booked {
  mode: 'now' | 'slot';
  slotId?: number;
}

/** The slot popup with the slots already over on `date` disabled (India time). */
function withPastSlotsDisabled(popup: LoadedStep, past: number[]): LoadedStep {
  if (!past.length) return popup;
  const slotUi = (popup.uiSchema.slotId ?? {}) as Record<string, unknown>;
  return { ...popup, uiSchema: { ...popup.uiSchema, slotId: { ...slotUi, 'ui:enumDisabled': past } } };
}

function pastSlotsOn(date: unknown, now: Date): number[] {
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return [];
  return SLOT_HOURS.filter((slot) => isSlotPast(slot, date, now)).map((slot) => slot.id);
}

/** Today in India, or tomorrow once today's last slot is over: the day the slot step opens on. */
function firstBookableDay(now: Date): string {
  const today = kolkataClock(now).date;
  return pastSlotsOn(today, now).length === SLOT_HOURS.length ? nextDay(today) : today;
}

/** The clock, re-read every half minute while the slot step is open, so a slot ending meanwhile is disabled. */
function useMinuteClock(now: () => Date): Date {
  const [at, setAt] = useState(now);
  useEffect(() => {
    const timer = window.setInterval(() => setAt(now()), 30_000);
    return () => window.clearInterval(timer);
  }, [now]);
  return at;
}

/**
 * Talk to Expert (spec 02 §2.9, §4.8, §5.6): name, mobile and gender (offered from the
 * application), then 'Book a Call Now' or 'Pick a time slot' — a date from today and one of
 * the five slots, those over disabled. The booking carries its context (plan, step, application).
 * Spec 02 §8: a token or lead failure is only logged and the loader cleared; a refusal the
 * server explains (a field, too many attempts) is shown.
 */
export function TalkToExpertDialog({
  plan,
  copy,
  application,
  context,
  api,
  now,
  onBooked,
  onClose,
}: {
  plan: LoadedPlan;
  copy: HelpCopy;
  application: ApplicationState;
  context: CallContext;
  api: ApiClient;
  now: () => Date;
  onBooked: (booked: Booked) => void;
  onClose: () => void;
}) {
  const callerPopup = plan.popups[CALLER_POPUP]!;
  const slotPopup = plan.popups[SLOT_POPUP]!;
  const [caller, setCaller] = useState<StepData>(() =>
    withOffers({}, callerPopup.definition.offer, application),
  );
  const [stage, setStage] = useState<'caller' | 'slot'>('caller');
  const [slot, setSlot] = useState<StepData>(() => ({ date: firstBookableDay(now()) }));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();
  const chosen = useRef<'now' | 'slot'>('now');
  const dialogRef = useModalDialog<HTMLDivElement>(onClose);
  const clock = useMinuteClock(now);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  const past = pastSlotsOn(slot.date, clock);
  const pastKey = past.join(',');
  const slotStep = useMemo(
    () => withPastSlotsDisabled(slotPopup, pastKey ? pastKey.split(',').map(Number) : []),
    [slotPopup, pastKey],
  );
  // A slot chosen before it ended (or before the day changed) is no longer a choice.
  const slotData = useMemo(() => {
    if (typeof slot.slotId !== 'number' || !pastKey.split(',').includes(String(slot.slotId))) return slot;
    const { slotId: _over, ...rest } = slot;
    return rest;
  }, [slot, pastKey]);

  const book = useCallback(
    async (when: CallWhen) => {
      if (busy) return;
      setBusy(true);
      setMessage(undefined);
      try {
        await bookCall(api, caller as unknown as Caller, when, context);
        if (live.current)
          onBooked(when.mode === 'slot' ? { mode: 'slot', slotId: when.slotId } : { mode: 'now' });
      } catch (error) {
        const failure = bookingFailure(error);
        // Spec 02 §8: in Talk to Expert a token or lead failure is only logged.
        if (failure.kind === 'refused') {
          if (live.current) setMessage(failure.message);
        } else console.warn(`Talk to Expert: ${failure.message}`);
      } finally {
        if (live.current) setBusy(false);
      }
    },
    [api, busy, caller, context, onBooked],
  );

  const submitCaller = useCallback(
    (data: StepData) => {
      setCaller(data);
      if (chosen.current === 'slot') {
        setMessage(undefined);
        setStage('slot');
        return;
      }
      void book({ mode: 'now' });
    },
    [book],
  );
  const submitSlot = useCallback(
    (data: StepData) => void book({ mode: 'slot', date: String(data.date), slotId: Number(data.slotId) }),
    [book],
  );
  // Which of the caller step's two buttons submitted it (Enter in a field is 'Book a Call Now').
  const noteChoice = useCallback((event: MouseEvent) => {
    const button = (event.target as Element).closest('button[type="submit"]');
    if (button) chosen.current = button.getAttribute('data-choice') === 'slot' ? 'slot' : 'now';
  }, []);

  const dayOver = past.length === SLOT_HOURS.length;
  const title = String((stage === 'caller' ? callerPopup : slotPopup).definition.title ?? '');
  return createPortal(
    <div className="bf-modal-backdrop">
      <div
        ref={dialogRef}
        tabIndex={-1}
        className="bf-modal bf-modal--form bf-expert"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        onClickCapture={noteChoice}
      >
        <button type="button" className="bf-expert__close" aria-label={copy.close} onClick={onClose}>
          ×
        </button>
        {stage === 'caller' ? (
          <StepForm
            key="caller"
            step={callerPopup}
            formData={caller}
            validator={callerPopup.validator}
            widgets={widgets}
            templates={templates}
            onChange={setCaller}
            onSubmit={submitCaller}
            busy={busy}
            actions={
              <button type="submit" className="bf-button bf-button--secondary" data-choice="slot">
                {copy.pickSlot}
              </button>
            }
          >
            {message && (
              <p className="bf-expert__message" role="alert">
                {message}
              </p>
            )}
          </StepForm>
        ) : (
          <StepForm
            key="slot"
            step={slotStep}
            formData={slotData}
            validator={slotPopup.validator}
            widgets={widgets}
            templates={templates}
            onChange={setSlot}
            onSubmit={submitSlot}
            busy={busy}
            actions={
              <button
                type="button"
                className="bf-button bf-button--secondary"
                onClick={() => {
                  setMessage(undefined);
                  setStage('caller');
                }}
              >
                {copy.back}
              </button>
            }
          >
            {dayOver && (
              <p className="bf-expert__note" role="status">
                {copy.dayOver}
              </p>
            )}
            {message && (
              <p className="bf-expert__message" role="alert">
                {message}
              </p>
            )}
          </StepForm>
        )}
        {busy && (
          <p className="bf-expert__progress" role="status">
            <span className="bf-loader__spinner bf-loader__spinner--small" aria-hidden="true" />
            {copy.booking}
          </p>
        )}
      </div>
    </div>,
    document.body,
  );
}
