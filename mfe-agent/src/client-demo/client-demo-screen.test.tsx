import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_STAGES, demoPoints, demoProgress } from './client-demo-data.ts';
import { ClientDemoScreen } from './client-demo-screen.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the client demo', () => {
  it('adds up to the spec’s sample: 8 of 24 tasks, stage 2 of 6, 150 points', () => {
    expect(demoProgress()).toMatchObject({
      completedTasks: 8,
      totalTasks: 24,
      remainingTasks: 16,
      percent: 33,
      stageNumber: 2,
      stageCount: 6,
      stageName: 'Declutter',
    });
    expect(DEMO_STAGES).toHaveLength(6);
    expect(demoPoints()).toBe(150);
  });

  it('shows what a client sees, asking the server for nothing', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<ClientDemoScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Client Demo' })).toBeTruthy();
    const journey = screen.getByRole('region', { name: 'Your Home Sale Journey' });
    expect(journey.textContent).toContain('8 of 24 tasks completed');
    expect(journey.textContent).toContain('16 remaining');
    expect(journey.textContent).toContain('Stage 2 of 6: Declutter');
    expect((within(journey).getByRole('progressbar') as HTMLProgressElement).value).toBe(33);

    const priority = screen.getByRole('region', { name: 'Priority Tasks' });
    expect(
      within(priority)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Clear kitchen counters', 'Spruce up front entry', 'Touch-up paint']);
    expect(within(priority).getAllByText('high')).toHaveLength(2);

    const stages = screen.getByRole('region', { name: 'Journey Stages' });
    expect(
      within(stages)
        .getAllByRole('img')
        .map((icon) => icon.getAttribute('aria-label')),
    ).toEqual(['Completed', 'In progress', 'Locked', 'Locked', 'Locked', 'Locked']);

    const achievements = screen.getByRole('region', { name: 'Achievements' });
    expect(achievements.textContent).toContain('150 points earned');
    expect(within(achievements).getAllByText('Earned')).toHaveLength(2);
    expect(achievements.textContent).toContain('500 pts');

    const agent = screen.getByRole('region', { name: 'Need help?' });
    expect(within(agent).getByRole('link', { name: 'Call Jordan Blake' }).getAttribute('href')).toBe(
      'tel:555-0142',
    );
    expect(within(agent).getByRole('link', { name: 'Email Agent' }).getAttribute('href')).toBe(
      'mailto:jordan.blake@example.com',
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
