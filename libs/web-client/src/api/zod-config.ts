import { z } from 'zod';

/*
 * Zod compiles fast object parsers with `new Function` and probes whether it may by calling it,
 * which the page's CSP (no 'unsafe-eval') reports as a violation. In the browser every answer is
 * parsed interpreted instead. This must run before any schema is built: zod decides when a schema
 * is created, so the API client imports this module before the contracts.
 */
z.config({ jitless: true });
