CREATE TABLE `expense_approvals` (
	`expense_id` integer NOT NULL,
	`approver_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`expense_id`) REFERENCES `expenses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`approver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `expense_approvals_unique` ON `expense_approvals` (`expense_id`,`approver_id`);--> statement-breakpoint
CREATE TABLE `expenses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`author_id` text NOT NULL,
	`amount` integer NOT NULL,
	`category_id` integer NOT NULL,
	`description` text NOT NULL,
	`receipts` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`approvals_needed` integer DEFAULT 1 NOT NULL,
	`reason` text,
	`paid_from` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `finance_categories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`paid_from`) REFERENCES `finance_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `expenses_community_idx` ON `expenses` (`community_id`,`status`,`id`);--> statement-breakpoint
CREATE TABLE `finance_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`holder_id` text,
	`balance` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`holder_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `finance_accounts_name_unique` ON `finance_accounts` (`community_id`,`name`);--> statement-breakpoint
CREATE TABLE `finance_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`subject` text NOT NULL,
	`details` text NOT NULL,
	`prev_hash` text NOT NULL,
	`hash` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `finance_audit_community_idx` ON `finance_audit` (`community_id`,`id`);--> statement-breakpoint
CREATE TABLE `finance_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`kind` text NOT NULL,
	`built_in` text,
	`name` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `finance_categories_community_idx` ON `finance_categories` (`community_id`,`kind`);--> statement-breakpoint
CREATE TABLE `finance_monthly` (
	`community_id` integer NOT NULL,
	`month` text NOT NULL,
	`category_id` integer NOT NULL,
	`money_in` integer DEFAULT 0 NOT NULL,
	`money_out` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`community_id`, `month`, `category_id`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `finance_categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `finance_settings` (
	`community_id` integer PRIMARY KEY NOT NULL,
	`currency` text NOT NULL,
	`transparency` text DEFAULT 'summary' NOT NULL,
	`second_approval_above` integer,
	`last_receipt_no` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`kind` text NOT NULL,
	`payment_id` integer,
	`expense_id` integer,
	`reverses_id` integer,
	`member_id` text,
	`description` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `finance_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `finance_categories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ledger_entries_community_idx` ON `ledger_entries` (`community_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_reverses_unique` ON `ledger_entries` (`reverses_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`member_id` text NOT NULL,
	`amount` integer NOT NULL,
	`purpose` text NOT NULL,
	`method` text NOT NULL,
	`provider` text,
	`reference` text,
	`proof_url` text,
	`note` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`reason` text,
	`account_id` integer,
	`receipt_no` integer,
	`recorded_by` text,
	`decided_by` text,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `finance_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payments_community_idx` ON `payments` (`community_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `payments_member_idx` ON `payments` (`community_id`,`member_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_receipt_unique` ON `payments` (`community_id`,`receipt_no`);--> statement-breakpoint
-- The ledger and the finance audit trail are append-only: nothing is changed or removed in place.
CREATE TRIGGER `ledger_entries_no_update` BEFORE UPDATE ON `ledger_entries` BEGIN SELECT RAISE(ABORT, 'ledger entries are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `ledger_entries_no_delete` BEFORE DELETE ON `ledger_entries` WHEN (SELECT count(*) FROM `communities` WHERE `id` = OLD.`community_id`) > 0 BEGIN SELECT RAISE(ABORT, 'ledger entries are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `finance_audit_no_update` BEFORE UPDATE ON `finance_audit` BEGIN SELECT RAISE(ABORT, 'the finance audit trail is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `finance_audit_no_delete` BEFORE DELETE ON `finance_audit` BEGIN SELECT RAISE(ABORT, 'the finance audit trail is append-only'); END;
