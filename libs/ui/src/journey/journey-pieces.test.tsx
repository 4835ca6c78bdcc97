import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dueSoonText, stagePositionText } from './journey-standing.tsx';
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

  it('counts the week in words', () => {
    expect([0, 1, 4].map(dueSoonText)).toEqual([
      'Nothing due in the next 7 days',
      '1 task due in the next 7 days',
      '4 tasks due in the next 7 days',
    ]);
  });
});
