CREATE TABLE `call_participants` (
	`call_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`state` text NOT NULL,
	`joined_at` integer,
	`left_at` integer,
	PRIMARY KEY(`call_id`, `user_id`),
	FOREIGN KEY (`call_id`) REFERENCES `calls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `call_participants_user_idx` ON `call_participants` (`user_id`,`state`);--> statement-breakpoint
CREATE TABLE `calls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` integer NOT NULL,
	`started_by` text,
	`media` text NOT NULL,
	`status` text NOT NULL,
	`message_id` integer,
	`started_at` integer NOT NULL,
	`answered_at` integer,
	`ended_at` integer,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`started_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`message_id`) REFERENCES `messages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calls_one_live_per_conversation` ON `calls` (`conversation_id`) WHERE status IN ('ringing', 'active');--> statement-breakpoint
CREATE INDEX `calls_message_idx` ON `calls` (`message_id`);--> statement-breakpoint
ALTER TABLE `messages` ADD `kind` text DEFAULT 'text' NOT NULL;