declare module 'virtual:reference-steps' {
  import type { RJSFSchema, UiSchema } from '@rjsf/utils';
  export const steps: Record<string, { schema: RJSFSchema; uiSchema: UiSchema }>;
  export const liveValidate: boolean;
}

declare module 'virtual:reference-validator' {
  import type { ValidatorType } from '@rjsf/utils';
  /** The page's validator of a step (bench/reference/vite.config.ts: runtime-compiled or precompiled). */
  export function validatorFor(stepId: string): ValidatorType;
}
