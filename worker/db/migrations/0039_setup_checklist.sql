-- The new salon's checklist on Today (issue 49, docs/get-started.md): 1 while the salon shows it
-- (a salon made by the guided set-up), 0 once an owner or manager dismisses it. Salons made before
-- (the demo salons, those set up by hand) never show it. Whether each item is done is read from
-- the salon's own rows at each load, never stored.
ALTER TABLE salons ADD COLUMN setup_checklist INTEGER NOT NULL DEFAULT 0 CHECK (setup_checklist IN (0, 1));
