import type { FieldProps } from '@rjsf/utils';
import { laterComponent } from '../laterComponent.tsx';

/*
 * RJSF's list field (ArrayField) comes with the later forms, not with the form runtime: no
 * plan's first screen holds a list (nominees, fund choices and FATCA countries are later
 * steps), and it is the largest of RJSF's fields (../laterComponent.tsx).
 */
const listField = laterComponent<FieldProps>(
  () => import('@rjsf/core/lib/components/fields/ArrayField.js'),
  'ArrayField',
);

export default listField.Component;

/** Loads RJSF's list field. */
export const loadArrayField = listField.load;
