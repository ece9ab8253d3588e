import { useState } from 'react';
import { formatRupees } from '../shared/rupees.ts';
import { groupCallbacks } from './callbackGroups.ts';
import { deskApi, failureMessage, type Callback } from './deskApi.ts';
import { formatIndiaDateTime, indiaDate, isCalendarDate } from './indiaTime.ts';
import { Failure, Notice, Progress } from './Status.tsx';
import { useLoad } from './useLoad.ts';

const DATE_MESSAGE = 'Please enter a valid date.';

/** A day's call-backs by slot with what the expert needs before calling; staff mark them done. */
export function CallbacksSection() {
  const [date, setDate] = useState(() => indiaDate(new Date()));
  const valid = isCalendarDate(date);
  const list = useLoad(valid ? `callbacks:${date}` : null, (signal) => deskApi.callbacks(date, signal));
  const [busy, setBusy] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<string>();

  async function markDone(booking: Callback) {
    setBusy(booking.id);
    setNotice(undefined);
    setFailure(undefined);
    try {
      await deskApi.markDone(booking.id);
      setNotice(`The call-back for ${booking.fullName} is marked done.`);
      list.reload();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(undefined);
    }
  }

  const groups = list.data ? groupCallbacks(list.data.items) : [];
  return (
    <>
      <div className="desk-toolbar">
        <div className="desk-field">
          <label htmlFor="desk-callbacks-date">Date (India)</label>
          <input
            id="desk-callbacks-date"
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
            aria-invalid={valid ? undefined : true}
            aria-describedby={valid ? undefined : 'desk-callbacks-date-error'}
          />
          {!valid && (
            <p id="desk-callbacks-date-error" className="desk-field-error">
              {DATE_MESSAGE}
            </p>
          )}
        </div>
        <button type="button" className="desk-button" onClick={list.reload} disabled={!valid}>
          Refresh
        </button>
      </div>
      <Notice message={notice} />
      <Failure message={failure ?? list.error} />
      {list.loading && <Progress>Loading call-backs…</Progress>}
      {list.data && !groups.length && (
        <p className="desk-empty">No call-backs are booked for {formatDay(date)}.</p>
      )}
      {groups.map((group) => (
        <section key={group.key} className="desk-group" aria-labelledby={`desk-slot-${group.key}`}>
          <h2 id={`desk-slot-${group.key}`}>
            {group.label} <span className="desk-count">({group.items.length})</span>
          </h2>
          <ul className="desk-cards">
            {group.items.map((booking) => (
              <CallbackCard
                key={booking.id}
                booking={booking}
                busy={busy === booking.id}
                onDone={() => markDone(booking)}
              />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function CallbackCard({ booking, busy, onDone }: { booking: Callback; busy: boolean; onDone: () => void }) {
  const nameId = `desk-callback-${booking.id}`;
  const quote = booking.lastQuote;
  return (
    <li className={booking.doneAt ? 'desk-card desk-card--done' : 'desk-card'}>
      <h3 id={nameId}>{booking.fullName}</h3>
      <dl className="desk-facts">
        <dt>Mobile</dt>
        <dd>
          <a href={`tel:+91${booking.mobileNumber}`}>{booking.mobileNumber}</a>
        </dd>
        <dt>Plan</dt>
        <dd>{booking.planName ?? booking.productId ?? 'Not given'}</dd>
        <dt>Step</dt>
        <dd>{booking.step ?? 'Not given'}</dd>
        <dt>Application</dt>
        <dd>{booking.applicationNumber ?? 'None'}</dd>
        <dt>Last quote</dt>
        <dd>
          {quote
            ? `${quote.premium === null ? 'Premium not given' : formatRupees(quote.premium)}${
                quote.frequency ? ` ${quote.frequency}` : ''
              } (quote ${quote.quoteNumber})`
            : 'None'}
        </dd>
        <dt>Booked</dt>
        <dd>{formatIndiaDateTime(booking.bookedAt)}</dd>
      </dl>
      {booking.doneAt ? (
        <p className="desk-done">
          <span aria-hidden="true">✓ </span>Done {formatIndiaDateTime(booking.doneAt)}
          {doneBy(booking)}
        </p>
      ) : (
        <button
          type="button"
          className="desk-button desk-button--primary"
          onClick={onDone}
          disabled={busy}
          aria-describedby={nameId}
        >
          {busy ? 'Marking done…' : 'Mark done'}
        </button>
      )}
    </li>
  );
}

function doneBy(booking: Callback): string {
  if (booking.doneByName) return ` by ${booking.doneByName}`;
  return booking.doneBy ? ` by staff no. ${booking.doneBy}` : '';
}

function formatDay(date: string): string {
  return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
