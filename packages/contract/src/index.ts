export * from './cluster.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './ops.ts';
export * from './permissions.ts';
export * from './session.ts';
export * from './nodes.ts';
