import { useCallback, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import { earliestOpenSlot } from '../../shared/callSlots.ts';
import { ErrorPopup } from '../ErrorPopup.tsx';
import { useJourneyServices } from '../JourneyServices.ts';
import { MESSAGES } from '../messages.ts';
import { bookCall, bookingFailure, type Caller } from './bookCall.ts';
import { ChatDialog } from './ChatDialog.tsx';
import { IdlePopup, useIdle } from './IdleHelp.tsx';
import { useJourneyAnalytics } from './useJourneyAnalytics.ts';
import { pushEvent } from './analytics.ts';
import { TalkToExpertDialog, type Booked } from './TalkToExpert.tsx';
import './help.css';

/** Spec 02 §2.9, the Thanks popup. */
const THANKS_TITLE = 'Thanks! We will get in touch soon.';
const THANKS_TEXT = 'Thank you for submitting your details, our experts will connect to you shortly';
/** The idle popup shows once per application in a tab: help offered, not pressed on the visitor. */
const IDLE_SHOWN_KEY = 'bimaflow.idleOffered';

type Open = 'expert' | 'idle' | 'chat' | 'thanks' | 'notLoaded' | undefined;

const applicationNumberOf = (state: ApplicationState) =>
  typeof state.applicationNumber === 'string' ? state.applicationNumber : undefined;
const capabilityOf = (state: ApplicationState) =>
  typeof state.capability === 'string' ? state.capability : undefined;

/**
 * The help around every step of every plan (issue 20; spec 02 §2.9, §4.8): Talk to Expert
 * and the chat in the same place on every step (WCAG 2.2 3.2.6), the idle popup, the Thanks
 * popup, and the journey's measurement. Loaded once the first step is on screen.
 */
export default function JourneyHelp({
  plan,
  store,
  stepId,
}: {
  plan: LoadedPlan;
  store: ApplicationStore;
  stepId: string | undefined;
}) {
  const { api, now, session } = useJourneyServices();
  const { productId } = plan.config;
  const applicationNumber = useStoreSelector(store, applicationNumberOf);
  const capability = useStoreSelector(store, capabilityOf);
  const [open, setOpen] = useState<Open>();
  const [idleBusy, setIdleBusy] = useState(false);
  const [idleMessage, setIdleMessage] = useState<string>();
  const context = useMemo(
    () => ({ productId, step: stepId, applicationNumber, capability }),
    [productId, stepId, applicationNumber, capability],
  );
  const where = useMemo(() => ({ plan: productId, step: stepId ?? '' }), [productId, stepId]);
  useJourneyAnalytics(plan, store, stepId);

  const close = useCallback(() => setOpen(undefined), []);
  // Talk to Expert's forms are the plan's popups: their validators come with the later forms.
  const showExpert = useCallback(
    () =>
      void plan.loadForms().then(
        () => setOpen('expert'),
        () => setOpen('notLoaded'),
      ),
    [plan],
  );
  const openExpert = useCallback(() => {
    pushEvent('header_cta_click', { cta: 'talk_to_expert', ...where });
    showExpert();
  }, [showExpert, where]);
  const openChat = useCallback(() => {
    pushEvent('chatbot_initiate', where);
    setOpen('chat');
  }, [where]);
  const booked = useCallback(
    (booking: Booked & { source: 'talk_to_expert' | 'idle' }) => {
      pushEvent('book_a_call', {
        ...where,
        mode: booking.mode,
        slot: booking.slotId,
        source: booking.source,
      });
      setOpen('thanks');
    },
    [where],
  );
  const bookedFromDialog = useCallback(
    (booking: Booked) => booked({ ...booking, source: 'talk_to_expert' }),
    [booked],
  );

  // The idle popup: only with an application number, only while nothing else is open, once per application.
  const idleOffered =
    applicationNumber !== undefined && session.getItem(IDLE_SHOWN_KEY) === applicationNumber;
  const showIdle = useCallback(() => {
    if (document.querySelector('[aria-modal="true"]')) return;
    if (applicationNumber) session.setItem(IDLE_SHOWN_KEY, applicationNumber);
    setIdleMessage(undefined);
    setOpen('idle');
  }, [applicationNumber, session]);
  useIdle(applicationNumber !== undefined && !idleOffered && open === undefined, showIdle);

  const callBack = useCallback(async () => {
    const holder = (store.getState().basicDetails as { policyHolder?: Partial<Caller> } | undefined)
      ?.policyHolder;
    setIdleBusy(true);
    setIdleMessage(undefined);
    try {
      const slot = earliestOpenSlot(now());
      await bookCall(
        api,
        {
          fullName: holder?.fullName ?? '',
          mobileNumber: holder?.mobileNumber ?? '',
          gender: holder?.gender ?? 'Other',
        },
        { mode: 'slot', ...slot },
        context,
      );
      booked({ mode: 'slot', slotId: slot.slotId, source: 'idle' });
    } catch (error) {
      // Spec 02 §8: in the idle popup the failure is shown to the visitor.
      setIdleMessage(bookingFailure(error).message);
    } finally {
      setIdleBusy(false);
    }
  }, [api, booked, context, now, store]);

  return (
    <>
      {createPortal(
        <aside className="bf-help-dock" aria-label="Help">
          <button type="button" className="bf-help-dock__expert" onClick={openExpert}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path
                fill="currentColor"
                d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
              />
            </svg>
            Talk to Expert
          </button>
          <button type="button" className="bf-help-dock__chat" onClick={openChat}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path
                fill="currentColor"
                d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-4 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z"
              />
            </svg>
            Chat
          </button>
        </aside>,
        document.body,
      )}
      {open === 'expert' && (
        <TalkToExpertDialog
          plan={plan}
          application={store.getState()}
          context={context}
          api={api}
          now={now}
          onBooked={bookedFromDialog}
          onClose={close}
        />
      )}
      {open === 'idle' && (
        <IdlePopup
          busy={idleBusy}
          message={idleMessage}
          onTalk={showExpert}
          onCallBack={() => void callBack()}
          onClose={close}
        />
      )}
      {open === 'chat' && <ChatDialog context={context} onClose={close} />}
      {open === 'notLoaded' && <ErrorPopup message={MESSAGES.formNotLoaded} onClose={close} />}
      {open === 'thanks' && <ErrorPopup title={THANKS_TITLE} message={THANKS_TEXT} onClose={close} />}
    </>
  );
}
