export * from './constants.js';
export * from './messages.js';
export * from './paths.js';
export * from './common.js';
export * from './auth.js';
export * from './people.js';
