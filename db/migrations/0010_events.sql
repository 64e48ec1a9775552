CREATE TABLE `calendar_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_tokens_hash_unique` ON `calendar_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `calendar_tokens_user_idx` ON `calendar_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `event_attendance` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`attended` integer NOT NULL,
	`marked_by` text,
	`marked_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`marked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_attendance_event_user_unique` ON `event_attendance` (`event_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `event_attendance_user_idx` ON `event_attendance` (`user_id`) WHERE "event_attendance"."attended" = 1;--> statement-breakpoint
CREATE TABLE `event_rsvps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`guests` integer DEFAULT 0 NOT NULL,
	`note` text,
	`waitlisted_at` integer,
	`added_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`added_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_rsvps_event_user_unique` ON `event_rsvps` (`event_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `event_rsvps_event_status_idx` ON `event_rsvps` (`event_id`,`status`);--> statement-breakpoint
CREATE INDEX `event_rsvps_user_idx` ON `event_rsvps` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `event_series` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`frequency` text NOT NULL,
	`rrule` text NOT NULL,
	`time_zone` text NOT NULL,
	`start_date` text NOT NULL,
	`local_time` text NOT NULL,
	`duration_ms` integer NOT NULL,
	`until` text,
	`count` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `event_series_community_idx` ON `event_series` (`community_id`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`series_id` integer,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`time_zone` text NOT NULL,
	`place` text,
	`online_url` text,
	`cover_url` text,
	`capacity` integer,
	`visibility` text DEFAULT 'members' NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`cancel_reason` text,
	`sequence` integer DEFAULT 0 NOT NULL,
	`reminder_sent` integer DEFAULT false NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`cancelled_at` integer,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`series_id`) REFERENCES `event_series`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `events_community_starts_idx` ON `events` (`community_id`,`starts_at`,`id`);--> statement-breakpoint
CREATE INDEX `events_starts_idx` ON `events` (`starts_at`);--> statement-breakpoint
CREATE INDEX `events_series_idx` ON `events` (`series_id`,`starts_at`);