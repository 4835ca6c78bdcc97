import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '@listready/ui';

/** How long a copy button says Copied! (agent spec §2, Manual setup). */
export const COPIED_STATE_MS = 2_000;

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies `text` to the clipboard and says so for 2 s. Where the browser refuses the clipboard (a
 * page served over plain HTTP, a denied permission), it says so instead, so the text can be
 * selected by hand. Fixed width: the label changing moves nothing.
 */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    let next: CopyState = 'copied';
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      next = 'failed';
    }
    setState(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('idle'), COPIED_STATE_MS);
  };

  return (
    <>
      <Button type="button" variant="outline" size="sm" className="w-32 shrink-0" onClick={() => void copy()}>
        {state === 'copied' ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : 'Copy'}
        <span className="sr-only"> {what}</span>
      </Button>
      <span aria-live="polite" className="sr-only">
        {state === 'copied'
          ? `${what} copied to the clipboard`
          : state === 'failed'
            ? `The browser refused the clipboard: select the ${what} and copy it by hand`
            : ''}
      </span>
    </>
  );
}

/** A value to copy (an address, a setting line): monospace, wrapping anywhere, with its copy button. */
export function CopyableValue({ value, what }: { value: string; what: string }) {
  return (
    <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
      <code className="min-w-0 flex-1 rounded-md border border-surface-border bg-page px-3 py-2 font-mono text-sm break-all select-all">
        {value}
      </code>
      <CopyButton text={value} what={what} />
    </div>
  );
}
