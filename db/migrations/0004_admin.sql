CREATE TABLE `admin_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` text NOT NULL,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`target_label` text,
	`details` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `app_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`min_password_length` integer DEFAULT 8 NOT NULL,
	`require_email_verification` integer DEFAULT false NOT NULL,
	`session_timeout_minutes` integer,
	`default_community_privacy` text DEFAULT 'public' NOT NULL,
	`updated_at` integer,
	`updated_by` text,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `users` ADD `must_change_password` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `renewed_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `communities` ADD `is_hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Sessions from before renewed_at existed count as renewed when they were created.
UPDATE `sessions` SET `renewed_at` = `created_at`;
--> statement-breakpoint
-- The audit log is append-only: the database itself refuses to change or remove an entry.
CREATE TRIGGER `admin_audit_no_update` BEFORE UPDATE ON `admin_audit` BEGIN SELECT RAISE(ABORT, 'admin_audit is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `admin_audit_no_delete` BEFORE DELETE ON `admin_audit` BEGIN SELECT RAISE(ABORT, 'admin_audit is append-only'); END;
--> statement-breakpoint
INSERT INTO `app_settings` (`id`) VALUES (1);
