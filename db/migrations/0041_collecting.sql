CREATE TABLE `payment_instructions` (
	`account_id` integer PRIMARY KEY NOT NULL,
	`community_id` integer NOT NULL,
	`provider` text,
	`number` text,
	`account_name` text,
	`bank_details` text,
	`ussd` text,
	`app_link` text,
	`note` text,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `finance_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `payment_references` (
	`community_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`reference` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`community_id`, `user_id`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_references_unique` ON `payment_references` (`community_id`,`reference`);--> statement-breakpoint
CREATE TABLE `statement_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`lines` integer NOT NULL,
	`skipped` integer NOT NULL,
	`uploaded_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `finance_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `statement_imports_community_idx` ON `statement_imports` (`community_id`,`id`);--> statement-breakpoint
CREATE TABLE `statement_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`import_id` integer NOT NULL,
	`community_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`fingerprint` text NOT NULL,
	`line_no` integer NOT NULL,
	`booked_on` text NOT NULL,
	`amount` integer NOT NULL,
	`reference` text,
	`counterparty` text,
	`transaction_id` text,
	`status` text DEFAULT 'open' NOT NULL,
	`payment_id` integer,
	`reason` text,
	`decided_by` text,
	`decided_at` integer,
	FOREIGN KEY (`import_id`) REFERENCES `statement_imports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `finance_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `statement_lines_fingerprint_unique` ON `statement_lines` (`account_id`,`fingerprint`);--> statement-breakpoint
CREATE INDEX `statement_lines_open_idx` ON `statement_lines` (`community_id`,`id`) WHERE "statement_lines"."status" = 'open';--> statement-breakpoint
CREATE INDEX `statement_lines_import_idx` ON `statement_lines` (`import_id`,`id`);--> statement-breakpoint
CREATE TABLE `statement_mappings` (
	`account_id` integer PRIMARY KEY NOT NULL,
	`columns` text NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `finance_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `transaction_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `sms_text` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_transaction_unique` ON `payments` (`community_id`,`transaction_id`) WHERE "payments"."transaction_id" IS NOT NULL AND "payments"."status" <> 'rejected';--> statement-breakpoint
-- Every member of before gets a payment reference: HB- and four characters of the alphabet without 0, O, 1, I, L and U. A rare clash is skipped here and drawn again by the daily job (domains/collecting/references.ts).
INSERT OR IGNORE INTO `payment_references` (`community_id`, `user_id`, `reference`, `created_at`)
SELECT `community_id`, `user_id`,
  'HB-' || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', (abs(random()) % 30) + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', (abs(random()) % 30) + 1, 1)
        || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', (abs(random()) % 30) + 1, 1) || substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', (abs(random()) % 30) + 1, 1),
  CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM `memberships`;
