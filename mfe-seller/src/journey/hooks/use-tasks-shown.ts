import { useCallback } from 'react';
import { useLocationSearch, writeAddress } from '@listready/web-client';

/** Which of the journey's tasks the screen lists: all of them by stage, or the reader's. */
export type TasksShown = 'all' | 'mine';

/** The query parameter naming the reader's list: `/journey?tasks=mine`. */
const TASKS_PARAM = 'tasks';

/** The list a page's query names: the reader's for `tasks=mine`, all the tasks otherwise. */
export const tasksShownIn = (search: string): TasksShown =>
  new URLSearchParams(search).get(TASKS_PARAM) === 'mine' ? 'mine' : 'all';

/** `location`'s address showing `shown`, its other parameters and fragment kept. */
export function addressShowing(location: Pick<Location, 'pathname' | 'search' | 'hash'>, shown: TasksShown) {
  const params = new URLSearchParams(location.search);
  if (shown === 'mine') params.set(TASKS_PARAM, 'mine');
  else params.delete(TASKS_PARAM);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
}

/**
 * The list shown, held by the address (`?tasks=mine`): a reload, a bookmark or Back keeps it, as the
 * profile's tabs are. Choosing the other one is a new history entry, so Back returns to the list
 * before. Only a reader with tasks of their own has the choice (`offered`): anyone else is shown all
 * the tasks whatever the address says.
 */
export function useTasksShown(offered: boolean): [TasksShown, (shown: TasksShown) => void] {
  const search = useLocationSearch();
  const show = useCallback((shown: TasksShown) => {
    if (tasksShownIn(window.location.search) !== shown) writeAddress(addressShowing(window.location, shown));
  }, []);
  return [offered ? tasksShownIn(search) : 'all', show];
}
