CREATE TABLE `__new_deliveries` (
	`n` integer PRIMARY KEY NOT NULL,
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
	`last_error` text,
	`attempt_log` text
);
--> statement-breakpoint
INSERT INTO `__new_deliveries`("n", "id", "event_id", "event_type", "target_id", "target_scope", "target_kind", "target_owner", "target_label", "target_redacted", "notification", "state", "due", "attempts", "failures", "created_at", "updated_at", "last_status", "last_error", "attempt_log") SELECT "n", "id", "event_id", "event_type", "target_id", "target_scope", "target_kind", "target_owner", "target_label", "target_redacted", "notification", "state", "due", "attempts", "failures", "created_at", "updated_at", "last_status", "last_error", "attempt_log" FROM `deliveries`;--> statement-breakpoint
DROP TABLE `deliveries`;--> statement-breakpoint
ALTER TABLE `__new_deliveries` RENAME TO `deliveries`;--> statement-breakpoint
ALTER TABLE `turns` ADD `expanded` integer;