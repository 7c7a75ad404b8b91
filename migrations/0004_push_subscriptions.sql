CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`endpoint_hash` text NOT NULL,
	`endpoint_encrypted` text NOT NULL,
	`keys_encrypted` text NOT NULL,
	`service` text NOT NULL,
	`label` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_status` integer,
	`last_attempt_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_hash_unique` ON `push_subscriptions` (`endpoint_hash`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_owner` ON `push_subscriptions` (`owner_id`);