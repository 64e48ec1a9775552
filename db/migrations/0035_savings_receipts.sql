ALTER TABLE `savings_entries` ADD `receipt_no` integer;--> statement-breakpoint
ALTER TABLE `savings_entries` ADD `repayment_id` integer REFERENCES savings_loan_repayments(id);--> statement-breakpoint
CREATE UNIQUE INDEX `savings_entries_receipt_unique` ON `savings_entries` (`group_id`,`receipt_no`);--> statement-breakpoint
ALTER TABLE `savings_groups` ADD `last_receipt_no` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `savings_loan_repayments` ADD `receipt_no` integer;