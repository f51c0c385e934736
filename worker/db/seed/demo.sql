-- Demo data for the embedded default (documented in README.md). Idempotent: re-running
-- it never overwrites what a salon changed through the admin API.
INSERT OR IGNORE INTO salon_groups (id, name) VALUES (1, 'Willow & Co');

INSERT OR IGNORE INTO salons (id, name, email, phone, address_line_1, address_line_2, city, postcode,
  timezone, currency, country_code, group_id, theme_mode, online_booking, needs_card,
  no_show_protection, has_waitlist, skip_today, book_ncob_with_same, ncob_deposit_settings,
  ncob_welcome_message, ncob_patch_test_copy, salon_ncob_text, check_ncob_availability_until,
  salon_website_link, can_take_voucher_payments, stripe_voucher_link, custom_domain, short_slug, admin_key_hash,
  vouchers_on_sale, voucher_amounts, voucher_custom_min, voucher_custom_max, voucher_validity_months, logo, cover)
VALUES
(1, 'Willow & Co Islington', 'hello@willow-demo.test', '020 7946 0018', '12 Camden Passage', 'First floor',
  'London', 'N1 8ED', 'Europe/London', 'GBP', 'GB', 1, 'slick', 1, 1, 1, 1, 0, 0,
  '{"type":"percentage","value":20}',
  'Welcome to Willow & Co Islington! Please choose your services in the order you would like them done. Colour appointments need a patch test at least 48 hours before your visit, and we hold a card against late cancellations. Any questions? Call us on 020 7946 0018.',
  'If you have had a patch test with us in the last six months and have not had a reaction since, your patch test is still valid. Otherwise we need to test a small amount of colour behind your ear at least 48 hours before your appointment. This keeps you safe from allergic reactions to hair dye, which can be serious even if you have coloured your hair before without any problems.',
  '<p><strong>Cancellation policy.</strong> Please give us at least <em>48 hours</em> notice to cancel or move your appointment.</p><ul><li>Late cancellations are charged 50% of the booked services.</li><li>Missed appointments are charged in full.</li><li>Deposits are kept for late cancellations.</li></ul><p>Arriving more than 15 minutes late may mean we have to shorten or rebook your appointment.</p>',
  180, 'https://willow-demo.test', 1, '', 'book.demo-salon.test', 'demo',
  'ddf446908cd1cad12c5fcde9595151602a6b2e831c5bb5c61bf683d389616654',
  1, '[2500,5000,10000]', 1000, 50000, 12,
  '{"key":"dab02e0f0fb049ed533365c27d642ded.webp","width":256,"height":256}',
  '{"key":"2407dc7be47c0b60465c5e59a7246e87.webp","width":1200,"height":480}'),
(2, 'Willow & Co Shoreditch', 'shoreditch@willow-demo.test', '020 7946 0342', '88 Redchurch Street', '',
  'London', 'E2 7DJ', 'Europe/London', 'GBP', 'GB', 1, 'dark', 1, 0, 0, 0, 0, 0, 'null',
  '', '', '<p>Please let us know 24 hours ahead if you cannot make it.</p>',
  90, '', 0, '', NULL, 'shoreditch',
  '9b3117512f85dc45b51662ebe0154d2cf5a9fd71c9129075b930e3e07014b4ec',
  0, '[]', NULL, NULL, 12, NULL, NULL),
(3, 'Brooklyn Barber Co.', 'desk@brooklyn-barber.test', '(718) 555-0142', '214 Bedford Avenue', '',
  'Brooklyn', 'NY 11249', 'America/New_York', 'USD', 'US', NULL, 'neutral', 0, 0, 0, 0, 0, 0, 'null',
  '', '', '', 60, '', 0, '', NULL, 'brooklyn',
  '9a0e1a735cd65e65ada463d0dbd8e7b9a7905670592d3b3ef76b753fadb8023d',
  0, '[]', NULL, NULL, 12,
  '{"key":"c857e0b814569778635e77eb8dbe9355.webp","width":256,"height":256}',
  '{"key":"57fb88a5c5b4ecc239842218b5918a8f.webp","width":1200,"height":480}');

