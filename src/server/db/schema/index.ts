export * from './users.js';
export * from './catalogue.js';
export * from './contacts.js';
export * from './tickets.js';
export * from './payments.js';
export * from './oidc.js';
export * from './rate-limits.js';
export * from './conversation.js';
