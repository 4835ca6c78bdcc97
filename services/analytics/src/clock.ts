/** The service's time source: the system clock, or one a test sets. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
