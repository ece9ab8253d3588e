import { useState } from 'react';
import { deskApi, type Funnel } from './deskApi.ts';
import { FunnelChart } from './FunnelChart.tsx';
import { dropOffPercent, topErrors } from './funnelFigures.ts';
import { formatDuration } from './formatDuration.ts';
import { addDays, indiaDate, isCalendarDate } from './indiaTime.ts';
import { Failure, Progress } from './Status.tsx';
import { useLoad } from './useLoad.ts';

const DEFAULT_DAYS = 7;

/** Where visitors of a plan give up: visits entering each step and leaving at it, as a chart and a table. */
export default function FunnelSection() {
  const [to, setTo] = useState(() => indiaDate(new Date()));
  const [from, setFrom] = useState(() => addDays(indiaDate(new Date()), 1 - DEFAULT_DAYS));
  const [chosen, setChosen] = useState<string>();
  const dateProblem =
    !isCalendarDate(from) || !isCalendarDate(to)
      ? 'Please enter valid dates.'
      : from > to
        ? 'The start date must be on or before the end date.'
        : undefined;
  const period = dateProblem ? null : `${from}:${to}`;
  const plans = useLoad(period && `plans:${period}`, (signal) => deskApi.funnelPlans(from, to, signal));
  const planItems = plans.data?.items ?? [];
  const productId = planItems.some((plan) => plan.productId === chosen) ? chosen : planItems[0]?.productId;
  const funnel = useLoad(period && productId ? `funnel:${productId}:${period}` : null, (signal) =>
    deskApi.funnel(productId!, from, to, signal),
  );

  return (
    <>
      <form className="desk-toolbar" onSubmit={(event) => event.preventDefault()} aria-label="Funnel period">
        <div className="desk-field">
          <label htmlFor="desk-funnel-plan">Plan</label>
          <select
            id="desk-funnel-plan"
            value={productId ?? ''}
            onChange={(event) => setChosen(event.target.value)}
            disabled={!planItems.length}
          >
            {!planItems.length && <option value="">No plans</option>}
            {planItems.map((plan) => (
              <option key={plan.productId} value={plan.productId}>
                {plan.planName} ({plan.visits} visit{plan.visits === 1 ? '' : 's'})
              </option>
            ))}
          </select>
        </div>
        <DateField
          id="desk-funnel-from"
          label="From"
          value={from}
          onChange={setFrom}
          invalid={!!dateProblem}
        />
        <DateField id="desk-funnel-to" label="To" value={to} onChange={setTo} invalid={!!dateProblem} />
        {dateProblem && (
          <p id="desk-funnel-dates-error" className="desk-field-error">
            {dateProblem}
          </p>
        )}
        <button type="button" className="desk-button" onClick={funnel.reload} disabled={!productId}>
          Refresh
        </button>
      </form>
      <Failure message={plans.error ?? funnel.error} />
      {(plans.loading || funnel.loading) && <Progress>Loading the funnel…</Progress>}
      {funnel.data && <FunnelFigures funnel={funnel.data} />}
    </>
  );
}

function DateField(props: {
  id: string;
  label: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="desk-field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="date"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.invalid ? 'desk-funnel-dates-error' : undefined}
      />
    </div>
  );
}

/**
 * A plan's funnel as a chart and a table, or a word that nobody came: the steps always list
 * the plan's journey, so it is the count of visits that says whether anything was recorded.
 */
export function FunnelFigures({ funnel }: { funnel: Funnel }) {
  const period = funnel.from === funnel.to ? funnel.from : `${funnel.from} to ${funnel.to}`;
  return (
    <>
      <h2>
        {funnel.planName}: {funnel.visits} visit{funnel.visits === 1 ? '' : 's'}, {period}
      </h2>
      {funnel.visits > 0 ? (
        <FunnelChart funnel={funnel} />
      ) : (
        <p className="desk-empty">No visits were recorded for this plan in this period.</p>
      )}
      {funnel.visits > 0 && (
        <div className="desk-table-scroll" role="region" aria-labelledby="desk-funnel-caption" tabIndex={0}>
          <table className="desk-table">
            <caption id="desk-funnel-caption">
              Visits by step, {funnel.planName}, {period}
            </caption>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Entered</th>
                <th scope="col">Left here</th>
                <th scope="col">Median time</th>
                <th scope="col">Top errors by field</th>
              </tr>
            </thead>
            <tbody>
              {funnel.steps.map((step) => {
                const errors = topErrors(step);
                return (
                  <tr key={step.step}>
                    <th scope="row">{step.title}</th>
                    <td>{step.entered}</td>
                    <td>
                      {step.leftHere} ({dropOffPercent(step)})
                    </td>
                    <td>{formatDuration(step.medianMs)}</td>
                    <td>
                      {errors.length ? (
                        <ul className="desk-plain-list">
                          {errors.map((error) => (
                            <li key={error}>{error}</li>
                          ))}
                        </ul>
                      ) : (
                        'None'
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
