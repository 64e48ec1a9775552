-- Data only (kept apart from the schema so it can be renumbered on its own): "paid up on dues"
-- became "in good standing" (src/shared/standing.ts). A poll that asked voters to be paid up on
-- dues now asks them to be in good standing, which reads the same dues (and, from now on, welfare
-- levies and suspensions) through the community's standing rules.
UPDATE `polls` SET `eligibility` = 'good_standing' WHERE `eligibility` = 'dues_paid';
