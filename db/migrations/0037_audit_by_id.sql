-- The staff audit names people by id only (services/audit.ts): what older entries held of a
-- person (a user target's address or name, the address and names an admin gave an account, the
-- addresses of a members import) is erased, and the actor's address goes with its column. The
-- log stays append-only: its guard is lifted for this one migration and put back as it was.
DROP TRIGGER `admin_audit_no_update`;
--> statement-breakpoint
UPDATE `admin_audit` SET `target_label` = NULL WHERE `target_type` = 'user';
--> statement-breakpoint
UPDATE `admin_audit` SET `details` = json_remove(`details`, '$.firstName', '$.lastName', '$.email') WHERE `action` IN ('user.updated', 'user.role_changed') AND json_valid(`details`);
--> statement-breakpoint
UPDATE `admin_audit` SET `details` = json_set(`details`, '$.categories', json_array_length(`details`, '$.categories')) WHERE `action` = 'imports.members' AND json_valid(`details`) AND json_type(`details`, '$.categories') = 'array';
--> statement-breakpoint
ALTER TABLE `admin_audit` DROP COLUMN `actor_email`;
--> statement-breakpoint
CREATE TRIGGER `admin_audit_no_update` BEFORE UPDATE ON `admin_audit` BEGIN SELECT RAISE(ABORT, 'admin_audit is append-only'); END;
--> statement-breakpoint
-- An election's candidates are named by their user id (looked up when shown), not by a copy of their name.
UPDATE `poll_options` SET `label` = '' WHERE `user_id` IS NOT NULL;
