CREATE TABLE `webhooks` (
	`id` text PRIMARY KEY NOT NULL,
	`scope` text NOT NULL,
	`game_id` text,
	`owner_id` text NOT NULL,
	`kind` text NOT NULL,
	`label` text,
	`url_encrypted` text NOT NULL,
	`url_redacted` text NOT NULL,
	`secret_encrypted` text,
	`events` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`disabled_at` integer,
	`disabled_reason` text,
	`last_status` integer,
	`last_attempt_at` integer
);
--> statement-breakpoint
CREATE INDEX `webhooks_game` ON `webhooks` (`game_id`);--> statement-breakpoint
CREATE INDEX `webhooks_owner` ON `webhooks` (`owner_id`,`scope`);