import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRANDING_COLORS, MAX_LOGO_BYTES, type AgentBranding } from '@listready/contracts/branding';
import { getToasts } from '@listready/ui';
import { createAppQueryClient } from '@listready/web-client';
import { BrandingPanel, brandingToasts } from './branding-panel.tsx';
import {
  BRANDING_GC_MS,
  BRANDING_STALE_MS,
  CURRENT_BRANDING_URL,
  AGENT_BRANDING_URL,
} from './hooks/use-branding.ts';

const AGENT_ID = 'agent-1';
const LOGO = `/api/branding/logos/${'a'.repeat(64)}.png`;
const stored: AgentBranding = {
  agentId: AGENT_ID,
  companyName: 'Harbor Homes',
  agentName: 'Harbor Homes',
  ...DEFAULT_BRANDING_COLORS,
  customDomain: null,
  brokerageLogo: null,
  agentLogo: null,
  logoUrl: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;
let routes: Record<string, Handler>;
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const key = `${init?.method ?? 'GET'} ${String(input)}`;
  const handler = routes[key];
  if (!handler) throw new Error(`unexpected ${key}`);
  return handler(init);
});
const calls = (key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key);

let queryClient: QueryClient;
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  queryClient = createAppQueryClient();
  routes = {
    [`GET ${AGENT_BRANDING_URL}`]: () => json(200, stored),
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

const renderPanel = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <BrandingPanel />
    </QueryClientProvider>,
  );
const lastToast = () => getToasts()[0];
const companyName = () => screen.getByLabelText('Company name') as HTMLInputElement;

