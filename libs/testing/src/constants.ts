/** The migrated and seeded database every suite's own database is cloned from. */
export const TEMPLATE_DATABASE = 'listready_test_template';
