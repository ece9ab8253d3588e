import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_KEY_HEADER,
  CHAT_MESSAGES_PATH,
  CHAT_WORDS,
  type ChatPolled,
  type ChatSent,
} from '../../../src/shared/chatApi.ts';
import { MESSAGES } from '../../../src/server/api/applications/applicationMessages.ts';
import { STAGE_REPORT_PATH } from '../../../src/server/api/leads/leadRoutes.ts';
import { DESK_API, DESK_COOKIE } from '../../../src/server/desk/deskAuth.ts';
import { addStaff } from '../../../src/server/desk/staffStore.ts';
import { createApplication } from '../api/applicationsFixtures.ts';
import { createTestApi, DATABASES, type TestApi } from '../api/testApp.ts';

/*
 * Issue 20, the chat answered by people: a visitor's message reaches the desk as a waiting
 * conversation with its plan and step; staff read it and answer; the visitor's poll brings only
 * what is new; staff close it, and it takes no more messages. Only a desk session opens the
 * desk's routes, only the key opens a conversation, and naming an application needs its
 * capability.
 */
const CHATS = `${DESK_API}/chats`;

interface Listed {
  id: string;
  productId: string | null;
  planName: string | null;
  step: string | null;
  applicationNumber: string | null;
  startedAt: string;
  lastMessageAt: string;
  lastFrom: 'visitor' | 'expert';
  waiting: boolean;
  messageCount: number;
}

