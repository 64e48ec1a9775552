CREATE TABLE `circle_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`circle_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`file_name` text NOT NULL,
	`first_due_date` text NOT NULL,
	`rows` text NOT NULL,
	`row_count` integer NOT NULL,
	`contributions` integer NOT NULL,
	`payouts` integer NOT NULL,
	`total` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`decided_by` text,
	`decided_at` integer,
	`reason` text,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`circle_id`) REFERENCES `circles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `circle_imports_community_idx` ON `circle_imports` (`community_id`,`status`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `circle_imports_pending_unique` ON `circle_imports` (`circle_id`) WHERE status = 'pending';