export * from './users';
export * from './sessions';
export * from './tokens';
export * from './communities';
export * from './announcements';
export * from './admin';
export * from './notifications';
export * from './finances';
