CREATE TABLE `ledger_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`file_name` text NOT NULL,
	`rows` text NOT NULL,
	`row_count` integer NOT NULL,
	`total_in` integer NOT NULL,
	`total_out` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`decided_by` text,
	`decided_at` integer,
	`reason` text,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ledger_imports_community_idx` ON `ledger_imports` (`community_id`,`status`,`id`);--> statement-breakpoint
ALTER TABLE `users` ADD `previous_login_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `show_recognitions` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `memberships` ADD `note` text;--> statement-breakpoint
ALTER TABLE `ledger_entries` ADD `imported` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `ledger_entries` ADD `import_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_import_key_unique` ON `ledger_entries` (`community_id`,`import_key`);--> statement-breakpoint
ALTER TABLE `payments` ADD `imported` integer DEFAULT false NOT NULL;