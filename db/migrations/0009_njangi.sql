CREATE TABLE `circle_bids` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`circle_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`hand_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`discount` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`round_id`) REFERENCES `circle_rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`hand_id`) REFERENCES `circle_hands`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `circle_bids_unique` ON `circle_bids` (`round_id`,`hand_id`);--> statement-breakpoint
CREATE TABLE `circle_contributions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`circle_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`hand_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`amount` integer NOT NULL,
	`method` text NOT NULL,
	`reference` text,
	`proof_url` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`reason` text,
	`late` integer DEFAULT false NOT NULL,
	`receipt_no` integer,
	`recorded_by` text,
	`decided_by` text,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`round_id`) REFERENCES `circle_rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`hand_id`) REFERENCES `circle_hands`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `circle_contributions_live_unique` ON `circle_contributions` (`round_id`,`hand_id`) WHERE status <> 'rejected';--> statement-breakpoint
CREATE INDEX `circle_contributions_user_idx` ON `circle_contributions` (`user_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `circle_contributions_receipt_unique` ON `circle_contributions` (`circle_id`,`receipt_no`);--> statement-breakpoint
CREATE TABLE `circle_fines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`circle_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`hand_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'owed' NOT NULL,
	`reason` text,
	`pot_round_id` integer,
	`created_at` integer NOT NULL,
	`settled_at` integer,
	`settled_by` text,
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`round_id`) REFERENCES `circle_rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`hand_id`) REFERENCES `circle_hands`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`pot_round_id`) REFERENCES `circle_rounds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`settled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `circle_fines_unique` ON `circle_fines` (`round_id`,`hand_id`);--> statement-breakpoint
CREATE INDEX `circle_fines_circle_idx` ON `circle_fines` (`circle_id`,`status`);--> statement-breakpoint
CREATE TABLE `circle_hands` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`circle_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`hand_no` integer NOT NULL,
	`position` integer,
	`drawn_position` integer,
	`received` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `circle_hands_no_unique` ON `circle_hands` (`circle_id`,`hand_no`);--> statement-breakpoint
CREATE UNIQUE INDEX `circle_hands_position_unique` ON `circle_hands` (`circle_id`,`position`);--> statement-breakpoint
CREATE INDEX `circle_hands_user_idx` ON `circle_hands` (`user_id`);--> statement-breakpoint
CREATE TABLE `circle_members` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`circle_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`hands` integer DEFAULT 1 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	`decided_by` text,
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `circle_members_unique` ON `circle_members` (`circle_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `circle_members_user_idx` ON `circle_members` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `circle_payouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`circle_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`hand_id` integer NOT NULL,
	`beneficiary_id` text NOT NULL,
	`collected` integer NOT NULL,
	`shortfall` integer DEFAULT 0 NOT NULL,
	`fines` integer DEFAULT 0 NOT NULL,
	`fee` integer DEFAULT 0 NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`share` integer DEFAULT 0 NOT NULL,
	`carry_in` integer DEFAULT 0 NOT NULL,
	`carry_out` integer DEFAULT 0 NOT NULL,
	`amount` integer NOT NULL,
	`method` text NOT NULL,
	`reference` text,
	`proof_url` text,
	`status` text DEFAULT 'recorded' NOT NULL,
	`dispute_reason` text,
	`receipt_no` integer,
	`recorded_by` text,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`round_id`) REFERENCES `circle_rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`hand_id`) REFERENCES `circle_hands`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`beneficiary_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `circle_payouts_round_unique` ON `circle_payouts` (`round_id`);--> statement-breakpoint
CREATE INDEX `circle_payouts_circle_idx` ON `circle_payouts` (`circle_id`,`status`);--> statement-breakpoint
CREATE TABLE `circle_picks` (
	`circle_id` integer NOT NULL,
	`position` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`circle_id`, `position`),
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `circle_picks_user_idx` ON `circle_picks` (`circle_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `circle_rounds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`circle_id` integer NOT NULL,
	`number` integer NOT NULL,
	`due_date` text NOT NULL,
	`due_at` integer NOT NULL,
	`fine_at` integer NOT NULL,
	`beneficiary_hand_id` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`due_soon_sent` integer DEFAULT false NOT NULL,
	`overdue_sent` integer DEFAULT false NOT NULL,
	`next_sent` integer DEFAULT false NOT NULL,
	`fines_posted` integer DEFAULT false NOT NULL,
	`ready_sent` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`beneficiary_hand_id`) REFERENCES `circle_hands`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `circle_rounds_unique` ON `circle_rounds` (`circle_id`,`number`);--> statement-breakpoint
CREATE INDEX `circle_rounds_due_idx` ON `circle_rounds` (`status`,`due_at`);--> statement-breakpoint
CREATE TABLE `circle_swaps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`circle_id` integer NOT NULL,
	`from_hand_id` integer NOT NULL,
	`to_hand_id` integer NOT NULL,
	`requested_by` text NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`from_hand_id`) REFERENCES `circle_hands`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_hand_id`) REFERENCES `circle_hands`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `circle_swaps_circle_idx` ON `circle_swaps` (`circle_id`,`status`);--> statement-breakpoint
CREATE TABLE `circles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`organiser_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`currency` text NOT NULL,
	`contribution` integer NOT NULL,
	`frequency` text NOT NULL,
	`start_date` text NOT NULL,
	`time_zone` text NOT NULL,
	`hands` integer NOT NULL,
	`max_hands_per_member` integer DEFAULT 1 NOT NULL,
	`payout_method` text NOT NULL,
	`order_by` text DEFAULT 'organiser' NOT NULL,
	`grace_days` integer DEFAULT 0 NOT NULL,
	`fine_kind` text DEFAULT 'none' NOT NULL,
	`fine_value` integer DEFAULT 0 NOT NULL,
	`deposit` integer DEFAULT 0 NOT NULL,
	`fee_bps` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'recruiting' NOT NULL,
	`seed_hash` text,
	`seed` text,
	`carry` integer DEFAULT 0 NOT NULL,
	`last_receipt_no` integer DEFAULT 0 NOT NULL,
	`cancel_reason` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`ended_at` integer,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organiser_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `circles_community_idx` ON `circles` (`community_id`,`status`,`id`);--> statement-breakpoint
ALTER TABLE `communities` ADD `members_organise_circles` integer DEFAULT false NOT NULL;