/** The engine renders its own Continue button with the step's navigation, so RJSF's is dropped. */
export default function SubmitButton() {
  return null;
}
