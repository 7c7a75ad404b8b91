DROP INDEX `deliveries_target`;--> statement-breakpoint
ALTER TABLE `deliveries` ADD `attempt_log` text;--> statement-breakpoint
UPDATE `deliveries` SET `attempt_log` = (SELECT json_group_array(json_object('attempt', `attempt`, 'at', `at`, 'status', `status`, 'latencyMs', `latency_ms`, 'outcome', `outcome`, 'error', `error`)) FROM (SELECT * FROM `delivery_attempts` WHERE `delivery` = `deliveries`.`n` ORDER BY `attempt`)) WHERE `n` IN (SELECT `delivery` FROM `delivery_attempts`);--> statement-breakpoint
DELETE FROM `delivery_attempts`;
