import { describe, expect, it } from 'vitest';
import {
  agentBrandingUpdateSchema,
  brandingMessages,
  DEFAULT_BRANDING_COLORS,
  logoFileProblem,
  logoUrlOf,
  MAX_LOGO_BYTES,
} from './branding.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

const logo = logoUrlOf('a'.repeat(64), 'image/png');

describe('agent branding update', () => {
  it('company name is required and trimmed; omitted colours take the spec defaults; empty fields are null', () => {
    expect(agentBrandingUpdateSchema.parse({ companyName: '  Acme Homes ', customDomain: '' })).toEqual({
      companyName: 'Acme Homes',
      agentName: null,
      ...DEFAULT_BRANDING_COLORS,
      customDomain: null,
      brokerageLogo: null,
      agentLogo: null,
    });
    expect(messages(agentBrandingUpdateSchema.safeParse({ companyName: '   ' }))).toEqual([
      'companyName: Company name is required',
    ]);
    expect(messages(agentBrandingUpdateSchema.safeParse({}))).toEqual([
      'companyName: Company name is required',
    ]);
  });

  it('colours are #RRGGBB, stored upper case, and a wrong one names its field', () => {
    const parsed = agentBrandingUpdateSchema.parse({ companyName: 'A', headerBackgroundColor: ' #1a2b3c ' });
    expect(parsed.headerBackgroundColor).toBe('#1A2B3C');
    for (const value of ['red', '#123', '#12345G', '123456', '#1234567', 42]) {
      expect(
        messages(agentBrandingUpdateSchema.safeParse({ companyName: 'A', navigationBackgroundColor: value })),
      ).toEqual([
        'navigationBackgroundColor: Navigation background color must be a colour in #RRGGBB form, like #000000',
      ]);
    }
    expect(messages(agentBrandingUpdateSchema.safeParse({ companyName: 'A', primaryColor: 'blue' }))).toEqual(
      ['primaryColor: Primary color must be a colour in #RRGGBB form, like #9333EA'],
    );
  });

  it('custom domain: a host name (lower-cased) or nothing', () => {
    expect(
      agentBrandingUpdateSchema.parse({ companyName: 'A', customDomain: ' Homes.Example.com ' }).customDomain,
    ).toBe('homes.example.com');
    expect(agentBrandingUpdateSchema.parse({ companyName: 'A', customDomain: null }).customDomain).toBeNull();
    for (const customDomain of [
      'https://homes.example.com',
      'homes.example.com/path',
      'localhost',
      '-a.example.com',
      'a..b.com',
      'a b.com',
    ]) {
      expect(messages(agentBrandingUpdateSchema.safeParse({ companyName: 'A', customDomain }))).toEqual([
        `customDomain: ${brandingMessages.invalidDomain}`,
      ]);
    }
  });

  it('logos are addresses of logos stored by services/branding, or null', () => {
    expect(
      agentBrandingUpdateSchema.parse({ companyName: 'A', brokerageLogo: logo, agentLogo: '' }),
    ).toMatchObject({
      brokerageLogo: logo,
      agentLogo: null,
    });
    for (const agentLogo of [
      'https://evil.example.com/a.png',
      '/api/branding/logos/abc.png',
      `${logo}?x`,
      `javascript:alert(1)`,
    ]) {
      expect(messages(agentBrandingUpdateSchema.safeParse({ companyName: 'A', agentLogo }))).toEqual([
        'agentLogo: Agent logo must be a logo uploaded to ListReady',
      ]);
    }
  });
});

describe('logo file check in the browser', () => {
  it('an image type this service stores, at most 5 MB', () => {
    expect(logoFileProblem({ type: 'image/png', size: MAX_LOGO_BYTES })).toBeNull();
    expect(logoFileProblem({ type: 'image/png', size: MAX_LOGO_BYTES + 1 })).toBe('too-large');
    expect(logoFileProblem({ type: 'text/plain', size: 10 })).toBe('invalid-type');
    expect(logoFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('invalid-type');
  });
});
