CREATE TABLE `poll_ballots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`poll_id` integer NOT NULL,
	`voter_key` text,
	`choices` text NOT NULL,
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `poll_ballots_poll_voter_unique` ON `poll_ballots` (`poll_id`,`voter_key`);--> statement-breakpoint
CREATE TABLE `poll_nominations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`poll_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`nominated_by` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`nominated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `poll_nominations_poll_user_unique` ON `poll_nominations` (`poll_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `poll_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`poll_id` integer NOT NULL,
	`position` integer NOT NULL,
	`label` text NOT NULL,
	`user_id` text,
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `poll_options_poll_position_unique` ON `poll_options` (`poll_id`,`position`);--> statement-breakpoint
CREATE TABLE `poll_voters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`poll_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`voted_at` integer,
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `poll_voters_poll_user_unique` ON `poll_voters` (`poll_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `polls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`anonymous` integer DEFAULT false NOT NULL,
	`results_visibility` text DEFAULT 'live' NOT NULL,
	`eligibility` text DEFAULT 'all' NOT NULL,
	`joined_before` integer,
	`max_choices` integer,
	`seats` integer,
	`closes_at` integer NOT NULL,
	`ballot_key` text,
	`first_vote_at` integer,
	`result` text,
	`ballots_hash` text,
	`topic_id` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`opened_at` integer,
	`closed_at` integer,
	`closed_by` text,
	`cancelled_at` integer,
	`cancel_reason` text,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`closed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `polls_community_idx` ON `polls` (`community_id`,`id`);--> statement-breakpoint
CREATE INDEX `polls_open_closes_idx` ON `polls` (`closes_at`) WHERE "polls"."status" IN ('open', 'nominating');