-- Open tables (issue 16): when a waiting game was listed, null when it is not on the list. The index
-- is partial (only listed games), so syncing a game that is not listed writes no index row.
ALTER TABLE `games` ADD `listed_at` integer;--> statement-breakpoint
CREATE INDEX `games_open_tables` ON `games` (`listed_at`) WHERE `listed_at` is not null;