INSERT OR IGNORE INTO service_categories (id, salon_id, name, position) VALUES
  (1, 1, 'Cut & Style', 1),
  (2, 1, 'Colour', 2),
  (3, 1, 'Treatments', 3),
  (4, 1, 'Finishing', 4),
  (5, 2, 'Cuts', 1),
  (6, 3, 'Barbering', 1);

INSERT OR IGNORE INTO services (id, salon_id, category_id, name, description, variable_pricing, has_patch_test, position) VALUES
  (1, 1, 1, 'Ladies Cut & Blow Dry', 'A consultation, wash, precision cut and a bouncy blow dry finish, tailored to your hair type and the way you like to wear it.', 0, 0, 1),
  (2, 1, 1, 'Gents Cut', 'Wash, cut and style.', 0, 0, 2),
  (3, 1, 1, 'Fringe Trim', '', 0, 0, 3),
  (4, 1, 2, 'Full Head Tint', 'Permanent root-to-tip colour with processing time while the colour develops. Needs a valid patch test.', 0, 1, 1),
  (5, 1, 2, 'Balayage', 'Hand-painted, natural-looking lightening. The final price depends on the length and thickness of your hair.', 1, 1, 2),
  (6, 1, 2, 'Toner Refresh', 'Gloss and tone to refresh faded colour.', 0, 0, 3),
  (7, 1, 3, 'Olaplex Treatment', 'Bond-building treatment that repairs and strengthens damaged hair.', 0, 0, 1),
  (8, 1, 4, 'Blow Dry', 'Wash and blow dry, straight or with volume and curls.', 0, 0, 1),
  (9, 1, 4, 'Hair Up', 'Occasion styling for weddings and events. Please bring photos of the look you want.', 1, 0, 2),
  (10, 2, 5, 'Restyle', 'A complete change of look with consultation.', 0, 0, 1),
  (11, 2, 5, 'Dry Cut', 'A quick cut without wash.', 0, 0, 2),
  (12, 3, 6, 'Skin Fade', 'Clipper fade finished with a razor.', 0, 0, 1);

INSERT OR IGNORE INTO service_recommendations (service_id, recommended_service_id) VALUES
  (4, 8), (4, 7), (5, 8);

-- Salon 1's first two stylists have photos (worker/db/seed/media/, put in the local MEDIA bucket by
-- scripts/lib.mjs); the others, and salon 2 (no logo or cover either), keep their initials.
INSERT OR IGNORE INTO stylists (id, salon_id, name, role, position, photo) VALUES
  (1, 1, 'Amelia Hart', 'Creative Director', 1, '{"key":"9766016e6818a70f1a9226fe3b9add2a.webp","width":192,"height":192}'),
  (2, 1, 'Ben Okafor', 'Colourist', 2, '{"key":"eb561b7be2a581928232eabf3d9b896e.webp","width":192,"height":192}'),
  (3, 1, 'Chloe Price', '', 3, NULL),
  (4, 1, 'Dan Reeves', 'Junior Stylist', 4, NULL),
  (5, 2, 'Sam Taylor', 'Senior Stylist', 1, NULL),
  (6, 3, 'Marco Diaz', 'Barber', 1, NULL);

