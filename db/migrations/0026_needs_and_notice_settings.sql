CREATE TABLE `notice_preferences` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`channel` text NOT NULL,
	`source` text DEFAULT 'profile' NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notice_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`digest` text DEFAULT 'daily' NOT NULL,
	`time_zone` text,
	`digest_done_on` text,
	`digest_unsubscribed_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `server_keys` (
	`name` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `notifications` ADD `item_key` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `handled_at` integer;--> statement-breakpoint
ALTER TABLE `notifications` ADD `handled_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `notifications_item_idx` ON `notifications` (`item_key`) WHERE "notifications"."item_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `join_requests_waiting_idx` ON `join_requests` (`community_id`,`created_at`,`id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `payments_waiting_idx` ON `payments` (`community_id`,`created_at`,`id`,`member_id`,`recorded_by`) WHERE status = 'pending';--> statement-breakpoint
-- The two settings members had become choices of the new kinds: new-event notices turned off is events
-- off; discussion notices by email is discussions by email at once (everything else keeps its default).
INSERT INTO `notice_preferences` (`user_id`, `kind`, `channel`, `source`, `updated_at`)
  SELECT `id`, 'events', 'off', 'profile', `updated_at` FROM `users` WHERE `notify_new_events` = 0 AND `deleted_at` IS NULL;--> statement-breakpoint
INSERT INTO `notice_preferences` (`user_id`, `kind`, `channel`, `source`, `updated_at`)
  SELECT `id`, 'discussions', 'email', 'profile', `updated_at` FROM `users` WHERE `notify_discussions_email` = 1 AND `deleted_at` IS NULL;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `notify_new_events`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `notify_discussions_email`;--> statement-breakpoint
-- The key that signs one-click unsubscribe links (mail/unsubscribe.ts), made once with the database.
INSERT INTO `server_keys` (`name`, `key`, `created_at`) VALUES ('unsubscribe', lower(hex(randomblob(32))), CAST(unixepoch('subsec') * 1000 AS INTEGER));
