CREATE TABLE `topic_members` (
	`topic_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`last_read_at` integer,
	`follow` text DEFAULT 'none' NOT NULL,
	PRIMARY KEY(`topic_id`, `user_id`),
	FOREIGN KEY (`topic_id`) REFERENCES `topics`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `topic_members_user_idx` ON `topic_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `topic_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic_id` integer NOT NULL,
	`author_id` text,
	`body` text NOT NULL,
	`quoted_id` integer,
	`hidden_at` integer,
	`hidden_by` text,
	`hide_reason` text,
	`edited_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`topic_id`) REFERENCES `topics`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`quoted_id`) REFERENCES `topic_replies`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`hidden_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `topic_replies_topic_idx` ON `topic_replies` (`topic_id`,`id`);--> statement-breakpoint
CREATE INDEX `topic_replies_quoted_idx` ON `topic_replies` (`quoted_id`) WHERE "topic_replies"."quoted_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `topics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`community_id` integer NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`category` text,
	`author_id` text,
	`is_pinned` integer DEFAULT false NOT NULL,
	`is_locked` integer DEFAULT false NOT NULL,
	`hidden_at` integer,
	`hidden_by` text,
	`hide_reason` text,
	`reply_count` integer DEFAULT 0 NOT NULL,
	`last_activity_at` integer NOT NULL,
	`last_reply_by` text,
	`edited_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`community_id`) REFERENCES `communities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`hidden_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`last_reply_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `topics_community_activity_idx` ON `topics` (`community_id`,`is_pinned`,`last_activity_at`,`id`);--> statement-breakpoint
-- Search within a community's discussions (written by hand): FTS5 trigram indexes of topics'
-- title and body and of replies' body, kept in step by triggers, as communities_fts is.
CREATE VIRTUAL TABLE `topics_fts` USING fts5(title, body, content='topics', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `topics_fts_ai` AFTER INSERT ON `topics` BEGIN
  INSERT INTO topics_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `topics_fts_ad` AFTER DELETE ON `topics` BEGIN
  INSERT INTO topics_fts(topics_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
END;
--> statement-breakpoint
CREATE TRIGGER `topics_fts_au` AFTER UPDATE OF title, body ON `topics` BEGIN
  INSERT INTO topics_fts(topics_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
  INSERT INTO topics_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `topic_replies_fts` USING fts5(body, content='topic_replies', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `topic_replies_fts_ai` AFTER INSERT ON `topic_replies` BEGIN
  INSERT INTO topic_replies_fts(rowid, body) VALUES (new.id, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `topic_replies_fts_ad` AFTER DELETE ON `topic_replies` BEGIN
  INSERT INTO topic_replies_fts(topic_replies_fts, rowid, body) VALUES ('delete', old.id, old.body);
END;
--> statement-breakpoint
CREATE TRIGGER `topic_replies_fts_au` AFTER UPDATE OF body ON `topic_replies` BEGIN
  INSERT INTO topic_replies_fts(topic_replies_fts, rowid, body) VALUES ('delete', old.id, old.body);
  INSERT INTO topic_replies_fts(rowid, body) VALUES (new.id, new.body);
END;
