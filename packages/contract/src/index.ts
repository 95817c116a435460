export * from './ids.js';
export * from './limits.js';
export * from './messages.js';
export * from './envelope.js';
export * from './api-paths.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
