import { useSession } from '@listready/web-client';

/** Spec seller §2: "Hello <first name>!" (fallback Hello John!) and the tagline. */
export function JourneyGreeting() {
  const session = useSession();
  const firstName = session.status === 'signed-in' ? session.user.firstName.trim() : '';
  return (
    <header>
      <h1 className="text-3xl font-bold tracking-tight">Hello {firstName || 'John'}!</h1>
      <p className="mt-2 text-ink-muted">Let&apos;s get moving</p>
    </header>
  );
}
