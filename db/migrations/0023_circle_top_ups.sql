CREATE TABLE `circle_top_ups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`circle_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`payout_id` integer NOT NULL,
	`hand_id` integer NOT NULL,
	`beneficiary_id` text NOT NULL,
	`contribution_id` integer,
	`fine_id` integer,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'owed' NOT NULL,
	`method` text,
	`reference` text,
	`proof_url` text,
	`dispute_reason` text,
	`receipt_no` integer,
	`recorded_by` text,
	`recorded_at` integer,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`round_id`) REFERENCES `circle_rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payout_id`) REFERENCES `circle_payouts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`hand_id`) REFERENCES `circle_hands`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`beneficiary_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contribution_id`) REFERENCES `circle_contributions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`fine_id`) REFERENCES `circle_fines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "circle_top_ups_one_source" CHECK(("circle_top_ups"."contribution_id" IS NULL) <> ("circle_top_ups"."fine_id" IS NULL)),
	CONSTRAINT "circle_top_ups_amount" CHECK("circle_top_ups"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `circle_top_ups_contribution_unique` ON `circle_top_ups` (`contribution_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `circle_top_ups_fine_unique` ON `circle_top_ups` (`fine_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `circle_top_ups_receipt_unique` ON `circle_top_ups` (`circle_id`,`receipt_no`);--> statement-breakpoint
CREATE INDEX `circle_top_ups_circle_idx` ON `circle_top_ups` (`circle_id`,`status`);