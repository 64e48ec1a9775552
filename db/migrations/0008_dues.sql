CREATE TABLE `budgets` (
	`community_id` integer NOT NULL,
	`year` integer NOT NULL,
	`category_id` integer NOT NULL,
	`planned` integer NOT NULL,
	PRIMARY KEY(`community_id`, `year`, `category_id`),
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `finance_categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `dues_obligations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`plan_id` integer NOT NULL,
	`community_id` integer NOT NULL,
	`member_id` text NOT NULL,
	`period_key` text NOT NULL,
	`due_at` integer NOT NULL,
	`amount` integer NOT NULL,
	`paid` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `dues_plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dues_obligations_unique` ON `dues_obligations` (`plan_id`,`member_id`,`period_key`);--> statement-breakpoint
CREATE INDEX `dues_obligations_member_idx` ON `dues_obligations` (`community_id`,`member_id`,`due_at`);--> statement-breakpoint
CREATE INDEX `dues_obligations_due_idx` ON `dues_obligations` (`due_at`);--> statement-breakpoint
CREATE TABLE `dues_plan_members` (
	`plan_id` integer NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`plan_id`, `user_id`),
	FOREIGN KEY (`plan_id`) REFERENCES `dues_plans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `dues_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`name` text NOT NULL,
	`amount` integer NOT NULL,
	`period` text NOT NULL,
	`due_day` integer NOT NULL,
	`grace_days` integer DEFAULT 0 NOT NULL,
	`starts_on` text NOT NULL,
	`all_members` integer DEFAULT true NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dues_plans_community_idx` ON `dues_plans` (`community_id`);--> statement-breakpoint
CREATE TABLE `dues_reminders` (
	`subject` text NOT NULL,
	`kind` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`subject`, `kind`)
);