-- price (minor units), duration, processing (minutes)
INSERT OR IGNORE INTO stylist_services (stylist_id, service_id, price, duration, processing) VALUES
  (1, 1, 6500, 60, 0), (3, 1, 5200, 60, 0), (4, 1, 4000, 75, 0),
  (1, 2, 3500, 30, 0), (3, 2, 2800, 30, 0), (4, 2, 2200, 45, 0),
  (1, 3, 1000, 15, 0), (3, 3, 800, 15, 0), (4, 3, 800, 15, 0),
  (1, 4, 8500, 45, 30), (2, 4, 7500, 45, 30),
  (1, 5, 15000, 90, 45), (2, 5, 12000, 90, 45),
  (2, 6, 3500, 30, 15), (3, 6, 3000, 30, 15),
  (1, 7, 3000, 20, 0), (2, 7, 3000, 20, 0), (3, 7, 2500, 20, 0),
  (1, 8, 3500, 45, 0), (3, 8, 3000, 45, 0), (4, 8, 2500, 45, 0),
  (1, 9, 6000, 60, 0), (3, 9, 5000, 75, 0),
  (5, 10, 5500, 75, 0), (5, 11, 3000, 30, 0),
  (6, 12, 3500, 40, 0);

-- Weekly hours in the salon's local time, minutes from midnight; weekday 0 = Sunday.
INSERT OR IGNORE INTO stylist_hours (stylist_id, weekday, start_min, end_min, breaks) VALUES
  -- Amelia: Tue-Sat 9:00-17:30, lunch 13:00-13:30
  (1, 2, 540, 1050, '[[780,810]]'), (1, 3, 540, 1050, '[[780,810]]'), (1, 4, 540, 1050, '[[780,810]]'),
  (1, 5, 540, 1050, '[[780,810]]'), (1, 6, 540, 1050, '[[780,810]]'),
  -- Ben: Mon-Thu 10:00-19:00 (late colour), lunch 14:00-14:45
  (2, 1, 600, 1140, '[[840,885]]'), (2, 2, 600, 1140, '[[840,885]]'), (2, 3, 600, 1140, '[[840,885]]'),
  (2, 4, 600, 1140, '[[840,885]]'),
  -- Chloe: Wed-Sun 8:30-16:00, no fixed break on Sunday
  (3, 0, 600, 960, '[]'), (3, 3, 510, 960, '[[720,750]]'), (3, 4, 510, 960, '[[720,750]]'),
  (3, 5, 510, 960, '[[720,750]]'), (3, 6, 510, 960, '[[720,750]]'),
  -- Dan: Mon, Fri, Sat 9:00-18:00
  (4, 1, 540, 1080, '[[780,840]]'), (4, 5, 540, 1080, '[[780,840]]'), (4, 6, 540, 1080, '[[780,840]]'),
  -- Sam: Tue-Sat 10:00-18:00
  (5, 2, 600, 1080, '[[780,810]]'), (5, 3, 600, 1080, '[[780,810]]'), (5, 4, 600, 1080, '[[780,810]]'),
  (5, 5, 600, 1080, '[[780,810]]'), (5, 6, 600, 1080, '[[780,810]]'),
  -- Marco: Mon-Fri 9:00-17:00
  (6, 1, 540, 1020, '[]'), (6, 2, 540, 1020, '[]'), (6, 3, 540, 1020, '[]'),
  (6, 4, 540, 1020, '[]'), (6, 5, 540, 1020, '[]');

-- A marketing opt-out link for the demo client: /opt-out/verify/1/demo-opt-out
INSERT OR IGNORE INTO marketing_opt_outs (salon_id, code, client_id) VALUES (1, 'demo-opt-out', '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123');

-- A treatment salon 1 no longer offers online: nobody performs it now (a past booking of it
-- cannot be rebooked online).
INSERT OR IGNORE INTO services (id, salon_id, category_id, name, description, variable_pricing, has_patch_test, show, position) VALUES
  (13, 1, 3, 'Keratin Smoothing', 'Smoothing treatment (no longer booked online).', 0, 0, 0, 2);

-- The demo client's bookings (Jamie Rivers, 5f0c6c2e-...-0123 in standins/seed/demo_identity.sql),
-- dated from the day this file first runs: upcoming ones 15 to 29 days ahead (clear of the first
-- bookable days the browser tests use), past ones weekly back over eight months. Each booking is
-- keyed by its idempotency key, so running this again adds nothing. Times are UTC on days the
-- stylists work, inside their hours in winter and summer alike.
--   key, salon, status, day offset, weekday (0 = Sunday), minute of the day (UTC), total, deposit,
--   payment status, payment intent (in standins/seed/demo_payments.sql), cancelled days ago
INSERT OR IGNORE INTO appointments (salon_id, client_id, kind, status, start_at, end_at, created_at, idempotency_key,
  notes, total_price, deposit, payment_intent_id, payment_status, cancelled_at, cancelled_from)
