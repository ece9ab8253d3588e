import { useState, type FormEvent } from 'react';
import { deskApi, failureMessage, type Staff } from './deskApi.ts';
import { Failure, Progress } from './Status.tsx';

const ENTER_EMAIL = 'Please enter your e-mail.';
const ENTER_PASSWORD = 'Please enter your password.';

/**
 * The desk's door: e-mail and password. What is wrong is said beside the field it concerns,
 * and the server's answer (a wrong password, too many tries) above the button, announced.
 */
export function SignIn({ notice, onSignedIn }: { notice?: string; onSignedIn: (staff: Staff) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string>();
  const [waiting, setWaiting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = {
      ...(email.trim() ? {} : { email: ENTER_EMAIL }),
      ...(password ? {} : { password: ENTER_PASSWORD }),
    };
    setFieldErrors(errors);
    setFailure(undefined);
    if (errors.email || errors.password) {
      document.getElementById(errors.email ? 'desk-email' : 'desk-password')?.focus();
      return;
    }
    setWaiting(true);
    try {
      onSignedIn(await deskApi.signIn(email.trim(), password));
    } catch (error) {
      setFailure(failureMessage(error));
      setPassword('');
    } finally {
      setWaiting(false);
    }
  }

  return (
    <main className="desk-sign-in">
      <h1>Operations desk</h1>
      <p className="desk-muted">Sign in with the e-mail and password of your desk account.</p>
      {notice && <p className="desk-notice">{notice}</p>}
      <form noValidate onSubmit={submit} aria-describedby="desk-sign-in-failure">
        <div className="desk-field">
          <label htmlFor="desk-email">E-mail</label>
          <input
            id="desk-email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={fieldErrors.email ? 'desk-email-error' : undefined}
            required
          />
          {fieldErrors.email && (
            <p id="desk-email-error" className="desk-field-error">
              {fieldErrors.email}
            </p>
          )}
        </div>
        <div className="desk-field">
          <label htmlFor="desk-password">Password</label>
          <input
            id="desk-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? 'desk-password-error' : undefined}
            required
          />
          {fieldErrors.password && (
            <p id="desk-password-error" className="desk-field-error">
              {fieldErrors.password}
            </p>
          )}
        </div>
        <Failure id="desk-sign-in-failure" message={failure} />
        {waiting && <Progress>Signing in…</Progress>}
        <button type="submit" className="desk-button desk-button--primary" disabled={waiting}>
          Sign in
        </button>
      </form>
    </main>
  );
}
