import type Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { addBimaflowKeywords } from './keywords.ts';

/**
 * Annotation keywords plan schemas may carry; they do not validate. `x-consent` names the
 * consent a boolean records (src/shared/consents.ts, docs/design/consents.md).
 */
export const ANNOTATION_KEYWORDS = ['x-code', 'x-enumNames', 'x-consent'] as const;

/**
 * Everything a plan schema needs from ajv beyond JSON Schema: our keywords, ajv-errors
 * (messages live in the schemas) and the annotation vocabulary. Used for the form
 * validator (browser and server) and the strict compile of `plans:validate`.
 */
export function configureAjv(ajv: Ajv, { formats = false }: { formats?: boolean } = {}): Ajv {
  if (formats) addFormats(ajv);
  ajvErrors(ajv);
  addBimaflowKeywords(ajv);
  ajv.addVocabulary([...ANNOTATION_KEYWORDS]);
  return ajv;
}
