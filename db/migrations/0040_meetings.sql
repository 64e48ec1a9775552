CREATE TABLE `meeting_agenda_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`meeting_id` integer NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`presenter_id` text,
	`time` text,
	`duration_minutes` integer,
	`notes` text DEFAULT '' NOT NULL,
	`poll_id` integer,
	`topic_id` integer,
	`document_id` integer,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`presenter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `meeting_agenda_meeting_idx` ON `meeting_agenda_items` (`meeting_id`,`position`);--> statement-breakpoint
CREATE TABLE `meeting_attendance` (
	`meeting_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`via` text DEFAULT 'list' NOT NULL,
	`marked_by` text,
	`marked_at` integer NOT NULL,
	PRIMARY KEY(`meeting_id`, `user_id`),
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`marked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `meeting_fines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`meeting_id` integer NOT NULL,
	`community_id` integer NOT NULL,
	`member_id` text NOT NULL,
	`reason` text NOT NULL,
	`amount` integer NOT NULL,
	`paid` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'owed' NOT NULL,
	`posted_by` text,
	`waived_by` text,
	`waive_reason` text,
	`waived_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`posted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`waived_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meeting_fines_meeting_member_unique` ON `meeting_fines` (`meeting_id`,`member_id`);--> statement-breakpoint
CREATE INDEX `meeting_fines_member_idx` ON `meeting_fines` (`community_id`,`member_id`,`id`);--> statement-breakpoint
CREATE INDEX `meeting_fines_owed_idx` ON `meeting_fines` (`community_id`,`member_id`) WHERE "meeting_fines"."status" = 'owed' AND "meeting_fines"."paid" < "meeting_fines"."amount";--> statement-breakpoint
CREATE TABLE `meeting_host_rota` (
	`community_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`community_id`, `user_id`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `meeting_minutes` (
	`meeting_id` integer PRIMARY KEY NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`approval_poll_id` integer,
	`approved_at` integer,
	`document_id` integer,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `meeting_minutes_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`meeting_id` integer NOT NULL,
	`version` integer NOT NULL,
	`body` text NOT NULL,
	`reason` text,
	`author_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meeting_minutes_versions_unique` ON `meeting_minutes_versions` (`meeting_id`,`version`);--> statement-breakpoint
CREATE TABLE `meeting_proxies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`meeting_id` integer NOT NULL,
	`grantor_id` text NOT NULL,
	`holder_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`grantor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`holder_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meeting_proxies_live_grantor_unique` ON `meeting_proxies` (`meeting_id`,`grantor_id`) WHERE "meeting_proxies"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX `meeting_proxies_holder_idx` ON `meeting_proxies` (`meeting_id`,`holder_id`);--> statement-breakpoint
CREATE TABLE `meeting_settings` (
	`community_id` integer PRIMARY KEY NOT NULL,
	`quorum_kind` text DEFAULT 'none' NOT NULL,
	`quorum_value` integer DEFAULT 0 NOT NULL,
	`late_fine` integer DEFAULT 0 NOT NULL,
	`absence_fine` integer DEFAULT 0 NOT NULL,
	`max_proxies` integer DEFAULT 1 NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `meeting_votes` (
	`poll_id` integer PRIMARY KEY NOT NULL,
	`meeting_id` integer NOT NULL,
	`present` integer NOT NULL,
	`proxies` integer NOT NULL,
	`needed` integer NOT NULL,
	`quorum_met` integer NOT NULL,
	`recorded_at` integer NOT NULL,
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `meeting_votes_meeting_idx` ON `meeting_votes` (`meeting_id`);--> statement-breakpoint
CREATE TABLE `meetings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`community_id` integer NOT NULL,
	`scope` text DEFAULT 'community' NOT NULL,
	`circle_id` integer,
	`savings_group_id` integer,
	`general_assembly` integer DEFAULT false NOT NULL,
	`host_id` text,
	`proxies_locked_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meetings_event_unique` ON `meetings` (`event_id`);--> statement-breakpoint
CREATE INDEX `meetings_community_idx` ON `meetings` (`community_id`,`id`);--> statement-breakpoint
CREATE INDEX `meetings_host_idx` ON `meetings` (`host_id`);--> statement-breakpoint
CREATE TABLE `sync_records` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`op` text NOT NULL,
	`outcome` text NOT NULL,
	`result` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sync_records_created_idx` ON `sync_records` (`created_at`);--> statement-breakpoint
ALTER TABLE `payments` ADD `fine_id` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `kind` text DEFAULT 'event' NOT NULL;--> statement-breakpoint
ALTER TABLE `poll_voters` ADD `cast_by` text REFERENCES users(id);