import type { en } from '@shared/i18n/en';

/*
 * A notice's texts are `notifications.<key>.title` and `.message` in each language's catalogue.
 * Notices reach people through one pipeline only (services/notify.ts): in the app, and by email
 * through the outbox (mail/outbox.ts) as each reader chose; nothing here sends mail.
 */
export type NoticeKey = keyof typeof en.notifications;
