import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@listready/web-client';
import { journeyReadRetry } from './use-journey-queries.ts';

const notReady = new ApiRequestError(
  404,
  'Not Found',
  JSON.stringify({ message: 'Your journey is being set up.', code: 'JOURNEY_NOT_READY' }),
);

describe('journey reads right after sign-up', () => {
  it('asks again while the journey is being set up, a few times, backing off', () => {
    expect(journeyReadRetry.retry(0, notReady)).toBe(true);
    expect(journeyReadRetry.retry(4, notReady)).toBe(true);
    expect(journeyReadRetry.retry(5, notReady)).toBe(false);
    expect([0, 1, 2].map(journeyReadRetry.retryDelay)).toEqual([250, 500, 1000]);
  });

  it('does not ask again for any other failure', () => {
    const notFound = new ApiRequestError(
      404,
      'Not Found',
      JSON.stringify({ message: 'Task not found', code: 'TASK_NOT_FOUND' }),
    );
    expect(journeyReadRetry.retry(0, notFound)).toBe(false);
    expect(journeyReadRetry.retry(0, new ApiRequestError(500, 'Internal Server Error', ''))).toBe(false);
    expect(journeyReadRetry.retry(0, new Error('offline'))).toBe(false);
  });
});