describe.each(DATABASES)('the chat answered by the desk ($name)', (kind) => {
  let api: TestApi;
  let cookie: string;

  beforeAll(async () => {
    api = await createTestApi(kind);
    await addStaff(api.app.db, { email: 'chat@insurer.example', name: 'Asha', password: 'a desk password!' });
    const signIn = await api.app.inject({
      method: 'POST',
      url: `${DESK_API}/sign-in`,
      payload: { email: 'chat@insurer.example', password: 'a desk password!' },
    });
    cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    expect(cookie.startsWith(`${DESK_COOKIE}=`)).toBe(true);
  }, 30_000);
  afterAll(() => api.close());

  const send = (body: Record<string, unknown>, key?: string, capability?: string) =>
    api.post(CHAT_MESSAGES_PATH, body, {
      headers: key ? { [CHAT_KEY_HEADER]: key } : {},
      ...(capability ? { capability } : {}),
    });
  const poll = (key: string, after?: string) =>
    api.get(`${CHAT_MESSAGES_PATH}${after ? `?after=${after}` : ''}`, {
      headers: { [CHAT_KEY_HEADER]: key },
    });
  const desk = (method: 'GET' | 'POST', url: string, payload?: object, headers = { cookie }) =>
    api.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const listed = async (state = 'open') => {
    const res = await desk('GET', `${CHATS}?state=${state}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Listed[] }).items;
  };
  const sent = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(200);
    return api.open<ChatSent>(res);
  };

  it('takes a visitor’s message to the desk, brings the answer back on the next poll, and closes', async () => {
    const first = sent(
      await send({ text: '  Can I pay every month?  ', productId: 't54', step: 'plan-details' }),
    );
    expect(first.conversationKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.messages).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        from: 'visitor',
        text: 'Can I pay every month?',
        at: expect.any(String),
      },
    ]);
    const key = first.conversationKey;
    const visitorMessageId = first.messages[0]!.id;

    const waiting = (await listed()).find((item) => item.step === 'plan-details')!;
    expect(waiting).toMatchObject({
      productId: 'T54',
      planName: 'Guaranteed Pension Plan',
      applicationNumber: null,
      lastFrom: 'visitor',
      waiting: true,
      messageCount: 1,
    });

    const read = await desk('GET', `${CHATS}/${waiting.id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      id: waiting.id,
      productId: 'T54',
      step: 'plan-details',
      closedAt: null,
      messages: [{ id: visitorMessageId, from: 'visitor', text: 'Can I pay every month?' }],
    });

    const answer = await desk('POST', `${CHATS}/${waiting.id}/messages`, { text: 'Yes: choose Monthly.' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ from: 'expert', text: 'Yes: choose Monthly.', staffName: 'Asha' });
    const answered = (await listed()).find((item) => item.id === waiting.id)!;
    expect(answered).toMatchObject({ lastFrom: 'expert', waiting: false, messageCount: 2 });

    const polled = await poll(key, visitorMessageId);
    expect(polled.statusCode, polled.body).toBe(200);
    expect(api.open<ChatPolled>(polled)).toEqual({
      status: '200',
      messages: [
        { id: answer.json().id, from: 'expert', text: 'Yes: choose Monthly.', at: answer.json().at },
      ],
      closed: false,
    });
    expect(api.open<ChatPolled>(await poll(key, answer.json().id)).messages).toEqual([]);

    const again = sent(await send({ text: 'Thanks', step: 'additional-details' }, key));
    expect(again.conversationKey).toBe(key);
    expect(again.messages.map((message) => message.from)).toEqual(['visitor', 'expert', 'visitor']);
    expect((await listed()).find((item) => item.id === waiting.id)).toMatchObject({
      step: 'additional-details',
      waiting: true,
      messageCount: 3,
    });

    const closed = await desk('POST', `${CHATS}/${waiting.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().closedAt).toEqual(expect.any(String));
    expect(api.open<ChatPolled>(await poll(key))).toMatchObject({ closed: true });
    expect((await poll(key)).statusCode).toBe(200);
    const refused = await send({ text: 'One more thing' }, key);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CHAT_WORDS.closed);
    const late = await desk('POST', `${CHATS}/${waiting.id}/messages`, { text: 'Hello?' });
    expect(late.statusCode).toBe(409);
    expect((await listed()).some((item) => item.id === waiting.id)).toBe(false);
    expect((await listed('closed')).some((item) => item.id === waiting.id)).toBe(true);
    const closedAgain = await desk('POST', `${CHATS}/${waiting.id}/close`);
    expect(closedAgain.json().closedAt).toBe(closed.json().closedAt);
  });

  it('opens a conversation only with its key: a wrong key is a 404 to a poll and a new conversation to a message', async () => {
    const { conversationKey } = sent(await send({ text: 'Hello' }));
    const wrong = `${conversationKey.slice(0, -1)}${conversationKey.endsWith('A') ? 'B' : 'A'}`;
    for (const key of [wrong, 'not-a-key']) {
      const res = await poll(key);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CHAT_WORDS.ended);
    }
    const noKey = await api.get(CHAT_MESSAGES_PATH);
    expect(noKey.statusCode).toBe(404);
    const fresh = sent(await send({ text: 'Hello again' }, wrong));
    expect(fresh.conversationKey).not.toBe(wrong);
    expect(fresh.conversationKey).not.toBe(conversationKey);
    expect(fresh.messages).toHaveLength(1);
    expect((await api.post(CHAT_MESSAGES_PATH, { text: 'Hi' }, { token: null })).statusCode).toBe(401);
  });

  it('refuses an empty message and one over 1000 characters, in the field’s words', async () => {
    const cases: [string | undefined, string][] = [
      ['', CHAT_WORDS.empty],
      ['   \n ', CHAT_WORDS.empty],
      [undefined, CHAT_WORDS.empty],
      ['x'.repeat(1001), CHAT_WORDS.tooLong],
      [` ${'x'.repeat(1001)} `, CHAT_WORDS.tooLong],
    ];
    for (const [text, message] of cases) {
      const res = await send(text === undefined ? {} : { text });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: [{ field: 'text', message }] });
    }
    expect(sent(await send({ text: ` ${'x'.repeat(1000)} ` })).messages[0]!.text).toHaveLength(1000);

    const { id } = (await listed())[0]!;
    for (const [text, message] of cases) {
      const res = await desk('POST', `${CHATS}/${id}/messages`, text === undefined ? {} : { text });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: [{ field: 'text', message }] });
    }
  });

  it('links a conversation to an application only with the application’s capability', async () => {
    const created = await createApplication(api);
    const body = {
      text: 'About my application',
      applicationNumber: created.applicationNo,
      step: 'review-details',
    };
    const refused = await send(body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.noCapability);
    const forged = await send(body, undefined, 'not-a-capability');
    expect(forged.statusCode).toBe(403);

    const { conversationKey } = sent(await send(body, undefined, created.capability));
    const item = (await listed()).find(
      (listedItem) => listedItem.applicationNumber === created.applicationNo,
    );
    expect(item).toMatchObject({
      productId: 'T54',
      planName: 'Guaranteed Pension Plan',
      step: 'review-details',
    });
    // The key names the conversation from then on; naming the application again still needs the capability.
    expect((await send({ text: 'Still there?' }, conversationKey)).statusCode).toBe(200);
    expect((await send(body, conversationKey)).statusCode).toBe(403);
  });

  it('is closed to a visitor’s token and to no session; an unknown chat is a 404', async () => {
    const { id } = (await listed())[0]!;
    const tries: Record<string, string>[] = [{ authorization: `Bearer ${await api.token()}` }, {}];
    for (const headers of tries) {
      for (const [method, url, payload] of [
        ['GET', `${CHATS}?state=open`],
        ['GET', `${CHATS}/${id}`],
        ['POST', `${CHATS}/${id}/messages`, { text: 'Hello' }],
        ['POST', `${CHATS}/${id}/close`],
      ] as const) {
        const res = await desk(method, url, payload, headers as { cookie: string });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expect((await desk('GET', `${CHATS}/${id}`)).json().closedAt).toBeNull();
    for (const [method, url, payload] of [
      ['GET', `${CHATS}/999999`],
      ['POST', `${CHATS}/999999/messages`, { text: 'Hello' }],
      ['POST', `${CHATS}/999999/close`],
    ] as const) {
      const res = await desk(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('This chat is not on the desk.');
    }
    const malformed = await desk('GET', `${CHATS}/abc`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('This chat is not on the desk.');
    expect((await desk('GET', `${CHATS}?state=everything`)).statusCode).toBe(400);
  });
});

describe('the chat’s write limit', () => {
  let api: TestApi;
  const LIMIT = 3;
  beforeAll(async () => {
    api = await createTestApi(DATABASES[0]!, {
      writeRateLimits: {
        chat: [
          { per: 'token', limit: LIMIT, windowMs: 3_600_000 },
          { per: 'application', limit: LIMIT, windowMs: 3_600_000 },
        ],
        lead: [
          { per: 'token', limit: LIMIT, windowMs: 3_600_000 },
          { per: 'application', limit: LIMIT, windowMs: 3_600_000 },
        ],
      },
    });
  });
  afterAll(() => api.close());

  it('counts a visitor’s messages apart from leads: a busy chat leaves the application’s stage reports their allowance', async () => {
    const created = await createApplication(api);
    const message = (i: number) =>
      api.post(
        CHAT_MESSAGES_PATH,
        { text: `Message ${i}`, applicationNumber: created.applicationNo },
        { capability: created.capability },
      );
    const chats: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) chats.push((await message(i)).statusCode);
    expect(chats).toEqual([...Array<number>(LIMIT).fill(200), 429]);

    const report = () =>
      api.post(
        STAGE_REPORT_PATH,
        { applicationNumber: created.applicationNo, stageApiName: 'Quote' },
        { capability: created.capability },
      );
    const reports: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) reports.push((await report()).statusCode);
    expect(reports).toEqual([...Array<number>(LIMIT).fill(200), 429]);
  });
});
