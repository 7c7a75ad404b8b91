ALTER TABLE `push_subscriptions` ADD `device_id` text;--> statement-breakpoint
CREATE INDEX `push_subscriptions_device` ON `push_subscriptions` (`device_id`);