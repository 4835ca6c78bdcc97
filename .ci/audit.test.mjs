// How .ci/audit.mjs reads `npm audit --json`: part of `npm test` (vitest), so CI runs it in its test steps.
import assert from 'node:assert/strict';
import { test } from 'vitest';
import { auditOutcome } from './audit.mjs';

const report = (vulnerabilities) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: Object.values(vulnerabilities).reduce(
        (counts, entry) => ({ ...counts, [entry.severity]: counts[entry.severity] + 1 }),
        { info: 0, low: 0, moderate: 0, high: 0, critical: 0 },
      ),
    },
  });

test('no advisory at all, or only moderate and low ones: clean', () => {
  assert.equal(auditOutcome(report({})).outcome, 'clean');
  const moderate = auditOutcome(
    report({ qs: { name: 'qs', severity: 'moderate', via: [], range: '<6.14', fixAvailable: true } }),
  );
  assert.equal(moderate.outcome, 'clean');
  assert.match(moderate.lines[0], /0 critical, 0 high, 1 moderate/);
});

test('a high or critical advisory fails, named with its advisory and fix', () => {
  const found = auditOutcome(
    report({
      'form-data': {
        name: 'form-data',
        severity: 'critical',
        range: '4.0.0 - 4.0.3',
        fixAvailable: true,
        via: [
          {
            title: 'form-data uses unsafe random boundaries',
            url: 'https://github.com/advisories/GHSA-fjxv-7rqg-78g4',
          },
        ],
      },
      twilio: { name: 'twilio', severity: 'high', range: '*', fixAvailable: false, via: ['axios'] },
    }),
  );
  assert.equal(found.outcome, 'advisories');
  assert.match(
    found.lines[1],
    /critical form-data 4\.0\.0 - 4\.0\.3: form-data uses unsafe random boundaries https:\/\/github/,
  );
  assert.match(found.lines[2], /high twilio \*: through axios — no fix available yet/);
});

test('an endpoint that refuses (a registry proxy without audits) or no JSON: unavailable, never clean', () => {
  const refused = auditOutcome(
    JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      error: { summary: '', detail: '' },
    }),
  );
  assert.equal(refused.outcome, 'unavailable');
  assert.equal(
    refused.lines[0],
    "the registry's audit endpoint could not be used: 405 Method Not Allowed - POST /-/npm/v1/security/advisories/bulk",
  );
  assert.equal(auditOutcome('').outcome, 'unavailable');
  assert.equal(auditOutcome(JSON.stringify({ error: { code: 'ENOTFOUND' } })).outcome, 'unavailable');
});
