CREATE TABLE `chat_accounts` (
	`platform` text NOT NULL,
	`account` text NOT NULL,
	`player_id` text NOT NULL,
	`device_id` text NOT NULL,
	`linked_at` integer NOT NULL,
	PRIMARY KEY(`platform`, `account`)
);
--> statement-breakpoint
CREATE INDEX `chat_accounts_player` ON `chat_accounts` (`player_id`);--> statement-breakpoint
CREATE TABLE `chat_games` (
	`platform` text NOT NULL,
	`channel` text NOT NULL,
	`game_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`platform`, `channel`, `game_id`)
);
--> statement-breakpoint
CREATE TABLE `chat_interactions` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`answer` text
);
--> statement-breakpoint
CREATE TABLE `chat_link_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`platform` text NOT NULL,
	`account` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`player_id` text
);
