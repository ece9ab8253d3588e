// @vitest-environment jsdom
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import axios from 'axios';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPlan, commonDocuments } from '../../../engine/plan/buildPlan.ts';
import { createApplicationStore } from '../../../engine/state/applicationStore.ts';
import { compilingValidators } from '../../../engine/validation/createFormValidator.ts';
import { createApiClient } from '../../../src/api/createApiClient.ts';
import { JourneyServicesContext } from '../../../src/journey/JourneyServices.ts';
import { EDIT_FAILED, EditDetailsPopup } from '../../../src/journey/panels/EditDetailsPopup.tsx';
import { readCommonDocuments, readPlanFiles } from '../../../src/plans/nodePlanSource.ts';
import { MESSAGES } from '../../../src/server/api/applications/applicationMessages.ts';
import { testServices } from '../support/journeyServices.ts';

/*
 * The edit-details popup (spec 02 §2.5) says why its save failed: a refusal the server
 * explained (an age gap to the joint life, an application already paid for) in the server's
 * words, and 'API Gateway Connection Timeout' (spec 02 §8) only for a save that got no answer.
 * The popup talks to the app's own API client, and that client to a local server, so the
 * failures are the ones the client makes of a 4xx answer and of a timeout.
 */

afterEach(cleanup);

const plan = buildPlan(readPlanFiles('T54'), commonDocuments(readCommonDocuments()), compilingValidators);

const SAVE_PATH = '/buyonlineoauth/stages/basic-details';
/** The client's timeout where a test waits for it; the others give a busy machine time to answer. */
const TIMEOUT_MS = 300;
const ANSWER_MS = 10_000;

/**
 * The server's refusal of a basic-details save that puts the holder 14 years from the joint
 * life (src/server/api/applications/planChecks.ts: 400, its general message, the field's).
 */
const AGE_GAP_MESSAGE = 'Age should be between 45 and 80 with 15 years difference';
const ageGapRefusal = {
  message: MESSAGES.notProcessed,
  errors: [{ field: 'basicDetails.insuredPerson.dateOfBirth', message: AGE_GAP_MESSAGE }],
};

/** How the local server answers the save; anything else it is sent is a token request. */
let answerSave: (res: ServerResponse) => void = () => undefined;
let server: Server;
let baseUrl: string;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Listens on a free port the system picks. */
async function listen(s: Server): Promise<number> {
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
}

const defaultAdapter = axios.defaults.adapter;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === SAVE_PATH) answerSave(res);
      else json(res, 200, { access_token: 'token', expires_in: 3600 });
    });
  });
  baseUrl = `http://127.0.0.1:${await listen(server)}`;
  // jsdom has an XMLHttpRequest, which axios would pick (and which checks CORS); the test
  // sends through Node's http instead, to the same axios code above it.
  axios.defaults.adapter = 'http';
});

afterAll(async () => {
  axios.defaults.adapter = defaultAdapter;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function openPopup(timeoutMs = ANSWER_MS) {
  const store = createApplicationStore({ key: 'edit-details-test' });
  store.dispatch({
    type: 'updateMapping',
    data: { applicationNumber: '6123456789', capability: 'cap', version: 2 },
  });
  store.dispatch({
    type: 'setAt',
    pointer: '/basicDetails',
    value: {
      policyHolder: {
        proposalType: 'Individual',
        fullName: 'Ramesh Kumar Sharma',
        dateOfBirth: '1966-01-15',
        countryCode: '91',
        mobileNumber: '9876543210',
        emailId: 'ramesh.sharma@gmail.com',
        gender: 'Male',
        buyFor: 'Joint Life',
        disclamer1: true,
      },
      insuredPerson: {
        relation: 'Wife',
        fullName: 'Sunita Sharma',
        dateOfBirth: '1980-01-15',
        gender: 'Female',
      },
    },
  });
  const services = testServices({
    api: createApiClient({ baseUrl, clientId: 'test', envelopePassword: 'test', timeoutMs }),
  });
  const onClose = vi.fn();
  render(
    <JourneyServicesContext.Provider value={services}>
      <EditDetailsPopup plan={plan} store={store} onClose={onClose} />
    </JourneyServicesContext.Provider>,
  );
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return { store, onClose, save };
}

/** The text the popup shows above its Save button once the save failed (its fields' alerts are empty). */
async function saveFailure(timeout = ANSWER_MS): Promise<string> {
  const alert = await waitFor(
    () => {
      const shown = screen.getAllByRole('alert').filter((alert) => alert.textContent);
      expect(shown).toHaveLength(1);
      return shown[0]!;
    },
    { timeout },
  );
  return alert.textContent ?? '';
}

describe('the edit-details popup when its save fails', () => {
  it("shows the server's reason for a refusal it explained (an age gap), not the timeout text", async () => {
    let saves = 0;
    answerSave = (res) => {
      saves += 1;
      json(res, 400, ageGapRefusal);
    };
    const { store, onClose, save } = openPopup();
    save();
    expect(await saveFailure()).toBe(AGE_GAP_MESSAGE);
    expect(saves).toBe(1);
    expect(screen.queryByText(EDIT_FAILED)).toBeNull();
    // The popup stays open and the application keeps its details.
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit your details' })).toBeTruthy();
    expect(store.getState().version).toBe(2);
  });

  it('shows the message of a refusal without field errors (an application already paid for)', async () => {
    answerSave = (res) => json(res, 409, { message: MESSAGES.submitted });
    const { save } = openPopup();
    save();
    expect(await saveFailure()).toBe(MESSAGES.submitted);
    expect(screen.queryByText(EDIT_FAILED)).toBeNull();
  });

  it('shows the timeout text when the save gets no answer in time', async () => {
    let held: ServerResponse | undefined;
    answerSave = (res) => {
      held = res; // never answered: the client gives up after TIMEOUT_MS
    };
    const { onClose, save } = openPopup(TIMEOUT_MS);
    const started = Date.now();
    save();
    expect(await saveFailure()).toBe(EDIT_FAILED);
    // The client gave up on its timer, not on a dropped connection.
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(held).toBeDefined();
    expect(EDIT_FAILED).toBe('API Gateway Connection Timeout');
    expect(onClose).not.toHaveBeenCalled();
  });
});
