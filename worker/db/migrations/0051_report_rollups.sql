-- Reports' daily roll-ups (docs/console/reports.md "Fast"): what a year of takings and utilisation
-- sums, kept per salon, day and what the reports group by, so a report reads a row per day and
-- group instead of every sale. The triggers below keep them exact in the very statement that
-- changes a sale, a refund, a procedure or an appointment's status (the same transaction, whatever
-- the concurrency: no read-then-write). They are built for a salon from its rows by
-- worker/db/report-rollups.ts rebuildRollups (one batch), the first time a report of the salon is
-- asked; until then (no report_rollup_salons row) the triggers write nothing for it.

-- A salon whose roll-ups are built, and the fixed offset its roll-up days are cut at: day k is
-- [k * 86400000 - offset_ms, (k + 1) * 86400000 - offset_ms) in UTC ms. A report reads the roll-up
-- days of its period and the rows of the few hours where the salon's own days differ (a clock change).
CREATE TABLE report_rollup_salons (
  salon_id  INTEGER PRIMARY KEY REFERENCES salons(id),
  offset_ms INTEGER NOT NULL,
  built_at  INTEGER NOT NULL
);

-- kind: 'pay:<method>' (succeeded payments of paid sales), 'tip' and 'line' (of paid sales, by
-- stylist), 'line_service' (by service, or by name for a product or extra), 'refund', 'tip_refund',
-- 'line_refund', 'line_service_refund' (by when the refund was made), 'booked' (ms of procedures that
-- occupy a stylist, of kept appointments, by the day they start). 0 and '' stand for none.
CREATE TABLE report_days (
  salon_id   INTEGER NOT NULL,
  day        INTEGER NOT NULL,
  kind       TEXT NOT NULL,
  stylist_id INTEGER NOT NULL DEFAULT 0,
  service_id INTEGER NOT NULL DEFAULT 0,
  name       TEXT NOT NULL DEFAULT '',
  n          INTEGER NOT NULL DEFAULT 0,
  amount     INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (salon_id, day, kind, stylist_id, service_id, name)
) WITHOUT ROWID;

-- The procedures that occupy a stylist by (salon, start): a build reads a salon's, a report the
-- few hours around its days' edges, each by a range (appointment_procedures_window leads with the
-- stylist, so a range of start over every stylist read the salon's whole history).
CREATE INDEX appointment_procedures_booked
  ON appointment_procedures(salon_id, start_at, end_at, stylist_id, appointment_id) WHERE occupies = 1;

-- ---------------------------------------------------------------- sales

-- A sale becomes paid (its payments, tip and lines count on the day it was paid) or stops being paid.
CREATE TRIGGER report_sale_unpaid AFTER UPDATE OF status, paid_at ON sales WHEN OLD.status = 'paid'
BEGIN
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT OLD.salon_id, (OLD.paid_at + r.offset_ms) / 86400000, 'pay:' || p.method, 0, 0, '', 0, -SUM(p.amount_minor)
    FROM report_rollup_salons r JOIN sale_payments p ON p.sale_id = OLD.id AND p.status = 'succeeded'
   WHERE r.salon_id = OLD.salon_id GROUP BY p.method
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT OLD.salon_id, (OLD.paid_at + r.offset_ms) / 86400000, 'line', COALESCE(l.stylist_id, 0), 0, '', -SUM(l.quantity), -SUM(l.amount_minor)
    FROM report_rollup_salons r JOIN sale_lines l ON l.sale_id = OLD.id
   WHERE r.salon_id = OLD.salon_id GROUP BY 4
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT OLD.salon_id, (OLD.paid_at + r.offset_ms) / 86400000, 'line_service', 0, COALESCE(l.service_id, 0),
         CASE WHEN l.service_id IS NULL THEN l.name ELSE '' END, -SUM(l.quantity), -SUM(l.amount_minor)
    FROM report_rollup_salons r JOIN sale_lines l ON l.sale_id = OLD.id
   WHERE r.salon_id = OLD.salon_id GROUP BY 5, 6
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT OLD.salon_id, (OLD.paid_at + r.offset_ms) / 86400000, 'tip', COALESCE(OLD.tip_stylist_id, 0), 0, '', 0, -OLD.tip_minor
    FROM report_rollup_salons r WHERE r.salon_id = OLD.salon_id AND OLD.tip_minor > 0
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
END;

