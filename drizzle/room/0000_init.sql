CREATE TABLE `deliveries` (
	`n` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`event_id` text NOT NULL,
	`event_type` text NOT NULL,
	`target_id` text NOT NULL,
	`target_scope` text NOT NULL,
	`target_kind` text NOT NULL,
	`target_owner` text NOT NULL,
	`target_label` text,
	`target_redacted` text NOT NULL,
	`notification` text NOT NULL,
	`state` text NOT NULL,
	`due` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`last_status` integer,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `deliveries_target` ON `deliveries` (`target_id`,`state`,`n`);--> statement-breakpoint
CREATE TABLE `delivery_attempts` (
	`delivery` integer NOT NULL,
	`attempt` integer NOT NULL,
	`at` integer NOT NULL,
	`status` integer,
	`latency_ms` integer NOT NULL,
	`outcome` text NOT NULL,
	`error` text,
	PRIMARY KEY(`delivery`, `attempt`)
);
--> statement-breakpoint
CREATE TABLE `room` (
	`id` integer PRIMARY KEY NOT NULL,
	`hooks` integer DEFAULT true NOT NULL,
	`expanded` integer DEFAULT 0 NOT NULL,
	`synced` integer DEFAULT 0 NOT NULL,
	`sync_attempts` integer DEFAULT 0 NOT NULL,
	`sync_due` integer,
	`sync_error` text,
	`at_turn` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `turns` (
	`n` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`at` integer NOT NULL,
	`first` integer NOT NULL,
	`last` integer NOT NULL,
	`entries` text,
	`record` text,
	`notes` text,
	`sync` integer DEFAULT false NOT NULL,
	`hooks` integer,
	`synced` integer,
	`idem_player` text,
	`idem_key` text,
	`idem_fingerprint` text,
	`idem_answer` text
);
