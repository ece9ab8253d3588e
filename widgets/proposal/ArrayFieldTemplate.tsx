import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { getUiOptions, type ArrayFieldTemplateProps, type RJSFSchema } from '@rjsf/utils';
import { PlusIcon } from './icons.tsx';
import { stringOption } from '../uiOptions.ts';
import { ArrayListContext, addLabel, itemNoun, type ArrayList } from './arrayItemNames.ts';

/**
 * A list the buyer adds to and removes from (nominees, other policies, countries of tax
 * residence): its title, each item a card (ArrayFieldItemTemplate) named "Nominee 1", and
 * "Add another nominee" until the schema's maxItems (RJSF's `canAdd`). Cards offer Remove
 * while more than minItems remain. Adding moves the focus to the new card's heading,
 * removing to the card before it (or the Add button), and says so politely.
 *
 * The list's own errors ('Nominee shares must add up to 100% (now 90%)', 'Please add at
 * least one nominee') show under it in FieldTemplate's alert, `${id}__error`, which the
 * fieldset names in aria-describedby. `ui:label: false` hides the title and description;
 * `ui:options.itemLabel` names the items when neither the item schema's title nor the
 * list's title does it well.
 */
export default function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, disabled, readonly, schema, uiSchema, registry, fieldPathId } = props;
  const id = fieldPathId.$id;
  const options = getUiOptions(uiSchema);
  const title = stringOption(options, 'title') ?? schema.title;
  const description = stringOption(options, 'description') ?? schema.description;
  const showHeading = options.label !== false;
  const itemSchema = useMemo(() => {
    const raw = schema.items;
    return raw && typeof raw === 'object' && !Array.isArray(raw)
      ? registry.schemaUtils.retrieveSchema(raw as RJSFSchema)
      : undefined;
  }, [schema.items, registry.schemaUtils]);
  const noun = itemNoun(options.itemLabel, itemSchema?.title, schema.title);
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;

  const listRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // The card to focus once the list has its new length: set by Add and Remove only.
  const focusAfter = useRef<number | null>(null);
  const [status, setStatus] = useState('');

  const onRemove = useCallback(
    (index: number) => {
      focusAfter.current = index - 1;
      setStatus(`${noun} ${index + 1} removed`);
    },
    [noun],
  );
  const list = useMemo<ArrayList>(() => ({ noun, minItems, onRemove }), [noun, minItems, onRemove]);

  const count = items.length;
  const handleAdd = (event: MouseEvent<HTMLButtonElement>) => {
    focusAfter.current = count;
    setStatus(`${noun} ${count + 1} added`);
    onAddClick(event);
  };

  useEffect(() => {
    const index = focusAfter.current;
    if (index === null) return;
    focusAfter.current = null;
    const headings = listRef.current?.querySelectorAll<HTMLElement>('.bf-array-item__title') ?? [];
    const target = index >= 0 ? headings[Math.min(index, headings.length - 1)] : headings[0];
    (target ?? addRef.current)?.focus();
  }, [count]);

  const adding = canAdd && !disabled && !readonly;
  return (
    <fieldset className="bf-array" id={id} aria-describedby={`${id}__error`}>
      {showHeading && title && <legend className="bf-object__title">{title}</legend>}
      {showHeading && description && <div className="bf-object__description">{description}</div>}
      <ArrayListContext.Provider value={list}>
        <div className="bf-array__items" ref={listRef}>
          {items}
        </div>
      </ArrayListContext.Provider>
      {adding && (
        <button type="button" ref={addRef} className="bf-outline-button bf-array__add" onClick={handleAdd}>
          <PlusIcon />
          {addLabel(noun, count)}
        </button>
      )}
      <p className="bf-visually-hidden" aria-live="polite">
        {status}
      </p>
    </fieldset>
  );
}
