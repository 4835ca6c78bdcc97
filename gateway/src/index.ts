export * from './app.ts';
export * from './config.ts';
export * from './routes-table.ts';
