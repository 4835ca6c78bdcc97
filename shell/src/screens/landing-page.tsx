import { ArrowRight, Building2 } from 'lucide-react';
import { Button, Card } from '@listready/ui';
import { AppLink } from '@listready/web-client';
import { JOURNEY_STEPS } from '../content/journey-steps.ts';

/** The public landing page (spec seller §1–§2): plain markup and system fonts, so it paints at once. */
export function LandingPage() {
  return (
    <>
      <section
        aria-labelledby="hero-title"
        className="mx-auto max-w-4xl px-4 pt-16 pb-12 text-center md:pt-24"
      >
        <p className="mb-4 text-sm font-semibold tracking-wide text-brand-soft uppercase">
          The complete home preparation platform
        </p>
        <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-balance md:text-6xl">
          Get Your Home Ready to Sell
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-ink-muted md:text-xl">
          6 simple steps to calmly maximize your price — one checklist for you, your family and your agent.
        </p>
        <div className="mt-10 flex justify-center">
          <Button asChild size="lg">
            <AppLink href="/auth">
              Get Started <ArrowRight aria-hidden className="size-5" />
            </AppLink>
          </Button>
        </div>
      </section>

      <section aria-labelledby="steps-title" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="steps-title" className="text-center text-3xl font-bold tracking-tight">
          6 Simple Steps to Calmly Maximize Your Price
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {JOURNEY_STEPS.map((step) => (
            <li key={step.number}>
              <Card className="h-full p-6">
                <span
                  aria-hidden
                  className="flex size-10 items-center justify-center rounded-full bg-brand text-lg font-bold text-brand-foreground"
                >
                  {step.number}
                </span>
                <h3 className="mt-4 text-xl font-semibold">
                  <span className="sr-only">Step {step.number}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-ink-muted">{step.description}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="trial-title" className="mx-auto max-w-4xl px-4 py-12 text-center">
        <h2 id="trial-title" className="text-3xl font-bold tracking-tight">
          Ready to get your home market-ready?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-ink-muted">
          Try ListReady free and turn a to-do mountain into a calm, step-by-step plan.
        </p>
        <div className="mt-8 flex justify-center">
          <Button asChild size="lg">
            <AppLink href="/auth">Start Your Free Trial</AppLink>
          </Button>
        </div>
      </section>

      <section aria-labelledby="agents-title" className="mx-auto max-w-4xl px-4 pt-4 pb-16">
        <Card className="flex flex-col items-center gap-4 p-8 text-center md:flex-row md:text-left">
          <Building2 aria-hidden className="size-12 shrink-0 text-brand-soft" />
          <div className="flex-1">
            <h2 id="agents-title" className="text-2xl font-bold">
              Are you a real estate professional?
            </h2>
            <p className="mt-2 text-ink-muted">
              Give your sellers a branded preparation plan, follow every client's progress and list sooner.
            </p>
          </div>
          <Button asChild variant="outline" size="lg">
            <AppLink href="/auth?role=agent">Join as an Agent</AppLink>
          </Button>
        </Card>
      </section>
    </>
  );
}
