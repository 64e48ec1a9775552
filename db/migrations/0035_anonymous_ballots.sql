-- Anonymous polls show their results only once closed (services/polls/polls.ts resultsShown).
UPDATE `polls` SET `results_visibility` = 'after_close' WHERE `anonymous` = 1;
--> statement-breakpoint
-- The ballots of closed or cancelled anonymous polls, written anew in a random order with random
-- ids (unlinkBallots): their autoincrement ids followed the order of the votes. First set aside
-- (negative ids), copied in random order, then the originals deleted.
UPDATE `poll_ballots` SET `id` = -`id` WHERE `poll_id` IN (SELECT `id` FROM `polls` WHERE `anonymous` = 1 AND `status` IN ('closed', 'cancelled'));
--> statement-breakpoint
INSERT INTO `poll_ballots` (`id`, `poll_id`, `voter_key`, `choices`)
  SELECT (random() & 281474976710655) + 1, `poll_id`, NULL, `choices` FROM `poll_ballots` WHERE `id` < 0 ORDER BY random();
--> statement-breakpoint
DELETE FROM `poll_ballots` WHERE `id` < 0;
--> statement-breakpoint
-- Those of open anonymous polls keep their voter keys (a member may still change their vote) and get random ids.
UPDATE `poll_ballots` SET `id` = (random() & 281474976710655) + 1 WHERE `poll_id` IN (SELECT `id` FROM `polls` WHERE `anonymous` = 1 AND `status` IN ('open', 'nominating'));
