import { cloneElement, isValidElement, useContext, useMemo, type ReactElement } from 'react';
import type { ArrayFieldItemTemplateProps, UiSchema } from '@rjsf/utils';
import { ArrayListContext } from './arrayItemNames.ts';

/**
 * One item of a list (ArrayFieldTemplate) as a bordered card: a heading naming it ("Nominee 2"),
 * which labels the card's group, a Remove button ("Remove Nominee 2") while the list holds more
 * than its minItems and ui:options.removable is not false, then the item's fields. No moving up
 * or down: these lists are not ordered. An item schema's own title would repeat the heading,
 * so the item's object is drawn without it.
 */
export default function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, index, totalItems, disabled, readonly, schema, uiSchema } = props;
  const list = useContext(ArrayListContext);
  const heading = `${list?.noun ?? 'Item'} ${index + 1}`;
  const headingId = `${buttonsProps.fieldPathId.$id}__heading`;
  const removable = buttonsProps.hasRemove && !disabled && !readonly && totalItems > (list?.minItems ?? 0);

  const titled = schema.type === 'object' && Boolean(schema.title);
  const itemUiSchema = useMemo<UiSchema>(() => ({ ...uiSchema, 'ui:label': false }), [uiSchema]);
  const content =
    titled && isValidElement(children)
      ? cloneElement(children as ReactElement<{ uiSchema?: UiSchema }>, { uiSchema: itemUiSchema })
      : children;

  return (
    <div className="bf-array-item" role="group" aria-labelledby={headingId}>
      <div className="bf-array-item__header">
        <h2 className="bf-array-item__title" id={headingId} tabIndex={-1}>
          {heading}
        </h2>
        {removable && (
          <button
            type="button"
            className="bf-text-button bf-array-item__remove"
            onClick={(event) => {
              list?.onRemove(index);
              buttonsProps.onRemoveItem(event);
            }}
          >
            Remove<span className="bf-visually-hidden"> {heading}</span>
          </button>
        )}
      </div>
      {content}
    </div>
  );
}
