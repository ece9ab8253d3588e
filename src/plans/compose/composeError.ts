/** A mistake in plan data, with the file (relative to schemas/) and JSON Pointer it is at. */
export class ComposeError extends Error {
  constructor(
    readonly reason: string,
    readonly file: string,
    readonly pointer: string,
  ) {
    super(`${file}${pointer ? ` at ${pointer}` : ''}: ${reason}`);
  }
}
