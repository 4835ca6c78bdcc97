/**
 * A bench's settings from its environment: a variable that is unset, empty, not a number or not
 * above zero leaves the bench's default, so a typo runs the bench as documented instead of with 0.
 */

/** A positive number (a rate, seconds), or `fallback`. */
export const positiveSetting = (value: string | undefined, fallback: number): number => {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

/** A positive count (runs, cases), rounded down, or `fallback`; below 1 (`0.5`) is `fallback` too. */
export const positiveCount = (value: string | undefined, fallback: number): number => {
  const parsed = Math.floor(positiveSetting(value, fallback));
  return parsed >= 1 ? parsed : fallback;
};
