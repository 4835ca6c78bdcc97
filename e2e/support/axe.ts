import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);

export interface AxeFinding {
  id: string;
  impact: string | null;
  /** Each offending element, with axe's account of it (for contrast: the two colours and the ratio). */
  nodes: { target: string; summary: string }[];
}

/** axe-core's serious and critical findings on the page as it is now (WCAG 2 A and AA rules and best practice). */
export async function seriousAccessibilityViolations(page: Page): Promise<AxeFinding[]> {
  // Evaluated through the DevTools protocol: the page's CSP (rightly) refuses an injected <script>.
  await page.evaluate(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const findings = await page.evaluate(async () => {
    interface Result {
      id: string;
      impact: string | null;
      nodes: { target: unknown[]; failureSummary?: string }[];
    }
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: Result[] }> } }).axe;
    return (await axe.run()).violations.map(({ id, impact, nodes }) => ({
      id,
      impact,
      nodes: nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary ?? '' })),
    }));
  });
  return findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
}
