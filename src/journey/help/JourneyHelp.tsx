import { useCallback, useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { withOffers } from '../../../engine/plan/offers.ts';
import type { LoadedPlan } from '../../../engine/plan/types.ts';
import type { ApplicationStore } from '../../../engine/state/applicationStore.ts';
import type { ApplicationState } from '../../../engine/state/applicationState.ts';
import { useStoreSelector } from '../../../engine/state/useStoreSelector.ts';
import type { PlanContent } from '../../plans/planContent.ts';
import { earliestOpenSlot } from '../../shared/callSlots.ts';
import { ErrorPopup } from '../ErrorPopup.tsx';
import { useJourneyServices } from '../JourneyServices.ts';
import { MESSAGES } from '../messages.ts';
import { pushEvent } from './analytics.ts';
import { bookCall, bookingFailure, type Caller } from './bookCall.ts';
import { ChatDialog } from './ChatDialog.tsx';
import { IdlePopup, useIdle } from './IdleHelp.tsx';
import { CALLER_POPUP, TalkToExpertDialog, type Booked } from './TalkToExpert.tsx';
import { useJourneyAnalytics } from './useJourneyAnalytics.ts';
import './help.css';

/** After a call is booked for an application, the idle popup has nothing more to offer it in this tab. */
const CALL_BOOKED_KEY = 'bimaflow.callBooked';

type Open = 'expert' | 'idle' | 'chat' | 'thanks' | 'notLoaded' | undefined;

const applicationNumberOf = (state: ApplicationState) =>
  typeof state.applicationNumber === 'string' ? state.applicationNumber : undefined;
const capabilityOf = (state: ApplicationState) =>
  typeof state.capability === 'string' ? state.capability : undefined;

/**
 * The help around every step of every plan (issue 20; spec 02 §2.9, §4.8): Talk to Expert
 * and the chat in the same place on every step (WCAG 2.2 3.2.6), the idle popup, the Thanks
 * popup, and the journey's measurement. Mounted once the first step is on screen; its copy and
 * Talk to Expert's forms come with the plan's later forms.
 */
export default function JourneyHelp({
  plan,
  store,
  stepId,
  funnelStep = true,
}: {
  plan: LoadedPlan;
  store: ApplicationStore;
  stepId: string | undefined;
  /** Whether the step is one of the plan's forms, counted in the desk's funnel (a proposal page's
   * outcome screens are not). */
  funnelStep?: boolean;
}) {
  const { api, now, session } = useJourneyServices();
  const { productId } = plan.config;
  const applicationNumber = useStoreSelector(store, applicationNumberOf);
  const capability = useStoreSelector(store, capabilityOf);
  const [open, setOpen] = useState<Open>();
  const [idleBusy, setIdleBusy] = useState(false);
  const [idleMessage, setIdleMessage] = useState<string>();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    plan.loadForms().then(
      () => live && setLoaded(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [plan]);
  const copy = loaded ? (plan.content as PlanContent | undefined)?.help : undefined;
  const context = useMemo(
    () => ({ productId, step: stepId, applicationNumber, capability }),
    [productId, stepId, applicationNumber, capability],
  );
  const where = useMemo(() => ({ plan: productId, step: stepId ?? '' }), [productId, stepId]);
  useJourneyAnalytics(plan, store, stepId, funnelStep);

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
      if (applicationNumber) session.setItem(CALL_BOOKED_KEY, applicationNumber);
      setOpen('thanks');
    },
    [applicationNumber, session, where],
  );
  const bookedFromDialog = useCallback(
    (booking: Booked) => booked({ ...booking, source: 'talk_to_expert' }),
    [booked],
  );

  // Spec 02 §4.8: the idle popup, only with an application number, only while nothing else is
  // open; not once a call is booked for the application.
  const callBooked =
    applicationNumber !== undefined && session.getItem(CALL_BOOKED_KEY) === applicationNumber;
  const showIdle = useCallback(() => {
    if (document.querySelector('[aria-modal="true"]')) return;
    setIdleMessage(undefined);
    setOpen('idle');
  }, []);
  useIdle(
    copy !== undefined && applicationNumber !== undefined && !callBooked && open === undefined,
    showIdle,
  );

  // 'Get a call back': the earliest open slot for the application's holder. Details the holder
  // has not given as Talk to Expert asks for them (an organisation's name, no gender) are not
  // made up: Talk to Expert opens with what there is.
  const callBack = useCallback(async () => {
    const caller = plan.popups[CALLER_POPUP]!;
    const offered = withOffers({}, caller.definition.offer, store.getState());
    if (caller.validator.validateFormData(offered, caller.schema).errors.length) {
      showExpert();
      return;
    }
    setIdleBusy(true);
    setIdleMessage(undefined);
    try {
      const slot = earliestOpenSlot(now());
      await bookCall(api, offered as unknown as Caller, { mode: 'slot', ...slot }, context);
      booked({ mode: 'slot', slotId: slot.slotId, source: 'idle' });
    } catch (error) {
      // Spec 02 §8: in the idle popup the failure is shown to the visitor.
      setIdleMessage(bookingFailure(error).message);
    } finally {
      setIdleBusy(false);
    }
  }, [api, booked, context, now, plan, showExpert, store]);

  if (!copy) return null;
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
            {copy.talkToExpert}
          </button>
          <button type="button" className="bf-help-dock__chat" onClick={openChat}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path
                fill="currentColor"
                d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-4 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z"
              />
            </svg>
            {copy.chat}
          </button>
        </aside>,
        document.body,
      )}
      {open === 'expert' && (
        <TalkToExpertDialog
          plan={plan}
          copy={copy}
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
          copy={copy}
          busy={idleBusy}
          message={idleMessage}
          onTalk={showExpert}
          onCallBack={() => void callBack()}
          onClose={close}
        />
      )}
      {open === 'chat' && <ChatDialog copy={copy} context={context} onClose={close} />}
      {open === 'notLoaded' && <ErrorPopup message={MESSAGES.formNotLoaded} onClose={close} />}
      {open === 'thanks' && <ErrorPopup title={copy.thanksTitle} message={copy.thanksText} onClose={close} />}
    </>
  );
}
