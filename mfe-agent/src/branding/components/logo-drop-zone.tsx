import { useId, useRef, useState, type DragEvent } from 'react';
import { ImageUp } from 'lucide-react';
import { brandingMessages, logoFileProblem, RECOMMENDED_LOGO_SIZE } from '@listready/contracts/branding';
import { LOGO_CONTENT_TYPES } from '@listready/contracts/enums';
import { Button, cn, toast } from '@listready/ui';
import { ApiRequestError } from '@listready/web-client';
import { useUploadLogo } from '../hooks/use-branding.ts';

const { width, height } = RECOMMENDED_LOGO_SIZE;

/**
 * A logo: click (a file picker) or drag and drop; only the first dropped file is used (spec §2).
 * The browser refuses a non-image or a file over 5 MB with the spec's toasts before sending
 * anything; an accepted file is uploaded at once and the field takes its address.
 */
export function LogoDropZone({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string | null;
  error: string | undefined;
  onChange: (url: string | null) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useUploadLogo();

  const take = (file: File | undefined) => {
    if (!file) return;
    const problem = logoFileProblem(file);
    if (problem === 'invalid-type') {
      toast({
        title: brandingMessages.invalidFileTitle,
        description: brandingMessages.invalidFile,
        variant: 'destructive',
      });
      return;
    }
    if (problem === 'too-large') {
      toast({
        title: brandingMessages.fileTooLargeTitle,
        description: brandingMessages.fileTooLarge,
        variant: 'destructive',
      });
      return;
    }
    upload.mutate(file, {
      onSuccess: (stored) => onChange(stored.url),
      onError: (failure) =>
        toast({
          title: 'Error',
          description:
            (failure instanceof ApiRequestError && failure.serverMessage) ||
            'The logo could not be uploaded.',
          variant: 'destructive',
        }),
    });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className="space-y-1.5">
      <p id={`${id}-label`} className="text-sm font-medium">
        {label}
      </p>
      <div
        data-dragging={dragging || undefined}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-surface-border p-4 text-center transition-colors',
          dragging && 'border-brand-soft bg-surface',
          error && 'border-red-400',
        )}
      >
        {/* The logo's box is reserved at the recommended size, so nothing moves when one arrives. */}
        <div className="flex h-20 w-[200px] max-w-full items-center justify-center rounded-md bg-page">
          {value ? (
            <img
              src={value}
              alt={`${label} preview`}
              width={width}
              height={height}
              className="h-20 w-[200px] object-contain"
            />
          ) : (
            <ImageUp aria-hidden className="size-8 text-ink-muted" />
          )}
        </div>
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={upload.isPending}
          aria-labelledby={`${id}-label ${id}-action`}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className="rounded-md px-3 py-2 text-sm font-medium text-brand-soft underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-brand-soft focus-visible:outline-none disabled:opacity-70"
        >
          <span id={`${id}-action`}>
            {upload.isPending
              ? 'Uploading...'
              : dragging
                ? 'Drop your logo here'
                : 'Click to upload or drag and drop'}
          </span>
        </button>
        <p id={hintId} className="text-xs text-ink-muted">
          PNG, JPG, GIF or WebP up to 5MB. Recommended size {width}x{height} px.
        </p>
        <input
          ref={input}
          type="file"
          accept={LOGO_CONTENT_TYPES.join(',')}
          aria-label={`${label} file`}
          className="hidden"
          onChange={(event) => {
            take(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {value ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            Remove {label.toLowerCase()}
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
