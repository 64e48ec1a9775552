ALTER TABLE `users` ADD `contact_visibility` text DEFAULT 'leaders' NOT NULL;
