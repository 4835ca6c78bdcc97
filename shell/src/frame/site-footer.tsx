import { Logo } from '@listready/ui';
import { COPYRIGHT_LINE } from '../content/journey-steps.ts';

/** The frame's footer: the logo and the copyright line (spec seller §1–§2). */
export function SiteFooter() {
  return (
    <footer className="border-t border-surface-border bg-page print:hidden">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-8 text-center">
        <Logo variant="horizontal" />
        <p className="text-sm text-ink-muted">{COPYRIGHT_LINE}</p>
      </div>
    </footer>
  );
}