WITH demo (k, salon, status, days, weekday, minute, minutes, total, deposit, pay, pi, cancelled) AS (VALUES
  ('demo-upcoming-deposit', 1, 'confirmed', 15, 3, 840, 60, 6500, 1300, 'captured', 'pi_DemoJamieRiversDeposit01', NULL),
  ('demo-upcoming-colour', 1, 'confirmed', 22, 4, 600, 120, 11000, 0, NULL, NULL, NULL),
  ('demo-upcoming-waitlist', 1, 'waitlist', 29, 5, 900, 30, 2800, 0, NULL, NULL, NULL),
  ('demo-cancelled', 1, 'cancelled', 19, 6, 600, 15, 800, 0, NULL, NULL, 2),
  ('demo-past-keratin', 1, 'confirmed', -60, 5, 660, 90, 12000, 0, NULL, NULL, NULL),
  ('demo-shoreditch-upcoming', 2, 'confirmed', 16, 2, 660, 75, 5500, 0, NULL, NULL, NULL),
  ('demo-shoreditch-past-1', 2, 'confirmed', -10, 3, 720, 30, 3000, 0, NULL, NULL, NULL),
  ('demo-shoreditch-past-2', 2, 'confirmed', -45, 4, 720, 75, 5500, 0, NULL, NULL, NULL)
), past (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM past WHERE n < 34),
rows AS (
  SELECT k, salon, status, days, weekday, minute, minutes, total, deposit, pay, pi, cancelled FROM demo
  UNION ALL
  -- 34 past visits with Amelia, Tuesday to Saturday in turn
  SELECT 'demo-past-' || n, 1, 'confirmed', -7 * n - 7, 2 + n % 5, 600 + 60 * (n % 3), CASE n % 3 WHEN 0 THEN 60 WHEN 1 THEN 30 ELSE 45 END,
         CASE n % 3 WHEN 0 THEN 6500 WHEN 1 THEN 3500 ELSE 3500 END, 0, NULL, NULL, NULL FROM past
),
timed AS (
  SELECT *, (CAST(strftime('%s', date('now', printf('%+d days', days), 'weekday ' || weekday)) AS INTEGER) + minute * 60) * 1000 AS start_ms
    FROM rows
)
SELECT salon, '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123', 'appointment', status, start_ms, start_ms + minutes * 60000,
       CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 86400000 * 30, k, '', total, deposit, pi, pay,
       CASE WHEN cancelled IS NULL THEN NULL ELSE CAST(strftime('%s', 'now') AS INTEGER) * 1000 - cancelled * 86400000 END,
       CASE WHEN status = 'cancelled' THEN 'confirmed' END
  FROM timed;

-- The bookings of Jamie's two deposit requests (below), after the others so that their ids stay:
-- key, salon, day offset, weekday, minute of the day (UTC), minutes, total.
INSERT OR IGNORE INTO appointments (salon_id, client_id, kind, status, start_at, end_at, created_at, idempotency_key, total_price)
WITH demo (k, salon, days, weekday, minute, minutes, total) AS (VALUES
  ('demo-invite-deposit', 1, 30, 6, 600, 60, 6500),
  ('demo-invite-card', 2, 16, 4, 840, 30, 3000)
), timed AS (
  SELECT *, (CAST(strftime('%s', date('now', printf('%+d days', days), 'weekday ' || weekday)) AS INTEGER) + minute * 60) * 1000 AS start_ms
    FROM demo
)
SELECT salon, '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123', 'appointment', 'confirmed', start_ms, start_ms + minutes * 60000,
       CAST(strftime('%s', 'now') AS INTEGER) * 1000 - 86400000 * 2, k, total
  FROM timed;

