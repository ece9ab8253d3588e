// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApplicationStore } from '../../../../engine/state/applicationStore.ts';
import { ApiFailure, type ApiClient } from '../../../../src/api/apiClient.ts';
import { ConsentPreferences } from '../../../../src/app/proposal/ConsentPreferences.tsx';
import { CONSENT_PATHS, type Consent } from '../../../../src/app/proposal/consentCalls.ts';
import type { PlanContent } from '../../../../src/plans/planContent.ts';
import { planFor } from '../../../../src/server/plans/serverPlans.ts';

afterEach(cleanup);

/** The copy as a plan has it (schemas/common/content.json, composed). */
const copy = (planFor('T54')!.content as unknown as PlanContent).proposal.consents;

const consent = (kind: string, wording: string, granted: boolean, required = false): Consent => ({
  kind,
  section: '/basicDetails/policyHolder',
  field: `${kind}Field`,
  wording,
  version: `${kind}-v1`,
  required,
  granted,
  recordedAt: null,
});
const CONSENTS = [
  consent('contact', 'I authorise contact about this application.', true, true),
  consent('whatsapp', 'Send me updates about my application on WhatsApp.', true),
  consent('marketing', 'I also agree to hear about other products.', false),
];

function setUp(change: (body: Record<string, unknown>) => Promise<unknown>) {
  const store = createApplicationStore({ key: 'dataMapping:T54' });
  store.dispatch({
    type: 'updateMapping',
    data: { applicationNumber: '6123456789', capability: 'cap', version: 4 },
  });
  const post = vi.fn(async (path: string, body: Record<string, unknown>) =>
    path === CONSENT_PATHS.current ? { status: '200', consents: CONSENTS } : change(body),
  );
  const api = { post, get: vi.fn(), download: vi.fn() } as unknown as ApiClient;
  render(<ConsentPreferences store={store} api={api} settled={Promise.resolve()} copy={copy} />);
  return { store, post, user: userEvent.setup() };
}

describe('ConsentPreferences', () => {
  it('shows each optional consent in the server’s words, ticked while given; not the required one', async () => {
    setUp(async () => ({}));
    const whatsapp = await screen.findByRole('checkbox', { name: CONSENTS[1]!.wording });
    expect(whatsapp).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: CONSENTS[2]!.wording })).toHaveProperty('checked', false);
    expect(screen.queryByRole('checkbox', { name: CONSENTS[0]!.wording })).toBeNull();
    expect(screen.getByRole('region', { name: copy.title })).toBeTruthy();
  });

  it('withdraws with one untick: the call names the wording’s version, the store follows, and it is said', async () => {
    const { store, post, user } = setUp(async (body) => ({
      status: '200',
      version: 5,
      consents: CONSENTS.map((c) => (c.kind === body.kind ? { ...c, granted: body.granted as boolean } : c)),
    }));
    await user.click(await screen.findByRole('checkbox', { name: CONSENTS[1]!.wording }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(copy.withdrawn));
    expect(post).toHaveBeenLastCalledWith(
      CONSENT_PATHS.change,
      { applicationNumber: '6123456789', kind: 'whatsapp', granted: false, version: 'whatsapp-v1' },
      { capability: 'cap' },
    );
    expect(screen.getByRole('checkbox', { name: CONSENTS[1]!.wording })).toHaveProperty('checked', false);
    const state = store.getState() as Record<string, unknown>;
    expect(state.version).toBe(5);
    expect((state.basicDetails as { policyHolder: Record<string, unknown> }).policyHolder.whatsappField).toBe(
      false,
    );
  });

  it('says the server’s refusal under the box and keeps it as it was', async () => {
    const { user } = setUp(async () => {
      throw new ApiFailure('Refused', 422, [{ field: 'version', message: 'Please reload the page.' }]);
    });
    const marketing = await screen.findByRole('checkbox', { name: CONSENTS[2]!.wording });
    await user.click(marketing);
    expect((await screen.findByRole('alert')).textContent).toBe('Please reload the page.');
    expect(screen.getByRole('checkbox', { name: CONSENTS[2]!.wording })).toHaveProperty('checked', false);
    expect(marketing.getAttribute('aria-invalid')).toBe('true');
  });
});
