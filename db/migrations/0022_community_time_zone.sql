ALTER TABLE `communities` ADD `time_zone` text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
-- Until now a community had no zone of its own: each takes the zone its latest event or savings
-- circle was set in (what its leaders chose for it), else UTC; leaders can change it in the settings.
UPDATE `communities` SET `time_zone` = coalesce(
  (SELECT e.`time_zone` FROM `events` e WHERE e.`community_id` = `communities`.`id` ORDER BY e.`id` DESC LIMIT 1),
  (SELECT c.`time_zone` FROM `circles` c WHERE c.`community_id` = `communities`.`id` ORDER BY c.`id` DESC LIMIT 1),
  'UTC');
