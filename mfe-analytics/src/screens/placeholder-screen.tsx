import type { ReactNode } from 'react';
import { Card } from '@listready/ui';

/** Holds a screen's place until its feature issue fills it. */
export function PlaceholderScreen({
  title,
  tagline,
  children,
}: {
  title: string;
  tagline: string;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-ink-muted">{tagline}</p>
      <Card className="mt-8 p-6">
        <p className="text-ink-muted">This screen is on its way.</p>
        {children}
      </Card>
    </section>
  );
}
