-- Reports (docs/console/reports.md "Fast"): each figure is summed from its rows when asked, so a
-- refund or a moved appointment counts at once; these indexes find a period's rows by the time
-- they count at, for the sums that had none. Partial: only the rows that are money.

-- deposits paid with an online booking, by when it was made
CREATE INDEX appointments_deposit_taken ON appointments(salon_id, created_at) WHERE deposit > 0;
-- deposits given back on a cancellation, by when
CREATE INDEX appointments_deposit_refunded ON appointments(salon_id, cancelled_at) WHERE payment_status = 'refunded';
-- deposit requests paid, by when
CREATE INDEX invites_paid ON invites(salon_id, answered_at) WHERE status = 'accepted';
-- no-show fees paid, by when
CREATE INDEX no_show_fees_paid ON no_show_fees(salon_id, updated_at) WHERE status = 'paid';
-- vouchers redeemed, by when
CREATE INDEX voucher_redemptions_salon ON voucher_redemptions(salon_id, created_at);
-- a year of sales read from the indexes alone: paid sales by when, their payments and lines
CREATE INDEX sales_report ON sales(salon_id, paid_at, status, tip_minor, tip_stylist_id) WHERE paid_at IS NOT NULL;
CREATE INDEX sale_payments_report ON sale_payments(sale_id, status, method, amount_minor);
CREATE INDEX sale_lines_report ON sale_lines(sale_id, stylist_id, service_id, amount_minor, quantity);
