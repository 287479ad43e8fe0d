-- The same number of statements as notification-writes.sql (BEGIN, three, COMMIT), each
-- a round trip that reads and writes nothing: what the statements cost as statements, so the
-- rest of notification-writes.sql's cost is the rows, indexes and WAL themselves.
\set k random(1, 1000000000000)
BEGIN ISOLATION LEVEL READ COMMITTED, READ WRITE;
SELECT :k::bigint;
SELECT :k::bigint;
SELECT :k::bigint;
COMMIT;
