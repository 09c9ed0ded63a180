export * from './limits.js';
export * from './errors.js';
export * from './entities.js';
export * from './requests.js';
export * from './identity.js';
export * from './client-config.js';
export * from './sharing.js';
export * from './admin.js';
