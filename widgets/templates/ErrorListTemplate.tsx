/** Errors show inline under each field (FieldTemplate), so there is no list above the form. */
export default function ErrorListTemplate() {
  return null;
}
