import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { MandatoryNote } from './MandatoryNote.tsx';
import Form, { type IChangeEvent } from '@rjsf/core';
import type {
  RegistryFieldsType,
  RegistryWidgetsType,
  RJSFValidationError,
  TemplatesType,
  UiSchema,
  ValidatorType,
} from '@rjsf/utils';
import type { LoadedStep } from '../plan/types.ts';
import { localizeErrors } from '../validation/localizeErrors.ts';
import { applyFieldRules, collectFieldRules } from './fieldRules.ts';
import { collectLookupRules, withFills, type LookupFunction } from './fieldLookups.ts';
import { useFieldLookups } from './useFieldLookups.ts';
import { applyConditionalRules, collectConditionalRules, conditionalOutcomes } from './conditionalUi.ts';
import { focusFirstError } from './focusFirstError.ts';
import { commitDrafts, commitDraftsBefore } from './fieldDrafts.ts';
import { shallowEqual } from '../state/useStoreSelector.ts';

const submitDrafts = () => commitDrafts();

/** Only a schema `default` pre-fills a field: a `const` (an enum option, a must-accept consent) never does. */
const DEFAULTS = { constAsDefaults: 'never' } as const;

export type StepData = Record<string, unknown>;

export interface StepFormProps {
  step: LoadedStep;
  /** The step's bound data; pass the same object until it changes. */
  formData: StepData;
  validator: ValidatorType;
  widgets: RegistryWidgetsType;
  templates: Partial<TemplatesType>;
  /** RJSF fields a uiSchema names with `ui:field` (the proposal's document upload). */
  fields?: RegistryFieldsType;
  onChange: (data: StepData) => void;
  /** Called only with data that passed the step's schema. */
  onSubmit: (data: StepData) => void;
  /** Disables the submit button while the step's call is under way. */
  busy?: boolean;
  /** Extra content between the fields and the submit button. */
  children?: ReactNode;
  /** Overrides the step's submit label (e.g. with the amount the visitor will get). */
  submitLabel?: string;
  /** Buttons beside the submit button, before it (a popup's Cancel). */
  actions?: ReactNode;
  /** The plan adapter's lookups, by the names the uiSchema's `lookup` options give. */
  lookups?: Record<string, LookupFunction>;
  /** What the page gives its widgets (RJSF's formContext): e.g. how a document upload reaches the server. */
  formContext?: Record<string, unknown>;
  /** The form's heading, for a page that moves the focus to it when the step opens. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** An element id made of a step id, which may hold characters ids should not (a proposal route: 'bank-details/fatca-details'). */
const idOf = (stepId: string) => stepId.replace(/[^A-Za-z0-9_-]/g, '-') || 'root';

/**
 * One RJSF form for one step. The step's schema, uiSchema, widgets, templates and
 * validator are stable objects, so typing re-validates with an already compiled
 * validator and nothing recompiles. Submit is gated on the step's validity; an invalid
 * submit shows every message (then re-validates live) and focuses the first error.
 *
 * A keystroke is the form's own change: RJSF has applied it (and its defaults) already, so
 * when `formData` comes back as just what the form reported, the form is handed the data it
 * was last given rather than a new object; a new `formData` would make RJSF derive the whole
 * form's defaults and state a second time. Data changed from outside (a lookup's fill, a
 * clear rule, a resume), or any other prop of the form changing, hands it the data as it is.
 */
export function StepForm({
  step,
  formData,
  validator,
  widgets,
  templates,
  fields,
  onChange,
  onSubmit,
  busy,
  children,
  lookups,
  submitLabel,
  actions,
  formContext,
  headingRef,
}: StepFormProps) {
  const [attempted, setAttempted] = useState(false);
  // The data the form last reported as its own (before the clear rules).
  const [formOwn, setFormOwn] = useState<StepData>();
  const formRef = useRef<HTMLDivElement>(null);
  // The data the last change was made against, for the clear rules (and the messages' labels).
  const latest = useRef(formData);
  useEffect(() => {
    latest.current = formData;
  }, [formData]);

  const baseUiSchema = useMemo<UiSchema>(
    () => ({ ...step.uiSchema, 'ui:options': { ...(step.uiSchema['ui:options'] as object), label: false } }),
    [step],
  );
  const conditionalRules = useMemo(() => collectConditionalRules(step.uiSchema), [step]);
  const outcomes = conditionalOutcomes(conditionalRules, formData);
  const uiSchema = useMemo(
    () => applyConditionalRules(baseUiSchema, conditionalRules, outcomes),
    [baseUiSchema, conditionalRules, outcomes],
  );
  const fieldRules = useMemo(() => collectFieldRules(step.uiSchema), [step]);
  const lookupRules = useMemo(() => collectLookupRules(step.uiSchema), [step]);
  const fill = useCallback(
    (path: string[], values: Record<string, unknown>) => {
      const next = withFills(latest.current, path, values) as StepData;
      latest.current = next;
      onChange(next);
    },
    [onChange],
  );
  const lookupErrors = useFieldLookups(lookupRules, formData, lookups, fill);

  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) =>
      localizeErrors(errors, {
        validator,
        schema: step.schema,
        formData: latest.current,
        uiSchema: step.uiSchema,
      }),
    [validator, step],
  );

  const handleChange = useCallback(
    (event: IChangeEvent<StepData>) => {
      const own = event.formData ?? {};
      setFormOwn(own);
      const next = applyFieldRules(fieldRules, latest.current, own);
      latest.current = next;
      onChange(next);
    },
    [fieldRules, onChange],
  );

  const handleError = useCallback(() => {
    setAttempted(true);
    requestAnimationFrame(() => focusFirstError(formRef.current));
  }, []);

  const handleSubmit = useCallback(
    (event: IChangeEvent<StepData>) => {
      setAttempted(true);
      onSubmit(event.formData ?? {});
    },
    [onSubmit],
  );

  const formChildren = useMemo(
    () => (
      <>
        {step.definition.panelPlacement !== 'beforeFields' && children}
        <div className="bf-step-actions">
          {actions}
          <button type="submit" className="bf-button bf-button--primary" disabled={busy} aria-busy={busy}>
            {submitLabel ?? step.definition.submitLabel}
          </button>
        </div>
      </>
    ),
    [step, children, actions, busy, submitLabel],
  );

  // What the form is handed as formData (see above): kept while the data is the form's own
  // echo and nothing else it is given changes.
  const formInputs = [
    uiSchema,
    lookupErrors,
    attempted,
    formChildren,
    validator,
    widgets,
    templates,
    fields,
    formContext,
  ];
  const [given, setGiven] = useState({ data: formData, inputs: formInputs });
  const keep = shallowEqual(formData, formOwn) && shallowEqual(given.inputs, formInputs);
  if (!keep && (given.data !== formData || !shallowEqual(given.inputs, formInputs)))
    setGiven({ data: formData, inputs: formInputs });
  const formDataForForm = keep ? given.data : formData;

  return (
    // What fields still hold as drafts (./fieldDrafts.ts) is handed to the form first: before a
    // submit (queued before RJSF's own submit update, it is part of the data validated and
    // submitted) and before a change to another field (as the blur a visitor makes would).
    <div
      ref={formRef}
      className="bf-step-form"
      onSubmitCapture={submitDrafts}
      onChangeCapture={commitDraftsBefore}
      onClickCapture={commitDraftsBefore}
    >
      {(step.definition.title ?? step.schema.title) && (
        <h1 className="bf-step-title" ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
          {String(step.definition.title ?? step.schema.title)}
        </h1>
      )}
      <MandatoryNote />
      {step.definition.panelPlacement === 'beforeFields' && children}
      <Form
        schema={step.schema}
        uiSchema={uiSchema}
        formData={formDataForForm}
        validator={validator}
        widgets={widgets}
        templates={templates}
        fields={fields}
        transformErrors={transformErrors}
        onChange={handleChange}
        onSubmit={handleSubmit}
        onError={handleError}
        liveValidate={attempted ? 'onChange' : false}
        showErrorList={false}
        noHtml5Validate
        idPrefix={`step-${idOf(step.id)}`}
        formContext={formContext}
        experimental_defaultFormStateBehavior={DEFAULTS}
        extraErrors={lookupErrors}
        extraErrorsBlockSubmit
      >
        {formChildren}
      </Form>
    </div>
  );
}
