CREATE TABLE `mail_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`once_key` text NOT NULL,
	`template` text NOT NULL,
	`user_id` text,
	`email` text,
	`language` text,
	`payload` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claimed_until` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_once_key_unique` ON `mail_outbox` (`once_key`);--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`next_attempt_at`) WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `mail_outbox_user_idx` ON `mail_outbox` (`user_id`);