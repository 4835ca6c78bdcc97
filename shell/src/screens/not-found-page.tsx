import { AlertCircle } from 'lucide-react';
import { Card } from '@listready/ui';

/** Unknown paths, and agent-only pages opened by a client (spec seller §2). */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4">
      <Card className="w-full max-w-md p-6">
        <div className="flex items-center gap-2">
          <AlertCircle aria-hidden className="size-8 text-red-500" />
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-ink-muted">Did you forget to add the page to the router?</p>
      </Card>
    </div>
  );
}
