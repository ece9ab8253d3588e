import { createRef } from 'react';
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { act, cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { templates, widgets } from '../../../widgets/registry.ts';
import { TYPING_PAUSE_MS } from '../../../widgets/useFieldDraft.ts';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/**
 * Waits out the typing pause: what is typed stays in its field (widgets/useFieldDraft.ts) until
 * the keys pause, then the form is handed it.
 */
export const typingPause = () =>
  act(() => new Promise<void>((resolve) => setTimeout(resolve, TYPING_PAUSE_MS + 50)));

interface FormSetup {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  formData?: unknown;
}

/**
 * Renders our widgets and templates inside a real RJSF Form (ajv8 validator), the way the
 * engine will, and exposes the data the form last reported and its ref for validation.
 */
export function renderForm({ schema, uiSchema, formData }: FormSetup) {
  const onChange = vi.fn<(event: IChangeEvent) => void>();
  const onError = vi.fn();
  const form = createRef<Form>();
  const view = render(
    <Form
      ref={form}
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      widgets={widgets}
      templates={templates}
      onChange={onChange}
      onError={onError}
      // As the engine must: RJSF would otherwise default every oneOf-of-consts field to its
      // first option and tick every `const: true` consent.
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
    />,
  );
  const lastData = (): Record<string, unknown> =>
    (onChange.mock.lastCall?.[0].formData as Record<string, unknown> | undefined) ?? {};
  return { ...view, user: userEvent.setup(), onChange, onError, lastData, form };
}
