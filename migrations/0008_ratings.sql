-- Ratings (issue 16): keyed tables (WITHOUT ROWID, written by hand as in 0005: drizzle cannot say it),
-- and the animal each seat played in a Moonlight result (for the player pages' stats).
CREATE TABLE `rating_history` (
	`player_id` text NOT NULL,
	`ladder` text NOT NULL,
	`seq` integer NOT NULL,
	`game_id` text NOT NULL,
	`mu` real NOT NULL,
	`sigma` real NOT NULL,
	`display` integer NOT NULL,
	`rank` integer NOT NULL,
	`ended_at` integer NOT NULL,
	PRIMARY KEY(`player_id`, `ladder`, `seq`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `ratings` (
	`player_id` text NOT NULL,
	`ladder` text NOT NULL,
	`mu` real NOT NULL,
	`sigma` real NOT NULL,
	`display` integer NOT NULL,
	`games` integer NOT NULL,
	`wins` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`player_id`, `ladder`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `ratings_board` ON `ratings` (`ladder`,`display`);--> statement-breakpoint
ALTER TABLE `result_seats` ADD `animal` text;