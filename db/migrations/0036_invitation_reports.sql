ALTER TABLE `invitations` ADD `reported_at` integer;--> statement-breakpoint
CREATE INDEX `invitations_sender_sent_idx` ON `invitations` (`invited_by`,`last_sent_at`);