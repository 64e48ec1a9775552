-- Accounts that had signed in before this column existed are not on their first visit.
UPDATE `users` SET `previous_login_at` = `last_login_at` WHERE `last_login_at` IS NOT NULL;
