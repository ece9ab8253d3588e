import { deskApi, type Lead, type Outbox } from './deskApi.ts';
import { formatIndiaDateTime } from './indiaTime.ts';
import { Failure, Progress } from './Status.tsx';
import { useLoad } from './useLoad.ts';

const LEADS_SHOWN = 50;

const STATE_WORDS: Record<Lead['delivery']['state'], string> = {
  pending: 'Waiting to be sent',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** Recent leads with how their delivery to the insurer's systems went, and the outbox's counts by topic. */
export function LeadsSection() {
  const leads = useLoad('leads', (signal) => deskApi.leads(LEADS_SHOWN, signal));
  const outbox = useLoad('outbox', (signal) => deskApi.outbox(signal));
  return (
    <>
      <div className="desk-toolbar">
        <button
          type="button"
          className="desk-button"
          onClick={() => {
            leads.reload();
            outbox.reload();
          }}
        >
          Refresh
        </button>
      </div>
      <section aria-labelledby="desk-outbox-heading">
        <h2 id="desk-outbox-heading">Outbox</h2>
        <Failure message={outbox.error} />
        {outbox.loading && <Progress>Loading the outbox…</Progress>}
        {outbox.data && <OutboxTable outbox={outbox.data} />}
      </section>
      <section aria-labelledby="desk-leads-heading">
        <h2 id="desk-leads-heading">Recent leads</h2>
        <Failure message={leads.error} />
        {leads.loading && <Progress>Loading leads…</Progress>}
        {leads.data && !leads.data.items.length && <p className="desk-empty">No leads yet.</p>}
        {leads.data && leads.data.items.length > 0 && <LeadsTable items={leads.data.items} />}
      </section>
    </>
  );
}

function OutboxTable({ outbox }: { outbox: Outbox }) {
  return (
    <div className="desk-table-scroll" role="region" aria-labelledby="desk-outbox-caption" tabIndex={0}>
      <table className="desk-table">
        <caption id="desk-outbox-caption">Messages to the insurer's systems, by topic</caption>
        <thead>
          <tr>
            <th scope="col">Topic</th>
            <th scope="col">Waiting</th>
            <th scope="col">Delivered</th>
            <th scope="col">Failed</th>
          </tr>
        </thead>
        <tbody>
          {outbox.byTopic.map((row) => (
            <tr key={row.topic}>
              <th scope="row">{row.topic}</th>
              <td>{row.pending}</td>
              <td>{row.delivered}</td>
              <td className={row.failed ? 'desk-bad' : undefined}>{row.failed}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">All topics</th>
            <td>{outbox.counts.pending}</td>
            <td>{outbox.counts.delivered}</td>
            <td className={outbox.counts.failed ? 'desk-bad' : undefined}>{outbox.counts.failed}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function LeadsTable({ items }: { items: Lead[] }) {
  return (
    <div className="desk-table-scroll" role="region" aria-labelledby="desk-leads-caption" tabIndex={0}>
      <table className="desk-table">
        <caption id="desk-leads-caption">The {LEADS_SHOWN} newest leads, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Kind</th>
            <th scope="col">Plan</th>
            <th scope="col">Application</th>
            <th scope="col">Delivery</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last error</th>
          </tr>
        </thead>
        <tbody>
          {items.map((lead) => (
            <tr key={lead.id}>
              <td className="desk-nowrap">{formatIndiaDateTime(lead.createdAt)}</td>
              <td>{lead.kind}</td>
              <td>{lead.planName ?? lead.productId ?? 'None'}</td>
              <td className="desk-nowrap">{lead.applicationNumber ?? 'None'}</td>
              <td className={lead.delivery.state === 'failed' ? 'desk-bad' : undefined}>
                {STATE_WORDS[lead.delivery.state]}
                {lead.delivery.deliveredAt ? ` ${formatIndiaDateTime(lead.delivery.deliveredAt)}` : ''}
              </td>
              <td>{lead.delivery.attempts}</td>
              <td>{lead.delivery.lastError ?? 'None'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
