CREATE TABLE `membership_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `membership_categories_name_unique` ON `membership_categories` (`community_id`,lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX `membership_categories_default_unique` ON `membership_categories` (`community_id`) WHERE "membership_categories"."is_default" = 1;--> statement-breakpoint
CREATE TABLE `membership_category_plans` (
	`category_id` integer NOT NULL,
	`plan_id` integer NOT NULL,
	PRIMARY KEY(`category_id`, `plan_id`),
	FOREIGN KEY (`category_id`) REFERENCES `membership_categories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plan_id`) REFERENCES `dues_plans`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `membership_category_plans_plan_idx` ON `membership_category_plans` (`plan_id`);--> statement-breakpoint
CREATE TABLE `standing_settings` (
	`community_id` integer PRIMARY KEY NOT NULL,
	`waiting_days` integer DEFAULT 0 NOT NULL,
	`suspend_after_days` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `standing_suspensions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`member_id` text NOT NULL,
	`reason` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`decided_by` text,
	`lifted_at` integer,
	`lifted_by` text,
	`lift_reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`lifted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `standing_suspensions_member_idx` ON `standing_suspensions` (`community_id`,`member_id`,`ends_at`);--> statement-breakpoint
CREATE TABLE `welfare_case_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`case_id` integer NOT NULL,
	`url` text NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`uploaded_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`case_id`) REFERENCES `welfare_cases`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `welfare_case_documents_case_idx` ON `welfare_case_documents` (`case_id`);--> statement-breakpoint
CREATE INDEX `welfare_case_documents_url_idx` ON `welfare_case_documents` (`url`);--> statement-breakpoint
CREATE TABLE `welfare_cases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`fund_id` integer NOT NULL,
	`fund_version` integer NOT NULL,
	`member_id` text NOT NULL,
	`dependant_id` integer,
	`relationship` text NOT NULL,
	`subject_name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`beneficiary_id` text NOT NULL,
	`benefit_amount` integer NOT NULL,
	`opened_by` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`verified_by` text,
	`approved_by` text,
	`rejected_by` text,
	`reject_reason` text,
	`levy_amount` integer,
	`levy_due_at` integer,
	`levy_issued_at` integer,
	`levy_issued_by` text,
	`levy_count` integer,
	`benefit_entry_id` integer,
	`benefit_account_id` integer,
	`benefit_method` text,
	`benefit_reference` text,
	`benefit_proof_url` text,
	`benefit_paid_by` text,
	`benefit_paid_at` integer,
	`benefit_confirmed_at` integer,
	`condolence_consent` text,
	`condolence_announcement_id` integer,
	`closed_by` text,
	`closed_at` integer,
	`close_note` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`fund_id`) REFERENCES `welfare_funds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`dependant_id`) REFERENCES `welfare_dependants`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`beneficiary_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`opened_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`verified_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`rejected_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`levy_issued_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`benefit_account_id`) REFERENCES `finance_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`benefit_paid_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`closed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `welfare_cases_community_idx` ON `welfare_cases` (`community_id`,`id`);--> statement-breakpoint
CREATE INDEX `welfare_cases_fund_idx` ON `welfare_cases` (`fund_id`,`status`);--> statement-breakpoint
CREATE INDEX `welfare_cases_proof_idx` ON `welfare_cases` (`benefit_proof_url`);--> statement-breakpoint
CREATE TABLE `welfare_dependants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`member_id` text NOT NULL,
	`name` text NOT NULL,
	`relationship` text NOT NULL,
	`added_at` integer NOT NULL,
	`removed_at` integer,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `welfare_dependants_member_idx` ON `welfare_dependants` (`community_id`,`member_id`,`relationship`,`added_at`);--> statement-breakpoint
CREATE TABLE `welfare_fund_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fund_id` integer NOT NULL,
	`version` integer NOT NULL,
	`rules` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`fund_id`) REFERENCES `welfare_funds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `welfare_fund_versions_unique` ON `welfare_fund_versions` (`fund_id`,`version`);--> statement-breakpoint
CREATE TABLE `welfare_funds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`financing` text NOT NULL,
	`income_category_id` integer NOT NULL,
	`expense_category_id` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`income_category_id`) REFERENCES `finance_categories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`expense_category_id`) REFERENCES `finance_categories`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `welfare_funds_name_unique` ON `welfare_funds` (`community_id`,lower("name"));--> statement-breakpoint
CREATE TABLE `welfare_levies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`fund_id` integer NOT NULL,
	`case_id` integer,
	`period_key` text,
	`member_id` text NOT NULL,
	`amount` integer NOT NULL,
	`paid` integer DEFAULT 0 NOT NULL,
	`due_at` integer NOT NULL,
	`overdue_after` integer NOT NULL,
	`told_at` integer,
	`reminded_before` integer,
	`reminded_overdue` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`fund_id`) REFERENCES `welfare_funds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`case_id`) REFERENCES `welfare_cases`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `welfare_levies_case_member_unique` ON `welfare_levies` (`case_id`,`member_id`) WHERE "welfare_levies"."case_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `welfare_levies_period_member_unique` ON `welfare_levies` (`fund_id`,`period_key`,`member_id`) WHERE "welfare_levies"."period_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `welfare_levies_unpaid_idx` ON `welfare_levies` (`community_id`,`member_id`,`overdue_after`) WHERE "welfare_levies"."paid" < "welfare_levies"."amount";--> statement-breakpoint
CREATE INDEX `welfare_levies_member_idx` ON `welfare_levies` (`community_id`,`member_id`,`id`);--> statement-breakpoint
CREATE INDEX `welfare_levies_case_idx` ON `welfare_levies` (`case_id`);--> statement-breakpoint
CREATE INDEX `welfare_levies_untold_idx` ON `welfare_levies` (`id`) WHERE "welfare_levies"."told_at" IS NULL;--> statement-breakpoint
ALTER TABLE `memberships` ADD `category_id` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `levy_id` integer;--> statement-breakpoint
CREATE INDEX `payments_levy_idx` ON `payments` (`levy_id`) WHERE "payments"."levy_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `dues_obligations_unpaid_idx` ON `dues_obligations` (`community_id`,`member_id`,`due_at`) WHERE "dues_obligations"."paid" < "dues_obligations"."amount";