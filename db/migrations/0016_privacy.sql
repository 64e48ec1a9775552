ALTER TABLE `users` ADD `contact_visibility` text DEFAULT 'leaders' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `deleted_at` integer;