import { performance } from 'node:perf_hooks';
import { buildPlan, commonDocuments } from '../engine/plan/buildPlan.ts';
import { formValidator } from '../engine/validation/createFormValidator.ts';
import { validateData } from '../engine/validation/validateData.ts';
import { listPlanCodes, readCommonDocuments, readPlanFiles } from '../src/plans/nodePlanSource.ts';
import { compilingValidators } from '../engine/validation/createFormValidator.ts';

/*
 * npx tsx bench/validateStep.ts — how long one step validation takes (what a keystroke
 * costs once live validation is on, and what the server pays per request body), for
 * every step of every plan: first call (compile) and steady state (p50/p95/p99, ops/s).
 */
const common = commonDocuments(readCommonDocuments());
const ITERATIONS = 2000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

for (const code of listPlanCodes()) {
  const plan = buildPlan(readPlanFiles(code), common, compilingValidators);
  for (const step of Object.values(plan.steps)) {
    const data = {
      policyHolder: {
        fullName: 'Ramesh Kumar',
        dateOfBirth: '1966-01-01',
        countryCode: '91',
        mobileNumber: '98765',
      },
    };
    const validator = formValidator();
    const t0 = performance.now();
    validateData(step.schema, data, { uiSchema: step.uiSchema, validator });
    const first = performance.now() - t0;
    const times: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const start = performance.now();
      validateData(step.schema, data, { uiSchema: step.uiSchema, validator });
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const total = times.reduce((a, b) => a + b, 0);
    console.log(
      `${code}/${step.id}: first ${first.toFixed(1)} ms (compile); then p50 ${percentile(times, 50).toFixed(3)} ms, ` +
        `p95 ${percentile(times, 95).toFixed(3)} ms, p99 ${percentile(times, 99).toFixed(3)} ms, ` +
        `${Math.round((ITERATIONS / total) * 1000)} validations/s`,
    );
  }
}
