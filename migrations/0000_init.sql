CREATE TABLE `game_players` (
	`game_id` text NOT NULL,
	`seat` integer NOT NULL,
	`player_id` text NOT NULL,
	PRIMARY KEY(`game_id`, `seat`)
);
--> statement-breakpoint
CREATE INDEX `game_players_player` ON `game_players` (`player_id`,`game_id`);--> statement-breakpoint
CREATE TABLE `games` (
	`id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`seats` integer NOT NULL,
	`options` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`ended_at` integer,
	`round` integer DEFAULT 0 NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `games_status_created` ON `games` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`discord_user_id` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `players_token_hash_unique` ON `players` (`token_hash`);--> statement-breakpoint
CREATE TABLE `result_seats` (
	`game_id` text NOT NULL,
	`seat` integer NOT NULL,
	`player_id` text NOT NULL,
	`score` integer NOT NULL,
	`tokens` text NOT NULL,
	`light` integer NOT NULL,
	`rank` integer NOT NULL,
	`resigned` integer NOT NULL,
	PRIMARY KEY(`game_id`, `seat`)
);
--> statement-breakpoint
CREATE INDEX `result_seats_player` ON `result_seats` (`player_id`);--> statement-breakpoint
CREATE TABLE `results` (
	`game_id` text PRIMARY KEY NOT NULL,
	`rounds` integer NOT NULL,
	`action_count` integer NOT NULL,
	`options` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer NOT NULL,
	`winners` text NOT NULL
);
