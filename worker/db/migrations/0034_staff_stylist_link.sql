-- A member of the team is linked to their own column of the diary (staff_roles.stylist_id, since
-- 0018): one staff member per column, and a column of the same salon. The database refuses
-- anything else whatever code writes (issue 56). Team links stylists (worker/db/staff-columns.ts);
-- a new salon's owner is its first column (issue 49), so the role itself is not limited here.
CREATE UNIQUE INDEX staff_roles_stylist ON staff_roles(stylist_id) WHERE stylist_id IS NOT NULL;

CREATE TRIGGER staff_roles_stylist_insert BEFORE INSERT ON staff_roles
  WHEN NEW.stylist_id IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM stylists WHERE id = NEW.stylist_id AND salon_id = NEW.salon_id)
BEGIN
  SELECT RAISE(ABORT, 'staff_roles.stylist_id must be a column of the same salon');
END;

CREATE TRIGGER staff_roles_stylist_update BEFORE UPDATE OF stylist_id, salon_id ON staff_roles
  WHEN NEW.stylist_id IS NOT NULL
   AND NOT EXISTS (SELECT 1 FROM stylists WHERE id = NEW.stylist_id AND salon_id = NEW.salon_id)
BEGIN
  SELECT RAISE(ABORT, 'staff_roles.stylist_id must be a column of the same salon');
END;