-- Their services: minutes from the booking's start, duration, price. A booking that already has
-- its services is left alone.
INSERT INTO appointment_procedures (appointment_id, salon_id, service_id, stylist_id, start_at, end_at, price, occupies)
WITH demo (k, service, stylist, at, minutes, price) AS (VALUES
  ('demo-upcoming-deposit', 1, 1, 0, 60, 6500),
  ('demo-upcoming-colour', 4, 2, 0, 45, 7500),
  ('demo-upcoming-colour', 8, 1, 75, 45, 3500),
  ('demo-upcoming-waitlist', 2, 3, 0, 30, 2800),
  ('demo-cancelled', 3, 3, 0, 15, 800),
  ('demo-past-keratin', 13, 1, 0, 90, 12000),
  ('demo-shoreditch-upcoming', 10, 5, 0, 75, 5500),
  ('demo-shoreditch-past-1', 11, 5, 0, 30, 3000),
  ('demo-shoreditch-past-2', 10, 5, 0, 75, 5500),
  ('demo-invite-deposit', 1, 1, 0, 60, 6500),
  ('demo-invite-card', 11, 5, 0, 30, 3000)
), past (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM past WHERE n < 34),
rows AS (
  SELECT k, service, stylist, at, minutes, price FROM demo
  UNION ALL
  SELECT 'demo-past-' || n, CASE n % 3 WHEN 0 THEN 1 WHEN 1 THEN 2 ELSE 8 END, 1, 0,
         CASE n % 3 WHEN 0 THEN 60 WHEN 1 THEN 30 ELSE 45 END, CASE n % 3 WHEN 0 THEN 6500 ELSE 3500 END FROM past
),
todo AS (
  SELECT a.id, a.salon_id, a.start_at, a.status FROM appointments a
   WHERE a.client_id = '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123' AND a.idempotency_key GLOB 'demo-*'
     AND NOT EXISTS (SELECT 1 FROM appointment_procedures p WHERE p.appointment_id = a.id)
)
SELECT t.id, t.salon_id, r.service, r.stylist, t.start_at + r.at * 60000, t.start_at + (r.at + r.minutes) * 60000, r.price,
       CASE WHEN t.status = 'confirmed' THEN 1 ELSE 0 END
  FROM rows r JOIN appointments a ON a.client_id = '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123' AND a.idempotency_key = r.k
  JOIN todo t ON t.id = a.id;

