/** The line under a step's heading saying what the red asterisk means (one home for the words). */
export function MandatoryNote() {
  return (
    <p className="bf-mandatory-note">
      Fields marked with <span aria-hidden="true">*</span>
      <span className="bf-visually-hidden">an asterisk</span> are mandatory.
    </p>
  );
}
