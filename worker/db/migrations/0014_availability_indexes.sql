-- Availability reads what the answer needs, not the salon's history (issue 18; the reasoning and
-- the query plans are in docs/availability-performance.md).

-- Busy times of the stylists asked about, in a window: (salon, occupies, stylist, start) with a
-- lower bound on start, so neither other stylists' times nor past history are read; end and
-- appointment ride along so that no table row is visited. It replaces
-- appointment_procedures_busy (salon, occupies, start), which only availability read.
CREATE INDEX appointment_procedures_window
  ON appointment_procedures(salon_id, occupies, stylist_id, start_at, end_at, appointment_id);
DROP INDEX appointment_procedures_busy;

-- Pending appointments (a deposit not yet paid) are few: the abandoned ones are found without
-- scanning every appointment, in availability and in every batch that takes blocks.
CREATE INDEX appointments_pending ON appointments(created_at) WHERE status = 'pending';

-- Held blocks only (a hold's blocks, never a booking's): other clients' live holds in a window
-- are read without walking the blocks of every booked appointment.
CREATE INDEX stylist_blocks_holds ON stylist_blocks(stylist_id, block, expires_at, hold_id) WHERE hold_id IS NOT NULL;
