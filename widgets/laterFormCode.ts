import { loadArrayField } from '../engine/form/rjsfDefaults/arrayField.tsx';
import { loadLaterWidgets } from './laterWidgets.ts';

/**
 * The form code only later forms draw: RJSF's list field and our later widgets
 * (../engine/form/laterComponent.tsx). The page loads it beside the later forms' validators.
 */
export const loadLaterFormCode = () => Promise.all([loadArrayField(), loadLaterWidgets()]);
