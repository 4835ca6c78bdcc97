import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JourneyCard, dueSoonText, stagePositionText } from './journey-card.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { StageIcon } from './stage-icon.tsx';
import { StageSummary } from './stage-summary.tsx';

afterEach(cleanup);

describe('journey pieces', () => {
  it('draws a percent as a named, bounded progress bar with no inline style', () => {
    render(
      <>
        <ProgressBar percent={33.4} label="Progress of Jane" />
        <ProgressBar percent={140} label="Over" />
        <ProgressBar percent={-5} label="Under" />
      </>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Progress of Jane' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([33, 100]);
    expect(bar.getAttribute('style')).toBeNull();
    expect((screen.getByRole('progressbar', { name: 'Over' }) as HTMLProgressElement).value).toBe(100);
    expect((screen.getByRole('progressbar', { name: 'Under' }) as HTMLProgressElement).value).toBe(0);
  });

  it('draws a stage’s icon by name, a checklist for a name it does not know, hidden from readers', () => {
    const { container } = render(
      <>
        <StageIcon name="DoorOpen" />
        <StageIcon name="NoSuchIcon" />
        <StageIcon name={null} />
      </>,
    );
    const icons = [...container.querySelectorAll('svg')];
    expect(
      icons.map((icon) =>
        icon
          .getAttribute('class')
          ?.match(/lucide-([a-z-]+)/g)
          ?.at(-1),
      ),
    ).toEqual(['lucide-door-open', 'lucide-list-checks', 'lucide-list-checks']);
    expect(icons.every((icon) => icon.getAttribute('aria-hidden') === 'true')).toBe(true);
  });

  it('heads a stage with its name, tasks done and its status named for screen readers', () => {
    const { container } = render(
      <StageSummary
        stage={{
          title: 'Declutter',
          icon: 'PackageOpen',
          status: 'in_progress',
          completedTasks: 5,
          totalTasks: 8,
        }}
      />,
    );
    expect(container.textContent).toBe('Declutter5 of 8 done');
    expect(screen.getByRole('img', { name: 'In progress' })).toBeTruthy();
    expect(container.querySelector('.lucide-package-open')?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('where the journey stands', () => {
  it('names the stage in progress among all of them, or says every stage is done', () => {
    const stages = [{ title: 'Initial Assessment' }, { title: 'Declutter' }];
    expect(stagePositionText(stages, 1)).toBe('Stage 2 of 2: Declutter');
    expect(stagePositionText(stages, -1)).toBe('Every stage completed');
  });

  it('draws one card, the seller’s or the demo’s: a region named by its heading, the counts and the bar', () => {
    render(
      <JourneyCard
        title="Casey’s Home Sale Journey"
        titleId="card-title"
        headingLevel={3}
        summary={{ percent: 36, completedTasks: 20, totalTasks: 55, remainingTasks: 35 }}
        stages={[
          { title: 'Initial Assessment', status: 'completed' },
          { title: 'Declutter', status: 'in_progress' },
        ]}
        current={1}
        week={[{ key: 'a', title: 'Clear the garage', dueLabel: 'Jan 12, 2030' }]}
      />,
    );
    const card = screen.getByRole('region', { name: 'Casey’s Home Sale Journey' });
    expect(card.querySelector('h3')?.id).toBe('card-title');
    const bar = screen.getByRole('progressbar', { name: 'Journey progress' }) as HTMLProgressElement;
    expect(bar.value).toBe(36);
    expect(card.textContent).toContain('36%');
    expect(screen.getByTestId('progress-completed').textContent).toBe('20 of 55 tasks completed');
    expect(card.textContent).toContain('35 remaining');
    expect(screen.getByTestId('progress-stage').textContent).toBe('Stage 2 of 2: Declutter');
    expect(screen.getByText('Clear the garage').tagName).toBe('SPAN');
  });

  it('counts the week in words', () => {
    expect([0, 1, 4].map(dueSoonText)).toEqual([
      'Nothing due in the next 7 days',
      '1 task due in the next 7 days',
      '4 tasks due in the next 7 days',
    ]);
  });
});
