export * from './cluster.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './nodes.ts';
export * from './ops.ts';
export * from './permissions.ts';
export * from './session.ts';
