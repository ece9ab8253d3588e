import { performance } from 'node:perf_hooks';
import { startBenchServer } from '../tools/measure/server.ts';

/*
 * npm run bench:flood — what one oversized body costs the server (issue 19, item 1): the probe's
 * 10,000-item `createSamparkLeadApi` body (20 KB) took 7.2 s and held every other request.
 * Printed beside its reference measured in the same run: the same route with a one-record body
 * the schema refuses, and `/healthz` alone and while floods are sent. The server runs in its own
 * process (tools/measure/server.ts); this process only sends. Not a test: nothing here asserts.
 *
 * Usage: npm run bench:flood [-- --rounds N]   (after `npm run build`)
 */

const roundsAt = process.argv.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(process.argv[roundsAt + 1]) : 40;
const PATH = '/buyonlineoauth/service/createSamparkLeadApi';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(call: () => Promise<Response>): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  const res = await call();
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, bytes: body.length };
}

async function main() {
  // What validation costs is measured, so the write limits (which would refuse most floods
  // before their bodies are read) are off here.
  const server = await startBenchServer({ WRITE_RATE_LIMITS: 'off' });
  try {
    const token = (
      (await (
        await fetch(`${server.baseUrl}/buyonlineoauth/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials&client_id=bimaflow-web',
        })
      ).json()) as { access_token: string }
    ).access_token;
    const post = (data: unknown[]) => () =>
      fetch(`${server.baseUrl}${PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ command: 'leadpush', data }),
      });
    const health = () => fetch(`${server.baseUrl}/healthz`);
    const flood = post(Array.from({ length: 10_000 }, () => 0));
    const oneBad = post([0]);

    // Warm up both routes.
    for (let i = 0; i < 5; i++) await Promise.all([timed(flood), timed(oneBad), timed(health)]);

    const series: Record<string, number[]> = {
      'flood (10,000 items, 20 KB)': [],
      'one bad record (reference)': [],
      '/healthz alone': [],
      '/healthz during a flood': [],
    };
    let floodAnswer = { status: 0, bytes: 0 };
    for (let round = 0; round < rounds; round++) {
      const a = await timed(flood);
      floodAnswer = a;
      series['flood (10,000 items, 20 KB)']!.push(a.ms);
      series['one bad record (reference)']!.push((await timed(oneBad)).ms);
      series['/healthz alone']!.push((await timed(health)).ms);
      const [, during] = await Promise.all([timed(flood), timed(health)]);
      series['/healthz during a flood']!.push(during.ms);
    }
    console.log(
      `createSamparkLeadApi, ${rounds} rounds; the flood is answered ${floodAnswer.status} in ${floodAnswer.bytes} bytes`,
    );
    console.log(`${'request'.padEnd(30)} ${'p50'.padStart(10)} ${'p95'.padStart(10)}`);
    for (const [name, values] of Object.entries(series))
      console.log(
        `${name.padEnd(30)} ${ms(percentile(values, 50)).padStart(10)} ${ms(percentile(values, 95)).padStart(10)}`,
      );
    console.log('target (issue 19): the flood under 50 ms, /healthz during a flood as /healthz alone');
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
