export * from './accounts.ts';
export * from './authorization-matrix.ts';
export * from './authorization-table.ts';
export * from './otlp-receiver.ts';
export * from './event-loop-pressure.ts';
