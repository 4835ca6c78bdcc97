import { useSession } from '@listready/web-client';

/** Spec seller §2: "Hello <first name>!" (fallback Hello John!) and the tagline. */
export function JourneyGreeting() {
  const session = useSession();
  const firstName = session.status === 'signed-in' ? session.user.firstName.trim() : '';
  if (session.status === 'signed-in' && session.user.role === 'agent') {
    // An agent following a client from the dashboard: whose journey this is, and that it only reads.
    return (
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Your client’s journey</h1>
        <p className="mt-2 text-ink-muted">Read-only: your client and their household make the changes.</p>
      </header>
    );
  }
  return (
    <header>
      <h1 className="text-3xl font-bold tracking-tight">Hello {firstName || 'John'}!</h1>
      <p className="mt-2 text-ink-muted">Let&apos;s get moving</p>
    </header>
  );
}
