/**
 * The red asterisk after a mandatory field's label ("Mandatory fields are marked with an
 * asterisk", spec 01 §5). Hidden from screen readers, which hear `aria-required` instead.
 */
export default function RequiredMark() {
  return (
    <span className="bf-required" aria-hidden="true">
      *
    </span>
  );
}
