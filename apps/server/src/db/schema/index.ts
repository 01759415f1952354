export * from './access.js';
export * from './supplier.js';
export * from './dictionary.js';
export * from './audit.js';
export * from './file.js';
export * from './tender.js';
export * from './bid.js';
export * from './announcement.js';
