ALTER TABLE `users` ADD `previous_login_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `show_recognitions` integer DEFAULT true NOT NULL;