CREATE TRIGGER report_sale_paid AFTER UPDATE OF status, paid_at ON sales WHEN NEW.status = 'paid'
BEGIN
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT NEW.salon_id, (NEW.paid_at + r.offset_ms) / 86400000, 'pay:' || p.method, 0, 0, '', 0, SUM(p.amount_minor)
    FROM report_rollup_salons r JOIN sale_payments p ON p.sale_id = NEW.id AND p.status = 'succeeded'
   WHERE r.salon_id = NEW.salon_id GROUP BY p.method
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT NEW.salon_id, (NEW.paid_at + r.offset_ms) / 86400000, 'line', COALESCE(l.stylist_id, 0), 0, '', SUM(l.quantity), SUM(l.amount_minor)
    FROM report_rollup_salons r JOIN sale_lines l ON l.sale_id = NEW.id
   WHERE r.salon_id = NEW.salon_id GROUP BY 4
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT NEW.salon_id, (NEW.paid_at + r.offset_ms) / 86400000, 'line_service', 0, COALESCE(l.service_id, 0),
         CASE WHEN l.service_id IS NULL THEN l.name ELSE '' END, SUM(l.quantity), SUM(l.amount_minor)
    FROM report_rollup_salons r JOIN sale_lines l ON l.sale_id = NEW.id
   WHERE r.salon_id = NEW.salon_id GROUP BY 5, 6
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT NEW.salon_id, (NEW.paid_at + r.offset_ms) / 86400000, 'tip', COALESCE(NEW.tip_stylist_id, 0), 0, '', 0, NEW.tip_minor
    FROM report_rollup_salons r WHERE r.salon_id = NEW.salon_id AND NEW.tip_minor > 0
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
END;

-- A sale recorded paid at once (no card to wait for): its tip here, its lines and payments as they are inserted.
CREATE TRIGGER report_sale_new AFTER INSERT ON sales WHEN NEW.status = 'paid' AND NEW.tip_minor > 0
BEGIN
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT NEW.salon_id, (NEW.paid_at + r.offset_ms) / 86400000, 'tip', COALESCE(NEW.tip_stylist_id, 0), 0, '', 0, NEW.tip_minor
    FROM report_rollup_salons r WHERE r.salon_id = NEW.salon_id
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
END;

CREATE TRIGGER report_sale_line_new AFTER INSERT ON sale_lines
BEGIN
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT s.salon_id, (s.paid_at + r.offset_ms) / 86400000, 'line', COALESCE(NEW.stylist_id, 0), 0, '', NEW.quantity, NEW.amount_minor
    FROM sales s JOIN report_rollup_salons r ON r.salon_id = s.salon_id WHERE s.id = NEW.sale_id AND s.status = 'paid'
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT s.salon_id, (s.paid_at + r.offset_ms) / 86400000, 'line_service', 0, COALESCE(NEW.service_id, 0),
         CASE WHEN NEW.service_id IS NULL THEN NEW.name ELSE '' END, NEW.quantity, NEW.amount_minor
    FROM sales s JOIN report_rollup_salons r ON r.salon_id = s.salon_id WHERE s.id = NEW.sale_id AND s.status = 'paid'
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
END;

CREATE TRIGGER report_sale_payment_new AFTER INSERT ON sale_payments WHEN NEW.status = 'succeeded'
BEGIN
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT s.salon_id, (s.paid_at + r.offset_ms) / 86400000, 'pay:' || NEW.method, 0, 0, '', 0, NEW.amount_minor
    FROM sales s JOIN report_rollup_salons r ON r.salon_id = s.salon_id WHERE s.id = NEW.sale_id AND s.status = 'paid'
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
END;

-- A payment of a paid sale that changes (its status, method or amount): out as it was, in as it is.
CREATE TRIGGER report_sale_payment_change AFTER UPDATE OF status, method, amount_minor ON sale_payments
BEGIN
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT s.salon_id, (s.paid_at + r.offset_ms) / 86400000, 'pay:' || OLD.method, 0, 0, '', 0, -OLD.amount_minor
    FROM sales s JOIN report_rollup_salons r ON r.salon_id = s.salon_id WHERE s.id = OLD.sale_id AND s.status = 'paid' AND OLD.status = 'succeeded'
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT s.salon_id, (s.paid_at + r.offset_ms) / 86400000, 'pay:' || NEW.method, 0, 0, '', 0, NEW.amount_minor
    FROM sales s JOIN report_rollup_salons r ON r.salon_id = s.salon_id WHERE s.id = NEW.sale_id AND s.status = 'paid' AND NEW.status = 'succeeded'
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
END;

-- ---------------------------------------------------------------- refunds (counted when made)

CREATE TRIGGER report_refund_new AFTER INSERT ON refunds
BEGIN
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT NEW.salon_id, (NEW.created_at + r.offset_ms) / 86400000, 'refund', 0, 0, '', 0, NEW.amount_minor
    FROM report_rollup_salons r WHERE r.salon_id = NEW.salon_id
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT NEW.salon_id, (NEW.created_at + r.offset_ms) / 86400000, 'tip_refund', COALESCE(s.tip_stylist_id, 0), 0, '', 0, NEW.tip_minor
    FROM report_rollup_salons r JOIN sales s ON s.id = NEW.sale_id WHERE r.salon_id = NEW.salon_id AND NEW.tip_minor > 0
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
END;

