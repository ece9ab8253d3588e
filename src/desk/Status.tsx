/** A wait, said on screen and to a screen reader. */
export function Progress({ children }: { children: string }) {
  return (
    <p role="status" className="desk-progress">
      <span className="desk-spinner" aria-hidden="true" />
      {children}
    </p>
  );
}

/** A failure in the server's words, announced as it appears. */
export function Failure({ message, id }: { message: string | undefined; id?: string }) {
  return (
    <p role="alert" id={id} className={message ? 'desk-failure' : 'desk-failure desk-failure--none'}>
      {message}
    </p>
  );
}

/** What a finished action did, said politely. */
export function Notice({ message }: { message: string | undefined }) {
  return (
    <p role="status" className={message ? 'desk-notice' : 'desk-notice desk-notice--none'}>
      {message}
    </p>
  );
}
