-- Substring search over 100,000 communities (issue 3): an FTS5 trigram index of name,
-- description and location, kept in step with `communities` by triggers. Trigram matching is
-- case-insensitive and finds any substring of three or more characters.
CREATE VIRTUAL TABLE `communities_fts` USING fts5(name, description, location, content='communities', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `communities_fts_ai` AFTER INSERT ON `communities` BEGIN
  INSERT INTO communities_fts(rowid, name, description, location) VALUES (new.id, new.name, new.description, coalesce(new.location, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `communities_fts_ad` AFTER DELETE ON `communities` BEGIN
  INSERT INTO communities_fts(communities_fts, rowid, name, description, location) VALUES ('delete', old.id, old.name, old.description, coalesce(old.location, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `communities_fts_au` AFTER UPDATE OF name, description, location ON `communities` BEGIN
  INSERT INTO communities_fts(communities_fts, rowid, name, description, location) VALUES ('delete', old.id, old.name, old.description, coalesce(old.location, ''));
  INSERT INTO communities_fts(rowid, name, description, location) VALUES (new.id, new.name, new.description, coalesce(new.location, ''));
END;
