import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentAccount } from '@listready/contracts/auth';
import { anAgent, renderWithSession } from '@listready/web-client/testing';
import { dayLabel } from '@listready/web-client';
import { DEMO_STAGES, demoDueDate, demoProgress } from './client-demo-data.ts';
import { ClientDemoScreen } from './client-demo-screen.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const account = (phone: string | null): AgentAccount => ({
  id: 'agent-1',
  userId: 'user-1',
  companyName: 'Blake & Co. Realty',
  phone,
  licenseNumber: null,
  subscriptionType: 'trial',
  subscriptionStatus: 'active',
  billingCycleStart: null,
  billingCycleEnd: null,
  inviteLimit: 5,
  invitesUsed: 0,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
});

/** The server as the demo meets it: only the agent's own account, answered with `phone`. */
function serveAccount(phone: string | null) {
  const fetch = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === '/api/agents/current'
      ? Response.json(account(phone))
      : Response.json({ message: 'not scripted' }, { status: 404 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the client demo', () => {
  it('has the journey’s eight stages and counts its progress as the journey does: Ready to Show!! outside', () => {
    expect(DEMO_STAGES.map((stage) => stage.title)).toEqual([
      'Initial Assessment',
      'Declutter',
      'Repairs & Maintenance',
      'Home Staging',
      'Marketing & Photography',
      'Ready to Show!!',
      'Go Live and Show',
      'Contract to Closing $$',
    ]);
    expect(demoProgress()).toEqual({ completedTasks: 20, totalTasks: 55, remainingTasks: 35, percent: 36 });
    const ticked = DEMO_STAGES.map((stage) =>
      stage.title === 'Ready to Show!!' ? { ...stage, completedTasks: 7 } : stage,
    );
    expect(demoProgress(ticked)).toEqual(demoProgress());
  });

  it('shows what a client sees, with the signed-in agent in the banner, reading only their account', async () => {
    const fetch = serveAccount('555-0142');
    renderWithSession(
      <ClientDemoScreen />,
      anAgent({ firstName: 'Jordan', lastName: 'Blake', email: 'jordan@example.com' }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Client Demo' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Hello Sarah!' })).toBeTruthy();
    const journey = screen.getByRole('region', { name: 'Your Home Sale Journey' });
    expect(journey.textContent).toContain('20 of 55 tasks completed');
    expect(journey.textContent).toContain('35 remaining');
    expect((within(journey).getByRole('progressbar') as HTMLProgressElement).value).toBe(36);
    // Where the journey stands and the week ahead, as the client's card says them.
    expect(within(journey).getByTestId('progress-stage').textContent).toBe('Stage 2 of 8: Declutter');
    expect(
      within(within(journey).getByRole('list', { name: 'Stages' }))
        .getAllByRole('listitem')
        .map((step) => step.dataset.stageStep),
    ).toEqual(['completed', 'in_progress', 'locked', 'locked', 'locked', 'locked', 'locked', 'locked']);
    expect(within(journey).getByTestId('progress-due-soon').textContent).toBe(
      '3 tasks due in the next 7 days',
    );
    expect(
      within(within(journey).getByRole('list', { name: 'Due in the next 7 days' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Clear the kitchen counters${dayLabel(demoDueDate(0))}`,
      `Clean out the garage${dayLabel(demoDueDate(2))}`,
      `Wipe down door jambs and trim${dayLabel(demoDueDate(5))}`,
    ]);
    // A demo: nothing to go to.
    expect(within(journey).queryByRole('button')).toBeNull();

    const priority = screen.getByRole('region', { name: "Today's Priority" });
    expect(priority.textContent).toContain('Clear the kitchen counters');
    expect(priority.textContent).toContain('Declutter');
    expect(priority.textContent).toContain('Due today, about 1 hour');
    expect(within(priority).getByText('high')).toBeTruthy();

    const stages = screen.getByRole('list', { name: 'Journey stages' });
    expect(
      within(stages)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Initial Assessment15 of 15 done',
      'Declutter5 of 8 done',
      'Repairs & Maintenance0 of 9 done',
      'Home Staging0 of 4 done',
      'Marketing & Photography0 of 6 done',
      'Ready to Show!!0 of 7 done',
      'Go Live and Show0 of 6 done',
      'Contract to Closing $$0 of 7 done',
    ]);
    expect(
      within(stages)
        .getAllByRole('img')
        .map((icon) => icon.getAttribute('aria-label')),
    ).toEqual(['Completed', 'In progress', 'Locked', 'Locked', 'Locked', 'Locked', 'Locked', 'Locked']);
    // Clients have no achievements or points: the demo shows none.
    expect(screen.queryByText(/Achievements|points/)).toBeNull();

    const agent = await screen.findByRole('complementary', { name: 'Your agent' });
    expect(within(agent).getByRole('link', { name: 'Call Jordan Blake' }).getAttribute('href')).toBe(
      'tel:555-0142',
    );
    expect(within(agent).getByRole('link', { name: 'Email Agent' }).getAttribute('href')).toBe(
      'mailto:jordan@example.com',
    );
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/agents/current']);
  });

  it('dates the week on the viewer’s calendar, across a month’s and a year’s end', () => {
    expect(demoDueDate(0, new Date(2030, 0, 10, 23, 30))).toBe('2030-01-10');
    expect(demoDueDate(5, new Date(2030, 0, 29, 8))).toBe('2030-02-03');
    expect(demoDueDate(2, new Date(2030, 11, 31, 0, 5))).toBe('2031-01-02');
  });

  it('names an agent without a phone in the banner, as a client sees them', async () => {
    serveAccount(null);
    renderWithSession(<ClientDemoScreen />, anAgent({ firstName: 'Jordan', lastName: 'Blake' }));
    const agent = await screen.findByRole('complementary', { name: 'Your agent' });
    expect(within(agent).queryByRole('link', { name: /Call/ })).toBeNull();
    expect(agent.textContent).toContain('Jordan Blake');
  });
});
