export * from './errors';
export * from './remotes';
export * from './brand';
export * from './tracking-events';
export * from './tracking';
export * from './catalog';
