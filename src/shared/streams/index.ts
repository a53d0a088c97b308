export * from './events';
export * from './keys';
export type * from './payloads';
export type * from './sink';
