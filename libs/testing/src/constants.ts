/**
 * The migrated and seeded database every suite's own database is cloned from: one per test run
 * (process id), so two runs against the same server never rebuild each other's template.
 */
export const templateDatabaseName = (pid: number = process.pid): string => `listready_test_template_${pid}`;
