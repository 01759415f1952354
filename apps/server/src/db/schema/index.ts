export * from './access.js';
export * from './supplier.js';
export * from './dictionary.js';
export * from './audit.js';
