CREATE TABLE `analysis` (
	`n` integer PRIMARY KEY NOT NULL,
	`first` integer NOT NULL,
	`last` integer NOT NULL,
	`version` integer NOT NULL,
	`work` integer NOT NULL,
	`reviews` text NOT NULL
);
