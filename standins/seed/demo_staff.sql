-- The demo salons' staff in the staff pool (issue 28), listed in README "Demo accounts".
-- Idempotent (INSERT OR IGNORE). Passwords are stored as every password of the stand-in:
-- PBKDF2-SHA256, 100 000 iterations, computed offline with node's crypto.pbkdf2Sync. The subs
-- are the ones worker/db/seed/demo.sql gives their roles.
--   owner@willow-demo.test        / Owner-pass1    owner of the Willow & Co group (salons 1 and 2)
--   manager@brooklyn-barber.test  / Manager-pass1  manager of salon 3
--   stylist@willow-demo.test      / Stylist-pass1  stylist of salon 1
--   owner@brooklyn-barber.test    / Owner-pass3    owner of salon 3
INSERT OR IGNORE INTO staff_users (sub, email, name, status, enabled, password_algorithm, password_iterations,
  password_salt, password_hash, temporary_password_expires_at, created_at, updated_at)
VALUES
('8a1f0c52-0b7e-4d8e-9c11-0000000000a1', 'owner@willow-demo.test', 'Morgan Willow', 'CONFIRMED', 1, 'PBKDF2-SHA256', 100000, 'SgoLpOpBYjJU8lr2XtdcJA==', 'GdPRQUEq3r0oRofwbfe60hw4IOd/DDXluPDceho+GLU=', NULL, 1767225600000, 1767225600000),
('8a1f0c52-0b7e-4d8e-9c11-0000000000b3', 'manager@brooklyn-barber.test', 'Riley Brooks', 'CONFIRMED', 1, 'PBKDF2-SHA256', 100000, 'Hpf9gqWmfZ3Ue75MRscJgw==', 'jNi9Tx4w36+P1qBQWewytFt5KKFDD238vzUEDuoCWuI=', NULL, 1767225600000, 1767225600000),
('8a1f0c52-0b7e-4d8e-9c11-0000000000c1', 'stylist@willow-demo.test', 'Chloe Price', 'CONFIRMED', 1, 'PBKDF2-SHA256', 100000, '2HsDosPJd+yq0+zBujm4TA==', 'alIdzufJwsBrwBFV0cjFMnhGvLAfRElzSRi1WxD0kGE=', NULL, 1767225600000, 1767225600000),
('8a1f0c52-0b7e-4d8e-9c11-0000000000d3', 'owner@brooklyn-barber.test', 'Jordan Bedford', 'CONFIRMED', 1, 'PBKDF2-SHA256', 100000, 'ZtsSKmBraeNzCBcIkZjqhg==', '4cKiPjgzir8RuBQ0L7gre5ICjj7Dk7MBZToiy4X6eKk=', NULL, 1767225600000, 1767225600000);
