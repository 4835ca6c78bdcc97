import { LoaderCircle } from 'lucide-react';
import { Button } from '@listready/ui';

/** A form's full-width submit button; busy (and not clickable twice) while the request runs. */
export function SubmitButton({ pending, children }: { pending: boolean; children: string }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending || undefined}>
      {pending ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : null}
      {children}
    </Button>
  );
}
