import { readCommonDocuments } from '../../../plans/nodePlanSource.ts';

/**
 * The IFSC field the bank-account step validates (schemas/common/proposal-defs.schema.json
 * `$defs.ifsc`): its pattern and message, read once, so the server says what the browser says.
 */
function sharedIfscField(): { pattern: string; message: string } {
  const defs = readCommonDocuments().find((doc) =>
    String(doc.$id).endsWith('/common/proposal-defs.schema.json'),
  );
  const field = (defs?.$defs as Record<string, { pattern?: string; errorMessage?: { pattern?: string } }>)
    ?.ifsc;
  if (!field?.pattern || !field.errorMessage?.pattern) {
    throw new Error('schemas/common/proposal-defs.schema.json has no ifsc pattern and message');
  }
  return { pattern: field.pattern, message: field.errorMessage.pattern };
}

export const IFSC_FIELD = sharedIfscField();

/** Whether a text is an IFSC of the right shape (upper case). */
export function isIfsc(value: string): boolean {
  return new RegExp(IFSC_FIELD.pattern).test(value);
}
