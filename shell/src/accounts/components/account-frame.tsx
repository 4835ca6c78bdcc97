import type { ReactNode, Ref } from 'react';
import { Card } from '@listready/ui';
import { JOURNEY_STEPS } from '../../content/journey-steps.ts';

/**
 * The frame of /auth, /forgot-password and /reset-password: a card with the view's heading (which
 * takes focus when the view changes) and, on /auth, the side panel with the six steps.
 */
export function AccountFrame({
  title,
  description,
  headingRef,
  showSteps = false,
  children,
}: {
  title: string;
  description?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  showSteps?: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      className={
        showSteps
          ? 'mx-auto grid max-w-6xl items-start gap-8 px-4 py-8 md:grid-cols-2 md:py-16'
          : 'mx-auto max-w-lg px-4 py-8 md:py-16'
      }
    >
      <Card className="p-5 sm:p-6 md:p-8">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {title}
        </h1>
        {description ? <div className="mt-2 text-ink-muted">{description}</div> : null}
        <div className="mt-6">{children}</div>
      </Card>
      {showSteps ? (
        <aside aria-labelledby="auth-steps-title" className="rounded-xl bg-brand/15 p-5 sm:p-6 md:p-8">
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
                  <span className="font-medium">
                    <span className="sr-only">Step {step.number}: </span>
                    {step.title}
                  </span>
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