describe('BrandingPanel', () => {
  it("says 'Loading agent information...' until the agent's own branding (`current`) answers, with nothing read before it", async () => {
    let answer: (response: Response) => void = () => undefined;
    routes[`GET ${AGENT_BRANDING_URL}`] = () => new Promise((resolve) => (answer = resolve));
    renderPanel();
    expect(screen.getByRole('heading', { level: 2, name: 'White-Label Branding' })).toBeTruthy();
    expect(screen.getByText('Loading agent information...')).toBeTruthy();
    expect(AGENT_BRANDING_URL).toBe('/api/agents/current/branding');
    // One read, at once: the agent's id is not asked for first (GET /api/agents/current).
    await waitFor(() => expect(calls(`GET ${AGENT_BRANDING_URL}`)).toHaveLength(1));
    expect(fetchMock.mock.calls).toHaveLength(1);
    await act(async () => answer(json(200, stored)));
    expect((await screen.findByLabelText('Company name')) as HTMLInputElement).toMatchObject({
      value: 'Harbor Homes',
    });
    expect(screen.getByLabelText('Header background color')).toMatchObject({ value: '#000000' });
    expect(screen.getByLabelText('Primary color picker')).toMatchObject({ value: '#9333ea' });
    expect(screen.getByText('Contact support to set up your custom domain.')).toBeTruthy();
    expect(screen.queryByText('Loading agent information...')).toBeNull();
  });

  it('keeps the branding 5 minutes fresh and 10 in the cache, without refetching on focus', async () => {
    renderPanel();
    await screen.findByLabelText('Company name');
    const query = queryClient.getQueryCache().find({ queryKey: [AGENT_BRANDING_URL] });
    expect(query?.options).toMatchObject({
      staleTime: BRANDING_STALE_MS,
      gcTime: BRANDING_GC_MS,
      refetchOnWindowFocus: false,
    });
    expect(BRANDING_STALE_MS).toBe(300_000);
    expect(BRANDING_GC_MS).toBe(600_000);
  });

  it('an edit shows the unsaved hint; a blank company name or a wrong colour is refused before sending', async () => {
    renderPanel();
    await screen.findByLabelText('Company name');
    expect(screen.queryByText('You have unsaved changes')).toBeNull();
    fireEvent.change(companyName(), { target: { value: '   ' } });
    expect(screen.getByText('You have unsaved changes')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Accent color'), { target: { value: 'orange' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Branding' }));
    expect(await screen.findByText('Company name is required')).toBeTruthy();
    expect(screen.getByText('Accent color must be a colour in #RRGGBB form, like #F59E0B')).toBeTruthy();
    expect(companyName().getAttribute('aria-invalid')).toBe('true');
    expect(calls(`PUT ${AGENT_BRANDING_URL}`)).toHaveLength(0);
  });

  it('saves (agentName equal to the company name), shows Saving..., then the saved toast, a clean form and fresh current branding', async () => {
    let answer: (response: Response) => void = () => undefined;
    routes[`PUT ${AGENT_BRANDING_URL}`] = () => new Promise((resolve) => (answer = resolve));
    routes[`GET ${CURRENT_BRANDING_URL}`] = () => json(200, {});
    queryClient.setQueryData([CURRENT_BRANDING_URL], { companyName: 'old' });
    renderPanel();
    await screen.findByLabelText('Company name');

    fireEvent.change(companyName(), { target: { value: 'Maple Realty' } });
    fireEvent.change(screen.getByLabelText('Header background color picker'), {
      target: { value: '#1e3a8a' },
    });
    expect(screen.getByLabelText('Header background color')).toMatchObject({ value: '#1E3A8A' });
    fireEvent.click(screen.getByRole('button', { name: 'Save Branding' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toMatchObject({ disabled: true });
    expect(screen.getByText('Saving your branding settings...')).toBeTruthy();
    const body = JSON.parse(String(calls(`PUT ${AGENT_BRANDING_URL}`)[0]?.[1]?.body));
    expect(body).toEqual({
      agentId: AGENT_ID,
      companyName: 'Maple Realty',
      agentName: 'Maple Realty',
      ...DEFAULT_BRANDING_COLORS,
      headerBackgroundColor: '#1E3A8A',
      customDomain: '',
      brokerageLogo: null,
      agentLogo: null,
    });

    const saved = {
      ...stored,
      companyName: 'Maple Realty',
      agentName: 'Maple Realty',
      headerBackgroundColor: '#1E3A8A',
    };
    await act(async () => answer(json(200, saved)));
    await waitFor(() => expect(lastToast()).toMatchObject(brandingToasts.saved));
    expect(lastToast()?.title).toBe('✅ Branding Saved!');
    expect(queryClient.getQueryData([AGENT_BRANDING_URL])).toEqual(saved);
    expect(queryClient.getQueryState([CURRENT_BRANDING_URL])?.isInvalidated).toBe(true);
    // The saved answer re-renders the form clean (its effect runs after the toast's render).
    await waitFor(() => expect(screen.queryByText('You have unsaved changes')).toBeNull());
    expect(companyName().value).toBe('Maple Realty');
  });

  it("a refused save says 'Failed to update branding settings.' and shows the service's field message", async () => {
    routes[`PUT ${AGENT_BRANDING_URL}`] = () =>
      json(400, {
        message: 'Brokerage logo was not found: upload it again',
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'brokerageLogo', message: 'Brokerage logo was not found: upload it again' }],
      });
    renderPanel();
    await screen.findByLabelText('Company name');
    fireEvent.change(companyName(), { target: { value: 'Maple Realty' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Branding' }));
    await waitFor(() => expect(lastToast()).toMatchObject(brandingToasts.failed));
    expect(await screen.findByText('Brokerage logo was not found: upload it again')).toBeTruthy();
    expect(screen.getByText('You have unsaved changes')).toBeTruthy();
  });

  it('refuses a non-image and a file over 5 MB with the spec toasts, before sending anything', async () => {
    renderPanel();
    await screen.findByLabelText('Company name');
    const input = screen.getByLabelText('Brokerage logo file');
    fireEvent.change(input, {
      target: { files: [new File(['notes'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(lastToast()).toMatchObject({
      title: 'Invalid File',
      description: 'Please select an image file (PNG, JPG, etc.)',
    });
    const big = new File([new Uint8Array(MAX_LOGO_BYTES + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(lastToast()).toMatchObject({
      title: 'File Too Large',
      description: 'Please select an image smaller than 5MB',
    });
    expect(calls('POST /api/branding/logos')).toHaveLength(0);
  });

  it('uploads the first dropped file, shows it, and the save sends its address', async () => {
    routes['POST /api/branding/logos'] = () => json(201, { url: LOGO, contentType: 'image/png', size: 3 });
    renderPanel();
    await screen.findByLabelText('Company name');
    const zone = screen.getByRole('button', { name: 'Agent logo Click to upload or drag and drop' });
    const area = zone.parentElement as HTMLElement;
    fireEvent.dragEnter(area, { dataTransfer: { files: [] } });
    expect(within(area).getByText('Drop your logo here')).toBeTruthy();
    const first = new File(['png'], 'first.png', { type: 'image/png' });
    const second = new File(['png2'], 'second.png', { type: 'image/png' });
    fireEvent.drop(area, { dataTransfer: { files: [first, second] } });

    expect(await screen.findByAltText('Agent logo preview')).toMatchObject({
      src: expect.stringContaining(LOGO),
    });
    const uploads = calls('POST /api/branding/logos');
    expect(uploads).toHaveLength(1);
    const form = uploads[0]?.[1]?.body as FormData;
    expect((form.get('logo') as File).name).toBe('first.png');
    expect(screen.getByText('You have unsaved changes')).toBeTruthy();
    expect(within(area).getByText('Click to upload or drag and drop')).toBeTruthy();
    // The preview wears it too.
    expect(within(screen.getByTestId('brand-preview')).getByRole('presentation')).toMatchObject({
      src: expect.stringContaining(LOGO),
    });

    routes[`PUT ${AGENT_BRANDING_URL}`] = () => json(200, { ...stored, agentLogo: LOGO, logoUrl: LOGO });
    routes[`GET ${CURRENT_BRANDING_URL}`] = () => json(200, {});
    fireEvent.click(screen.getByRole('button', { name: 'Save Branding' }));
    await waitFor(() => expect(calls(`PUT ${AGENT_BRANDING_URL}`)).toHaveLength(1));
    expect(JSON.parse(String(calls(`PUT ${AGENT_BRANDING_URL}`)[0]?.[1]?.body))).toMatchObject({
      agentLogo: LOGO,
    });
  });
});
