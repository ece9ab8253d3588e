import { createRoot } from 'react-dom/client';
import Form from '@rjsf/core';
import { liveValidate, steps } from 'virtual:reference-steps';
import { validatorFor } from 'virtual:reference-validator';

/*
 * The reference of bench/firstLoad.ts and bench/typing.ts: one stock @rjsf/core Form with
 * the stock theme and @rjsf/validator-ajv8, runtime-compiled or precompiled as the build
 * chose (bench/reference/vite.config.ts), on a bimaflow step's bundled schema (the build puts
 * the steps in). `?step=<id>` picks the step.
 */
const requested = new URLSearchParams(window.location.search).get('step') ?? '';
const id = requested in steps ? requested : Object.keys(steps)[0]!;
const step = steps[id]!;

createRoot(document.getElementById('root')!).render(
  <Form
    schema={step.schema}
    uiSchema={step.uiSchema}
    validator={validatorFor(id)}
    liveValidate={liveValidate}
  />,
);
