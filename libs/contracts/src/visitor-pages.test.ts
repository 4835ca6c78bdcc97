import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VISITOR_LOADER, VISITOR_LOADER_CSP_SOURCE } from './visitor-pages.ts';

describe('the visitor pages’ inline loader', () => {
  it('is allowed by its own hash, which the servers’ Content-Security-Policy names', () => {
    const hash = createHash('sha256').update(VISITOR_LOADER, 'utf8').digest('base64');
    expect(VISITOR_LOADER_CSP_SOURCE).toBe(`'sha256-${hash}'`);
  });

  it('cannot end the inline <script> it is written into', () => {
    expect(VISITOR_LOADER).not.toMatch(/<\/script|<!--/i);
  });
});
