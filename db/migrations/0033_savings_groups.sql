CREATE TABLE `savings_cycles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`group_id` integer NOT NULL,
	`number` integer NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`frequency` text NOT NULL,
	`cycle_months` integer NOT NULL,
	`share_price` integer NOT NULL,
	`min_shares` integer NOT NULL,
	`max_shares` integer NOT NULL,
	`social_fund` integer DEFAULT 0 NOT NULL,
	`loan_multiple_tenths` integer NOT NULL,
	`loan_terms` text NOT NULL,
	`interest_method` text NOT NULL,
	`rate_bps` integer NOT NULL,
	`grace_days` integer DEFAULT 0 NOT NULL,
	`late_penalty` integer DEFAULT 0 NOT NULL,
	`fine_late` integer DEFAULT 0 NOT NULL,
	`fine_absent` integer DEFAULT 0 NOT NULL,
	`fine_missed_shares` integer DEFAULT 0 NOT NULL,
	`share_out_method` text DEFAULT 'proportional' NOT NULL,
	`opened_by` text,
	`opened_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`group_id`) REFERENCES `savings_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`opened_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `savings_cycles_number_unique` ON `savings_cycles` (`group_id`,`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `savings_cycles_open_unique` ON `savings_cycles` (`group_id`) WHERE "savings_cycles"."status" = 'open';--> statement-breakpoint
CREATE TABLE `savings_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`group_id` integer NOT NULL,
	`cycle_id` integer NOT NULL,
	`meeting_id` integer,
	`member_id` text NOT NULL,
	`kind` text NOT NULL,
	`shares` integer DEFAULT 0 NOT NULL,
	`amount` integer NOT NULL,
	`fine_reason` text,
	`method` text NOT NULL,
	`reference` text,
	`proof_url` text,
	`status` text NOT NULL,
	`recorded_by` text NOT NULL,
	`confirmed_by` text,
	`decided_at` integer,
	`reason` text,
	`purpose` text,
	`reverses_id` integer,
	`loan_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`group_id`) REFERENCES `savings_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cycle_id`) REFERENCES `savings_cycles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`meeting_id`) REFERENCES `savings_meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`confirmed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`loan_id`) REFERENCES `savings_loans`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "savings_entries_sign" CHECK(("savings_entries"."reverses_id" IS NULL AND "savings_entries"."amount" > 0) OR ("savings_entries"."reverses_id" IS NOT NULL AND "savings_entries"."amount" < 0))
);
--> statement-breakpoint
CREATE INDEX `savings_entries_loan_idx` ON `savings_entries` (`loan_id`,`kind`) WHERE "savings_entries"."loan_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `savings_entries_member_idx` ON `savings_entries` (`group_id`,`member_id`,`cycle_id`);--> statement-breakpoint
CREATE INDEX `savings_entries_pending_idx` ON `savings_entries` (`group_id`,`created_at`) WHERE "savings_entries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `savings_entries_meeting_idx` ON `savings_entries` (`meeting_id`,`member_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `savings_entries_reverses_unique` ON `savings_entries` (`reverses_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `savings_entries_live_unique` ON `savings_entries` (`meeting_id`,`member_id`,`kind`) WHERE "savings_entries"."status" IN ('pending', 'confirmed') AND "savings_entries"."reverses_id" IS NULL AND "savings_entries"."kind" IN ('shares', 'social_fund');--> statement-breakpoint
CREATE UNIQUE INDEX `savings_entries_live_fine_unique` ON `savings_entries` (`meeting_id`,`member_id`,`fine_reason`) WHERE "savings_entries"."status" IN ('pending', 'confirmed') AND "savings_entries"."reverses_id" IS NULL AND "savings_entries"."kind" = 'fine';--> statement-breakpoint
CREATE TABLE `savings_group_members` (
	`group_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`decided_by` text,
	`decided_at` integer,
	PRIMARY KEY(`group_id`, `user_id`),
	FOREIGN KEY (`group_id`) REFERENCES `savings_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `savings_group_members_user_idx` ON `savings_group_members` (`user_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `savings_group_officer_unique` ON `savings_group_members` (`group_id`,`role`) WHERE "savings_group_members"."role" <> 'member' AND "savings_group_members"."status" = 'active';--> statement-breakpoint
CREATE TABLE `savings_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`name` text NOT NULL,
	`currency` text NOT NULL,
	`time_zone` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`frequency` text NOT NULL,
	`cycle_months` integer NOT NULL,
	`share_price` integer NOT NULL,
	`min_shares` integer NOT NULL,
	`max_shares` integer NOT NULL,
	`social_fund` integer DEFAULT 0 NOT NULL,
	`loan_multiple_tenths` integer NOT NULL,
	`loan_terms` text NOT NULL,
	`interest_method` text NOT NULL,
	`rate_bps` integer NOT NULL,
	`grace_days` integer DEFAULT 0 NOT NULL,
	`late_penalty` integer DEFAULT 0 NOT NULL,
	`fine_late` integer DEFAULT 0 NOT NULL,
	`fine_absent` integer DEFAULT 0 NOT NULL,
	`fine_missed_shares` integer DEFAULT 0 NOT NULL,
	`share_out_method` text DEFAULT 'proportional' NOT NULL,
	`loan_fund_cash` integer DEFAULT 0 NOT NULL,
	`social_fund_cash` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `savings_groups_community_idx` ON `savings_groups` (`community_id`,`status`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `savings_groups_name_unique` ON `savings_groups` (`community_id`,lower("name"));--> statement-breakpoint
CREATE TABLE `savings_loan_guarantors` (
	`loan_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`hold` integer DEFAULT 0 NOT NULL,
	`decided_at` integer,
	PRIMARY KEY(`loan_id`, `user_id`),
	FOREIGN KEY (`loan_id`) REFERENCES `savings_loans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `savings_loan_guarantors_user_idx` ON `savings_loan_guarantors` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `savings_loan_repayments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`loan_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`method` text NOT NULL,
	`reference` text,
	`proof_url` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`recorded_by` text NOT NULL,
	`confirmed_by` text,
	`decided_at` integer,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`loan_id`) REFERENCES `savings_loans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`confirmed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `savings_loan_repayments_loan_idx` ON `savings_loan_repayments` (`loan_id`,`status`);--> statement-breakpoint
CREATE TABLE `savings_loans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`group_id` integer NOT NULL,
	`cycle_id` integer NOT NULL,
	`borrower_id` text NOT NULL,
	`principal` integer NOT NULL,
	`periods` integer NOT NULL,
	`rate_bps` integer NOT NULL,
	`interest_method` text NOT NULL,
	`purpose` text NOT NULL,
	`guaranteed` integer DEFAULT 0 NOT NULL,
	`status` text NOT NULL,
	`approved_by` text,
	`second_approved_by` text,
	`disbursed_on` text,
	`decided_by` text,
	`reason` text,
	`write_off_proposed_by` text,
	`write_off_reason` text,
	`written_off_by` text,
	`written_off` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`group_id`) REFERENCES `savings_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cycle_id`) REFERENCES `savings_cycles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`borrower_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`second_approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`write_off_proposed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`written_off_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `savings_loans_group_idx` ON `savings_loans` (`group_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `savings_loans_live_unique` ON `savings_loans` (`group_id`,`borrower_id`) WHERE "savings_loans"."status" IN ('requested', 'approved', 'disbursing', 'active');--> statement-breakpoint
CREATE TABLE `savings_meetings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`group_id` integer NOT NULL,
	`cycle_id` integer NOT NULL,
	`number` integer NOT NULL,
	`date` text NOT NULL,
	FOREIGN KEY (`group_id`) REFERENCES `savings_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cycle_id`) REFERENCES `savings_cycles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `savings_meetings_number_unique` ON `savings_meetings` (`cycle_id`,`number`);