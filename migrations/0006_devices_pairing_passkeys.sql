CREATE TABLE `devices` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`name` text NOT NULL,
	`via` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `devices_token_hash_unique` ON `devices` (`token_hash`);--> statement-breakpoint
CREATE INDEX `devices_player` ON `devices` (`player_id`);--> statement-breakpoint
CREATE TABLE `pairings` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`device_id` text
);
--> statement-breakpoint
CREATE INDEX `pairings_player` ON `pairings` (`player_id`);--> statement-breakpoint
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer NOT NULL,
	`transports` text,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer
);
--> statement-breakpoint
CREATE INDEX `passkeys_player` ON `passkeys` (`player_id`);--> statement-breakpoint
CREATE TABLE `webauthn_challenges` (
	`challenge_hash` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`player_id` text,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
-- The key each profile had before devices existed keeps working: it becomes the profile's first device.
INSERT INTO `devices` (`id`, `player_id`, `token_hash`, `name`, `via`, `created_at`, `last_seen_at`, `revoked_at`)
SELECT lower(hex(randomblob(6))), `id`, `token_hash`, 'First device', 'key', `created_at`, `created_at`, NULL FROM `players`;
