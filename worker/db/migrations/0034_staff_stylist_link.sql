-- A stylist on the team is linked to their own column of the diary (staff_roles.stylist_id, since
-- 0018): one staff member per column, a column of the same salon, and only for the role stylist.
-- The database refuses anything else whatever code writes (issue 56).
CREATE UNIQUE INDEX staff_roles_stylist ON staff_roles(stylist_id) WHERE stylist_id IS NOT NULL;

CREATE TRIGGER staff_roles_stylist_insert BEFORE INSERT ON staff_roles
  WHEN NEW.stylist_id IS NOT NULL
   AND (NEW.role <> 'stylist' OR NOT EXISTS (SELECT 1 FROM stylists WHERE id = NEW.stylist_id AND salon_id = NEW.salon_id))
BEGIN
  SELECT RAISE(ABORT, 'staff_roles.stylist_id must be a column of the same salon, for a stylist');
END;

CREATE TRIGGER staff_roles_stylist_update BEFORE UPDATE OF stylist_id, role, salon_id ON staff_roles
  WHEN NEW.stylist_id IS NOT NULL
   AND (NEW.role <> 'stylist' OR NOT EXISTS (SELECT 1 FROM stylists WHERE id = NEW.stylist_id AND salon_id = NEW.salon_id))
BEGIN
  SELECT RAISE(ABORT, 'staff_roles.stylist_id must be a column of the same salon, for a stylist');
END;
