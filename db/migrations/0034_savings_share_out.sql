CREATE TABLE `savings_share_outs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`group_id` integer NOT NULL,
	`cycle_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`proposed_by` text NOT NULL,
	`carried_loan_ids` text DEFAULT '[]' NOT NULL,
	`fund` integer NOT NULL,
	`total_shares` integer NOT NULL,
	`paid_out` integer,
	`carried` integer,
	`decided_by` text,
	`decided_at` integer,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`group_id`) REFERENCES `savings_groups`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`cycle_id`) REFERENCES `savings_cycles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`proposed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `savings_share_outs_pending_unique` ON `savings_share_outs` (`cycle_id`) WHERE "savings_share_outs"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX `savings_share_outs_confirmed_unique` ON `savings_share_outs` (`cycle_id`) WHERE "savings_share_outs"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX `savings_share_outs_group_idx` ON `savings_share_outs` (`group_id`,`status`);