import { createRoot } from 'react-dom/client';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { liveValidate, steps } from 'virtual:reference-steps';

/*
 * The reference of bench/firstLoad.ts and bench/typing.ts: one stock @rjsf/core Form with
 * the stock ajv8 validator and the stock theme, on a bimaflow step's bundled schema
 * (bench/reference/vite.config.ts puts the steps in). `?step=<id>` picks the step.
 */
const requested = new URLSearchParams(window.location.search).get('step');
const step = steps[requested ?? ''] ?? Object.values(steps)[0]!;

createRoot(document.getElementById('root')!).render(
  <Form schema={step.schema} uiSchema={step.uiSchema} validator={validator} liveValidate={liveValidate} />,
);
