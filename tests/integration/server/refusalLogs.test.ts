import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../src/server/app.ts';
import { DESK_API } from '../../../src/server/desk/deskAuth.ts';
import { testConfig } from '../../../src/server/config.ts';

/*
 * A body the schema refuses is logged by its fields, never by what was sent (issue 20: no
 * personal data in the logs): a mistyped e-mail or mobile must not land in the server's log.
 */
describe('refusals in the log', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    app = await build({
      config: testConfig(),
      staticRoot: '/nonexistent',
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    await app.ready();
  }, 60_000);
  afterAll(() => app?.close());

  it('names the refused fields and keeps the values out', async () => {
    const email = `ravi.kumar.9876543210.${'x'.repeat(90)}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: `${DESK_API}/sign-in`,
      payload: { email, password: '' },
    });
    expect(res.statusCode, res.body).toBe(400);
    const logged = lines.join('\n');
    expect(logged).toContain('request rejected by schema validation');
    expect(logged).toContain('email');
    for (const value of ['ravi.kumar', '9876543210', 'example.com']) expect(logged).not.toContain(value);
  });
});
