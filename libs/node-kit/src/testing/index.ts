export { eventually } from './eventually';
export type { EventuallyOptions } from './eventually';
export { ownCardNumber } from './cards';
