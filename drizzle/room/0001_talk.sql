CREATE TABLE `messages` (
	`n` integer PRIMARY KEY NOT NULL,
	`seat` integer NOT NULL,
	`player` text NOT NULL,
	`text` text,
	`at` integer NOT NULL,
	`deleted_at` integer
);
--> statement-breakpoint
CREATE INDEX `messages_player` ON `messages` (`player`,`n`);--> statement-breakpoint
CREATE TABLE `mutes` (
	`player` text NOT NULL,
	`muted` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`player`, `muted`)
);
