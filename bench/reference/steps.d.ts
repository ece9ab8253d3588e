declare module 'virtual:reference-steps' {
  import type { RJSFSchema, UiSchema } from '@rjsf/utils';
  export const steps: Record<string, { schema: RJSFSchema; uiSchema: UiSchema }>;
  export const liveValidate: boolean;
}
