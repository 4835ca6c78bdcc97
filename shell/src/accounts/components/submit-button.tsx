import { LoaderCircle } from 'lucide-react';
import { Button } from '@listready/ui';
import { useHydrated } from '@listready/web-client';

/**
 * A form's full-width submit button; busy (and not clickable twice) while the request runs. On a
 * page prerendered with its form, it stays disabled until the scripts have taken the form over:
 * before then the browser would submit the form itself (and Enter in a field, which a disabled
 * default button does not submit).
 */
export function SubmitButton({ pending, children }: { pending: boolean; children: string }) {
  const ready = useHydrated();
  return (
    <Button
      type="submit"
      size="lg"
      className="w-full"
      disabled={pending || !ready}
      aria-busy={pending || undefined}
    >
      {pending ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : null}
      {children}
    </Button>
  );
}
