-- The games index, its seats and the results become keyed tables (WITHOUT ROWID): a row is
-- written once, where a rowid table with a text or composite key writes the row and its key's
-- index (D1 bills both). The data is kept; the column order follows src/db/schema.ts.
CREATE TABLE `games_new` (
	`id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`seats` integer NOT NULL,
	`options` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`ended_at` integer,
	`round` integer DEFAULT 0 NOT NULL,
	`to_act` integer,
	`version` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `games_new` (`id`, `status`, `seats`, `options`, `created_by`, `created_at`, `started_at`, `ended_at`, `round`, `to_act`, `version`)
	SELECT `id`, `status`, `seats`, `options`, `created_by`, `created_at`, `started_at`, `ended_at`, `round`, `to_act`, `version` FROM `games`;
--> statement-breakpoint
DROP TABLE `games`;
--> statement-breakpoint
ALTER TABLE `games_new` RENAME TO `games`;
--> statement-breakpoint
CREATE TABLE `game_players_new` (
	`game_id` text NOT NULL,
	`seat` integer NOT NULL,
	`player_id` text NOT NULL,
	PRIMARY KEY(`game_id`, `seat`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `game_players_new` (`game_id`, `seat`, `player_id`) SELECT `game_id`, `seat`, `player_id` FROM `game_players`;
--> statement-breakpoint
DROP TABLE `game_players`;
--> statement-breakpoint
ALTER TABLE `game_players_new` RENAME TO `game_players`;
--> statement-breakpoint
CREATE INDEX `game_players_player` ON `game_players` (`player_id`,`game_id`);
--> statement-breakpoint
CREATE TABLE `results_new` (
	`game_id` text PRIMARY KEY NOT NULL,
	`rounds` integer NOT NULL,
	`action_count` integer NOT NULL,
	`options` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer NOT NULL,
	`winners` text NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `results_new` (`game_id`, `rounds`, `action_count`, `options`, `started_at`, `ended_at`, `winners`)
	SELECT `game_id`, `rounds`, `action_count`, `options`, `started_at`, `ended_at`, `winners` FROM `results`;
--> statement-breakpoint
DROP TABLE `results`;
--> statement-breakpoint
ALTER TABLE `results_new` RENAME TO `results`;
--> statement-breakpoint
CREATE TABLE `result_seats_new` (
	`game_id` text NOT NULL,
	`seat` integer NOT NULL,
	`player_id` text NOT NULL,
	`score` integer NOT NULL,
	`tokens` text NOT NULL,
	`light` integer NOT NULL,
	`rank` integer NOT NULL,
	`resigned` integer NOT NULL,
	PRIMARY KEY(`game_id`, `seat`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `result_seats_new` (`game_id`, `seat`, `player_id`, `score`, `tokens`, `light`, `rank`, `resigned`)
	SELECT `game_id`, `seat`, `player_id`, `score`, `tokens`, `light`, `rank`, `resigned` FROM `result_seats`;
--> statement-breakpoint
DROP TABLE `result_seats`;
--> statement-breakpoint
ALTER TABLE `result_seats_new` RENAME TO `result_seats`;
--> statement-breakpoint
CREATE INDEX `result_seats_player` ON `result_seats` (`player_id`);
