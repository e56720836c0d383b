-- Issue 13 item 4: an analysis a dead process held is taken over within a minute or two, still run to
-- completion once. The worker holding an analysis keeps a lease on it (lease_until, renewed by its
-- heartbeat); another worker may claim a RUNNING analysis only once the lease has run out. Each claim
-- writes a new claim token, and the final write (report, DONE or FAILED) happens only under the token it
-- claimed with, so a worker that lost its lease (a process paused past it) stores nothing.
ALTER TABLE analyses ADD COLUMN lease_until timestamptz;
ALTER TABLE analyses ADD COLUMN claim uuid;
