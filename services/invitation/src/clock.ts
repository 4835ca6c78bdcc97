/** The current time; injected so tests can move it (invitation expiry). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