CREATE TRIGGER report_refund_line_new AFTER INSERT ON refund_lines
BEGIN
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT f.salon_id, (f.created_at + r.offset_ms) / 86400000, 'line_refund', COALESCE(l.stylist_id, 0), 0, '', 0, NEW.amount_minor
    FROM refunds f JOIN report_rollup_salons r ON r.salon_id = f.salon_id JOIN sale_lines l ON l.id = NEW.sale_line_id
   WHERE f.id = NEW.refund_id
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT f.salon_id, (f.created_at + r.offset_ms) / 86400000, 'line_service_refund', 0, COALESCE(l.service_id, 0),
         CASE WHEN l.service_id IS NULL THEN l.name ELSE '' END, 0, NEW.amount_minor
    FROM refunds f JOIN report_rollup_salons r ON r.salon_id = f.salon_id JOIN sale_lines l ON l.id = NEW.sale_line_id
   WHERE f.id = NEW.refund_id
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
END;

-- ---------------------------------------------------------------- booked time (utilisation)

-- A procedure that occupies its stylist, of a kept appointment, counts its ms on the day it starts.
CREATE TRIGGER report_procedure_new AFTER INSERT ON appointment_procedures WHEN NEW.occupies = 1
BEGIN
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT NEW.salon_id, (NEW.start_at + r.offset_ms) / 86400000, 'booked', NEW.stylist_id, 0, '', 0, NEW.end_at - NEW.start_at
    FROM report_rollup_salons r JOIN appointments a ON a.id = NEW.appointment_id AND a.status IN ('confirmed', 'unconfirmed')
   WHERE r.salon_id = NEW.salon_id
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
END;

CREATE TRIGGER report_procedure_gone AFTER DELETE ON appointment_procedures WHEN OLD.occupies = 1
BEGIN
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT OLD.salon_id, (OLD.start_at + r.offset_ms) / 86400000, 'booked', OLD.stylist_id, 0, '', 0, OLD.start_at - OLD.end_at
    FROM report_rollup_salons r JOIN appointments a ON a.id = OLD.appointment_id AND a.status IN ('confirmed', 'unconfirmed')
   WHERE r.salon_id = OLD.salon_id
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
END;

-- moved (another day, another stylist, another length) or no longer occupying: out as it was, in as it is
CREATE TRIGGER report_procedure_change AFTER UPDATE OF start_at, end_at, stylist_id, occupies, appointment_id ON appointment_procedures
BEGIN
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT OLD.salon_id, (OLD.start_at + r.offset_ms) / 86400000, 'booked', OLD.stylist_id, 0, '', 0, OLD.start_at - OLD.end_at
    FROM report_rollup_salons r JOIN appointments a ON a.id = OLD.appointment_id AND a.status IN ('confirmed', 'unconfirmed')
   WHERE r.salon_id = OLD.salon_id AND OLD.occupies = 1
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT NEW.salon_id, (NEW.start_at + r.offset_ms) / 86400000, 'booked', NEW.stylist_id, 0, '', 0, NEW.end_at - NEW.start_at
    FROM report_rollup_salons r JOIN appointments a ON a.id = NEW.appointment_id AND a.status IN ('confirmed', 'unconfirmed')
   WHERE r.salon_id = NEW.salon_id AND NEW.occupies = 1
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
END;

-- an appointment kept or no longer kept (cancelled, back to the waitlist): its occupying procedures in or out
CREATE TRIGGER report_appointment_status AFTER UPDATE OF status ON appointments
WHEN (OLD.status IN ('confirmed', 'unconfirmed')) <> (NEW.status IN ('confirmed', 'unconfirmed'))
BEGIN
  INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
  SELECT p.salon_id, (p.start_at + r.offset_ms) / 86400000 AS d, 'booked', p.stylist_id, 0, '', 0,
         SUM(p.end_at - p.start_at) * (CASE WHEN NEW.status IN ('confirmed', 'unconfirmed') THEN 1 ELSE -1 END)
    FROM report_rollup_salons r JOIN appointment_procedures p ON p.appointment_id = NEW.id AND p.occupies = 1
   WHERE r.salon_id = NEW.salon_id GROUP BY d, p.stylist_id
  ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
END;

-- ---------------------------------------------------------------- clients

-- The clients' report (summed from the appointments: distinct clients and the next visit do not add
-- up by day) reads a period's kept appointments from this index alone, not the table's rows.
CREATE INDEX appointments_kept
  ON appointments(salon_id, start_at, client_id, client_phone, no_show_at) WHERE kind = 'appointment' AND status IN ('confirmed', 'unconfirmed');
