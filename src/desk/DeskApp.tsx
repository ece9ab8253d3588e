import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { CallbacksSection } from './CallbacksSection.tsx';
import { ChatsSection } from './ChatsSection.tsx';
import { deskApi, failureMessage, onSessionEnded, type Staff } from './deskApi.ts';
import { LeadsSection } from './LeadsSection.tsx';
import { SignIn } from './SignIn.tsx';
import { Failure, Progress } from './Status.tsx';
import { navigate, usePath } from './usePath.ts';

// The funnel's chart library is loaded when the funnel is opened, not with the desk.
const FunnelSection = lazy(() => import('./FunnelSection.tsx'));

export const SECTIONS = [
  { path: '/desk/', title: 'Call-backs' },
  { path: '/desk/chats', title: 'Chats' },
  { path: '/desk/leads', title: 'Leads' },
  { path: '/desk/funnel', title: 'Funnel' },
] as const;

type Session =
  | { state: 'checking' }
  | { state: 'unreachable'; message: string }
  | { state: 'signed-out'; notice?: string }
  | { state: 'signed-in'; staff: Staff };

/**
 * The operations desk: the sign-in form until a session is open, then the header (who is
 * signed in, Sign out), the sections' navigation and the open section. A 401 from any call
 * brings the sign-in form back with the server's message.
 */
export function DeskApp() {
  const [session, setSession] = useState<Session>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    onSessionEnded((message) => setSession({ state: 'signed-out', notice: message }));
    return () => onSessionEnded(undefined);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    deskApi.me(controller.signal).then(
      (staff) => setSession({ state: 'signed-in', staff }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A 401 has already brought the sign-in form (onSessionEnded), without a notice at first sight.
        setSession((now) =>
          now.state === 'signed-out' || (error as { status?: number }).status === 401
            ? { state: 'signed-out' }
            : { state: 'unreachable', message: failureMessage(error) },
        );
      },
    );
    return () => controller.abort();
  }, [attempt]);

  if (session.state === 'checking') {
    return (
      <main className="desk-sign-in">
        <h1>Operations desk</h1>
        <Progress>Opening the desk…</Progress>
      </main>
    );
  }
  if (session.state === 'unreachable') {
    return (
      <main className="desk-sign-in">
        <h1>Operations desk</h1>
        <Failure message={session.message} />
        <button
          type="button"
          className="desk-button"
          onClick={() => {
            setSession({ state: 'checking' });
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </button>
      </main>
    );
  }
  if (session.state === 'signed-out') {
    return (
      <SignIn notice={session.notice} onSignedIn={(staff) => setSession({ state: 'signed-in', staff })} />
    );
  }
  return <SignedIn staff={session.staff} onSignedOut={() => setSession({ state: 'signed-out' })} />;
}

function SignedIn({ staff, onSignedOut }: { staff: Staff; onSignedOut: () => void }) {
  const path = usePath();
  const section = SECTIONS.find((each) => each.path === path.replace(/\/+$/, '')) ?? SECTIONS[0];
  const [signingOut, setSigningOut] = useState(false);
  const [failure, setFailure] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);

  // Opening a section (and signing in) puts the reader at its heading.
  useEffect(() => {
    heading.current?.focus();
  }, [section.path]);

  useEffect(() => {
    document.title = `${section.title} — Operations desk`;
  }, [section.title]);

  async function signOut() {
    setSigningOut(true);
    setFailure(undefined);
    try {
      await deskApi.signOut();
      onSignedOut();
    } catch (error) {
      setFailure(failureMessage(error));
      setSigningOut(false);
    }
  }

  function follow(event: MouseEvent<HTMLAnchorElement>, to: string) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to);
  }

  return (
    <div className="desk-shell">
      <header className="desk-header">
        <p className="desk-brand">Bimaflow operations desk</p>
        <p className="desk-staff">
          <span className="desk-muted">Signed in as</span> <strong>{staff.name}</strong>
        </p>
        <button type="button" className="desk-button" onClick={signOut} disabled={signingOut}>
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
        <Failure message={failure} />
      </header>
      <nav className="desk-nav" aria-label="Desk sections">
        <ul>
          {SECTIONS.map((each) => (
            <li key={each.path}>
              <a
                href={each.path}
                aria-current={each.path === section.path ? 'page' : undefined}
                onClick={(event) => follow(event, each.path)}
              >
                {each.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="desk-main">
        <h1 ref={heading} tabIndex={-1}>
          {section.title}
        </h1>
        {section.path === '/desk/' && <CallbacksSection />}
        {section.path === '/desk/chats' && <ChatsSection />}
        {section.path === '/desk/leads' && <LeadsSection />}
        {section.path === '/desk/funnel' && (
          <Suspense fallback={<Progress>Loading the funnel…</Progress>}>
            <FunnelSection />
          </Suspense>
        )}
      </main>
    </div>
  );
}
