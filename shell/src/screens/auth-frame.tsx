import type { ReactNode } from 'react';
import { Card } from '@listready/ui';
import { JOURNEY_STEPS } from '../content/journey-steps.ts';

/**
 * The frame of the sign-in, reset and recovery screens. Their forms and behaviour arrive with the
 * accounts feature; this holds their place, title and (for /auth) the six-step side panel.
 */
export function AuthFrame({
  title,
  children,
  showSteps = false,
}: {
  title: string;
  children?: ReactNode;
  showSteps?: boolean;
}) {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-2 md:py-16">
      <Card className="p-6 md:p-8">
        <h1 className="text-2xl font-bold">{title}</h1>
        <div className="mt-6">{children}</div>
      </Card>
      {showSteps ? (
        <aside aria-labelledby="auth-steps-title" className="rounded-xl bg-brand/15 p-6 md:p-8">
          <h2 id="auth-steps-title" className="text-xl font-semibold">
            6 Simple Steps to Calmly Maximize Your Price
          </h2>
          <ol className="mt-6 space-y-4">
            {JOURNEY_STEPS.map((step) => (
              <li key={step.number} className="flex gap-3">
                <span
                  aria-hidden
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-bold text-brand-foreground"
                >
                  {step.number}
                </span>
                <span>
                  <span className="font-medium">{step.title}</span>
                  <span className="block text-sm text-ink-muted">{step.description}</span>
                </span>
              </li>
            ))}
          </ol>
        </aside>
      ) : null}
    </div>
  );
}
