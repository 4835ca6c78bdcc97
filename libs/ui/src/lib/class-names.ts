import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. No tailwind-merge: it would add ~20 KB gzipped to every page; components put
 * caller classes last and avoid conflicting defaults instead.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