-- The stylist time the upcoming bookings take, in 5-minute blocks, as a real booking takes it
-- (so availability and the database's double-booking refusal both see them).
INSERT OR IGNORE INTO stylist_blocks (stylist_id, block, appointment_id, hold_id, expires_at)
WITH RECURSIVE b (stylist_id, block, last, appointment_id) AS (
  SELECT p.stylist_id, p.start_at / 300000, (p.end_at - 1) / 300000, p.appointment_id
    FROM appointment_procedures p JOIN appointments a ON a.id = p.appointment_id
   WHERE a.client_id = '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123' AND a.idempotency_key GLOB 'demo-*'
     AND a.status = 'confirmed' AND p.occupies = 1 AND p.end_at > CAST(strftime('%s', 'now') AS INTEGER) * 1000
  UNION ALL
  SELECT stylist_id, block + 1, last, appointment_id FROM b WHERE block < last
)
SELECT stylist_id, block, appointment_id, NULL, NULL FROM b;

-- Jamie is a known client (the API fills this table the first time it sees a verified client).
INSERT OR IGNORE INTO clients (id, phone, first_name, name, email, updated_at)
VALUES ('5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123', '+447700900123', 'Jamie', 'Jamie Rivers', 'jamie@example.test', CAST(strftime('%s', 'now') AS INTEGER) * 1000);

-- Two open deposit requests for Jamie's demo-invite-* bookings above: a £15 deposit at salon 1
-- (a Ladies Cut & Blow Dry with Amelia, £65, on a Saturday 30 to 36 days ahead at 10:00 UTC)
-- and a card-only request at salon 2 (a 30-minute service with Sam, £30, on a Thursday 16 to 22
-- days ahead at 14:00 UTC). Their codes are fixed: /login/1/DemoJamieRiversInvite01 and
-- /login/2/DemoJamieRiversInvite02.
INSERT OR IGNORE INTO invites (unique_code, salon_id, client_id, appointment_id, status, requested_deposit, requested_card_only,
  pay_full_amount, created_at, updated_at, client_phone, client_first_name, client_last_name)
SELECT r.code, a.salon_id, a.client_id, a.id, 'invited', r.deposit, r.card_only, 0, a.created_at, a.created_at, '+447700900123', 'Jamie', 'Rivers'
  FROM (SELECT 'demo-invite-deposit' AS k, 'DemoJamieRiversInvite01' AS code, 1500 AS deposit, 0 AS card_only
        UNION ALL SELECT 'demo-invite-card', 'DemoJamieRiversInvite02', 0, 1) r
  JOIN appointments a ON a.client_id = '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123' AND a.idempotency_key = r.k;

-- The older rebooking flow's demo link for Jamie at salon 1: /auth/DemoJamieRiversRebookLink0000001
-- (only its SHA-256 is stored). It lasts 14 days from the first run of this file; a later run
-- gives it 14 days again, unless the salon has since replaced it with a new link.
INSERT OR IGNORE INTO rebooking_links (urlhash_sha256, salon_id, client_id, created_at, expires_at)
VALUES ('11cb7c85d0d59a04e2e33ebe7c3ba708458d0801e475a5da65561c995ea0acba', 1, '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123',
        CAST(strftime('%s', 'now') AS INTEGER) * 1000, (CAST(strftime('%s', 'now') AS INTEGER) + 14 * 86400) * 1000);
UPDATE rebooking_links SET expires_at = (CAST(strftime('%s', 'now') AS INTEGER) + 14 * 86400) * 1000
 WHERE urlhash_sha256 = '11cb7c85d0d59a04e2e33ebe7c3ba708458d0801e475a5da65561c995ea0acba' AND replaced_at IS NULL;

-- The demo client books a lot (and the browser tests book as it): the demo salons let a client
-- hold 50 upcoming online bookings instead of the default 4 (issue 16). Tests set it lower.
UPDATE salons SET max_upcoming_online_bookings = 50 WHERE id IN (1, 2, 3) AND max_upcoming_online_bookings = 4;
-- the browser tests hold times from one address in parallel; a real salon keeps the default 3
UPDATE salons SET max_anonymous_holds = 50 WHERE id IN (1, 2, 3) AND max_anonymous_holds = 3;

-- The salon console's demo staff (README "Demo accounts"); their accounts are in the
-- stand-ins' staff pool (standins/seed/demo_staff.sql) under the same subs.
INSERT OR IGNORE INTO staff (id, sub, email, name, invited_at, joined_at) VALUES
  (1, '8a1f0c52-0b7e-4d8e-9c11-0000000000a1', 'owner@willow-demo.test', 'Morgan Willow', 1767225600000, 1767225600000),
  (2, '8a1f0c52-0b7e-4d8e-9c11-0000000000b3', 'manager@brooklyn-barber.test', 'Riley Brooks', 1767225600000, 1767225600000),
  (3, '8a1f0c52-0b7e-4d8e-9c11-0000000000c1', 'stylist@willow-demo.test', 'Chloe Price', 1767225600000, 1767225600000),
  (4, '8a1f0c52-0b7e-4d8e-9c11-0000000000d3', 'owner@brooklyn-barber.test', 'Jordan Bedford', 1767225600000, 1767225600000);
INSERT OR IGNORE INTO staff_roles (staff_id, salon_id, group_id, role, created_at)
  SELECT 1, NULL, 1, 'owner', 1767225600000 WHERE NOT EXISTS (SELECT 1 FROM staff_roles WHERE staff_id = 1);
INSERT OR IGNORE INTO staff_roles (staff_id, salon_id, group_id, role, created_at)
  SELECT 2, 3, NULL, 'manager', 1767225600000 WHERE NOT EXISTS (SELECT 1 FROM staff_roles WHERE staff_id = 2);
INSERT OR IGNORE INTO staff_roles (staff_id, salon_id, group_id, role, created_at)
  SELECT 3, 1, NULL, 'stylist', 1767225600000 WHERE NOT EXISTS (SELECT 1 FROM staff_roles WHERE staff_id = 3);
INSERT OR IGNORE INTO staff_roles (staff_id, salon_id, group_id, role, created_at)
  SELECT 4, 3, NULL, 'owner', 1767225600000 WHERE NOT EXISTS (SELECT 1 FROM staff_roles WHERE staff_id = 4);

-- Issue 29: the demo stylist works in Chloe Price's column; salon 1 charges a £20 no-show fee.
UPDATE staff_roles SET stylist_id = 3 WHERE staff_id = 3 AND salon_id = 1 AND role = 'stylist' AND stylist_id IS NULL;
UPDATE salons SET no_show_fee = 2000 WHERE id = 1 AND no_show_fee = 0;

-- Issue 31: where the demo locations are (the group picker sorts by distance with the client's consent).
UPDATE salons SET latitude = 51.5362, longitude = -0.1033 WHERE id = 1 AND latitude IS NULL;
UPDATE salons SET latitude = 51.5265, longitude = -0.0780 WHERE id = 2 AND latitude IS NULL;
UPDATE salons SET latitude = 40.6782, longitude = -73.9442 WHERE id = 3 AND latitude IS NULL;

-- The index of a client's salons across databases (migration 0024), from the demo bookings.
INSERT OR IGNORE INTO client_salons (client_id, salon_id)
  SELECT DISTINCT client_id, salon_id FROM appointments WHERE client_id IS NOT NULL;

-- The name index (migration 0027), from the demo salons' domains and short names.
INSERT OR IGNORE INTO salon_names (kind, name, salon_id) SELECT 'domain', custom_domain, id FROM salons WHERE custom_domain IS NOT NULL;
INSERT OR IGNORE INTO salon_names (kind, name, salon_id) SELECT 'short', short_slug, id FROM salons WHERE short_slug IS NOT NULL;

-- Issue 55: the demo staff have signed in at their salons, and the staff index (in DB) names them.
UPDATE staff_roles SET joined_at = 1767225600000 WHERE staff_id IN (1, 2, 3, 4) AND joined_at IS NULL;
INSERT OR IGNORE INTO staff_salons (email, kind, place_id, sub)
  SELECT st.email, CASE WHEN r.salon_id IS NULL THEN 'group' ELSE 'salon' END, coalesce(r.salon_id, r.group_id), st.sub
  FROM staff_roles r JOIN staff st ON st.id = r.staff_id;

-- The demo salons' connected accounts (migration 0037; standins/seed/demo_accounts.sql): salons 1
-- and 2 have finished Stripe onboarding, salon 3 has not started. Only a salon with no account yet.
UPDATE salons SET stripe_account_id = 'acct_DemoWillowIslington', stripe_charges_enabled = 1, stripe_payouts_enabled = 1,
  stripe_details_submitted = 1, stripe_requirements = '{"currently_due":[],"past_due":[],"pending_verification":[],"disabled_reason":null}'
  WHERE id = 1 AND stripe_account_id IS NULL;
UPDATE salons SET stripe_account_id = 'acct_DemoWillowShoreditch', stripe_charges_enabled = 1, stripe_payouts_enabled = 1,
  stripe_details_submitted = 1, stripe_requirements = '{"currently_due":[],"past_due":[],"pending_verification":[],"disabled_reason":null}'
  WHERE id = 2 AND stripe_account_id IS NULL;
