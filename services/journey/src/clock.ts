/** The current time; injected so tests can choose "today" (Today's Priority, tasks due). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
